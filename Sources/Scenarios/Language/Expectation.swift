/// One `expect:` assertion of a scenario over a namespaced metric, such as `balancer.p99 < 200ms`,
/// `mapreduce.output_exact == true` or `backup.restores_exact == true`.
public struct Expectation: Sendable, Equatable {
    /// How a figure is compared with the threshold.
    public enum Comparison: String, Sendable, CaseIterable {
        case lessThan = "<", lessOrEqual = "<=", greaterThan = ">", greaterOrEqual = ">=", equal = "=="

        func holds(_ value: Double, _ threshold: Double) -> Bool {
            switch self {
            case .lessThan: return value < threshold
            case .lessOrEqual: return value <= threshold
            case .greaterThan: return value > threshold
            case .greaterOrEqual: return value >= threshold
            case .equal: return value == threshold
            }
        }
    }

    /// The figure compared.
    public var metric: Metric
    /// How it is compared.
    public var comparison: Comparison
    /// The threshold: seconds for durations, 1 or 0 for booleans.
    public var threshold: Double
    /// The assertion as written in the file.
    public var text: String
    /// Where it is written.
    public var line: Int
    public var column: Int

    /// Creates an expectation.
    public init(metric: Metric, comparison: Comparison, threshold: Double, text: String, line: Int = 0, column: Int = 0) {
        self.metric = metric
        self.comparison = comparison
        self.threshold = threshold
        self.text = text
        self.line = line
        self.column = column
    }

    /// Whether `value` satisfies the assertion; a figure the run could not measure (a job that
    /// never finished) satisfies nothing.
    public func holds(for value: Double?) -> Bool {
        value.map { comparison.holds($0, threshold) } ?? false
    }
}

/// One `expect:` assertion and what the run measured.
public struct ExpectationCheck: Sendable, Equatable {
    /// The assertion.
    public var expectation: Expectation
    /// The figure measured; nil when the run could not measure it.
    public var measured: Double?
    /// Whether it held.
    public var holds: Bool

    /// The measured figure in the expectation's unit (`12.3 ms`, `true`, `1,234`).
    public var measuredText: String {
        guard let measured else { return "not measured" }
        return expectation.metric.unit.format(measured)
    }

    /// The same as a table of figures shows it (``MetricUnit/readable(_:)``: a duration under a
    /// second in milliseconds, so a p99 of 93.311 ms does not read 0.093 s).
    public var readableMeasuredText: String {
        guard let measured else { return "not measured" }
        return expectation.metric.unit.readable(measured)
    }
}
