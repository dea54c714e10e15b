import Foundation
import Testing
@testable import Scenarios

/// `orrery shrink`'s library: a failure planted to need two particular faults among dozens that
/// chaos draws shrinks to exactly those two, and the file it writes fails the same way.
struct ShrinkerTests {
    /// The seed for which exactly one pair of drawn incidents overlaps while the clients send:
    /// a crash of s1 during a pause of s2, 44 incidents in all.
    static let seed: UInt64 = 51

    @Test func aFailureNeedingTwoDrawnFaultsShrinksToExactlyThoseTwoAndReplays() throws {
        let url = try PlantedPair.write()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let shrinker = try Shrinker(path: url.path, seed: Self.seed)
        let drawn = FaultIncident.incidents(listed: nil, scenario: shrinker.scenario, seed: Self.seed)
        #expect(drawn.count >= 30)
        let pairs = PlantedPair.overlappingPairs(drawn)
        try #require(pairs.count == 1, "the fixture needs exactly one overlapping pair, found \(pairs)")
        let planted = pairs[0].map { drawn[$0].description }

        guard case .shrunk(let result) = shrinker.shrink() else {
            Issue.record("the planted failure did not shrink")
            return
        }
        #expect(result.before.map(\.description) == drawn.map(\.description))
        #expect(result.after.map(\.description) == planted)
        #expect(result.failure.failedExpectations == ["success_ratio == 1"])
        #expect(result.failure.stop == nil)
        // The clients need only send until the overlap.
        let duration = try #require(result.sizesAfter.first { $0.path == "run.duration" })
        #expect(duration.value < 300_000_000_000)
        #expect(!result.yaml.contains("chaos"))

        let out = url.deletingLastPathComponent().appendingPathComponent("out")
        let written = try ShrunkScenarioWriter.write(result, to: out.path, watching: nil)
        #expect(written.replays)
        #expect(written.replayed == result.failure)
        #expect(written.scenarioPath == out.appendingPathComponent("planted-pair-shrunk.yaml").path)
        #expect(written.report.contains("orrery run \(written.scenarioPath) --seed \(Self.seed)"))
        // Loaded on its own, the file has no chaos and lists the two incidents' faults.
        guard case .world(let replayed) = try ScenarioFile.load(path: written.scenarioPath) else {
            Issue.record("the shrunk file is not a world")
            return
        }
        #expect(replayed.faults.chaos == nil)
        #expect(replayed.faults.entries.count == 3)
        #expect(replayed.name == "planted-pair-shrunk")
        #expect(replayed.seed == Self.seed)
    }

