import ArgumentParser
import Foundation
import Scenarios

/// An experiment named on the command line, or `all`.
struct ExperimentChoice: ExpressibleByArgument {
    var experiments: [any Experiment.Type]

    init?(argument: String) {
        if argument == "all" {
            experiments = ExperimentRegistry.all
        } else if let experiment = ExperimentRegistry.named(argument) {
            experiments = [experiment]
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { ExperimentRegistry.names + ["all"] }
}

/// `orrery experiment NAME... | all | --list`.
struct ExperimentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "experiment",
        abstract: "Run the experiments and write their reports.",
        discussion: "Experiments:\n" + ExperimentRegistry.all.map { "  \(pad($0.name)) \($0.summary)" }.joined(separator: "\n")
            + "\nEach reads its files in --scenarios and writes <out>/<name>/; `orrery run FILE` runs an experiment file too.")

    @Argument(help: "Experiments to run (or all).") var names: [ExperimentChoice] = []
    @Flag(help: "List the experiments and the files they read.") var list = false
    @Option(help: "Directory holding the experiments' files.") var scenarios = "scenarios"
    @Option(help: "Directory for the reports.") var out = "results"
    @OptionGroup var parallel: ParallelOption

    static func pad(_ name: String) -> String { name.padding(toLength: 11, withPad: " ", startingAt: 0) }

    func validate() throws {
        guard list || !names.isEmpty else { throw ValidationError("name at least one experiment, or all (see --list)") }
        if let problem = OutputPaths.outputDirectoryOptionProblem(out) { throw ValidationError(problem) }
        // A file or a missing path as --scenarios was reported as each experiment's file missing.
        var isDirectory: ObjCBool = false
        guard list || (FileManager.default.fileExists(atPath: scenarios, isDirectory: &isDirectory) && isDirectory.boolValue) else {
            throw ValidationError("--scenarios '\(scenarios)' is not a directory (it holds the experiments' files, e.g. scenarios/a1.yaml)")
        }
    }

    func run() throws {
        if list {
            for experiment in ExperimentRegistry.all {
                ProgressDisplay.standardOutput("\(Self.pad(experiment.name)) \(experiment.files.map { "\(scenarios)/\($0)" }.joined(separator: ", ")): \(experiment.summary)")
            }
            return
        }
        // Each experiment once, in the order named; every file is loaded before anything runs.
        var chosen: [any Experiment.Type] = []
        for experiment in names.flatMap(\.experiments) where !chosen.contains(where: { $0.name == experiment.name }) {
            chosen.append(experiment)
        }
        var loaded: [any Experiment] = []
        for experiment in chosen {
            do { loaded.append(try experiment.load(from: scenarios)) } catch {
                FileHandleOutput.standardError(error.description)
                throw ExitCode(ExitStatus.badInput.rawValue)
            }
        }
        let writer = OutcomeWriter(outputDirectory: out, inputs: chosen.flatMap { $0.files.map { (scenarios as NSString).appendingPathComponent($0) } })
        guard writer.checkPaths(names: chosen.map { ($0.name, "experiment \($0.name)") }) else { throw ExitCode(ExitStatus.badInput.rawValue) }
        let jobs = parallel.jobs
        let status = ProgressDisplay.around(quiet: parallel.quiet) { writer.runExperiments(loaded, jobs: jobs) }
        throw ExitCode(status.rawValue)
    }
}
