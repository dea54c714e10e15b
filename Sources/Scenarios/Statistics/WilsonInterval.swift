import Reports

/// The Wilson score interval for a proportion — how often an expectation held over a sweep's
/// seeds. Unlike the textbook p ± z·√(p(1−p)/n) it stays inside [0, 1] and is not empty when
/// every run passed (200 of 200 passing still leaves a failure rate up to about 1.9 % plausible).
///
/// ```swift
/// WilsonInterval(successes: 8, trials: 10).range  // 0.490…0.943
/// ```
public struct WilsonInterval: Sendable, Equatable {
    public let successes: Int
    public let trials: Int
    /// The 95 % interval for the true proportion.
    public let range: ClosedRange<Double>

    /// z for a two-sided 95 % interval.
    static let z = 1.959963984540054

    public init(successes: Int, trials: Int) {
        precondition(trials > 0 && (0...trials).contains(successes), "a proportion needs trials and at most as many successes")
        self.successes = successes
        self.trials = trials
        let n = Double(trials), p = Double(successes) / n, z2 = Self.z * Self.z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = Self.z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        range = max(0, centre - half)...min(1, centre + half)
    }

    /// successes / trials.
    public var proportion: Double { Double(successes) / Double(trials) }
}

extension WilsonInterval {
    /// The interval as percentages: `49.0% … 94.3%`.
    public var percentRange: String {
        "\(NumberFormat.percent(range.lowerBound)) … \(NumberFormat.percent(range.upperBound))"
    }
}
