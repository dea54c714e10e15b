import Simulator

/// `orrery experiment mapreduce`: seed 001's word count over log events on seed 001's cluster,
/// then one variation per question — the combiner off, a straggler with and without
/// speculation, a worker crash, the lab's fault mix, and 1 … 20 mappers — every run checked
/// against the sequential oracle, and the seed's claims judged from the measurements.
public enum MapReduceExperiment {
    /// Runs the experiment described by `spec.mapReduce`.
    public static func run(_ spec: ExperimentSpec) -> MapReduceExperimentResult {
        guard let setup = spec.mapReduce else { preconditionFailure("the mapreduce experiment is loaded with its setup") }
        let baselineInput = OracleInput(setup.input, job: setup.job.job)
        func run(_ label: String, _ input: OracleInput, cluster: MapReduce.ClusterConfiguration = setup.cluster,
                 job: MapReduceScenario.JobSpec = setup.job, faults: [MapReduce.ClusterFault.Entry] = []) -> MapReduceExperimentResult.Run {
            let run = MapReduceJobRun.run(.init(seed: spec.seed, cluster: cluster, jobID: "mapreduce", job: job, input: input.input, faults: faults),
                                          documents: input.documents)
            let exact = run.report?.status == .succeeded && run.report?.output?.records == input.expected
            return .init(label: label, run: run, outputExact: exact)
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

        let scalingInput = OracleInput(setup.scaling.input, job: setup.job.job)
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
            failure: failure, labChaos: run("lab chaos", setup.labChaos.input.map { OracleInput($0, job: setup.job.job) } ?? baselineInput, cluster: chaotic),
            scalingRuns: scalingRuns,
            measurements: measurements(setup, baseline: baseline, combined: combined, uncombined: uncombined, failure: failure,
                                       scaling: scalingRuns, mappers: setup.scaling.mappers),
            claims: [])
        result.claims = Seed001ClaimsTable.rows(setup.claims, result.measurements)
        return result
    }
}

/// An input with its documents built and its oracle computed once, for every run over it.
struct OracleInput {
    let input: MapReduceInput
    let documents: [MapReduce.Document]
    let records: Int
    /// The sequential output; empty if the job's code threw (no run can then be exact).
    let expected: [MapReduce.Record]?

    init(_ input: MapReduceInput, job: any MapReduce.Job) {
        self.input = input
        documents = input.documents()
        let records = MapReduceInput.records(of: documents, log: input.log)
        self.records = records.count
        expected = try? job.reference(records)
    }
}
