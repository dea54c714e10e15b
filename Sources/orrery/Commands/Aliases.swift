import ArgumentParser
import Scenarios

/// `orrery mapreduce FILE...`: `orrery run` under the name MapReduce users look for.
struct MapReduceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapreduce",
        abstract: "Run single-job MapReduce files (an alias of `orrery run` kept for its name).")

    @Argument(help: "MapReduce scenario files (YAML); input files are read relative to each.") var files: [String]
    @OptionGroup var options: RunOptions

    func run() throws {
        // As `run`: every file checked first, one loaded at a time (``CheckedScenarioFiles``).
        guard let checked = CheckedScenarioFiles.check(files, report: { FileHandleOutput.standardError($0.description) }, facts: { _ in () }) else {
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let writer = OutcomeWriter(outputDirectory: options.out, inputs: files)
        guard writer.checkPaths(names: checked.entries.map { ($0.name, $0.file) }) else { throw ExitCode(ExitStatus.badInput.rawValue) }
        let status = writer.runAll(Array(checked.entries.indices)) { index throws(ExperimentFailure) in
            try checked.load(index).run(seed: options.seed, jobs: options.parallel.jobs, formats: options.format.formats)
        }
        throw ExitCode(status.rawValue)
    }
}

/// `orrery ops FILE`: an operation scenario, every answer logged.
struct Ops: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an operation scenario against the object store and log every answer.",
        discussion: "Writes <out>/<name>/results.jsonl (one JSON object per operation: status, error code, version id, ETag, keys) and summary.md. `orrery run` runs the same file as a world.")

    @Argument(help: "Operation scenario file (YAML).") var file: String
    @Option(help: "Directory for the results; the scenario writes <out>/<name>/.") var out = "results/ops"

    func run() throws {
        let scenario: OperationScenario
        do { scenario = try ScenarioLoader.loadOperationScenario(path: file) } catch {
            FileHandleOutput.standardError(error.description)
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let writer = OutcomeWriter(outputDirectory: out, inputs: [file])
        guard writer.checkPaths(names: [(scenario.name, file)]) else { throw ExitCode(ExitStatus.badInput.rawValue) }
        let status = writer.runAll([scenario], run: { $0.run() }, summary: { outcome, written in
            "\(outcome.headline ?? outcome.name); wrote \(written.joined(separator: ", "))"
        })
        throw ExitCode(status.rawValue)
    }
}
