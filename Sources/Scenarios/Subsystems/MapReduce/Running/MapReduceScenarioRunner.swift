import Simulator

/// Runs a MapReduce scenario: builds its input, runs the job on a fresh cluster under the
/// scenario's faults, computes the sequential oracle over the same records, compares, and checks
/// the expectations.
public enum MapReduceScenarioRunner {
    /// Runs `scenario` with `seed` (the scenario's own unless overridden).
    public static func run(_ scenario: MapReduceScenario, seed: UInt64? = nil, replayCommand: String? = nil) -> MapReduceRunResult {
        let seed = seed ?? scenario.seed
        let documents = scenario.input.documents()
        let records = MapReduceInput.records(of: documents, log: scenario.input.log)
        let setup = MapReduceJobRun.Setup(
            seed: seed, cluster: scenario.cluster, jobID: scenario.name, job: scenario.job, input: scenario.input,
            faults: scenario.faults, chaos: scenario.chaos, timeLimit: scenario.timeLimit, eventLimit: scenario.eventLimit)
        let run = MapReduceJobRun.run(setup, documents: documents)
        var oracleFailure: String?
        var expected: [MapReduce.Record] = []
        do {
            expected = try scenario.job.job.reference(records)
        } catch {
            oracleFailure = String(describing: error)
        }
        var result = MapReduceRunResult(
            scenario: scenario, seed: seed, replayCommand: replayCommand ?? "orrery mapreduce \(scenario.file) --seed \(seed)",
            run: run, inputRecords: records.count, inputBytes: documents.reduce(0) { $0 + $1.bytes.count },
            comparison: OutputComparison(actual: run.report?.output?.records, expected: expected),
            oracleFailure: oracleFailure, checks: [])
        result.checks = scenario.expectations.map { expectation in
            let measured = result.value(of: expectation.metric)
            return ExpectationCheck(expectation: expectation, measured: measured, holds: run.failure == nil && expectation.holds(for: measured))
        }
        return result
    }
}
