import ArgumentParser
import Foundation
import Scenarios

/// The options every command that runs worlds shares, declared once.
struct RunOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Seed for every run, 0 … 18446744073709551615 (default: each scenario's own).", transform: NumberArgument.parse) var seed: UInt64?
    @Option(help: "Directory for reports; each scenario writes <out>/<name>/.") var out = "results/runs"
    @OptionGroup var parallel: ParallelOption
    @Option(help: "Report formats, comma-separated: md,json,csv (default: all).", transform: FormatList.init(parsing:))
    var format = FormatList(ReportFormat.allCases)

    func validate() throws {
        if let problem = OutputPaths.outputDirectoryOptionProblem(out) { throw ValidationError(problem) }
    }
}

/// `--jobs`, shared by every command that runs many simulations.
struct ParallelOption: ParsableArguments {
    /// How many simulations may run at once.
    static let jobsRange = 1...1_024
    @Option(parsing: .unconditional, help: "Simulations to run at once on separate threads, \(NumberArgument.rangeText(jobsRange)), at most one per core (the default); results are identical for any value.", transform: NumberArgument.parse(within: jobsRange))
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    @Flag(help: "No progress line on stderr (it shows only on a terminal, after a second).") var quiet = false

    func validate() throws {
        guard Self.jobsRange.contains(jobs) else { throw ValidationError("--jobs must be \(NumberArgument.rangeText(Self.jobsRange)), got \(jobs)") }
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

/// `--set PATH=VALUE` and `--vary PATH=V1,V2`, read by the library's rules.
enum OverrideArgument {
    /// A `--set PATH=VALUE`; `seed` is refused, since the seed is `--seed`'s: with both, the run
    /// took `--seed` and its replay command named the other.
    static func parse(_ argument: String) throws -> ScenarioOverride {
        let override: ScenarioOverride
        do { override = try ScenarioOverride(parsing: argument) } catch { throw ValidationError(error.description) }
        if override.path == "seed" { throw ValidationError("--set seed: a run's seed is given with --seed") }
        return override
    }

    static func parseVariants(_ argument: String) throws -> [ScenarioOverride] {
        do { return try ScenarioOverride.parseVariants(argument) } catch { throw ValidationError(error.description) }
    }
}
