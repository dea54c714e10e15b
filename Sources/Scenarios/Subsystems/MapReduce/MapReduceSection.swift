import Simulator

/// The `mapreduce:` section: a cluster in the world (coordinator `coordinator`, workers
/// `worker-1` … `worker-N`, the log on `log`, a shuffle store on `shuffle`), the jobs submitted to
/// it, and the faults only a cluster has.
public struct MapReduceSection: Sendable {
    /// Where a job's input comes from.
    public enum Input: Sendable {
        /// Files and synthetic log lines read or generated at load time, handed to the job as
        /// documents (or published to a topic first, as `orrery mapreduce` files do).
        case documents(MapReduceInput)
        /// A topic of the `log:` section, read from the group's committed offsets (or the start) to
        /// the end offsets at submission: whatever producers had appended by then.
        case topic(name: String, recordsPerSplit: Int, group: String?)
        /// The objects under a prefix of a bucket of the `object_store:` section, fetched by the
        /// job's client at submission and cut into splits of about `splitSize` bytes.
        case objects(bucket: String, prefix: String, splitSize: Int)
    }

    /// Where a job's output goes when it succeeds.
    public struct Output: Sendable, Equatable {
        /// A bucket of the `object_store:` section: part *i* is written as `<prefix>part-0000i`.
        public var bucket: String?
        /// The key prefix in that bucket (`results/<job>/` unless given).
        public var prefix: String
        /// Whether the parts are also written to the backup manager's local data (under
        /// `<prefix>`), so its syncs and backups carry them.
        public var toBackup: Bool
    }

    /// One job.
    public struct Job: Sendable {
        /// Its id, unique in the world.
        public var id: String
        /// The job's functions, reducers and combiner.
        public var spec: MapReduceScenario.JobSpec
        /// Its input.
        public var input: Input
        /// When its client submits it.
        public var submitAt: Duration
        /// Whether the submission goes through the balancer or gateway first (`POST jobs` to a
        /// server on the coordinator's node; refused or failed submissions are retried).
        public var throughBalancer: Bool
        /// Where its output goes.
        public var output: Output
        /// Where in the file the job is written, for errors found at run time.
        public var line: Int
    }

    /// The cluster: workers, slots, shuffle, cost model, coordinator policy, attempt chaos.
    public var cluster: MapReduce.ClusterConfiguration
    /// The jobs, in submission order.
    public var jobs: [Job]
    /// Faults only a cluster has (`lose_intermediate`), at fixed instants.
    public var faults: [MapReduce.ClusterFault.Entry]
    /// Seeded random cluster faults (`mapreduce.chaos`), if any.
    public var chaos: MapReduce.ClusterChaos?

    /// The cluster's nodes a fault may name.
    public var nodes: [NodeID] { MapReduceScenario.nodes(of: cluster) }
}
