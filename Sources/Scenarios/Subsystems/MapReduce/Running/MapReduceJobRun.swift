import Simulator

/// What one MapReduce job of a world came to: its report, why it was refused or why the world
/// stopped early, and the world's digest and events — what the job reports and the MapReduce
/// experiment's tables read. The faults are the world's (``RunResult/faults``): a cluster's
/// faults strike every job on it, so the world lists them once.
public struct MapReduceJobRun: Sendable {
    /// The job's final report, if it finished.
    public var report: MapReduce.JobReport?
    /// Why the job was refused before it ran, if it was.
    public var rejection: String?
    /// Why the simulation stopped early (deadlock, time or event limit), if it did.
    public var failure: String?
    /// The digest of every event: equal digests mean identical runs.
    public var digest: String
    /// Events processed.
    public var events: UInt64
    /// Virtual time when the run ended.
    public var virtualSeconds: Double
    /// The workers' node names, in order.
    public var workers: [String]
    /// Whether ``rejection`` is the job's client giving up on a coordinator that stopped answering
    /// (``MapReduce/SubmissionError/coordinatorUnreachable(_:)``), carried as the case itself
    /// rather than told by the sentence's wording: nothing refused the job (the coordinator may
    /// even have finished it), but its client has no report of it.
    public var clientGaveUp: Bool = false
}
