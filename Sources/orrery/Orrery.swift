import Foundation
import ArgumentParser
import Scenarios

/// `orrery`: parses the command line, hands over to `Scenarios`, prints, and chooses the exit code.
@main
struct Orrery: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A deterministic, virtual-time simulator of load balancers, MapReduce clusters, partitioned logs and object stores.",
        discussion: "Exit codes: 0 success, 1 a run failed (an expect: assertion, or the simulation stopped early), 2 bad input.",
        subcommands: [Run.self, Validate.self, Experiment.self, MapReduceCommand.self, Ops.self])

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

/// The options every command that runs worlds shares, declared once.
struct RunOptions: ParsableArguments {
    @Option(help: "Seed for every run, 0 … 18446744073709551615 (default: each scenario's own).") var seed: UInt64?
    @Option(help: "Directory for reports; each scenario writes <out>/<name>/.") var out = "results/runs"
    @Option(help: "Simulations to run at once on separate threads (default: one per core); results are identical for any value.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Report formats, comma-separated: md,json,csv (default: all).", transform: FormatList.init(parsing:))
    var format = FormatList(ReportFormat.allCases)

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        guard !out.isEmpty else { throw ValidationError("--out must name a directory") }
    }
}

/// `--format md,json`: a list of report formats, checked by the parser.
struct FormatList {
    var formats: [ReportFormat]

    init(_ formats: [ReportFormat]) { self.formats = formats }

    /// The list `argument` names, or the parser's error saying what is wrong with it.
    init(parsing argument: String) throws {
        switch ReportFormat.parseList(argument) {
        case .success(let parsed): formats = parsed
        case .failure(let problem): throw ValidationError(problem.description)
        }
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenario files — worlds of any sections, single MapReduce jobs, experiments — and write their reports.")

    @Argument(help: "Scenario files (YAML).") var files: [String]
    @OptionGroup var options: RunOptions
    @Option(help: "Write every trace event as JSON lines to this file (one scenario only).") var trace: String?

    func run() throws {
        var job = ScenarioJob(files: files, seed: options.seed, outputDirectory: options.out, tracePath: trace, formats: options.format.formats)
        job.jobs = options.jobs
        let status = job.execute(output: { print($0) }, errors: FileHandleOutput.standardError)
        throw ExitCode(status.rawValue)
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check scenario files of every kind without running them.")

    @Argument(help: "Scenario files (YAML).") var files: [String]

    func run() throws {
        throw ExitCode(ScenarioJob.validate(files) { print($0) }.rawValue)
    }
}

/// An experiment named on the command line, or `all`.
struct ExperimentChoice: ExpressibleByArgument {
    var names: [ExperimentName]

    init?(argument: String) {
        if argument == "all" {
            names = ExperimentName.allCases
        } else if let name = ExperimentName(rawValue: argument) {
            names = [name]
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { ExperimentName.allCases.map(\.rawValue) + ["all"] }
}

struct Experiment: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the experiments and write their reports.",
        discussion: "Experiments:\n" + ExperimentName.allCases.map { "  \($0.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n")
            + "\nEach reads its file(s) in --scenarios and writes <out>/<name>/; `orrery run FILE` runs an experiment file too.")

    @Argument(help: "Experiments to run (or all).") var names: [ExperimentChoice] = []
    @Flag(help: "List the experiments and the files they read.") var list = false
    @Option(help: "Directory holding the experiments' files.") var scenarios = "scenarios"
    @Option(help: "Directory for the reports.") var out = "results"
    @Option(help: "Simulations to run at once on separate threads (default: one per core); results are identical for any value.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        guard list || !names.isEmpty else { throw ValidationError("name at least one experiment, or all (see --list)") }
    }

    func run() throws {
        if list {
            for name in ExperimentName.allCases {
                print("\(name.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)) \(name.files.map { "\(scenarios)/\($0)" }.joined(separator: ", ")): \(name.summary)")
            }
            return
        }
        let job = ExperimentJob(names: names.flatMap(\.names).map(\.rawValue), scenarioDirectory: scenarios, outputDirectory: out, jobs: jobs)
        throw ExitCode(job.execute(output: { print($0) }, errors: FileHandleOutput.standardError).rawValue)
    }
}

struct MapReduceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapreduce",
        abstract: "Run single-job MapReduce files (an alias of `orrery run` kept for its name).")

    @Argument(help: "MapReduce scenario files (YAML); input files are read relative to each.") var files: [String]
    @Option(help: "Seed for every run (default: each scenario's own).") var seed: UInt64?
    @Option(help: "Directory for reports; each scenario writes <out>/<name>/.") var out = "results/runs"

    func run() throws {
        let job = MapReduceScenarioJob(files: files, seed: seed, outputDirectory: out)
        throw ExitCode(job.execute(output: { print($0) }, errors: FileHandleOutput.standardError).rawValue)
    }
}

struct Ops: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an operation scenario against the object store and log every answer.",
        discussion: "Writes <out>/<name>/results.jsonl (one JSON object per operation: status, error code, version id, ETag, keys) and summary.md. `orrery run` runs the same file as a world.")

    @Argument(help: "Operation scenario file (YAML).") var file: String
    @Option(help: "Directory for the results; the scenario writes <out>/<name>/.") var out = "results/ops"

    func run() throws {
        let job = OperationScenarioJob(file: file, outputDirectory: out)
        throw ExitCode(job.execute(output: { print($0) }, errors: FileHandleOutput.standardError).rawValue)
    }
}
