import Simulator

/// `orrery experiment mapreduce`, as read from `scenarios/mapreduce.yaml`: seed 001's job on
/// seed 001's cluster, and the variations that measure each of its claims.
public struct MapReduceExperimentSpec: ExperimentIdentity {
    /// The scaling sweep: the same job over a larger input with 1 … N map workers.
    public struct Scaling: Sendable {
        /// Worker counts, ascending; each worker has the cluster's map slots.
        public var mappers: [Int]
        /// The input of every run of the sweep.
        public var input: MapReduceInput
    }

    /// A worker slowed down from the start, to compare the job with and without speculation.
    public struct Straggler: Sendable, Equatable {
        /// The slow worker.
        public var worker: NodeID
        /// How much slower its CPU work is.
        public var factor: Double
    }

    /// A worker killed mid-job, to measure detection and rescheduling.
    public struct WorkerFailure: Sendable, Equatable {
        /// The worker that crashes.
        public var worker: NodeID
        /// When.
        public var at: Duration
    }

    /// The lab's fault mix: attempts that crash or stall.
    public struct LabChaos: Sendable, Equatable {
        /// What strikes attempts.
        public var attempts: MapReduce.AttemptChaos
        /// The coordinator's attempt limit for this run (the lab's faults need more than the default).
        public var maxAttempts: Int
        /// The input of this run; nil runs it over the baseline input.
        public var input: MapReduceInput?
    }

    public var name: String { MapReduceExperiment.name }
    public var summary: String
    public var file: String
    /// The seed of every run.
    public var seed: UInt64
    /// The `--seed` and `--set` options `orrery run` gave the file (`["--seed", "7"]`), which its
    /// replay command repeats; none when read as written.
    public var replayArguments: [String] = []
    /// The baseline cluster (seed 001's: 4 workers, 1 map slot each).
    public var cluster: MapReduce.ClusterConfiguration
    /// The job (word count, R = 2).
    public var job: MapReduceScenario.JobSpec
    /// The baseline input (40,000 events through a 4-partition topic, 10,000 per map task).
    public var input: MapReduceInput
    /// The scaling sweep.
    public var scaling: Scaling
    /// The straggler of the speculation comparison.
    public var straggler: Straggler
    /// The worker failure of the recovery measurement.
    public var failure: WorkerFailure
    /// The lab's fault mix, for attempts and retries.
    public var labChaos: LabChaos
    /// The claimed figures.
    public var claims: Seed001Claims
}
