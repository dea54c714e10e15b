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
        /// Requests the balancer retried on another server.
        case retries
        /// Forwards that got no answer (connect errors and timeouts).
        case failedForwards = "failed_forwards"
        /// Requests the balancer's rate limit turned away.
        case rateLimited = "rate_limited"
        /// Requests the balancer's circuit breaker turned away.
        case circuitRejected = "circuit_rejected"
        /// Requests whose wait in the connection queue expired.
        case queueTimeouts = "queue_timeouts"
        /// The longest time from a server fault to the balancer marking the server down.
        case detectionTime = "detection_time"
        /// The longest time from a server's repair to the balancer marking it up again.
        case recoveryTime = "recovery_time"
        /// The lowest successful requests per second answered by one primary server.
        case minServerThroughput = "min_server_throughput"
        /// The highest successful requests per second answered by one primary server.
        case maxServerThroughput = "max_server_throughput"
        /// The busiest primary's successful requests over the mean (1 is perfectly even).
        case imbalance
        /// Successful requests answered by backup servers.
        case backupServed = "backup_served"

        /// Latency metrics compare durations (their thresholds carry units).
        public var isLatency: Bool {
            switch self {
            case .p50, .p90, .p95, .p99, .p999, .meanLatency, .maxLatency, .detectionTime, .recoveryTime: return true
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
