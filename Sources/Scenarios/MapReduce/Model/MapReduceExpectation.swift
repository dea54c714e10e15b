/// One `expect:` assertion of a MapReduce scenario, such as `output_exact == true`,
/// `makespan < 30s` or `attempts <= 12`.
public struct MapReduceExpectation: Sendable, Equatable {
    /// A figure a MapReduce run reports.
    public enum Metric: String, Sendable, CaseIterable {
        /// 1 when the job succeeded and its output equals the sequential oracle's, else 0.
        case outputExact = "output_exact"
        /// 1 when the job succeeded, else 0.
        case succeeded
        /// From submission to the end of the job.
        case makespan
        /// From the first map attempt's start to the last map task's completion.
        case mapPhase = "map_phase"
        /// From the first reduce attempt's start to the last reduce task's completion.
        case reducePhase = "reduce_phase"
        /// Attempts started, speculative backups included.
        case attempts
        /// Attempts beyond each task's first, backups excluded.
        case retries
        /// Speculative backups started.
        case speculativeAttempts = "speculative_attempts"
        /// Tasks a backup finished first.
        case speculativeWins = "speculative_wins"
        /// Attempts failed by the job's own code.
        case failedAttempts = "failed_attempts"
        /// Attempts timed out for lack of progress.
        case timedOutAttempts = "timed_out_attempts"
        /// Attempts lost to worker deaths, restarts and unreachable data.
        case lostAttempts = "lost_attempts"
        /// Finished map tasks run again because their output was lost.
        case mapReexecutions = "map_reexecutions"
        /// Map tasks (splits).
        case mapTasks = "map_tasks"
        /// Records in the output.
        case outputRecords = "output_records"
        /// Bytes the reduce tasks fetched.
        case bytesShuffled = "bytes_shuffled"
        /// Bytes the map output would have taken without the combiner.
        case bytesWithoutCombiner = "bytes_without_combiner"
        /// 1 − bytes shuffled ÷ bytes without combiner.
        case shuffleReduction = "shuffle_reduction"
        /// The longest time from an attempt's last progress to the coordinator noticing its loss.
        case maxDetectionTime = "max_detection_time"
        /// The longest time from an attempt's last progress to its task's completion.
        case maxRecoveryTime = "max_recovery_time"
        /// Input records per second of makespan.
        case eventsPerSecond = "events_per_second"

        /// Metrics compared with durations (their thresholds carry units).
        public var isDuration: Bool {
            switch self {
            case .makespan, .mapPhase, .reducePhase, .maxDetectionTime, .maxRecoveryTime: return true
            default: return false
            }
        }

        /// Metrics compared with `true` or `false`.
        public var isBoolean: Bool { self == .outputExact || self == .succeeded }
    }

    /// The figure compared.
    public var metric: Metric
    /// How it is compared.
    public var comparison: Expectation.Comparison
    /// The threshold: seconds for durations, 1 or 0 for booleans.
    public var threshold: Double
    /// The assertion as written in the file.
    public var text: String
    /// The line it is written on.
    public var line: Int
    /// The column it starts at.
    public var column: Int

    /// Creates an expectation.
    public init(metric: Metric, comparison: Expectation.Comparison, threshold: Double, text: String, line: Int = 0, column: Int = 0) {
        self.metric = metric
        self.comparison = comparison
        self.threshold = threshold
        self.text = text
        self.line = line
        self.column = column
    }

    /// Whether `value` satisfies the assertion; a figure the run could not measure (the job
    /// never finished) satisfies nothing.
    public func holds(for value: Double?) -> Bool {
        value.map { comparison.holds($0, threshold) } ?? false
    }
}
