/// One `expect:` assertion of a scenario, such as `p99 < 200ms` or `success_ratio >= 0.999`.
public struct Expectation: Sendable, Equatable {
    /// A figure a run reports.
    public enum Metric: String, Sendable, CaseIterable {
        case p50, p90, p95, p99, p999
        case meanLatency = "mean_latency"
        case maxLatency = "max_latency"
        case successRatio = "success_ratio"
        case errorRatio = "error_ratio"
        case throughput
        case completed, succeeded, timeouts, errors, rejected

        /// Latency metrics compare durations (their thresholds carry units).
        public var isLatency: Bool {
            switch self {
            case .p50, .p90, .p95, .p99, .p999, .meanLatency, .maxLatency: return true
            default: return false
            }
        }
    }

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

    public var metric: Metric
    public var comparison: Comparison
    /// The threshold, in seconds for latency metrics.
    public var threshold: Double
    /// The assertion as written in the file.
    public var text: String
    /// Where it is written.
    public var line: Int
    public var column: Int

    /// Whether `value` satisfies the assertion.
    public func holds(for value: Double) -> Bool { comparison.holds(value, threshold) }
}
