import Simulator

/// What one MapReduce job of a world did, as its client saw it: when it was submitted (and how
/// many tries the balancer needed), its handle, the exact input the oracle reads, and its output
/// objects. `@unchecked Sendable`: written by the job's task on the simulation thread, read after
/// the run.
final class WorldJob: @unchecked Sendable {
    /// One output part written to the store.
    struct OutputObject: Sendable, Equatable {
        /// Its key.
        var key: String
        /// The part's bytes.
        var bytes: [UInt8]
        /// The ETag of those bytes (their MD5).
        var expectedETag: String
        /// The ETag the store acknowledged, if it did.
        var acknowledgedETag: String?
        /// Puts sent (each retried as the client's policy says).
        var puts = 0
        /// Why the last put failed, when none was acknowledged.
        var lastFailure: String?
    }

    let spec: MapReduceSection.Job
    var handle: MapReduce.JobHandle?
    var rejection: String?
    var submittedAt: VirtualInstant?
    /// Submissions sent through the balancer (1 when the first got through).
    var gatewayAttempts = 0
    /// What the map functions saw, in order: the oracle's input.
    var records: [MapReduce.InputRecord] = []
    /// For a job reading a topic, the offsets `records` came from, by partition: set when they
    /// are counted (``MapReduceRunResult/inputUnread`` says when they are not).
    var topicRange: (from: [Int], to: [Int])?
    var inputBytes = 0
    var outputObjects: [OutputObject] = []
    /// The paths written to the backup manager's data, with their bytes.
    var backedUp: [(path: String, bytes: [UInt8])] = []

    init(_ spec: MapReduceSection.Job) { self.spec = spec }

    /// The output's parts as bytes: one `key<TAB>value<LF>` line per record, in each part's order.
    static func partBytes(_ output: MapReduce.Output) -> [[UInt8]] {
        output.parts.map { part in
            var bytes: [UInt8] = []
            for record in part { bytes += record.key + [0x09] + record.value + [0x0A] }
            return bytes
        }
    }

    /// `part-00000`, `part-00001`, … as Hadoop names reduce outputs.
    static func partName(_ index: Int) -> String {
        let digits = String(index)
        return "part-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }
}
