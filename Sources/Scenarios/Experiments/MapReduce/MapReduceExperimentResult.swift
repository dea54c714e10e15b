import Simulator

/// Everything `orrery experiment mapreduce` measured: each job run with its oracle check, the
/// scaling sweep, the measurements the claims table reads, and the table itself.
public struct MapReduceExperimentResult: Sendable {
    /// One job run of the experiment and whether its output equals the sequential oracle.
    public struct Run: Sendable {
        /// What the run varies, for reports: `baseline`, `speculation off`, ….
        public var label: String
        /// The run.
        public var run: MapReduceJobRun
        /// Whether the job succeeded with exactly the oracle's output.
        public var outputExact: Bool

        /// The job's report (every run of the experiment finishes).
        public var report: MapReduce.JobReport? { run.report }
    }

    /// Seed 001's job on seed 001's cluster, no faults.
    public var baseline: Run
    /// The job with the combiner on (the baseline itself when its job combines).
    public var withCombiner: Run
    /// The job with the combiner off (the baseline itself when its job does not combine).
    public var withoutCombiner: Run
    /// A straggler, speculation off.
    public var speculationOff: Run
    /// The same straggler, speculation on.
    public var speculationOn: Run
    /// A worker crashed mid-job.
    public var failure: Run
    /// The lab's fault mix: a share of attempts crash, another stalls.
    public var labChaos: Run
    /// The scaling sweep's runs, by ascending mapper count.
    public var scalingRuns: [Run]
    /// The numbers the claims table reads.
    public var measurements: Seed001Measurements
    /// The claims table.
    public var claims: [ClaimRow]
    /// The seed-dependent runs again over many seeds.
    public var seedStudy: MapReduceSeedStudy

    /// Every run, in report order.
    public var runs: [Run] {
        [baseline] + [withCombiner, withoutCombiner].filter { $0.label != baseline.label }
            + [speculationOff, speculationOn, failure, labChaos] + scalingRuns
    }

    /// How much longer the straggler's job took without backup tasks than with them.
    public var slowdownWithoutSpeculation: Double? {
        guard let off = speculationOff.report?.makespan?.seconds, let on = speculationOn.report?.makespan?.seconds, on > 0 else { return nil }
        return off / on - 1
    }
}
