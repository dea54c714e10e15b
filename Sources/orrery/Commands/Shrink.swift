import ArgumentParser
import Reports
import Scenarios

/// `orrery shrink FILE --seed S`: shrinks a failing world run to a 1-minimal fault schedule and
/// workload and writes a standalone scenario file that replays the failure.
struct Shrink: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shrink a failing run: make its chaos explicit, delta-debug the faults and halve the workload, write a file that replays the failure.",
        discussion: """
        Exit codes: 0 shrunk (the written file replays the failure) or nothing to shrink (the run passes), \
        1 the failure could not be shrunk into a file that replays it, 2 bad input or the files cannot be written \
        (an earlier shrink's files are then left as they were).
        """)

    @Argument(help: "A world scenario file (YAML) whose run fails.") var file: String
    @Option(parsing: .unconditional, help: "The seed of the failing run, 0 … 18446744073709551615 (default: the file's own).", transform: NumberArgument.parse) var seed: UInt64?
    @OptionGroup var setValues: SetOption
    @Option(name: .customLong("expect"), help: "Judge the failure by this assertion alone, written as in expect: (repeatable).")
    var expectations: [String] = []
    @Option(help: "Directory for <name>-shrunk.yaml and <name>-shrink.md.") var out = "results/shrink"
    @Option(parsing: .unconditional, help: "The most world runs to spend, 2 … 1000000 (default 1000); a shrink that reaches it writes what it has, smaller but not shown 1-minimal.", transform: NumberArgument.parse(within: Shrinker.maxRunsRange))
    var maxRuns = Shrinker.defaultMaxRuns

    func validate() throws {
        if let problem = OutputPaths.outputDirectoryOptionProblem(out) { throw ValidationError(problem) }
        guard Shrinker.maxRunsRange.contains(maxRuns) else {
            throw ValidationError("--max-runs must be \(NumberFormat.integer(Shrinker.maxRunsRange.lowerBound)) … \(NumberFormat.integer(Shrinker.maxRunsRange.upperBound)), got \(maxRuns)")
        }
    }

    func run() throws {
        let shrinker: Shrinker
        do {
            shrinker = try Shrinker(path: file, seed: seed, expectations: expectations, overrides: setValues.overrides)
        } catch {
            FileHandleOutput.standardError(error.description)
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        // Checked before the shrink's hundreds of runs, not after them.
        if let problem = OutputPaths.problem(outputDirectory: out, tracePath: nil, names: [], files: shrinker.fileNames, inputs: [file]) {
            FileHandleOutput.standardError("error: \(problem)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        switch shrinker.shrink(maxRuns: maxRuns) {
        case .passes(let runs):
            // The command that judged it: with --expect, `orrery run` checks the file's own
            // expectations, and may fail where the shrink found nothing to shrink.
            ProgressDisplay.standardOutput("seed \(shrinker.seed): nothing to shrink: the run passes (\(NumberFormat.counted(runs, "run"))); replay with: \(shrinker.originalCommand)")
            throw ExitCode(ExitStatus.success.rawValue)
        case .notReplayable(let failure, let runs):
            FileHandleOutput.standardError("seed \(shrinker.seed): the run fails (\(failure)), but not the same way once its chaos is written as explicit faults; nothing written (\(NumberFormat.counted(runs, "run")))")
            throw ExitCode(ExitStatus.failed.rawValue)
        case .shrunk(let result):
            let written: ShrunkScenarioWriter.Written
            do {
                written = try ShrunkScenarioWriter.write(result, to: out, watching: shrinker.watched, protecting: [file])
            } catch {
                // A file that cannot be written is bad output (2), the earlier files kept; a
                // shrunk file that does not load is a shrink that failed (1).
                FileHandleOutput.standardError("seed \(shrinker.seed): \(error.description)")
                if case .write = error { throw ExitCode(ExitStatus.badInput.rawValue) }
                throw ExitCode(ExitStatus.failed.rawValue)
            }
            ProgressDisplay.standardOutput(written.report + "wrote \(written.scenarioPath) and \(written.reportPath)")
            guard written.replays else {
                FileHandleOutput.standardError("seed \(shrinker.seed): the written file does not fail the same way on replay; the shrink is not claimed")
                throw ExitCode(ExitStatus.failed.rawValue)
            }
            throw ExitCode(ExitStatus.success.rawValue)
        }
    }
}
