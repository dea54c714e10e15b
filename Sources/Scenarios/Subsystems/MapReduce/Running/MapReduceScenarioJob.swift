import Reports
import Foundation
import Simulator

/// What `orrery mapreduce` does, without the command-line parsing: load every scenario file and
/// its input first (any bad file stops everything before anything runs or is written), then run
/// each scenario and write its reports atomically under `<out>/<name>/`.
public struct MapReduceScenarioJob {
    /// The scenario files, in run order.
    public var files: [String]
    /// The seed for every run, overriding each scenario's own.
    public var seed: UInt64?
    /// Where the reports go.
    public var outputDirectory: String

    /// Creates the job.
    public init(files: [String], seed: UInt64? = nil, outputDirectory: String = "results/runs") {
        self.files = files
        self.seed = seed
        self.outputDirectory = outputDirectory
    }

    /// Runs every scenario; `output` receives one summary line per run, `errors` the problems.
    ///
    /// - Returns: ``ExitStatus/badInput`` if a file could not be loaded or a report not written,
    ///   ``ExitStatus/failed`` if a run did not pass, else ``ExitStatus/success``.
    public func execute(output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        var scenarios: [MapReduceScenario] = []
        var problems: [ScenarioError] = []
        for file in files {
            do { scenarios.append(try MapReduceScenarioLoader.load(path: file)) } catch { problems.append(error) }
        }
        guard problems.isEmpty else {
            for problem in problems { errors(problem.description) }
            return .badInput
        }
        var status = ExitStatus.success
        for scenario in scenarios {
            let seed = self.seed ?? scenario.seed
            let result = MapReduceScenarioRunner.run(scenario, seed: seed)
            do {
                try result.bundle().write(to: URL(fileURLWithPath: outputDirectory, isDirectory: true))
            } catch {
                errors("seed \(seed): error: \(error)\nreplay: \(result.replayCommand)")
                return .badInput
            }
            output(MapReduceScenarioJob.summary(result))
            if !result.passed {
                errors(MapReduceScenarioJob.failureMessage(result))
                status = .failed
            }
        }
        return status
    }

    /// `PASS wordcount seed 7 digest …: word-count succeeded in 3.200 s, output exact (1,234 records), 9 attempts`.
    static func summary(_ result: MapReduceRunResult) -> String {
        let report = result.run.report
        let outcome = report.map { "\($0.status) in \(JobReportTables.seconds($0.makespan))" } ?? "did not finish"
        let exactness = result.outputExact ? "output exact (\(NumberFormat.integer(report?.output?.records.count ?? 0)) records)" : "output NOT exact"
        return "\(result.passed ? "PASS" : "FAIL") \(result.scenario.name) seed \(result.seed) digest \(result.run.digest): "
            + "\(result.scenario.job.name) \(outcome), \(exactness), \(NumberFormat.integer(report?.statistics.attempts ?? 0)) attempts"
    }

    /// The seed and the replay command first, then every reason the run failed.
    static func failureMessage(_ result: MapReduceRunResult) -> String {
        var lines = ["seed \(result.seed): scenario '\(result.scenario.name)' failed; replay with: \(result.replayCommand)"]
        lines += result.problems.map { "  " + $0 }
        for check in result.checks where !check.holds {
            let measured = MapReduceRunResult.format(check.measured, check.expectation.metric)
            lines.append("  \(result.scenario.file):\(check.expectation.line):\(check.expectation.column): expectation '\(check.expectation.text)' failed: measured \(measured)")
        }
        return lines.joined(separator: "\n")
    }
}
