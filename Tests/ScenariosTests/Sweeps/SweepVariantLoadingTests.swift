import Foundation
import Synchronization
import Testing
@testable import Scenarios

/// A sweep keeps only its composed file and overrides: each variant is checked up front (a bad one
/// refused before any world runs), loaded again when its first world starts and released after
/// its last, so that at most `--jobs` loaded scenarios are held at once however many variants
/// there are (32 variants of a file whose aliases expanded to 8 million values held 2.15 GB).
struct SweepVariantLoadingTests {
    static let scenario = """
        name: variant-loading
        seed: 1
        run: {requests: 60}
        network: {latency: 0.5ms}
        servers:
          - {name: s, count: 2, slots: 2, queue: 50, service_time: {exponential: 2ms}}
        workload: {type: closed_loop, users: 4, timeout: 1s}
        expect:
          - success_ratio >= 0.99
        """

    static func file(_ text: String = scenario) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("variant-loading-\(UInt64.random(in: 0...UInt64.max)).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Eight variants (four × two) of three seeds each.
    static func plan(_ path: String, seeds: String = "1..3") throws -> SweepPlan {
        try SweepPlan(file: path, seeds: SeedList(parsing: seeds),
                      dimensions: [ScenarioOverride.parseVariants("servers.0.slots=1,2,3,4"), ScenarioOverride.parseVariants("workload.users=2,4")])
    }

    /// The variants loaded, in the order they were.
    final class Loads: Sendable {
        private let loads = Mutex<[Int]>([])
        func add(_ variant: Int) { loads.withLock { $0.append(variant) } }
        var all: [Int] { loads.withLock { $0 } }
    }

    static func run(_ sweep: Sweep, _ positions: [Int], jobs: Int) -> (records: [WorldRecord], counts: VariantScenarios.Counts) {
        let records = Mutex<[WorldRecord]>([])
        let counts = sweep.runCounting(positions, jobs: jobs) { record, _ in
            records.withLock { $0.append(record) }
            return true
        }
        return (records.withLock { $0 }, counts)
    }

    @Test func eachVariantIsLoadedOnceWhenItsWorldsRunAndAtMostJobsAreHeld() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try Self.plan(path)
        var sweep = try Sweep.load(plan)
        let loads = Loads()
        sweep.willLoad = { loads.add($0) }
        let positions = sweep.positions(in: nil)
        // One at a time: each variant loaded once, in order, one held at a time (variant 0 as
        // checked, kept for the run).
        let one = Self.run(sweep, positions, jobs: 1)
        #expect(loads.all == Array(1..<8))
        #expect(one.counts == VariantScenarios.Counts(loaded: 8, mostHeld: 1))
        // Two at a time: still each once, at most two held (one per world running).
        let before = loads.all.count
        let two = Self.run(sweep, positions, jobs: 2)
        #expect(loads.all.dropFirst(before).sorted() == Array(0..<8))
        #expect(two.counts.loaded == 8)
        #expect(two.counts.mostHeld <= 2)
        // The same records, in the same order, as each world run on its own.
        let alone = positions.map(sweep.runWorld(at:))
        #expect(one.records == alone)
        #expect(two.records == alone)
        #expect(one.records.map(\.position) == positions)
    }

    @Test func theManifestIsTheOneOfEveryVariantLoadedAtOnce() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try Self.plan(path)
        let sweep = try Sweep.load(plan)
        let scenarios = (0..<plan.variantCount).map(sweep.scenario(ofVariant:))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(sweep.manifest == SweepManifest(plan: plan, scenarios: scenarios, bytes: bytes))
        #expect(sweep.manifest.variants.count == 8)
        #expect(sweep.manifest.name == "variant-loading")
    }

    @Test func aSweepOfOneVariantRunsItAsChecked() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var sweep = try Sweep.load(SweepPlan(file: path, seeds: SeedList(parsing: "1..4"), dimensions: []))
        let loads = Loads()
        sweep.willLoad = { loads.add($0) }
        let first = Self.run(sweep, sweep.positions(in: nil), jobs: 1)
        #expect(loads.all == [])
        #expect(first.counts == VariantScenarios.Counts(loaded: 1, mostHeld: 1))
        // Handed out once: a second run loads it.
        let second = Self.run(sweep, sweep.positions(in: nil), jobs: 1)
        #expect(loads.all == [0])
        #expect(second.records == first.records)
    }

    @Test func aShardLoadsOnlyTheVariantsOfItsWorlds() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try Self.plan(path, seeds: "1..2")
        var sweep = try Sweep.load(plan)
        let loads = Loads()
        sweep.willLoad = { loads.add($0) }
        let shard = try Shard(parsing: "3/7")
        let positions = sweep.positions(in: shard)
        #expect(positions == [2, 9])
        let run = Self.run(sweep, positions, jobs: 1)
        #expect(loads.all == [1, 4])
        #expect(run.counts == VariantScenarios.Counts(loaded: 2, mostHeld: 1))
        #expect(run.records == positions.map(sweep.runWorld(at:)))
    }

    @Test func aSweepStoppedEarlyLoadsNoFurtherVariant() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var sweep = try Sweep.load(Self.plan(path))
        let loads = Loads()
        sweep.willLoad = { loads.add($0) }
        let delivered = Mutex(0)
        _ = sweep.runCounting(sweep.positions(in: nil), jobs: 1) { _, _ in
            delivered.withLock { $0 += 1; return $0 < 4 }
        }
        #expect(delivered.withLock { $0 } == 4)
        #expect(loads.all == [1])
    }

    /// Every variant is checked before anything runs: the last one bad is refused at its value.
    @Test func aBadVariantIsRefusedWhenTheSweepIsLoaded() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try SweepPlan(file: path, seeds: SeedList(parsing: "1..3"), dimensions: [ScenarioOverride.parseVariants("servers.0.slots=1,2,zero")])
        do {
            _ = try Sweep.load(plan)
            Issue.record("a bad variant was accepted")
        } catch {
            #expect(error.description.hasPrefix("\(path):6:32: error: expected an integer, found 'zero' (the value comes from --vary servers.0.slots=zero)"), "\(error.description)")
        }
    }

    /// Variants are checked `--jobs` at a time; the error is still the first bad variant's, and
    /// the manifest the same.
    @Test func checkingVariantsSideBySideFindsTheFirstBadOneAndTheSameManifest() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for jobs in [1, 2, 4] {
            let bad = try SweepPlan(file: path, seeds: SeedList(parsing: "1"), dimensions: [ScenarioOverride.parseVariants("servers.0.slots=1,2,3,zero,4,-1,5,six")])
            do {
                _ = try Sweep.load(bad, jobs: jobs)
                Issue.record("bad variants were accepted")
            } catch {
                #expect(error.description.contains("found 'zero' (the value comes from --vary servers.0.slots=zero)"), "\(jobs): \(error.description)")
            }
            let plan = try Self.plan(path)
            #expect(try Sweep.load(plan, jobs: jobs).manifest == Sweep.load(plan).manifest)
        }
    }

    @Test func variantsAreReleasedAfterTheirLastWorld() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .world(let scenario) = try ScenarioFile.load(path: path) else { Issue.record("not a world"); return }
        let held = VariantScenarios(variants: [0, 0, 1]) { _ in scenario }
        _ = held.acquire(0)
        _ = held.acquire(0)
        held.release(0)
        held.release(0)
        _ = held.acquire(1)
        held.release(1)
        #expect(held.counts == VariantScenarios.Counts(loaded: 2, mostHeld: 1))
    }
}
