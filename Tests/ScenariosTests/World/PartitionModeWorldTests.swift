import Testing
@testable import Scenarios
@testable import Simulator

/// A world's partition `mode: reject | drop` (``PartitionMode``): read and bounded by the
/// loader, listed in the report, and seen by the balancer's health checks — a refused check
/// fails in one latency, a dropped one at its timeout.
struct PartitionModeWorldTests {
    /// HealthCheckIntervalLoadingTests' world of two servers behind checks every 2 s (timeout 1 s,
    /// rise 2, fall 3), s2 cut off from 1.5 s for 10 s; `partition` adds the partition's settings.
    static func world(_ partition: String) -> String {
        HealthCheckIntervalLoadingTests.world("{interval: 2s, timeout: 1s, rise: 2, fall: 3}", faults: "[{at: 1.5s, partition: [[s2]], for: 10s\(partition)}]")
    }

    @Test func theModeIsReadAndRejectIsTheDefault() throws {
        func mode(_ setting: String) throws -> Fault? {
            try ScenarioLoader.parse(Self.world(setting), file: "p.yaml").faults.entries.first?.fault
        }
        #expect(try mode("") == .partition([["s2"]], .reject))
        #expect(try mode(", mode: reject") == .partition([["s2"]], .reject))
        #expect(try mode(", mode: drop") == .partition([["s2"]], .drop))
    }

    @Test(arguments: [
        (", mode: dropped", "h.yaml:11:56: error: a partition's mode is one of reject, drop, got 'dropped' (at faults.[0].mode)"),
        (", mode: rejct", "h.yaml:11:56: error: a partition's mode is one of reject, drop, got 'rejct'; did you mean 'reject'? (at faults.[0].mode)"),
        (", mode: 1", "h.yaml:11:56: error: a partition's mode is one of reject, drop, got '1' (at faults.[0].mode)"),
    ])
    func aBadModeIsRefusedWhereItIs(_ setting: String, _ expected: String) {
        #expect(HostileInputTests.error(Self.world(setting)) == expected)
    }

    /// `mode` is a partition's setting: beside a crash it is refused, as `factor` is.
    @Test func aModeBesideAnotherFaultIsRefused() {
        let world = Self.world("").replacingOccurrences(of: "partition: [[s2]], for: 10s", with: "crash: s2, mode: drop")
        #expect(HostileInputTests.error(world)?.contains("'mode' applies to partition faults, not to 'crash', which takes only 'at'") == true)
    }

    /// s2's first check passes at 1.002 s and, 2 s after each check ends, the next starts; cut
    /// off at 1.5 s and joined again at 11.5 s. Refused, its checks at 3.002, 5.003 and 7.004 s
    /// fail a latency later: down at 7.005 s; then 9.005 → 9.006 and 11.006 → 11.007 fail, 13.007
    /// passes at 13.009 and 15.009 at 15.011: up (rise 2). Dropped, each check waits its 1 s
    /// timeout, as for a crashed server: 3.002 → 4.002, 6.002 → 7.002, 9.002 → 10.002: down;
    /// healed by 12.002, passes at 12.004 and 14.006: up.
    @Test func aRefusedCheckFailsInALatencyAndADroppedOneAtItsTimeout() throws {
        func failover(_ setting: String) throws -> Failover {
            let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(setting), file: "p.yaml"), seed: nil)
            return try #require(result.traffic?.balancer?.failovers.first)
        }
        let refused = try failover("")
        #expect(refused.fault == "partition [s2]" && refused.detectedAt == 7.005 && refused.recoveredAt == 15.011)
        let dropped = try failover(", mode: drop")
        #expect(dropped.fault == "partition [s2] (dropping)" && dropped.detectedAt == 10.002 && dropped.recoveredAt == 14.006)
    }

    /// The report lists a dropping partition with its length, as any partition with its heal.
    @Test func theReportNamesADroppingPartition() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(", mode: drop"), file: "p.yaml"), seed: nil)
        #expect(result.traffic?.faults == ["1.500 s: partition [s2] (dropping) for 10.000 s"])
    }
}
