import ArgumentParser
import Scenarios

/// `orrery run FILE...`: any scenario file — a world of any sections, a single MapReduce job, an
/// experiment file.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenario files — worlds of any sections, single MapReduce jobs, experiments — and write their reports.")

    @Argument(help: "Scenario files (YAML).") var files: [String]
    @OptionGroup var options: RunOptions
    @OptionGroup var observation: ObservationArguments
    @OptionGroup var setValues: SetOption
    var overrides: [ScenarioOverride] { setValues.overrides }
    @Flag(help: .hidden) var digestOnly = false

    func validate() throws {
        if observation.trace != nil && files.count != 1 { throw ValidationError("--trace needs exactly one scenario file (got \(files.count))") }
        if observation.metrics != nil && files.count != 1 { throw ValidationError("--metrics needs exactly one scenario file (got \(files.count))") }
    }

    func run() throws {
        // Every file is loaded and checked before anything runs, one at a time, the first last,
        // and each but the first loaded again to run: only one is held at a time
        // (``CheckedScenarioFiles``). The observation options
        // are read first (they are pure) but their problems reported after the files', as before.
        let observingOptions = Result { try observation.options }
        let checkedObserving = try? observingOptions.get()
        guard let checked = CheckedScenarioFiles.check(files, overrides: overrides, report: { FileHandleOutput.standardError($0.description) }, facts: { file in
            RunFacts(isExperiment: { if case .experiment = file { true } else { false } }(),
                     problem: checkedObserving.flatMap { $0.metricsProblem(for: file) ?? $0.traceWindowProblem(for: file) })
        }) else { throw ExitCode(ExitStatus.badInput.rawValue) }
        if digestOnly {
            // A sweep's determinism check replays a world in a child process and compares digests.
            for index in checked.entries.indices {
                let outcome = try checked.load(index).run(seed: options.seed, formats: [], overrides: overrides)
                FileHandleOutput.writeStandardOutput((outcome.digest ?? "-") + "\n")
            }
            return
        }
        let observing = try observingOptions.get()
        if observing.trace != nil || observing.metrics, let experiment = checked.entries.first(where: \.facts.isExperiment) {
            FileHandleOutput.standardError("error: --trace and --metrics show one world; \(experiment.file) is an experiment file (run one of the worlds it reads instead)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        if Set(options.format.formats) != Set(ReportFormat.allCases), let experiment = checked.entries.first(where: \.facts.isExperiment) {
            FileHandleOutput.standardError("error: --format chooses a world's report files; \(experiment.file) is an experiment file, whose report is written in every format (leave --format out)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        if let problem = checked.entries.lazy.compactMap(\.facts.problem).first {
            FileHandleOutput.standardError("error: " + problem)
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let writer = OutcomeWriter(outputDirectory: options.out, tracePath: observation.trace, metricsPath: observation.metrics,
                                   inputs: files + checked.entries.flatMap(\.dataFiles))
        guard writer.checkPaths(names: checked.entries.map { ($0.name, $0.file) }) else { throw ExitCode(ExitStatus.badInput.rawValue) }
        let status = ProgressDisplay.around(quiet: options.parallel.quiet) {
            writer.runAll(Array(checked.entries.indices)) { index throws(ExperimentFailure) in
                try checked.load(index).run(seed: options.seed, jobs: options.parallel.jobs, formats: options.format.formats, observing: observing, overrides: overrides)
            }
        }
        throw ExitCode(status.rawValue)
    }

    /// What `run` keeps of a checked file: whether it is an experiment, and why the observation
    /// options cannot show it.
    struct RunFacts: Sendable {
        var isExperiment: Bool
        var problem: String?
    }
}

/// `orrery validate FILE...`: loads every file as `run` would, runs nothing.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check scenario files of every kind without running them.")

    @Argument(help: "Scenario files (YAML).") var files: [String]

    func run() throws {
        var status = ExitStatus.success
        for file in files {
            do {
                ProgressDisplay.standardOutput("\(file): ok (\(try ScenarioFile.load(path: file).validationSummary))")
            } catch {
                FileHandleOutput.standardError(error.description)
                status = .badInput
            }
        }
        throw ExitCode(status.rawValue)
    }
}
