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
    public var seed: UInt64 { spec.seed }
    public var file: String { spec.file }

    public init(spec: MapReduceExperimentSpec) { self.spec = spec }

    public static func load(_ document: ScenarioDocument) throws(ScenarioError) -> MapReduceExperiment {
        MapReduceExperiment(spec: try ScenarioLoader.parseMapReduceExperiment(document))
    }

    public func run(jobs: Int) -> ReportBundle {
        Self.run(spec).bundle(spec: spec)
    }

    /// Runs every variation `setup` describes.
    public static func run(_ setup: MapReduceExperimentSpec) -> MapReduceExperimentResult {
        let spec = setup
        let baselineInput = setup.input
        // Every variation is a world of one job, run through the same pipeline as any scenario file.
        func run(_ label: String, _ input: MapReduceInput, cluster: MapReduce.ClusterConfiguration = setup.cluster,
                 job: MapReduceScenario.JobSpec = setup.job, faults: [MapReduce.ClusterFault.Entry] = []) -> MapReduceExperimentResult.Run {
            let scenario = MapReduceScenario(name: MapReduceExperiment.name, file: spec.file, seed: spec.seed, cluster: cluster, job: job,
                                             input: input, faults: faults)
            let result = ScenarioRunner.run(scenario.world, seed: spec.seed, replayCommand: "orrery experiment \(MapReduceExperiment.name)")
            let single = result.jobs[0].result
            return .init(label: label, run: single.run, outputExact: single.outputExact)
        }
        let baseline = run("baseline", baselineInput)
        var withCombiner = setup.job, withoutCombiner = setup.job
        withCombiner.combining = true
        withoutCombiner.combining = false
        let combined = setup.job.combining ? baseline : run("combiner on", baselineInput, job: withCombiner)
        let uncombined = setup.job.combining ? run("combiner off", baselineInput, job: withoutCombiner) : baseline

        let slow: [MapReduce.ClusterFault.Entry] = [.init(at: .zero, .network(.slow(setup.straggler.worker, factor: setup.straggler.factor)))]
        var noBackups = setup.cluster, backups = setup.cluster
        noBackups.policy.speculation = nil
        backups.policy.speculation = setup.cluster.policy.speculation ?? MapReduce.CoordinatorPolicy.Speculation()

        var chaotic = setup.cluster
        chaotic.attemptChaos = setup.labChaos.attempts
        chaotic.policy.maxAttempts = setup.labChaos.maxAttempts

        let scalingInput = setup.scaling.input
        let scalingRuns = setup.scaling.mappers.map { mappers in
            var cluster = setup.cluster
            cluster.workers = mappers
            return run("\(mappers) mapper\(mappers == 1 ? "" : "s")", scalingInput, cluster: cluster)
        }
        let failure = run("worker crash", baselineInput, faults: [.init(at: .after(setup.failure.at), .network(.crash(setup.failure.worker)))])
        var result = MapReduceExperimentResult(
            baseline: baseline, withCombiner: combined, withoutCombiner: uncombined,
            speculationOff: run("speculation off", baselineInput, cluster: noBackups, faults: slow),
            speculationOn: run("speculation on", baselineInput, cluster: backups, faults: slow),
            failure: failure, labChaos: run("lab chaos", setup.labChaos.input ?? baselineInput, cluster: chaotic),
            scalingRuns: scalingRuns,
            measurements: measurements(setup, baseline: baseline, combined: combined, uncombined: uncombined, failure: failure,
                                       scaling: scalingRuns, mappers: setup.scaling.mappers),
            claims: [])
        result.claims = Seed001ClaimsTable.rows(setup.claims, result.measurements)
        return result
    }
}
