/// The figures of the partitioned log: `log.*`.
public enum LogMetric: String, MetricCatalog {
    /// Records producers sent and the log acknowledged.
    case produced
    /// Records in the log at the end, over every topic.
    case records
    /// Acknowledged records missing from the log at the end.
    case lost
    /// Records in the log beyond those acknowledged (retried sends that landed twice).
    case duplicates
    /// Sends that failed after every retry.
    case producerErrors = "producer_errors"
    /// Records the jobs reading a topic counted as their input.
    case readByJobs = "read_by_jobs"
    /// Records in the log that no job read.
    case unread

    public static let subsystem = Subsystem.log

    public var unit: MetricUnit { .count }
}
