import Foundation
import ArgumentParser
import Scenarios

/// `orrery`: parses the command line and hands over to `Scenarios`.
@main
struct Orrery: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A deterministic, virtual-time simulator of load balancers, MapReduce clusters and object stores.",
        discussion: "Exit codes: 0 success, 1 a run failed (an expect: assertion, or the simulation stopped early), 2 bad input.",
        subcommands: [Run.self, Validate.self, MapReduceCommand.self, Ops.self, Experiment.self])

    /// Parse errors are bad input (exit 2), not ArgumentParser's default 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                Orrery.exit(withError: error)
            }
            FileHandleOutput.standardError(fullMessage(for: error))
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run scenario files and write their reports.")

    @Argument(help: "Scenario files (YAML).") var files: [String]
    @Option(help: "Seed for every run (default: each scenario's own).") var seed: UInt64?
    @Option(help: "Directory for reports; each scenario writes <out>/<name>/.") var out = "results/runs"
    @Option(help: "Write every trace event as JSON lines to this file (one scenario only).") var trace: String?
    @Option(help: "Report formats, comma-separated: md,json,csv.") var format = "md,json,csv"

    func run() throws {
        let formats: [ReportFormat]
        switch ReportFormat.parseList(format) {
        case .success(let parsed): formats = parsed
        case .failure(let problem): throw ValidationError(problem.description)
        }
        let job = ScenarioJob(files: files, seed: seed, outputDirectory: out, tracePath: trace, formats: formats)
        let status = job.execute(output: { print($0) }, errors: FileHandleOutput.standardError)
        throw ExitCode(status.rawValue)
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check scenario files without running them.")

    @Argument(help: "Scenario files (YAML).") var files: [String]

    func run() throws {
        throw ExitCode(ScenarioJob.validate(files) { print($0) }.rawValue)
    }
}

struct MapReduceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapreduce",
        abstract: "Run MapReduce scenario files: a job on a simulated cluster under faults, checked against its sequential run.")

    @Argument(help: "MapReduce scenario files (YAML); input files are read relative to each.") var files: [String]
    @Option(help: "Seed for every run (default: each scenario's own).") var seed: UInt64?
    @Option(help: "Directory for reports; each scenario writes <out>/<name>/.") var out = "results/runs"

    func run() throws {
        let job = MapReduceScenarioJob(files: files, seed: seed, outputDirectory: out)
        throw ExitCode(job.execute(output: { print($0) }, errors: FileHandleOutput.standardError).rawValue)
    }
}

struct Experiment: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the experiments (the load balancer's A-1 … A-4, MapReduce, the backup manager) and write their reports.",
        discussion: "Names: a1, a2, a3, a4, mapreduce, backup, or all. Each reads scenarios/<name>.yaml and writes <out>/<name>/.")

    @Argument(help: "Experiments to run (a1, a2, a3, a4, mapreduce, backup, all).") var names: [String]
    @Option(help: "Directory holding a1.yaml … a4.yaml, mapreduce.yaml and backup.yaml.") var scenarios = "scenarios"
    @Option(help: "Directory for the reports.") var out = "results"
    @Option(help: "Simulations to run at once on separate threads (default: one per core); results are identical for any value.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func run() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        let job = ExperimentJob(names: names, scenarioDirectory: scenarios, outputDirectory: out, jobs: jobs)
        throw ExitCode(job.execute(output: { print($0) }, errors: FileHandleOutput.standardError).rawValue)
    }
}

struct Ops: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an operation scenario against the object store and log every answer.",
        discussion: "Writes <out>/<name>/results.jsonl (one JSON object per operation: status, error code, version id, ETag, keys) and summary.md.")

    @Argument(help: "Operation scenario file (YAML).") var file: String
    @Option(help: "Directory for the results; the scenario writes <out>/<name>/.") var out = "results/ops"

    func run() throws {
        let job = OperationScenarioJob(file: file, outputDirectory: out)
        throw ExitCode(job.execute(output: { print($0) }, errors: FileHandleOutput.standardError).rawValue)
    }
}
