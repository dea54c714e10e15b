import Foundation
import Synchronization
import Testing
@testable import Scenarios

/// Every load of a variant or file, counted through the loaders' one seam: a sweep keeps the
/// scenarios of the first `--jobs` variants its run starts with, checked last, so a sweep of no
/// more variants than `--jobs` loads each once (two variants at `--jobs 2` were loaded four
/// times); `orrery run` keeps its first file, checked last (three files were loaded six times,
/// now five). Nothing more is held than the run holds, refusals come in the same order, and
/// the text's events are read once before composing.
struct SweepLoadsOnceTests {
    /// The loads, in the order they happened.
    final class Loads: Sendable {
        private let loads = Mutex<[Int]>([])
        func add(_ index: Int) { loads.withLock { $0.append(index) } }
        var all: [Int] { loads.withLock { $0 } }
        /// How many times each was loaded.
        var perIndex: [Int: Int] { Dictionary(all.map { ($0, 1) }, uniquingKeysWith: +) }
    }

    /// Eight variants (four × two) of three seeds each, of the variant-loading world.
    static func plan(_ path: String, slots: String = "1,2,3,4", seeds: String = "1..3") throws -> SweepPlan {
        try SweepPlan(file: path, seeds: SeedList(parsing: seeds),
                      dimensions: [ScenarioOverride.parseVariants("servers.0.slots=\(slots)"), ScenarioOverride.parseVariants("workload.users=2,4")])
    }

    static func run(_ sweep: Sweep, _ positions: [Int], jobs: Int) -> (records: [WorldRecord], counts: VariantScenarios.Counts) {
        SweepVariantLoadingTests.run(sweep, positions, jobs: jobs)
    }

    @Test func aSweepOfNoMoreVariantsThanJobsLoadsEachVariantOnce() throws {
        let path = try SweepVariantLoadingTests.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try Self.plan(path)
        let loads = Loads()
        let sweep = try Sweep.load(plan, jobs: 8, shard: nil, keeping: 8, loading: { loads.add($0) })
        #expect(loads.all.sorted() == Array(0..<8))
        #expect(sweep.kept.variants == Array(0..<8))
        let run = Self.run(sweep, sweep.positions(in: nil), jobs: 8)
        #expect(loads.perIndex == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 1) }))
        #expect(run.counts.loaded == 8)
        try #expect(run.records == Self.alone(plan, path))
        // The command keeps as many as run at once: `--jobs`, at most one per core.
        #expect(try Sweep.load(plan, jobs: 8).kept.variants == Array(0..<min(8, ParallelWorlds.cores)))
        #expect(try Sweep.load(plan, jobs: 1).kept.variants == [0])
    }

    @Test func variantsBeyondJobsAreCheckedFirstAndLoadedAgainTheKeptOnesOnce() throws {
        let path = try SweepVariantLoadingTests.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try Self.plan(path)
        // One at a time: variant 0, which the run starts with, checked last and kept.
        let loads = Loads()
        let sweep = try Sweep.load(plan, jobs: 1, shard: nil, keeping: 1, loading: { loads.add($0) })
        #expect(loads.all == [1, 2, 3, 4, 5, 6, 7, 0])
        #expect(sweep.kept.variants == [0])
        let one = Self.run(sweep, sweep.positions(in: nil), jobs: 1)
        #expect(loads.all == [1, 2, 3, 4, 5, 6, 7, 0] + [1, 2, 3, 4, 5, 6, 7])
        #expect(one.counts == VariantScenarios.Counts(loaded: 8, mostHeld: 1))
        #expect(sweep.kept.variants == [])
        // Two at a time: variants 0 and 1 kept, each other loaded twice.
        let twoLoads = Loads()
        let two = try Sweep.load(plan, jobs: 2, shard: nil, keeping: 2, loading: { twoLoads.add($0) })
        #expect(twoLoads.all.prefix(6).sorted() == [2, 3, 4, 5, 6, 7])
        #expect(twoLoads.all.dropFirst(6).sorted() == [0, 1])
        #expect(two.kept.variants == [0, 1])
        let ran = Self.run(two, two.positions(in: nil), jobs: 2)
        #expect(twoLoads.perIndex == [0: 1, 1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2])
        #expect(ran.counts.loaded == 8)
        #expect(ran.counts.mostHeld <= 2)
        try #expect(one.records == Self.alone(plan, path))
        #expect(ran.records == one.records)
    }

    /// A shard keeps the variant its first world runs; a run that starts elsewhere keeps nothing.
    @Test func aShardKeepsTheVariantItsWorldsStartWith() throws {
        let path = try SweepVariantLoadingTests.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try Self.plan(path, seeds: "1..2")
        let shard = try Shard(parsing: "3/7")
        let loads = Loads()
        let sweep = try Sweep.load(plan, jobs: 1, shard: shard, keeping: 1, loading: { loads.add($0) })
        #expect(loads.all == [0, 2, 3, 4, 5, 6, 7, 1])
        #expect(sweep.kept.variants == [1])
        let positions = sweep.positions(in: shard)
        #expect(positions == [2, 9])
        let run = Self.run(sweep, positions, jobs: 1)
        #expect(loads.all == [0, 2, 3, 4, 5, 6, 7, 1] + [4])
        #expect(run.counts == VariantScenarios.Counts(loaded: 2, mostHeld: 1))
        // Loaded for another shard: the kept variant is released unused.
        let other = try Sweep.load(plan, jobs: 1, shard: shard)
        let whole = Self.run(other, other.positions(in: try Shard(parsing: "1/7")), jobs: 1)
        #expect(whole.counts == VariantScenarios.Counts(loaded: 3, mostHeld: 1))
        #expect(other.kept.variants == [])
    }

