import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A fault that strikes a server already out of rotation joins the break in force
/// (``Failover/find(in:events:end:servers:balancer:)``): one row from the first fault to the
/// server's return, its detection the first fault's, its repair the latest of its faults'.
struct OverlappingFaultTests {
    private func event(_ seconds: Double, _ server: String, _ kind: BalancerEvent.Kind) -> BalancerEvent {
        BalancerEvent(at: .after(.seconds(double: seconds)), subject: server, kind: kind)
    }

    private func entry(_ seconds: Double, _ fault: Fault) -> FaultSchedule.Entry {
        .init(at: .after(.seconds(double: seconds)), fault: fault)
    }

    /// ``TwoCheckedServers`` with `faults` written as block lines.
    private func run(_ faults: String, file: String) throws -> RunResult {
        try TwoCheckedServers.run(faults: "\n" + faults, file: file)
    }

    private func milliseconds(_ seconds: Double?) -> Double? { TwoCheckedServers.milliseconds(seconds) }

    /// web2 crashes at 5 s (marked down at 6.005 s), is paused at 8 s for 2 s, and restarts at
    /// 15 s with a 1 s boot. The pause had a row of its own, never detected (22 s of
    /// `detection_time`) and repaired at 10 s, though web2 could not answer before the restart;
    /// then it joined the crash's row. The network ignores a pause of a crashed server (it is
    /// neither traced nor counted), so it is no part of any row: the crash's row alone, repaired
    /// when the restart's boot ends (``FaultSchedule/noEffect(_:recorded:)``).
    @Test func aPauseOfACrashedServerIsNoPartOfTheCrashsRow() throws {
        let result = try run("""
              - {at: 5s, crash: web2}
              - {at: 8s, pause: web2, for: 2s}
              - {at: 15s, restart: web2, boot_time: 1s}
            """, file: "crash-pause.yaml")
        let failovers = try #require(result.traffic?.balancer?.failovers)
        #expect(failovers == [Failover(server: "web2", faults: ["crash web2"], at: 5, detectedAt: 6.005, repairedAt: 16, recoveredAt: 16.006)])
        #expect(milliseconds(result.value(of: BalancerMetric.detectionTime.metric)) == 1_005)
        #expect(milliseconds(result.value(of: BalancerMetric.recoveryTime.metric)) == 6)
        // One row in the report, and the fault list says the pause changed nothing.
        let markdown = result.markdown()
        #expect(markdown.contains("| web2   | crash web2 | 5.000 s |  6.005 s |        1.005 s | 16.000 s |         16.006 s |       0.006 s |"))
        #expect(result.faults.contains("8.000 s: pause web2 for 2.000 s (no effect: web2 already crashed)"))
        let json = try #require(result.traffic?.json())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = try #require((document["balancer"] as? [String: Any])?["failovers"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows[0]["fault"] as? String == "crash web2")
    }

