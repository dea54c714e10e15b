import Foundation
import Reports
import Scenarios
import Synchronization

/// Loads, runs and writes scenario files for the commands that take them, and turns what happened
/// into printed lines and an exit status: every file is loaded and every output path checked
/// before anything runs or is written, and each run's files — its report directory, its trace and
/// its metrics — are written all or nothing, never over a file the command reads.
struct OutcomeWriter {
    var outputDirectory: String
    var tracePath: String? = nil
    var metricsPath: String? = nil
    /// The files the command reads (its scenario files), which no output may replace.
    var inputs: [String] = []

    /// The problem with the output paths for runs named `names`, printed; false when there is one.
    func checkPaths(names: [(name: String, file: String)]) -> Bool {
        guard let problem = OutputPaths.problem(outputDirectory: outputDirectory, tracePath: tracePath, metricsPath: metricsPath,
                                                names: names, inputs: inputs) else { return true }
        FileHandleOutput.standardError("error: \(problem)")
        return false
    }

    /// Runs `run` for each item, writes its reports, prints its summary (or `summary` of it) and,
    /// when it failed, why. Stops at the first run that cannot be written or built (exit 2).
    func runAll<Item>(_ items: [Item], run: (Item) throws(ExperimentFailure) -> RunOutcome,
                      summary: (RunOutcome, [String]) -> String = OutcomeWriter.defaultSummary) -> ExitStatus {
        var status = ExitStatus.success
        for item in items {
            guard record(Result { () throws(ExperimentFailure) in try run(item) }, into: &status, summary: summary) else { return .badInput }
        }
        return status
    }

    /// Runs the experiments (two at a time with more than one job: ``ExperimentRuns``) and
    /// records each outcome in order as ``runAll(_:run:summary:)`` does, stopping at the first
    /// that cannot be written or built.
    func runExperiments(_ experiments: [any Experiment], jobs: Int) -> ExitStatus {
        let status = Mutex(ExitStatus.success)
        ExperimentRuns.run(experiments, jobs: jobs) { index, result in
            let name = type(of: experiments[index]).name
            let outcome = result
                .map { RunOutcome(name: name, seed: 0, replay: "orrery experiment \(name)", bundle: $0, headline: nil, failure: nil) }
                .mapError { ExperimentFailure("experiment \(name): \($0.description)\nreplay: orrery experiment \(name)") }
            return status.withLock { status in
                if record(outcome, into: &status) { return true }
                status = .badInput
                return false
            }
        }
        return status.withLock { $0 }
    }

    /// Writes a run's reports, prints its summary and, when it failed, why (`status` becomes
    /// failed); false when it could not be built or written (printed).
    private func record(_ result: Result<RunOutcome, ExperimentFailure>, into status: inout ExitStatus,
                        summary: (RunOutcome, [String]) -> String = OutcomeWriter.defaultSummary) -> Bool {
        let outcome: RunOutcome
        switch result {
        case .success(let run): outcome = run
        case .failure(let error):
            FileHandleOutput.standardError("error: \(error)")
            return false
        }
        if let problem = outcome.metricsProblem {
            FileHandleOutput.standardError("error: \(problem)\nreplay: \(outcome.replay)")
            return false
        }
        do {
            // The trace and metrics are staged with the reports: a trace that cannot be written
            // (`--trace /dev/full`) leaves the previous reports in place, not new ones beside it.
            let files = AtomicFileSet(protecting: inputs)
            try outcome.bundle.stage(into: files, under: URL(fileURLWithPath: outputDirectory, isDirectory: true))
            if let tracePath, let trace = outcome.trace { try files.stage(trace, at: URL(fileURLWithPath: tracePath)) }
            if let metricsPath, let metrics = outcome.metrics { try files.stage(metrics, at: URL(fileURLWithPath: metricsPath)) }
            try files.commit()
        } catch {
            FileHandleOutput.standardError("error: \(error)\nreplay: \(outcome.replay)")
            return false
        }
        ProgressDisplay.standardOutput(summary(outcome, outcome.bundle.files.map { "\(outputDirectory)/\($0.path)" }))
        if let failure = outcome.failure {
            FileHandleOutput.standardError(failure)
            status = .failed
        }
        return true
    }

    /// The run's headline, or for an experiment the files it wrote.
    static func defaultSummary(_ outcome: RunOutcome, _ written: [String]) -> String {
        outcome.headline ?? "\(outcome.name): wrote \(written.joined(separator: ", "))"
    }
}
