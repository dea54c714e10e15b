import Foundation
import Testing
import Yams
@testable import Scenarios
@testable import Simulator

/// Listed faults and drawn ones form incidents by one rule, the network's (``FaultPlan``): a
/// crash of a node already crashed and a pause of one crashed, booting or paused changed nothing
/// and are no incident; a restart joins the crash whose downtime it ends, or the crash that
/// swallowed the one it was written for. And the faults are counted before any incident is built.
struct FaultPlanTests {
    static func world(_ faults: String) -> String {
        """
        name: listed
        seed: 1
        run: {duration: 20s}
        servers: [{name: s, count: 2, slots: 2, service_time: 2ms}]
        balancer: {strategy: round_robin, forward_timeout: 100ms, retries: {tries: 2}, passive_health: {max_fails: 0}}
        workload: {type: open_loop, rate: 10, timeout: 1s}
        faults:
        \(faults)
        expect:
          - success_ratio == 1
        """
    }

    static func incidents(_ faults: String) throws -> [String] {
        let url = try PlantedPair.write(world(faults), name: "listed.yaml")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        return try Shrinker(path: url.path, seed: nil).incidents.map(\.description)
    }

    /// Two crashes of `s1` before its two restarts, the file's order not time order. Paired the
    /// old way — in the file's order, a crash taking its node's next restart — they were three
    /// incidents: the first crash alone (a permanent crash once the others were removed), the
    /// second crash with the first restart, the second restart alone.
    @Test func listedCrashesPairWithTheRestartsThatEndThemInTimeOrder() throws {
        #expect(try Self.incidents("""
              - {at: 2s, crash: s1}
              - {at: 1s, crash: s1}
              - {at: 4s, restart: s1}
              - {at: 3s, restart: s1}
              - {at: 5s, crash: s2}
              - {at: 6s, restart: s2, boot_time: 1s}
              - {at: 6.5s, crash: s2}
              - {at: 8s, restart: s2}
            """) == [
            "{at: 1s, crash: s1} + {at: 4s, restart: s1} + {at: 3s, restart: s1}",
            "{at: 5s, crash: s2} + {at: 6s, restart: s2, boot_time: 1s}",
            "{at: 6.5s, crash: s2} + {at: 8s, restart: s2}",
        ])
    }

    /// A pause of a node crashed, booting or paused changed nothing in the network: it is no
    /// incident (it was one, and removing the crash around it made it strike). A pause once the
    /// boot is over strikes.
    @Test func aPauseThatChangedNothingIsNoIncident() throws {
        #expect(try Self.incidents("""
              - {at: 1s, crash: s1}
              - {at: 2s, pause: s1, for: 1s}
              - {at: 3s, restart: s1, boot_time: 2s}
              - {at: 4s, pause: s1, for: 1s}
              - {at: 5s, pause: s1, for: 1s}
              - {at: 5.5s, pause: s1, for: 1s}
              - {at: 7s, pause: s2, for: 1s}
            """) == [
            "{at: 1s, crash: s1} + {at: 3s, restart: s1, boot_time: 2s}",
            "{at: 5.5s, pause: s1, for: 1s}",
            "{at: 7s, pause: s2, for: 1s}",
        ])
    }

    /// The faults a shrink would write are counted from the plan — a few words each — before any
    /// incident's YAML is built: crowded chaos's 120,138 (the refusal's figure, `at most 100,000
    /// faults, got 120,138`). Built first and counted after, 1.26 million faults took 1.1 GB only
    /// to be refused.
    @Test func countedBeforeTheIncidentsAreBuilt() throws {
        let url = try PlantedPair.write(ShrinkerTests.crowdedChaos)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let scenario = try ScenarioFile.load(path: url.path)
        guard case .world(let world) = scenario else {
            Issue.record("crowded-chaos is a world")
            return
        }
        let plan = FaultPlan(listed: nil, scenario: world, seed: 3)
        #expect(plan.faultCount == 120_138)
        #expect(plan.planned.count == 120_138)
    }
}
