import Reports
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

    /// Independent simulations an experiment runs at once.
    public var jobs: Int = 1

    /// Loads every file; returns the files or the errors (one per bad file).
    public static func loadAll(_ files: [String]) -> (files: [ScenarioFile], errors: [ScenarioError]) {
        var loaded: [ScenarioFile] = []
        var errors: [ScenarioError] = []
        for file in files {
            do { loaded.append(try ScenarioFile.load(path: file)) } catch { errors.append(error) }
        }
        return (loaded, errors)
    }

    /// Validates the files; prints one line per file to `output`.
    public static func validate(_ files: [String], output: (String) -> Void) -> ExitStatus {
        var status = ExitStatus.success
        for file in files {
            do {
                output("\(file): ok (\(try ScenarioFile.load(path: file).validationSummary))")
            } catch {
                output(error.description)
                status = .badInput
            }
        }
        return status
    }

    /// Runs every file; `output` receives the summary lines, `errors` the problems. Every file
    /// is loaded and every output path checked before anything runs or is written.
    public func execute(output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        if tracePath != nil && files.count != 1 {
            errors("error: --trace needs exactly one scenario file (got \(files.count))")
            return .badInput
        }
        let (loaded, problems) = ScenarioJob.loadAll(files)
        guard problems.isEmpty else {
            for problem in problems { errors(problem.description) }
            return .badInput
        }
        if let problem = OutputPaths.problem(outputDirectory: outputDirectory, tracePath: tracePath, names: loaded.map { ($0.name, $0.file) }) {
            errors("error: \(problem)")
            return .badInput
        }
        var status = ExitStatus.success
        for file in loaded {
            let runStatus: ExitStatus
            switch file {
            case .world(let scenario): runStatus = runWorld(scenario, output: output, errors: errors)
            case .mapreduce(let scenario): runStatus = runMapReduce(scenario, output: output, errors: errors)
            case .experiment(let spec): runStatus = runExperiment(spec, output: output, errors: errors)
            }
            if runStatus == .badInput { return .badInput }
            if runStatus == .failed { status = .failed }
        }
        return status
    }

    private func write(_ bundle: ReportBundle, seed: UInt64, replay: String, trace: TraceLines? = nil, errors: (String) -> Void) -> Bool {
        do {
            try bundle.write(to: URL(fileURLWithPath: outputDirectory, isDirectory: true))
            if let tracePath, let trace { try AtomicFileWriter.write(trace.text, to: URL(fileURLWithPath: tracePath)) }
            return true
        } catch {
            errors("seed \(seed): error: \(error)\nreplay: \(replay)")
            return false
        }
    }

    private func runWorld(_ scenario: Scenario, output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        let seed = self.seed ?? scenario.seed
        let replay = "orrery run \(scenario.file) --seed \(seed)"
        let trace = tracePath.map { _ in TraceLines() }
        let result = ScenarioRunner.run(scenario, seed: seed, replayCommand: replay, traceSink: trace.map { lines in { lines.append($0) } })
        guard write(result.bundle(formats: formats), seed: seed, replay: replay, trace: trace, errors: errors) else { return .badInput }
        let verdict = result.passed ? "PASS" : "FAIL"
        var figures: [String] = []
        if let traffic = result.traffic, scenario.workload != nil {
            figures.append("\(traffic.succeeded)/\(traffic.issued) requests succeeded, p99 \(DurationFormat.milliseconds(traffic.value(of: .p99)))")
        }
        if !result.jobs.isEmpty {
            figures.append("\(result.jobs.filter { $0.result.outputExact }.count)/\(result.jobs.count) jobs exact")
        }
        if let backup = result.backup { figures.append("\(backup.backupsCreated) backups, \(backup.restores.filter(\.identical).count)/\(backup.restores.count) restores exact") }
        if case .success(let outcomes) = result.operations { figures.append("\(outcomes.count) operations answered") }
        output("\(verdict) \(scenario.name) seed \(seed) digest \(result.digest): \(figures.joined(separator: "; "))")
        guard !result.passed else { return .success }
        var lines = ["seed \(seed): scenario '\(scenario.name)' failed; replay with: \(replay)"]
        if let failure = result.failure { lines.append("  simulation stopped early: \(failure)") }
        for job in result.jobs { lines += job.result.problems.map { "  job \(job.id): \($0)" } }
        if case .failure(let failure) = result.operations { lines.append("  \(failure)") }
        for check in result.checks where !check.holds {
            lines.append("  \(scenario.file):\(check.expectation.line):\(check.expectation.column): expectation '\(check.expectation.text)' failed: measured \(check.measuredText)")
        }
        errors(lines.joined(separator: "\n"))
        return .failed
    }

    private func runMapReduce(_ scenario: MapReduceScenario, output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        let seed = self.seed ?? scenario.seed
        let replay = "orrery run \(scenario.file) --seed \(seed)"
        let result = MapReduceScenarioRunner.run(scenario, seed: seed, replayCommand: replay)
        guard write(result.bundle(), seed: seed, replay: replay, errors: errors) else { return .badInput }
        let verdict = result.passed ? "PASS" : "FAIL"
        output("\(verdict) \(scenario.name) seed \(seed) digest \(result.run.digest): job \(result.run.report?.status.description ?? "did not finish"), output \(result.outputExact ? "exact" : "not exact")")
        guard !result.passed else { return .success }
        var lines = ["seed \(seed): scenario '\(scenario.name)' failed; replay with: \(replay)"] + result.problems.map { "  \($0)" }
        for check in result.checks where !check.holds {
            lines.append("  \(scenario.file):\(check.expectation.line):\(check.expectation.column): expectation '\(check.expectation.text)' failed: measured \(check.measuredText)")
        }
        errors(lines.joined(separator: "\n"))
        return .failed
    }

    private func runExperiment(_ spec: ExperimentSpec, output: (String) -> Void, errors: (String) -> Void) -> ExitStatus {
        let bundle: ReportBundle
        do {
            bundle = try ExperimentJob.run(spec, jobs: jobs)
        } catch {
            errors("seed \(spec.seed): error: experiment \(spec.name) could not build its placement: \(error)\nreplay: orrery run \(spec.file)")
            return .badInput
        }
        guard write(bundle, seed: spec.seed, replay: "orrery run \(spec.file)", errors: errors) else { return .badInput }
        output("\(spec.name): wrote \(bundle.files.map { "\(outputDirectory)/\($0.path)" }.joined(separator: ", "))")
        return .success
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