    /// web2 crashes at 5 s (marked down at 6.005 s), is cut off from 8 s to 12 s, and restarts at
    /// 20 s. The partition counted as undetected to the run's end (`detection_time` 22 s); it
    /// joins the crash's row, and `detection_time` is the crash's.
    @Test func aPartitionOfACrashedServerIsNoUndetectedFailover() throws {
        let result = try run("""
              - {at: 5s, crash: web2}
              - {at: 8s, partition: [[web2]], for: 4s}
              - {at: 20s, restart: web2, boot_time: 1s}
            """, file: "crash-partition.yaml")
        let failovers = try #require(result.traffic?.balancer?.failovers)
        #expect(failovers == [Failover(server: "web2", faults: ["crash web2", "partition [web2] for 4.000 s (at 8.000 s)"], at: 5, detectedAt: 6.005,
                                       repairedAt: 21, recoveredAt: 21.009)])
        #expect(milliseconds(result.value(of: BalancerMetric.detectionTime.metric)) == 1_005)
        #expect(milliseconds(result.value(of: BalancerMetric.recoveryTime.metric)) == 9)
        // Never restarted: the break is never repaired, whatever the heal did.
        let unrepaired = try run("""
              - {at: 5s, crash: web2}
              - {at: 8s, partition: [[web2]], for: 4s}
            """, file: "crash-partition-no-restart.yaml")
        #expect(unrepaired.traffic?.balancer?.failovers == [Failover(server: "web2", faults: ["crash web2", "partition [web2] for 4.000 s (at 8.000 s, repaired 12.000 s)"], at: 5,
                                                                     detectedAt: 6.005, repairedAt: nil, recoveredAt: nil)])
        #expect(milliseconds(unrepaired.value(of: BalancerMetric.detectionTime.metric)) == 1_005)
        // No repair, so no recovery to count (as for any fault never repaired).
        #expect(unrepaired.value(of: BalancerMetric.recoveryTime.metric) == 0)
    }

    /// web2 is slowed ×3 from 5 s to 15 s — still well inside the health check's timeout, so
    /// never marked down — and crashes at 8 s, restarting at 12 s. The slow server does not
    /// take in the crash: two rows, the crash's detection (9.008 s) its own.
    @Test func aSlowServerNeverTakenOutDoesNotSwallowALaterCrash() throws {
        let result = try run("""
              - {at: 5s, slow: web2, factor: 3, for: 10s}
              - {at: 8s, crash: web2}
              - {at: 12s, restart: web2, boot_time: 1s}
            """, file: "slow-crash.yaml")
        let failovers = try #require(result.traffic?.balancer?.failovers)
        #expect(failovers == [
            Failover(server: "web2", fault: "slow web2 ×3", at: 5, detectedAt: nil, repairedAt: 15, recoveredAt: nil),
            Failover(server: "web2", fault: "crash web2", at: 8, detectedAt: 9.008, repairedAt: 13, recoveredAt: 13.009),
        ])
        #expect(milliseconds(failovers[1].detectionTime) == 1_008)
        // The slow row is never detected: it counts to the run's end, as before.
        #expect(result.value(of: BalancerMetric.detectionTime.metric) == result.virtualSeconds - 5)
    }

    /// web2 crashes at 5 s and is back in rotation at 9.507 s; its second crash at 15 s is a
    /// break of its own, as before.
    @Test func aFaultAfterTheServerCameBackIsABreakOfItsOwn() throws {
        let result = try run("""
              - {at: 5s, crash: web2}
              - {at: 8s, restart: web2, boot_time: 1s}
              - {at: 15s, crash: web2}
              - {at: 18s, restart: web2, boot_time: 1s}
            """, file: "crash-twice.yaml")
        #expect(result.traffic?.balancer?.failovers == [
            Failover(server: "web2", fault: "crash web2", at: 5, detectedAt: 6.005, repairedAt: 9, recoveredAt: 9.507),
            Failover(server: "web2", fault: "crash web2", at: 15, detectedAt: 16.012, repairedAt: 19, recoveredAt: 19.514),
        ])
    }

    /// A crash the balancer has not found yet takes in a fault that strikes before its detection
    /// (the balancer is still finding the first outage); faults at the same instant join the
    /// same way. (A slowdown: a pause of the crashed server would change nothing, and join nothing.)
    @Test func aFaultBeforeAnOutagesDetectionJoinsIt() {
        let timeline = [entry(5, .crash("s1")), entry(5, .errors("s1", rate: 1)), entry(5.5, .slow("s1", factor: 2)),
                        entry(10, .restart("s1", bootTime: .zero)), entry(12, .errors("s1", rate: 0))]
        let events = [event(6.2, "s1", .markedDown(.active)), event(12.5, "s1", .markedUp(.active))]
        let failovers = Failover.find(in: timeline, events: events, end: .after(.seconds(30)), servers: ["s1"], balancer: "balancer")
        // The slowdown never ends, so the row is never repaired (README: at the latest of its
        // faults' repairs) and names the repairs that did happen.
        #expect(failovers == [Failover(server: "s1", faults: ["crash s1 (repaired 10.000 s)", "errors s1 rate 1 for 7.000 s (repaired 12.000 s)", "slow s1 ×2 (at 5.500 s)"],
                                       at: 5, detectedAt: 6.2, repairedAt: nil, recoveredAt: nil)])
        // A pause already over by the next fault: the server answers again, so the next fault
        // (not detected before it) is a break of its own.
        let over = Failover.find(in: [entry(5, .pause("s1", duration: .seconds(1))), entry(7, .crash("s1"))],
                                 events: [event(7.5, "s1", .markedDown(.active))], end: .after(.seconds(30)), servers: ["s1"], balancer: "balancer")
        #expect(over.map(\.fault) == ["pause s1 for 1.000 s", "crash s1"])
        #expect(over.map(\.detectedAt) == [nil, 7.5])
    }

    /// An erroring server the balancer took out is out of rotation: a crash then joins its break.
    /// One never taken out is not: the crash is a row of its own.
    @Test func anErrorBurstTakenOutTakesInALaterCrash() {
        let timeline = [entry(5, .errors("s1", rate: 1)), entry(8, .crash("s1")), entry(12, .restart("s1", bootTime: .seconds(1))),
                        entry(20, .errors("s1", rate: 0))]
        let takenOut = Failover.find(in: timeline, events: [event(6, "s1", .markedDown(.passive)), event(21, "s1", .markedUp(.passive))],
                                     end: .after(.seconds(30)), servers: ["s1"], balancer: "balancer")
        #expect(takenOut == [Failover(server: "s1", faults: ["errors s1 rate 1 for 15.000 s", "crash s1 (at 8.000 s)"], at: 5, detectedAt: 6, repairedAt: 20, recoveredAt: 21)])
        let notTakenOut = Failover.find(in: timeline, events: [event(9, "s1", .markedDown(.active)), event(14, "s1", .markedUp(.active))],
                                        end: .after(.seconds(30)), servers: ["s1"], balancer: "balancer")
        #expect(notTakenOut == [Failover(server: "s1", fault: "errors s1 rate 1", at: 5, detectedAt: nil, repairedAt: 20, recoveredAt: nil),
                                Failover(server: "s1", fault: "crash s1", at: 8, detectedAt: 9, repairedAt: 13, recoveredAt: 14)])
    }

    /// Out of rotation is judged by the events before the fault's instant: one at the same instant
    /// comes after the fault (as a mark-down at a fault's instant is its detection). And a server
    /// out of rotation after its last break was over (here, a mark-down with no fault) starts a
    /// new break.
    @Test func theRotationAtAFaultIsTheEventsBeforeItsInstant() {
        // Marked up at 10 s, the instant of the second crash: s1 was still out when it struck.
        let sameInstant = Failover.find(in: [entry(5, .crash("s1")), entry(8, .restart("s1", bootTime: .zero)), entry(10, .crash("s1")),
                                             entry(14, .restart("s1", bootTime: .zero))],
                                        events: [event(6, "s1", .markedDown(.active)), event(10, "s1", .markedUp(.active)),
                                                 event(11, "s1", .markedDown(.active)), event(15, "s1", .markedUp(.active))],
                                        end: .after(.seconds(30)), servers: ["s1"], balancer: "balancer")
        #expect(sameInstant == [Failover(server: "s1", faults: ["crash s1", "crash s1 (at 10.000 s)"], at: 5, detectedAt: 6, repairedAt: 14, recoveredAt: 15)])
        // Back at 9 s, out again at 12 s for no fault: the crash at 13 s is a new break,
        // detected by the next mark-down.
        let afterReturn = Failover.find(in: [entry(5, .crash("s1")), entry(8, .restart("s1", bootTime: .zero)), entry(13, .crash("s1"))],
                                        events: [event(6, "s1", .markedDown(.active)), event(9, "s1", .markedUp(.active)),
                                                 event(12, "s1", .markedDown(.passive)), event(14, "s1", .markedDown(.active))],
                                        end: .after(.seconds(30)), servers: ["s1"], balancer: "balancer")
        #expect(afterReturn == [Failover(server: "s1", fault: "crash s1", at: 5, detectedAt: 6, repairedAt: 8, recoveredAt: 9),
                                Failover(server: "s1", fault: "crash s1", at: 13, detectedAt: 14, repairedAt: nil, recoveredAt: nil)])
    }

    /// Many overlapping faults of one server stay one pass: 100,000 pauses of a server marked
    /// down once and never back are one row. (Each over before the next: a pause of a paused
    /// server changes nothing, and joins nothing.)
    @Test func manyJoinedFaultsAreOneRow() {
        let timeline = (0..<100_000).map { entry(1 + Double($0) * 0.001, .pause("s1", duration: .microseconds(500))) }
        let failovers = Failover.find(in: timeline, events: [event(1.0005, "s1", .markedDown(.passive))], end: .after(.seconds(200)),
                                      servers: ["s1"], balancer: "balancer")
        #expect(failovers.count == 1)
        #expect(failovers.first?.faults.count == 100_000)
        #expect(failovers.first?.detectedAt == 1.0005)
    }
}