    /// A latency assertion that fails with a measured figure is not shrunk to a world that
    /// measures nothing: a world without a request fails `p50 < 1ms` too ("not measured"), but
    /// another way, and reproduces nothing. The shrunk world still has requests and a p50 over 1 ms.
    @Test func aMeasuredFailureIsNotShrunkToOneThatMeasuresNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-measured-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("slow.yaml")
        try """
            name: slow
            seed: 3
            run: {duration: 2s}
            servers: [{name: s, count: 2}]
            workload: {type: open_loop, rate: 100}
            expect: [p50 < 1ms]

            """.write(to: url, atomically: true, encoding: .utf8)
        guard case .shrunk(let result) = try Shrinker(path: url.path, seed: 3).shrink() else {
            Issue.record("the failure did not shrink")
            return
        }
        #expect(result.failure.failedExpectations == ["p50 < 1ms"] && result.failure.unmeasuredExpectations.isEmpty)
        let out = dir.appendingPathComponent("out")
        let written = try ShrunkScenarioWriter.write(result, to: out.path, watching: nil)
        #expect(written.replays)
        guard case .world(let shrunk) = try ScenarioFile.load(path: written.scenarioPath) else {
            Issue.record("the shrunk file is not a world")
            return
        }
        let run = ScenarioRunner.run(shrunk)
        let check = try #require(run.checks.first)
        #expect(!check.holds)
        #expect((check.measured ?? 0) > 0.001)
    }

    /// A world whose chaos draws more faults than a file may list: its explicit schedule cannot
    /// be loaded, so no candidate could be, and a failing run was reported as one that does not
    /// fail the same way once its chaos is explicit (exit 1). It is refused before any run, with
    /// the loader's reason.
    static let crowdedChaos = """
        name: crowded-chaos
        seed: 3
        run: {duration: 5s, time_limit: 600s}
        servers:
          - {name: s, count: 100, slots: 1, queue: 10, service_time: 1ms}
        workload: {type: open_loop, rate: 100, timeout: 100ms}
        chaos: {crashes_per_hour: 3600, downtime: 1ms}
        expect:
          - success_ratio >= 1
        """

    @Test func chaosThatCannotBeWrittenAsAFileIsRefusedWithTheLoadersReason() throws {
        let url = try PlantedPair.write(Self.crowdedChaos)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(throws: Never.self) { _ = try ScenarioFile.load(path: url.path) }
        do {
            _ = try Shrinker(path: url.path, seed: nil)
            Issue.record("a schedule of more than 100,000 faults was taken")
        } catch {
            #expect(error.description == "\(url.path):7:8: error: shrink writes this world's faults and chaos (for seed 3) as an explicit schedule, and the loader refuses that file at faults: at most 100,000 faults, got 120,138; shorten the run or lower the chaos's rates (at chaos)")
        }
    }

    @Test func aPassingRunHasNothingToShrink() throws {
        let url = try PlantedPair.write(PlantedPair.yaml.replacingOccurrences(of: "crashes_per_hour: 60", with: "crashes_per_hour: 0")
            .replacingOccurrences(of: "pauses_per_hour: 60", with: "pauses_per_hour: 0").replacingOccurrences(of: "300s", with: "20s"))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        guard case .passes(let runs) = try Shrinker(path: url.path, seed: 1).shrink() else {
            Issue.record("a run without faults passes")
            return
        }
        #expect(runs == 1)
    }

    @Test func anExpectGivenOnTheCommandLineIsCheckedLikeTheFilesOwn() throws {
        let url = try PlantedPair.write()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(throws: ScenarioError.self) { try Shrinker(path: url.path, seed: 1, expectations: ["balancer.p99 < 200"]) }
        #expect(throws: ScenarioError.self) { try Shrinker(path: url.path, seed: 1, expectations: ["log.lost == 0"]) }
        let shrinker = try Shrinker(path: url.path, seed: 1, expectations: ["timeouts == 0"])
        #expect(shrinker.watched == ["timeouts == 0"])
        // They replace the file's own (`success_ratio == 1`), in the run and the written file alike.
        #expect(shrinker.scenario.expectations.map(\.text) == ["timeouts == 0"])
    }

    @Test func listedFaultsGroupACrashWithItsRestartAndAPartitionWithItsHeal() throws {
        let yaml = PlantedPair.yaml.replacingOccurrences(of: "expect:", with: """
        faults:
          - {at: 1s, crash: s1}
          - {at: 2s, pause: s2, for: 1s}
          - {at: 3s, restart: s1}
          - {at: 4s, partition: [[s1], [s2, client]]}
          - {at: 5s, heal: true}
          - {at: 6s, slow: s2, factor: 3, for: 2s}
        expect:
        """)
        let url = try PlantedPair.write(yaml)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let shrinker = try Shrinker(path: url.path, seed: 1)
        let faults = try shrinker.document.root.openMapping()["faults"]?.node
        let incidents = FaultIncident.incidents(listed: faults, scenario: shrinker.scenario, seed: 1).filter { $0.origin == .listed }
        #expect(incidents.map(\.description) == [
            "{at: 1s, crash: s1} + {at: 3s, restart: s1}",
            "{at: 2s, pause: s2, for: 1s}",
            "{at: 4s, partition: [[s1], [s2, client]]} + {at: 5s, heal: true}",
            "{at: 6s, slow: s2, factor: 3, for: 2s}",
        ])
    }

    @Test func signaturesTellAnEarlyStopByItsKind() {
        #expect(FailureSignature.StopKind(describing: "deadlock at 1.0s: 2 task(s) suspended") == .deadlock)
        #expect(FailureSignature.StopKind(describing: "virtual time limit reached at 60s with 1 task(s) unfinished: x") == .timeLimit)
        #expect(FailureSignature.StopKind(describing: "event limit of 10 jobs and timer wake-ups reached at 1s") == .eventLimit)
        #expect(FailureSignature.StopKind(describing: "livelock at 1s: 100 events") == .livelock)
    }

    @Test func drawnInstantsAreWrittenExactly() {
        #expect(FaultIncident.seconds(Duration.nanoseconds(12_500_000_000)) == "12.5s")
        #expect(FaultIncident.seconds(Duration.nanoseconds(3_000_000_000)) == "3s")
        #expect(FaultIncident.seconds(Duration.nanoseconds(1)) == "0.000000001s")
        #expect(FaultIncident.seconds(Duration.nanoseconds(474_877_053_837)) == "474.877053837s")
    }
}
