import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// The Failovers table holds the faults the run reached, each row's repair is the one that
/// happened, and a row's fault cell stays short however many faults joined it.
struct FailoverReportTests {
    private func at(_ seconds: Double) -> VirtualInstant { .after(.seconds(double: seconds)) }

    private func event(_ seconds: Double, _ server: String, _ kind: BalancerEvent.Kind) -> BalancerEvent {
        BalancerEvent(at: at(seconds), subject: server, kind: kind)
    }

    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "failover.yaml"))
    }

    /// The checker's `fo`: s1 crashes at 1 s; its restart at 30 s and the crashes at 40 s and 50 s
    /// come after the run ended (2.938 s). They opened rows "crash s1 | 40.000 s | — |…" and
    /// "crash s2 | 50.000 s |…" while the Faults section said not reached.
    @Test func faultsAfterTheRunsEndOpenNoRow() throws {
        let result = try Self.run("""
            name: fo
            run: {duration: 2s}
            servers: [{name: s, count: 2, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin}
            workload: {type: open_loop, rate: 10, timeout: 1s}
            faults: [{at: 1s, crash: s1}, {at: 30s, restart: s1}, {at: 40s, crash: s1}, {at: 50s, crash: s2}]
            """)
        let failovers = try #require(result.traffic?.balancer?.failovers)
        #expect(failovers == [Failover(server: "s1", fault: "crash s1", at: 1, detectedAt: nil, repairedAt: nil, recoveredAt: nil)])
        let markdown = result.markdown()
        #expect(markdown.contains("| s1     | crash s1 | 1.000 s |        — |              — |        — |                — |             — |"))
        #expect(!markdown.contains("| 40.000 s |") && !markdown.contains("| 50.000 s |"))
        let traffic = try #require(result.traffic)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(traffic.json().utf8)) as? [String: Any])
        #expect(((json["balancer"] as? [String: Any])?["failovers"] as? [Any])?.count == 1)
    }

    /// A fault at the run's very end struck as the run ended: nothing was left to detect it, so
    /// it is no failover either (the checker's `f1` showed "crash s3 + crash s3" for a crash at
    /// the end and one after it).
    @Test func aFaultAtTheRunsEndIsNoFailover() {
        let timeline = [FaultSchedule.Entry(at: at(1), fault: .crash("s1")), .init(at: at(4), fault: .crash("s3")),
                        .init(at: at(9), fault: .crash("s3"))]
        let failovers = Failover.find(in: timeline, events: [], end: at(4), servers: ["s1", "s2", "s3"], balancer: "balancer")
        #expect(failovers.map(\.fault) == ["crash s1"])
    }

    /// The checker's `c1` row: s2 crashes at 8.941 s (marked down at 9.557 s), restarts at 9.941 s,
    /// crashes at 9.946 s before it is back, restarts at 10.946 s, crashes at 11.271 s, and the run
    /// ends at 11.445 s before the restart at 12.271 s. The row read "repaired —" as if s2 never
    /// restarted: it now names when each joined crash struck and the repairs that happened.
    @Test func aBreakNotRepairedByTheEndNamesTheRepairsThatHappened() {
        let timeline = [FaultSchedule.Entry(at: at(8.941), fault: .crash("s2")), .init(at: at(9.941), fault: .restart("s2", bootTime: .zero)),
                        .init(at: at(9.946), fault: .crash("s2")), .init(at: at(10.946), fault: .restart("s2", bootTime: .zero)),
                        .init(at: at(11.271), fault: .crash("s2")), .init(at: at(12.271), fault: .restart("s2", bootTime: .zero))]
        let failovers = Failover.find(in: timeline, events: [event(9.557, "s2", .markedDown(.active))], end: at(11.445),
                                      servers: ["s1", "s2"], balancer: "balancer")
        #expect(failovers == [Failover(server: "s2", faults: ["crash s2 (repaired 9.941 s)", "crash s2 (at 9.946 s, repaired 10.946 s)",
                                                               "crash s2 (at 11.271 s)"],
                                       at: 8.941, detectedAt: 9.557, repairedAt: nil, recoveredAt: nil)])
        #expect(failovers[0].fault == "crash s2 (repaired 9.941 s) + crash s2 (at 9.946 s, repaired 10.946 s) + crash s2 (at 11.271 s)")
        // Repaired in the run: the repair column says when; the cell only when each struck.
        let repaired = Failover.find(in: Array(timeline.prefix(4)), events: [event(9.557, "s2", .markedDown(.active)), event(11, "s2", .markedUp(.active))],
                                     end: at(11.445), servers: ["s2"], balancer: "balancer")
        #expect(repaired.map(\.fault) == ["crash s2 + crash s2 (at 9.946 s)"])
        #expect(repaired.map(\.repairedAt) == [10.946])
    }

    /// A server crashed again and again while out of rotation joined 3,599 faults in one cell of
    /// 40,000 characters (a 144 MB report): the cell names four and counts the rest; the JSON's
    /// `faults` keeps them all. Each crash restarted half a second later (a crash of a crashed
    /// server changes nothing, and is no part of a row).
    @Test func aCellNamesFourFaultsAndCountsTheRest() {
        let timeline = (0..<10).flatMap {
            [FaultSchedule.Entry(at: at(1 + Double($0)), fault: .crash("s1")), FaultSchedule.Entry(at: at(1.5 + Double($0)), fault: .restart("s1", bootTime: .zero))]
        }
        let failovers = Failover.find(in: timeline, events: [event(1.5, "s1", .markedDown(.active))], end: at(30),
                                      servers: ["s1"], balancer: "balancer")
        #expect(failovers.count == 1)
        #expect(failovers[0].faults.count == 10)
        #expect(failovers[0].fault == "crash s1 + crash s1 (at 2.000 s) + crash s1 (at 3.000 s) + crash s1 (at 4.000 s) + 6 more faults")
        let one = Failover.find(in: Array(timeline.prefix(10)), events: [event(1.5, "s1", .markedDown(.active))], end: at(30),
                                servers: ["s1"], balancer: "balancer")
        #expect(one[0].fault.hasSuffix(" + 1 more fault"))
    }

    /// The checker's `c1` in small: chaos drawn up to a two-hour time limit beside a 10 s run.
    /// Every row begins before the run's end, and the report stays small (it was 144 MB).
    @Test func chaosDrawnPastTheEndOpensNoRows() throws {
        let result = try Self.run("""
            name: c1
            run: {duration: 10s, time_limit: 2h}
            servers: [{name: s, count: 2, slots: 4, service_time: 1ms}]
            balancer: {strategy: round_robin, health_check: {interval: 500ms, timeout: 200ms, rise: 1, fall: 1}}
            workload: {type: open_loop, rate: 20, timeout: 2s}
            chaos: {nodes: [s1, s2], crashes_per_hour: 3600, pauses_per_hour: 0, downtime: 1s}
            """)
        let failovers = try #require(result.traffic?.balancer?.failovers)
        #expect(!failovers.isEmpty)
        #expect(failovers.allSatisfy { $0.at < result.virtualSeconds })
        // Every crash the run reached is in one row, and none it did not reach.
        let reachedCrashes = result.faults.filter { $0.contains(": crash ") && !$0.contains("not reached") }.count
        #expect(failovers.reduce(0) { $0 + $1.faults.count } == reachedCrashes)
        #expect(result.markdown().utf8.count < 20_000)
    }
}
