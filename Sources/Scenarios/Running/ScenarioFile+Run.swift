import Reports
import Simulator

extension ScenarioFile {
    /// Runs the file — a world or an experiment — and returns its reports
    /// and verdict; nothing is printed or written.
    ///
    /// - Parameters:
    ///   - seed: overrides the file's own seed (a world's, or an experiment's, whose studies then
    ///     draw their seeds from it).
    ///   - jobs: independent simulations an experiment runs at once (its reports do not depend on it).
    ///   - formats: which report formats a world writes.
    ///   - observing: the trace (JSON lines or Perfetto) and OpenMetrics series to gather from a world.
    ///   - overrides: the `--set` values the file was loaded with, for the replay command.
    /// - Throws: ``ExperimentFailure`` when an experiment's setup cannot be built.
    public func run(seed: UInt64? = nil, jobs: Int = 1, formats: [ReportFormat] = ReportFormat.allCases,
                    observing: ObservationOptions = .none, overrides: [ScenarioOverride] = []) throws(ExperimentFailure) -> RunOutcome {
        switch self {
        case .world(let scenario):
            let seed = seed ?? scenario.seed
            // The report keeps the command for any shell; the terminal shows it on one line.
            let words = ["orrery", "run", ShellQuoting.fileArgument(scenario.file), "--seed", "\(seed)"] + overrides.flatMap { ["--set", $0.description] }
            return Self.run(scenario, seed: seed, replay: ShellQuoting.posixCommand(words), display: ShellQuoting.displayCommand(words),
                            formats: formats, observing: observing)
        case .experiment(var experiment, let name):
            if let seed { experiment.seed = seed }
            experiment.replayArguments = (seed.map { ["--seed", "\($0)"] } ?? []) + overrides.flatMap { ["--set", $0.description] }
            let replay = ExperimentReport.replayCommand(name: type(of: experiment).name, file: experiment.file, arguments: experiment.replayArguments,
                                                        quote: ShellQuoting.quote)
            let bundle = try experiment.run(jobs: jobs).renamingFolder(type(of: experiment).name, to: name)
            return RunOutcome(name: name, seed: experiment.seed, replay: replay, bundle: bundle, headline: nil, failure: nil)
        }
    }

    /// The instant a run that lasted `virtualSeconds` ended, to the nanosecond, for the trace's
    /// and the metrics' last reached faults. Clamped to 0 … ``Swift/Duration/longest`` (200 years,
    /// twice the longest run): `Int64(_:)` of a Double traps on NaN and past 2⁶³ − 1 ns (292
    /// years), where a run's end read back from seconds is never checked against a bound.
    static func endInstant(virtualSeconds: Double) -> VirtualInstant {
        VirtualInstant(nanoseconds: Duration.saturatingNanoseconds(virtualSeconds * 1e9))
    }

    /// - Parameters:
    ///   - replay: the command as the report keeps it (``ShellQuoting/posixCommand(_:)``).
    ///   - display: the same command as the terminal shows it (``ShellQuoting/displayCommand(_:)``).
    private static func run(_ scenario: Scenario, seed: UInt64, replay: String, display: String, formats: [ReportFormat],
                            observing: ObservationOptions) -> RunOutcome {
        let lines = observing.trace == .jsonLines ? JSONLinesTrace(eventLimit: observing.traceEventLimit) : nil
        let observer = observing.needsObserver ? RunObserver(observing) : nil
        let result = ScenarioRunner.run(scenario, seed: seed, replayCommand: replay, traceSink: lines.map { lines in { lines.append($0) } }, observer: observer)
        let end = endInstant(virtualSeconds: result.virtualSeconds)
        // The faults' ends the run reached and no event came after (a hang's, a storm's).
        lines?.finish(reachedAt: end)
        observer?.timeline?.finish(reachedAt: end)
        var trace = lines?.text
        if let timeline = observer?.timeline {
            trace = PerfettoTrace.render(timeline, header: PerfettoTrace.Header(scenario: scenario.name, seed: seed, digest: result.digest))
        }
        let metricsProblem = observer?.metrics.flatMap { OpenMetricsText.problem($0, end: end, interval: observing.metricsInterval) }
        let metrics = metricsProblem == nil ? observer?.metrics.map { OpenMetricsText.render($0, end: end, interval: observing.metricsInterval) } : nil
        var traffic: String?
        if let requests = result.traffic, scenario.workload != nil {
            // With no request answered there is no latency: no "p99 0.000 ms".
            // As the report writes it: no longer than the run (``TrafficResult/latencyWithinRun(_:)``).
            let p99 = requests.latencyMeasured ? requests.latencyText(requests.value(of: .p99)) : "not measured"
            traffic = "\(NumberFormat.integer(requests.succeeded))/\(NumberFormat.counted(requests.issued, "request")) succeeded, p99 \(p99)"
        }
        let figures = result.headlineFigures(traffic: traffic)
        var failure: String?
        if !result.passed {
            var lines = ["seed \(seed): scenario '\(scenario.name)' failed; replay with: \(display)"]
            if let stopped = result.failure { lines.append("  simulation stopped early: \(stopped)") }
            for job in result.jobs { lines += job.result.reportedProblems.map { "  job \(job.id): \($0)" } }
            if case .failure(let problem) = result.operations { lines.append("  \(problem.message(in: scenario.file))") }
            for check in result.checks where !check.holds {
                // A run that stopped early fails its expectations, even those its figures so far
                // meet: worded as the report's row words it (``ExpectationCheck/failureText``).
                lines.append("  \(scenario.file):\(check.expectation.line):\(check.expectation.column): expectation '\(check.expectation.text)' \(check.failureText)")
            }
            failure = lines.joined(separator: "\n")
        }
        var outcome = RunOutcome(name: scenario.name, seed: seed, replay: display, bundle: result.bundle(formats: formats), trace: trace, metrics: metrics, digest: result.digest,
                                 headline: "\(result.passed ? "PASS" : "FAIL") \(scenario.name) seed \(seed) digest \(result.digest): \(figures.joined(separator: "; "))",
                                 failure: failure)
        outcome.metricsProblem = metricsProblem
        return outcome
    }
}