    /// The kept variants are checked last, but the error is still the lowest bad variant's, for
    /// any `jobs`: variant 0 (`zero`, kept) and variant 2 (`-1`) are bad, and variant 0's value
    /// is named, as the loader names it alone.
    @Test func theLowestBadVariantIsRefusedWhicheverIsCheckedFirst() throws {
        let path = try SweepVariantLoadingTests.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try SweepPlan(file: path, seeds: SeedList(parsing: "1..3"), dimensions: [ScenarioOverride.parseVariants("servers.0.slots=zero,1,-1,2")])
        var expected: String?
        do { _ = try ScenarioFile.load(path: path, overrides: plan.variant(0), option: "--vary") } catch { expected = error.description }
        #expect(expected?.hasPrefix("\(path):6:32: error: expected an integer, found 'zero' (the value comes from --vary servers.0.slots=zero)") == true)
        for jobs in [1, 2, 4] {
            let loads = Loads()
            do {
                _ = try Sweep.load(plan, jobs: jobs, shard: nil, keeping: jobs, loading: { loads.add($0) })
                Issue.record("bad variants were accepted")
            } catch {
                #expect(error.description == expected, "jobs \(jobs)")
            }
            // One at a time: variant 2 found bad, 3 not started, then variant 0 checked.
            if jobs == 1 { #expect(loads.all == [1, 2, 0]) }
        }
    }

    /// `orrery run FILE...`: the first file is checked last and kept; the others are checked and
    /// loaded again; errors come in the files' order.
    @Test func severalFilesLoadTheFirstOnceAndReportErrorsInOrder() throws {
        let directory = try CheckedScenarioFilesTests.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try (1...3).map { index in
            let path = directory.appendingPathComponent("w\(index).yaml").path
            try CheckedScenarioFilesTests.world("world-\(index)").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let loads = Loads()
        var seen: [String] = []
        guard let checked = CheckedScenarioFiles.check(paths, overrides: [], report: { Issue.record("\($0)") },
                                                       facts: { file in seen.append(file.name); return file.name }, loading: { loads.add($0) })
        else { Issue.record("good files refused"); return }
        #expect(loads.all == [1, 2, 0])
        #expect(seen == ["world-2", "world-3", "world-1"])
        #expect(checked.entries.map(\.facts) == ["world-1", "world-2", "world-3"])
        #expect(checked.entries.map(\.path) == paths)
        for index in paths.indices { #expect(try checked.load(index).name == "world-\(index + 1)") }
        #expect(loads.all == [1, 2, 0, 1, 2])
        #expect(loads.perIndex == [0: 1, 1: 2, 2: 2])
        // A single file: loaded once.
        let single = Loads()
        guard let only = CheckedScenarioFiles.check([paths[1]], overrides: [], report: { Issue.record("\($0)") }, facts: { _ in () }, loading: { single.add($0) })
        else { Issue.record("a good file refused"); return }
        #expect(try only.load(0).name == "world-2")
        #expect(single.all == [0])
        // The first file bad, and the last: both reported, in order, with the loader's words.
        try "name: [".write(toFile: paths[0], atomically: true, encoding: .utf8)
        try CheckedScenarioFilesTests.world("world-3").replacingOccurrences(of: "slots: 1", with: "slots: zero").write(toFile: paths[2], atomically: true, encoding: .utf8)
        var expected: [String] = []
        for path in [paths[0], paths[2]] {
            do { _ = try ScenarioFile.load(path: path) } catch { expected.append(error.description) }
        }
        #expect(expected.count == 2)
        var reported: [String] = []
        let refused = CheckedScenarioFiles.check(paths, report: { reported.append($0.description) }, facts: { _ in () })
        #expect(refused == nil)
        #expect(reported == expected)
    }

    /// The node count and the alias-key check read a large text with a `*` in one pass, with the
    /// answers each gives alone: the node past the limit first, else the key.
    @Test func theEventsAreReadOnceForTheNodeCountAndTheAliasKeys() {
        let key = "a: &a [1]\nm:\n  ? *a\n  : 1\nl: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n"
        let alone = YAMLAliasKeys.first(in: key)
        #expect(alone?.line == 3)
        #expect(alone?.column == 5)
        // Within the limit: the key, found as the alias-key check finds it.
        let keyOnly = YAMLAliasKeys.beforeComposing(key, nodeLimit: 40)
        #expect(keyOnly.nodePastLimit == nil)
        #expect(keyOnly.key == alone)
        #expect(YAMLEvents.nodePastLimit(in: key, limit: 40) == nil)
        // Past it: the node that crosses it, as the node count finds it, even after the key.
        let both = YAMLAliasKeys.beforeComposing(key, nodeLimit: 12)
        #expect(both.key == nil)
        #expect(both.nodePastLimit.map { [$0.line, $0.column] } == [5, 11])
        #expect(YAMLEvents.nodePastLimit(in: key, limit: 12).map { [$0.line, $0.column] } == [5, 11])
        // Neither: nothing.
        let plain = "a: &a [1]\nb: *a\nl: [0, 0, 0]\n"
        let none = YAMLAliasKeys.beforeComposing(plain, nodeLimit: 40)
        #expect(none.nodePastLimit == nil)
        #expect(none.key == nil)
    }

    /// The records of every world of `plan`, each run on its own.
    static func alone(_ plan: SweepPlan, _ path: String) throws -> [WorldRecord] {
        let sweep = try Sweep.load(plan)
        return (0..<plan.worldCount).map(sweep.runWorld(at:))
    }
}
