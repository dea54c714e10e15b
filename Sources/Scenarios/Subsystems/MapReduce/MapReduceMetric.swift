/// The figures of the MapReduce jobs: `mapreduce.*`. With several jobs, a count is their sum, a
/// duration the longest, and a boolean holds only when it holds for every job; a refused job ran
/// nothing, so it adds to no count or duration but makes every boolean false.
public enum MapReduceMetric: String, MetricCatalog {
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
    /// Attempts that failed and count towards the attempt limit: in the job's own code, or maps
    /// that could not read their input from the log or write their output to the shuffle store —
    /// the sum of the report's attempts table's three "failed …" rows, and the `failed` outcome of
    /// `orrery_mapreduce_attempts_total`. Not the completed maps failed afterwards (their own
    /// row), nor the attempts timed out (``timedOutAttempts``).
    case failedAttempts = "failed_attempts"
    /// Attempts timed out for lack of progress.
    case timedOutAttempts = "timed_out_attempts"
    /// Attempts lost to worker deaths and restarts.
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
    /// 1 − bytes shuffled ÷ bytes without combiner; no figure unless every reduce task committed
    /// (the bytes shuffled are the committed reduce attempts').
    case shuffleReduction = "shuffle_reduction"
    /// The longest time from an attempt's last progress to the coordinator noticing its loss.
    case maxDetectionTime = "max_detection_time"
    /// The longest time from an attempt's last progress to its task's completion: 0 when no
    /// attempt was lost, no figure when some were and none of their tasks completed.
    case maxRecoveryTime = "max_recovery_time"
    /// Input records per second of makespan, for a job that succeeded: a failed job's is not
    /// measured (it did not get its input through).
    case eventsPerSecond = "events_per_second"

    /// Jobs submitted.
    case jobs
    /// Jobs that succeeded.
    case succeededJobs = "succeeded_jobs"
    /// Jobs that failed, were refused, or did not finish.
    case failedJobs = "failed_jobs"
    /// Jobs that read a topic for a consumer group and succeeded, but whose client could not
    /// commit the group's offsets (``MapReduce/JobReport/offsetCommitFailure``): their output
    /// stands, and the group's next run reads the same records again.
    case offsetsNotCommitted = "offsets_not_committed"
    /// Input records the jobs read; no figure while a job reading a topic has not counted its
    /// input (it counts the range it planned when it ends).
    case inputRecords = "input_records"
    /// Input records of the jobs that succeeded per second, from the first submission to the
    /// last job's end; not measured when none succeeded.
    case throughput

    public static let subsystem = Subsystem.mapreduce

    /// The figures of one job, in the order its summary lists them.
    public static let perJob: [MapReduceMetric] = allCases.filter { ![.jobs, .succeededJobs, .failedJobs, .offsetsNotCommitted, .inputRecords, .throughput].contains($0) }

    public var unit: MetricUnit {
        switch self {
        case .makespan, .mapPhase, .reducePhase, .maxDetectionTime, .maxRecoveryTime: return .duration
        case .outputExact, .succeeded: return .boolean
        case .shuffleReduction: return .ratio
        case .eventsPerSecond, .throughput: return .rate
        default: return .count
        }
    }
}
