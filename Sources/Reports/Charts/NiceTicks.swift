/// Evenly spaced axis ticks at "nice" values — a 1, 2 or 5 times a power of ten apart — that
/// cover a data range, e.g. 0…3,400 gets 0, 500, …, 3,500 and 0…1 gets 0, 0.2, …, 1.
///
/// Tick values are computed as an integer times the step's mantissa, scaled by an exact power of
/// ten, rather than by repeatedly adding the step: `0.2 + 0.2 + 0.2` is 0.6000000000000001, and
/// such drift would show in labels and make the output platform-sensitive.
struct NiceTicks: Equatable {
    /// The tick values, ascending; the first and last are the axis's ends.
    let values: [Double]
    /// The distance between neighbouring ticks.
    let step: Double
    /// Digits after the point needed to print every tick exactly (1 for a step of 0.2).
    let decimals: Int

    /// The lowest tick, where the axis starts.
    var lower: Double { values[0] }
    /// The highest tick, where the axis ends.
    var upper: Double { values[values.count - 1] }

    /// Data no larger than this is drawn against 0…1: a step computed from a subnormal range
    /// (5e-324 … 1e-323) underflowed to zero, and the search for its power of ten never ended.
    static let smallestMagnitude = 1e-100

    /// Ticks covering `lower…upper` with at most about `maxCount` ticks.
    ///
    /// An empty range is widened (0…0 becomes 0…1, 5…5 becomes 4.5…5.5) so that a constant
    /// series still gets an axis; non-finite bounds, and bounds within ``smallestMagnitude`` of
    /// zero, fall back to 0…1.
    /// - Complexity: O(number of ticks).
    init(covering lower: Double, _ upper: Double, maxCount: Int = 8) {
        var low = min(lower, upper)
        var high = max(lower, upper)
        if !low.isFinite || !high.isFinite || max(abs(low), abs(high)) < Self.smallestMagnitude {
            (low, high) = (0, 1)
        }
        if low == high {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            (low, high) = (low == 0 ? 0 : low - pad, high + pad)
        }
        if max(abs(low), abs(high)) > (high - low) * 1e9 {
            // A range tiny next to its magnitude would need tick indices beyond `Int`; such data
            // is better shown against zero anyway.
            (low, high) = (min(low, 0), max(high, 0))
        }
        let rough = (high - low) / Double(max(maxCount - 1, 1))
        var exponent = 0
        var mantissa = rough
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        while mantissa < 1 {
            mantissa *= 10
            exponent -= 1
        }
        // The smallest of 1, 2, 5, 10 not below the rough step; the tolerance keeps a rough step
        // of exactly 2 (computed as 1.9999999999999998) from jumping to 5.
        var factor = [1, 2, 5, 10].first { Double($0) >= mantissa * (1 - 1e-9) } ?? 10
        if factor == 10 {
            factor = 1
            exponent += 1
        }
        func tick(_ index: Int) -> Double {
            exponent >= 0
                ? Double(index * factor) * NumberFormat.powerOfTen(exponent)
                : Double(index * factor) / NumberFormat.powerOfTen(-exponent)
        }
        let step = tick(1)
        let first = Int((low / step + 1e-9).rounded(.down))
        let last = Int((high / step - 1e-9).rounded(.up))
        self.values = (first...max(last, first + 1)).map(tick)
        self.step = step
        self.decimals = max(0, -exponent)
    }

    /// The label of a tick value: the ticks' decimals, with thousands separators.
    func label(_ value: Double) -> String {
        NumberFormat.fixed(value, decimals: decimals, grouping: true)
    }
}
