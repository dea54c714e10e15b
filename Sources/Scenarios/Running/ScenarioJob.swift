import Foundation
import Simulator

/// What `orrery run` and `orrery validate` do, without the command-line parsing: load every file
/// first (any invalid file stops everything before anything runs or is written), then run each
/// scenario and write its reports atomically.
public struct ScenarioJob {
    public var files: [String]
    public var seed: UInt64?
    public var outputDirectory: String
    public var tracePath: String?
    public var formats: [ReportFormat]

    public init(files: [String], seed: UInt64? = nil, outputDirectory: String = "results/runs", tracePath: String? = nil, formats: [ReportFormat] = ReportFormat.allCases) {
        self.files = files
        self.seed = seed
        self.outputDirectory = outputDirectory
        self.tracePath = tracePath
        self.formats = formats
    }

    /// Loads every file; returns the scenarios or the errors (one per bad file).
    public static func loadAll(_ files: [String]) -> (scenarios: [Scenario], errors: [ScenarioError]) {
        var scenarios: [Scenario] = []
        var errors: [ScenarioError] = []
        for file in files {
            do { scenarios.append(try ScenarioLoader.load(path: file)) } catch { errors.append(error) }
        }
        return (scenarios, errors)
    }

    /// Validates the files; prints one line per file to `output`.
    public static func validate(_ files: [String], output: (String) -> Void) -> ExitStatus {
        var status = ExitStatus.success
        for file in files {
            do {
                let scenario = try ScenarioLoader.load(path: file)
                output("\(file): ok (scenario '\(scenario.name)', \(scenario.servers.count) server(s), \(scenario.expectations.count) expectation(s))")
            } catch {
                output(error.description)
                status = .badInput
            }
        }
        return status
    }

    /// Runs every scenario; `output` receives the summary lines, `errors` the problems.
    public func execute(output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        if tracePath != nil && files.count != 1 {
            errors("error: --trace needs exactly one scenario file (got \(files.count))")
            return .badInput
        }
        let (scenarios, problems) = ScenarioJob.loadAll(files)
        guard problems.isEmpty else {
            for problem in problems { errors(problem.description) }
            return .badInput
        }
        var status = ExitStatus.success
        for scenario in scenarios {
            let seed = self.seed ?? scenario.seed
            let replay = "orrery run \(scenario.file) --seed \(seed)"
            var trace = tracePath.map { _ in TraceLines() }
            let result = ScenarioRunner.run(scenario, seed: seed, replayCommand: replay, traceSink: trace.map { lines in { lines.append($0) } })
            var bundle = ReportBundle()
            let balanced = result.balancer != nil
            if formats.contains(.md) {
                bundle.add("\(scenario.name)/report.md", result.markdown(chartsLinked: balanced))
                if balanced {
                    bundle.add("\(scenario.name)/throughput.svg", result.throughputChart().svg())
                    bundle.add("\(scenario.name)/connections.svg", result.connectionsChart().svg())
                }
            }
            if formats.contains(.json) { bundle.add("\(scenario.name)/report.json", result.json()) }
            if formats.contains(.csv) {
                bundle.add("\(scenario.name)/servers.csv", result.serversCSV())
                bundle.add("\(scenario.name)/summary.csv", result.summaryCSV())
                if balanced {
                    bundle.add("\(scenario.name)/timeline.csv", result.timelineCSV())
                    bundle.add("\(scenario.name)/events.csv", result.eventsCSV())
                }
            }
            do {
                try bundle.write(to: URL(fileURLWithPath: outputDirectory, isDirectory: true))
                if let tracePath, let lines = trace {
                    try AtomicFileWriter.write(lines.text, to: URL(fileURLWithPath: tracePath))
                }
            } catch {
                errors("seed \(seed): error: \(error)\nreplay: \(replay)")
                return .badInput
            }
            trace = nil
            let verdict = result.passed ? "PASS" : "FAIL"
            output("\(verdict) \(scenario.name) seed \(seed) digest \(result.digest): \(result.succeeded)/\(result.issued) requests succeeded, p99 \(RunResult.milliseconds(result.value(of: .p99)))")
            if !result.passed {
                var lines = ["seed \(seed): scenario '\(scenario.name)' failed; replay with: \(replay)"]
                if let failure = result.failure { lines.append("  simulation stopped early: \(failure)") }
                for check in result.checks where !check.holds {
                    let measured = check.expectation.metric.isLatency ? RunResult.milliseconds(check.measured) : NumberFormat.fixed(check.measured, decimals: 4)
                    lines.append("  \(scenario.file):\(check.expectation.line):\(check.expectation.column): expectation '\(check.expectation.text)' failed: measured \(measured)")
                }
                errors(lines.joined(separator: "\n"))
                status = .failed
            }
        }
        return status
    }
}

/// Trace events as JSON lines, gathered during a run and written once at the end.
///
/// `@unchecked Sendable`: appended to only on the simulation thread.
final class TraceLines: @unchecked Sendable {
    private var lines: [String] = []

    func append(_ event: TraceEvent) {
        lines.append("{\"t\":\(event.time.nanoseconds),\"kind\":\"\(event.kind.name)\",\"subject\":\(AssignmentJSON.quote(event.subject)),\"object\":\(AssignmentJSON.quote(event.object)),\"value\":\(event.value)}")
    }

    var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }
}
