import Reports
import Simulator

/// `orrery experiment mapreduce`: seed 001's word count over log events on seed 001's cluster,
/// then one variation per question — the combiner off, a straggler with and without
/// speculation, a worker crash, the lab's fault mix, and 1 … 20 mappers — every run checked
/// against the sequential oracle, and the seed's claims judged from the measurements.
public struct MapReduceExperiment: ExperimentFile {
    public static let name = "mapreduce"
    public static let summary = "seed 001's word count: timeline, speculation, combiner, scaling, recovery, the seed's claims"

    public var spec: MapReduceExperimentSpec
    public var seed: UInt64 {
        get { spec.seed }
        set { spec.seed = newValue }
    }
    public var replayArguments: [String] {
        get { spec.replayArguments }
        set { spec.replayArguments = newValue }
    }
    public var file: String { spec.file }

    public init(spec: MapReduceExperimentSpec) { self.spec = spec }

    public static var shape: SchemaObject { ScenarioSchema.mapReduceExperimentFile }

    public static func load(_ document: ScenarioDocument) throws(ScenarioError) -> MapReduceExperiment {
        MapReduceExperiment(spec: try ScenarioLoader.parseMapReduceExperiment(document))
    }

    public func run(jobs: Int) -> ReportBundle {
        Self.run(spec, jobs: jobs).bundle(spec: spec)
    }

    /// One job of the experiment as a world of one job, run through the same pipeline as any
    /// scenario file, and checked against the sequential oracle.
    static func runJob(_ setup: MapReduceExperimentSpec, _ label: String, _ input: MapReduceInput,
                       cluster: MapReduce.ClusterConfiguration? = nil, job: MapReduceScenario.JobSpec? = nil,
                       faults: [MapReduce.ClusterFault.Entry] = [], seed: UInt64? = nil) -> MapReduceExperimentResult.Run {
        let seed = seed ?? setup.seed
        let scenario = MapReduceScenario(name: MapReduceExperiment.name, file: setup.file, seed: seed, cluster: cluster ?? setup.cluster,
                                         job: job ?? setup.job, input: input, faults: faults)
        let result = ScenarioRunner.run(scenario.world, seed: seed, replayCommand: ExperimentReport.replayCommand(name: MapReduceExperiment.name, file: setup.file,
                                                                                                          arguments: setup.replayArguments))
        let single = result.jobs[0].result
        return .init(label: label, run: single.run, outputExact: single.outputExact)
    }

    /// The cluster of the lab's fault mix: attempts crash or stall, with the lab's attempt limit.
    static func chaoticCluster(_ setup: MapReduceExperimentSpec) -> MapReduce.ClusterConfiguration {
        var chaotic = setup.cluster
        chaotic.attemptChaos = setup.labChaos.attempts
        chaotic.policy.maxAttempts = setup.labChaos.maxAttempts
        return chaotic
    }

    /// The worker crash of the recovery measurement, `offset` after the stated instant.
    static func crash(_ setup: MapReduceExperimentSpec, offset: Duration = .zero) -> [MapReduce.ClusterFault.Entry] {
        [.init(at: .after(setup.failure.at + offset), .network(.crash(setup.failure.worker)))]
    }

    /// One job run of the experiment, before it runs.
    struct Variation: Sendable {
        var label: String
        var input: MapReduceInput
        var cluster: MapReduce.ClusterConfiguration
        var job: MapReduceScenario.JobSpec
        var faults: [MapReduce.ClusterFault.Entry] = []
    }

    /// Runs every variation `setup` describes, then the seed-dependent ones again over
    /// `studySeeds` seeds (`jobs` worlds at a time throughout).
    public static func run(_ setup: MapReduceExperimentSpec, jobs: Int = 1, studySeeds: Int = SeedStudy.seedCount) -> MapReduceExperimentResult {
        func variation(_ label: String, _ input: MapReduceInput? = nil, cluster: MapReduce.ClusterConfiguration? = nil,
                       job: MapReduceScenario.JobSpec? = nil, faults: [MapReduce.ClusterFault.Entry] = []) -> Variation {
            Variation(label: label, input: input ?? setup.input, cluster: cluster ?? setup.cluster, job: job ?? setup.job, faults: faults)
        }
        var otherCombiner = setup.job
        otherCombiner.combining.toggle()
        let slow: [MapReduce.ClusterFault.Entry] = [.init(at: .zero, .network(.slow(setup.straggler.worker, factor: setup.straggler.factor)))]
        var noBackups = setup.cluster, backups = setup.cluster
        noBackups.policy.speculation = nil
        backups.policy.speculation = setup.cluster.policy.speculation ?? MapReduce.CoordinatorPolicy.Speculation()
        let scaling = setup.scaling.mappers.map { mappers in
            var cluster = setup.cluster
            cluster.workers = mappers
            return variation("\(mappers) mapper\(mappers == 1 ? "" : "s")", setup.scaling.input, cluster: cluster)
        }
        let variations = [
            variation("baseline"),
            variation(setup.job.combining ? "combiner off" : "combiner on", job: otherCombiner),
            variation("speculation off", cluster: noBackups, faults: slow),
            variation("speculation on", cluster: backups, faults: slow),
            variation("worker crash", faults: crash(setup)),
            variation("lab chaos", setup.labChaos.input, cluster: chaoticCluster(setup)),
        ] + scaling
        let runs = ParallelWorlds.map(variations, width: jobs) { variation in
            runJob(setup, variation.label, variation.input, cluster: variation.cluster, job: variation.job, faults: variation.faults)
        }
        let baseline = runs[0], other = runs[1], failure = runs[4]
        let (combined, uncombined) = setup.job.combining ? (baseline, other) : (other, baseline)
        let scalingRuns = Array(runs[6...])
        var result = MapReduceExperimentResult(
            baseline: baseline, withCombiner: combined, withoutCombiner: uncombined,
            speculationOff: runs[2], speculationOn: runs[3], failure: failure, labChaos: runs[5], scalingRuns: scalingRuns,
            measurements: measurements(setup, baseline: baseline, combined: combined, uncombined: uncombined, failure: failure,
                                       scaling: scalingRuns, mappers: setup.scaling.mappers),
            claims: [],
            seedStudy: MapReduceSeedStudy.run(setup, seeds: Array(SeedStudy.seeds(from: setup.seed).prefix(studySeeds)), jobs: jobs,
                                              known: .init(baseline: baseline, labChaos: runs[5])))
        result.claims = Seed001ClaimsTable.rows(setup.claims, result.measurements, settings: Seed001StatedSettings(setup))
        return result
    }
}
