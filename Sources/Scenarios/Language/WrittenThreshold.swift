/// An expectation's threshold as its digits are written, compared exactly with the edges of what
/// its metric can measure (0, 1, never negative), where its `Double` may not tell:
/// `success_ratio > 0.99999999999999999999` rounds to `> 1`, which never holds, though a ratio of
/// exactly 1 passes it as written; `success_ratio <= 1.0000000000000000001` rounds to `<= 1` and
/// was accepted, where `<= 1.5` is refused as holding always. The rest of the language judges
/// durations and sizes on their digits too (``ExactDecimal``).
struct WrittenThreshold {
    /// The number without its sign.
    private let magnitude: ExactDecimal.Scaled
    private let negative: Bool

    /// `text` read exactly, or nil when it is no decimal number (the caller has read it already
    /// and keeps its `Double`).
    init?(_ text: String) {
        var body = Substring(text.trimmingSpaces)
        negative = body.first == "-"
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard !body.isEmpty, let magnitude = ExactDecimal.scaled(body, by: 1) else { return nil }
        self.magnitude = magnitude
    }

    /// Whether the number is a whole one (`2`, `2.0`, `1e3`; not `1.00000000000000000001`).
    var isWhole: Bool {
        if case .fraction = magnitude { return false }
        return true
    }

    /// How the number as written compares with `bound`, a whole number or an infinity: below
    /// (negative), equal (0) or above (positive).
    func compared(with bound: Double) -> Int {
        if bound == .infinity { return -1 }
        if bound == -.infinity { return 1 }
        guard let edge = Int128(exactly: bound) else { return negative ? -1 : 1 }
        switch magnitude {
        case .tooLarge:
            return negative ? -1 : 1
        case .whole(let units):
            let value = negative ? -units : units
            return value < edge ? -1 : value == edge ? 0 : 1
        case .fraction(let below):
            // Strictly between `below` and `below + 1`, or their negatives.
            if negative { return edge >= -below ? -1 : 1 }
            return edge <= below ? 1 : -1
        }
    }

    /// The `Double` an expectation compares with, so that it judges a measured figure (a
    /// `Double`) as the digits say: when rounding put a threshold inside the range onto its edge,
    /// the figure at the edge is kept on the side the digits put it (`> 0.99999999999999999999`
    /// is compared as `> 0.9999999999999999`, which 1 passes and every ratio below it fails;
    /// `< 1e-400` as `< 5e-324`, which 0 passes). Any other threshold keeps its nearest `Double`
    /// (`> 0.1` stays `> 0.1`, failed by 1 of 10).
    func comparedValue(_ rounded: Double, comparison: Expectation.Comparison, within possible: ClosedRange<Double>) -> Double {
        if rounded == possible.upperBound, compared(with: possible.upperBound) < 0,
           comparison == .greaterThan || comparison == .lessOrEqual {
            return possible.upperBound.nextDown
        }
        if rounded == possible.lowerBound, compared(with: possible.lowerBound) > 0,
           comparison == .lessThan || comparison == .greaterOrEqual {
            return possible.lowerBound.nextUp
        }
        return rounded
    }
}
