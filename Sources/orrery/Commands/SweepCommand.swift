import ArgumentParser
import Foundation
import Reports
import Scenarios

/// `orrery sweep FILE --seeds 1..200 [--vary PATH=V1,V2]...`: every (variant, seed) world of one
/// scenario file, with intervals over the seeds; `--shard i/n` runs one part for `orrery merge`.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a scenario over many seeds and variants and report means, 95 % intervals, pass rates and failing seeds.",
        discussion: """
            Writes <out>/<name>/: report.md, report.json, metrics.csv, expectations.csv, failures.csv, comparisons.csv, \
            intervals.svg, and the raw worlds.jsonl with sweep.json. With --shard i/n (or --shards n and a scheduler's \
            JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID) only every n-th world runs, into <out>/<name>/shard-i-of-n/; \
            `orrery merge` then writes exactly the report the whole sweep would. Exit 1 when any world failed.
            """)

    @Argument(help: "A scenario file (a world, not an experiment).") var file: String
    @Option(parsing: .unconditional, help: "Seeds: a range 1..200, single seeds, or a comma-separated list of both (at most 1,000,000).") var seeds: String
    @Option(name: .customLong("vary"), help: ArgumentHelp("Run every listed value of one key path, e.g. --vary balancer.strategy=round_robin,least_conn (repeatable; variants are every combination, at most 1,000, and at most 1,000,000 worlds with the seeds).",
                               valueName: "path=v1,v2,..."))
    var varyArguments: [String] = []
    /// `--vary`, read in ``validate()`` (a transform's error quoted the whole argument).
    var vary: [[ScenarioOverride]] { varyArguments.compactMap { try? ScenarioOverride.parseVariants($0) } }
    @Option(help: "Directory for the sweep; it writes <out>/<name>/.") var out = "results/sweeps"
    @OptionGroup var parallel: ParallelOption
    @Option(parsing: .unconditional, help: "Run only shard i of n (1-based, n from 1 to 100,000), e.g. --shard 2/8.") var shard: String?
    @Option(parsing: .unconditional, help: "Split into n shards (1 … 100,000) and take this process's shard from JOB_COMPLETION_INDEX (Kubernetes, 0-based) or SLURM_ARRAY_TASK_ID (from SLURM_ARRAY_TASK_MIN; both at least 0).", transform: NumberArgument.parse(within: 1...Shard.maximumCount))
    var shards: Int?
    @Flag(help: "Replay every world in a child process with another hash seed and stop at the first whose digest differs (exit 1; exit 2 if a child cannot be started or ends without a digest).")
    var checkDeterminism = false

    func validate() throws {
        for argument in varyArguments {
            if let problem = VaryList(argument)?.thousandsSeparatorProblem { throw ValidationError(problem) }
            // A value listed twice is refused in run(), once every value's type is checked.
            if Self.repeatedValues(argument) != nil { continue }
            _ = try OverrideArgument.parseVariants(argument)
        }
        if let problem = OutputPaths.outputDirectoryOptionProblem(out) { throw ValidationError(problem) }
        // `1,000` is one number with a thousands separator before it is a seed `000`.
        if let problem = SeedList.thousandsSeparatorProblem(seeds) { throw ValidationError("--seeds: \(problem)") }
        if let problem = SeedList.plainDigitsProblem(seeds) { throw ValidationError("--seeds: \(problem)") }
    }

    /// The values of a `--vary` refused only because two of them are one value (`1_000,1e3`):
    /// each value alone is a good override and there are not too many. Nil for any other list.
    static func repeatedValues(_ argument: String) -> VaryList? {
        guard (try? ScenarioOverride.parseVariants(argument)) == nil, let list = VaryList(argument),
              list.values.count <= SweepPlan.maximumVariants,
              list.values.allSatisfy({ (try? ScenarioOverride(parsing: "\(list.path)=\($0)")) != nil }) else { return nil }
        return list
    }

    /// Refuses a `--vary` that lists one value twice, after loading the file with each of its
    /// values: `run.requests=1_000,1e3` said "lists the value '1e3' twice (as '1_000')" where
    /// `1e3` is no count at all, as `--set run.requests=1e3` says.
    private func refuseRepetitions(seeds seedList: SeedList) throws {
        for argument in varyArguments {
            guard let list = Self.repeatedValues(argument) else { continue }
            let each = try SweepPlan(file: file, seeds: seedList, dimensions: [list.values.map { ScenarioOverride(path: list.path, value: $0) }])
            do { _ = try Sweep.load(each, jobs: parallel.jobs) } catch {
                FileHandleOutput.standardError(error.description)
                throw ExitCode(ExitStatus.badInput.rawValue)
            }
            _ = try OverrideArgument.parseVariants(argument)
        }
    }

    func run() throws {
        let plan: SweepPlan
        let selected: Shard?
        do {
            let seedList: SeedList
            do { seedList = try SeedList(parsing: seeds) } catch { throw ValidationError("--seeds: \(error)") }
            try refuseRepetitions(seeds: seedList)
            plan = try SweepPlan(file: file, seeds: seedList, dimensions: vary)
            selected = try Shard.selected(option: shard, count: shards, environment: ProcessInfo.processInfo.environment)
        } catch {
            if error is ExitCode { throw error }
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let sweep: Sweep
        do { sweep = try Sweep.load(plan, jobs: parallel.jobs, shard: selected) } catch {
            FileHandleOutput.standardError(error.description)
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let path = SweepDirectory.path(out: out, name: sweep.manifest.name, shard: selected)
        if let problem = OutputPaths.problem(outputDirectory: path, tracePath: nil, names: [], files: SweepDirectory.fileNames(sharded: selected != nil), inputs: [file]) {
            FileHandleOutput.standardError("error: \(problem)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let directory: SweepDirectory
        do { directory = try SweepDirectory(path: path, protecting: [file]) } catch {
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let progress = SweepProgress(directory: directory, keepsRecords: selected == nil)
        var verify: (@Sendable (WorldRecord) -> SweepStop?)?
        if checkDeterminism {
            let replayer = ChildReplay(file: file, manifest: sweep.manifest)
            verify = { record in replayer.mismatch(record) }
        }
        ProgressDisplay.around(quiet: parallel.quiet) {
            sweep.run(sweep.positions(in: selected), jobs: parallel.jobs, verify: verify) { record, mismatch in
                progress.take(record, mismatch: mismatch)
            }
        }
        if let stop = progress.stop {
            directory.abandon()
            FileHandleOutput.standardError(stop.message)
            throw ExitCode(Self.exitStatus(stopping: stop.cause).rawValue)
        }
        let manifest = sweep.manifest(for: selected)
        let report = selected == nil ? SweepReport(manifest: manifest, records: progress.records) : nil
        do { try directory.finish(manifest: manifest, report: report) } catch {
            FileHandleOutput.standardError("error: \(error)")
            throw ExitCode(ExitStatus.badInput.rawValue)
        }
        let failed = progress.failed
        ProgressDisplay.standardOutput("sweep \(manifest.name)\(selected.map { " shard \($0)" } ?? ""): \(NumberFormat.counted(progress.count, "world")) of \(NumberFormat.integer(manifest.worlds)) "
              + "(\(NumberFormat.counted(manifest.variants.count, "variant")) × \(NumberFormat.counted(manifest.seedCount, "seed"))), "
              + "\(NumberFormat.integer(progress.count - failed)) passed, \(NumberFormat.integer(failed)) failed; wrote \(path)/"
              + (selected.map { Self.emptyShardNote($0, worlds: manifest.worlds) } ?? ""))
        if let report {
            for (index, variant) in report.variants.enumerated() where !variant.failures.isEmpty {
                FileHandleOutput.standardError("variant \(index + 1) (\(variant.label.markdownLine)): \(NumberFormat.counted(variant.failures.count, "failing seed")), e.g. replay with: \(manifest.replayCommand(variant: index, seed: variant.failures[0].seed, onTerminal: true))")
            }
        }
        throw ExitCode((failed == 0 ? ExitStatus.success : .failed).rawValue)
    }

    /// What the summary adds for a shard with no world, which a sweep of fewer worlds than shards
    /// has (`--shard 5/8` of 3 worlds): it is accepted and written empty, because the shard count
    /// is the scheduler's array size — a Kubernetes Indexed Job's `completions`, a Slurm
    /// `--array` — fixed apart from `--seeds`, and `merge` (and the Job's merge, which waits for
    /// every shard's worlds.jsonl) needs every shard 1 … n; refused, its pod or task would fail
    /// and the whole sweep with it. Empty for a shard with worlds.
    static func emptyShardNote(_ shard: Shard, worlds: Int) -> String {
        guard shard.index > worlds else { return "" }
        return " (no world falls to shard \(shard): the sweep has \(NumberFormat.counted(worlds, "world")) for \(NumberFormat.counted(shard.count, "shard")); "
            + "the empty shard is written because merge needs every shard)"
    }

    /// The exit status of a sweep stopped for `cause`: 1 for a world that replayed to another
    /// digest, 2 for the environment's failure.
    private static func exitStatus(stopping cause: SweepStop.Cause) -> ExitStatus {
        switch cause {
        case .nondeterminism: .failed
        case .environment: .badInput
        }
    }
}
