/// The figures of the partitioned log: `log.*`.
public enum LogMetric: String, MetricCatalog {
    /// Records producers sent and the log acknowledged.
    case produced
    /// Records in the log at the end, over every topic.
    case records
    /// Acknowledged records missing from the log at the end.
    case lost
    /// Copies in the log beyond the first of each record a producer sent: retries of a send
    /// whose earlier attempt had landed though its answer was lost (what Kafka's idempotent
    /// producer prevents).
    case duplicates
    /// Records whose every attempt failed.
    case producerErrors = "producer_errors"
    /// Of those, records that landed in the log all the same (an attempt's answer was lost, or
    /// came too late): `records` = `produced` − `lost` + `duplicates` + `errors_in_log`.
    case errorsInLog = "errors_in_log"
    /// Records the jobs reading a topic counted as their input (a record two jobs read counts
    /// twice).
    case readByJobs = "read_by_jobs"
    /// Records in the log's topics that lie in no job's input: per partition, the records
    /// outside the union of the ranges the jobs planned.
    case unread

    public static let subsystem = Subsystem.log

    public var unit: MetricUnit { .count }
}
