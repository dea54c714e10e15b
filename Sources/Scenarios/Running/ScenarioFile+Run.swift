import Reports
import Simulator

extension ScenarioFile {
    /// Runs the file — a world or an experiment — and returns its reports
    /// and verdict; nothing is printed or written.
    ///
    /// - Parameters:
    ///   - seed: overrides the file's own seed (worlds; an experiment's seeds are
    ///     part of its setup).
    ///   - jobs: independent simulations an experiment runs at once (its reports do not depend on it).
    ///   - formats: which report formats a world writes.
    ///   - tracing: whether every trace event of a world is gathered as JSON lines.
    ///   - overrides: the `--set` values the file was loaded with, for the replay command.
    /// - Throws: ``ExperimentFailure`` when an experiment's setup cannot be built.
    public func run(seed: UInt64? = nil, jobs: Int = 1, formats: [ReportFormat] = ReportFormat.allCases,
                    tracing: Bool = false, overrides: [ScenarioOverride] = []) throws(ExperimentFailure) -> RunOutcome {
        switch self {
        case .world(let scenario):
            let seed = seed ?? scenario.seed
            let replay = (["orrery", "run", scenario.file, "--seed", "\(seed)"] + overrides.flatMap { ["--set", $0.description] })
                .map(ShellQuoting.quote).joined(separator: " ")
            return Self.run(scenario, seed: seed, replay: replay, formats: formats, tracing: tracing)
        case .experiment(let experiment):
            return RunOutcome(name: type(of: experiment).name, seed: experiment.seed, replay: "orrery run \(experiment.file)",
                              bundle: try experiment.run(jobs: jobs), headline: nil, failure: nil)
        }
    }

    private static func run(_ scenario: Scenario, seed: UInt64, replay: String, formats: [ReportFormat], tracing: Bool) -> RunOutcome {
        let trace = tracing ? TraceLines() : nil
        let result = ScenarioRunner.run(scenario, seed: seed, replayCommand: replay, traceSink: trace.map { lines in { lines.append($0) } })
        var figures: [String] = []
        if let traffic = result.traffic, scenario.workload != nil {
            figures.append("\(traffic.succeeded)/\(traffic.issued) requests succeeded, p99 \(DurationFormat.milliseconds(traffic.value(of: .p99)))")
        }
        if !result.jobs.isEmpty {
            figures.append("\(result.jobs.filter { $0.result.outputExact }.count)/\(result.jobs.count) jobs exact")
        }
        if let backup = result.backup { figures.append("\(backup.backupsCreated) backups, \(backup.restores.filter(\.identical).count)/\(backup.restores.count) restores exact") }
        if case .success(let outcomes) = result.operations { figures.append("\(outcomes.count) operations answered") }
        var failure: String?
        if !result.passed {
            var lines = ["seed \(seed): scenario '\(scenario.name)' failed; replay with: \(replay)"]
            if let stopped = result.failure { lines.append("  simulation stopped early: \(stopped)") }
            for job in result.jobs { lines += job.result.problems.map { "  job \(job.id): \($0)" } }
            if case .failure(let problem) = result.operations { lines.append("  \(problem)") }
            for check in result.checks where !check.holds {
                lines.append("  \(scenario.file):\(check.expectation.line):\(check.expectation.column): expectation '\(check.expectation.text)' failed: measured \(check.measuredText)")
            }
            failure = lines.joined(separator: "\n")
        }
        return RunOutcome(name: scenario.name, seed: seed, replay: replay, bundle: result.bundle(formats: formats), trace: trace?.text, digest: result.digest,
                          headline: "\(result.passed ? "PASS" : "FAIL") \(scenario.name) seed \(seed) digest \(result.digest): \(figures.joined(separator: "; "))",
                          failure: failure)
    }
}

/// Trace events as JSON lines, gathered during a run and handed over once at the end.
///
/// `@unchecked Sendable`: appended to only on the simulation thread.
final class TraceLines: @unchecked Sendable {
    private var lines: [String] = []

    func append(_ event: TraceEvent) {
        lines.append("{\"t\":\(event.time.nanoseconds),\"kind\":\"\(event.kind.name)\",\"subject\":\(AssignmentJSON.quote(event.subject)),\"object\":\(AssignmentJSON.quote(event.object)),\"value\":\(event.value)}")
    }

    var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }
}
