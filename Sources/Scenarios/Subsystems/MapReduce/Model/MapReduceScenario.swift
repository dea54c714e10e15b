import Simulator

/// Everything one MapReduce run needs, loaded from a scenario file for `orrery mapreduce`: the
/// cluster, the job, the input (already read into bytes), the faults, the limits, and what must
/// hold at the end.
public struct MapReduceScenario: Sendable {
    /// The job to submit: one of the catalog's, with its number of reduce tasks and whether the
    /// combiner runs.
    public struct JobSpec: Sendable {
        /// The job's functions, looked up in ``MapReduce/JobCatalog/standard`` by name.
        public var job: any MapReduce.Job
        /// R, the number of reduce tasks (at least 1).
        public var reducers: Int
        /// Whether map tasks run the job's combiner.
        public var combining: Bool
        /// The share of its map tasks, 0 … 1, that must have completed before its reduce tasks
        /// are scheduled (``MapReduce/ReduceSlowstart``); 1 waits for every map.
        public var reduceSlowstart: Double
        /// The bucket and key prefix a world job's input objects are read from (`input: objects:`),
        /// for its report's Setup; nil for every other input.
        public var objectInput: (bucket: String, prefix: String)?

        /// Creates a job specification.
        public init(job: any MapReduce.Job, reducers: Int, combining: Bool,
                    reduceSlowstart: Double = MapReduce.ReduceSlowstart.afterEveryMap) {
            self.job = job
            self.reducers = reducers
            self.combining = combining
            self.reduceSlowstart = reduceSlowstart
        }

        /// The catalog name of the job.
        public var name: String { job.name }
    }

    /// The scenario's name (its file name without extension unless set).
    public var name: String
    /// A sentence for the report.
    public var summary: String
    /// The file it came from.
    public var file: String
    /// The seed of the run (the command line may override it): it decides the network's draws,
    /// the chaos timeline and the attempt chaos — not the synthetic input, which has its own seed.
    public var seed: UInt64
    /// The cluster: workers, slots, shuffle, cost model, coordinator policy, attempt chaos.
    public var cluster: MapReduce.ClusterConfiguration
    /// The job.
    public var job: JobSpec
    /// The input, as bytes.
    public var input: MapReduceInput
    /// Faults at fixed instants.
    public var faults: [MapReduce.ClusterFault.Entry]
    /// Seeded random faults, if any.
    public var chaos: MapReduce.ClusterChaos?
    /// The run fails if the job is not over by this virtual time.
    public var timeLimit: Duration
    /// The run fails after this many events.
    public var eventLimit: UInt64
    /// What must hold at the end.
    public var expectations: [Expectation]

    /// Creates a scenario; see the properties for the meaning of each argument.
    public init(name: String, summary: String = "", file: String, seed: UInt64, cluster: MapReduce.ClusterConfiguration,
                job: JobSpec, input: MapReduceInput, faults: [MapReduce.ClusterFault.Entry] = [],
                chaos: MapReduce.ClusterChaos? = nil, timeLimit: Duration = .seconds(3_600),
                eventLimit: UInt64 = Scenario.Limits.defaultEventLimit, expectations: [Expectation] = []) {
        self.name = name
        self.summary = summary
        self.file = file
        self.seed = seed
        self.cluster = cluster
        self.job = job
        self.input = input
        self.faults = faults
        self.chaos = chaos
        self.timeLimit = timeLimit
        self.eventLimit = eventLimit
        self.expectations = expectations
    }

    /// The nodes of the cluster a fault may name: the coordinator, the workers, the log, and the
    /// shuffle store when intermediate data goes there.
    public static func nodes(of cluster: MapReduce.ClusterConfiguration) -> [NodeID] {
        var nodes: [NodeID] = ["coordinator"] + (1...max(cluster.workers, 1)).map { NodeID("worker-\($0)") } + ["log"]
        if case .shuffleStore = cluster.shuffle { nodes.append("shuffle") }
        return nodes
    }
}
