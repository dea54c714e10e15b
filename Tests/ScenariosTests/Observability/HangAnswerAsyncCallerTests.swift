import Testing
import Simulator
@testable import Scenarios

/// Checker B's finding 1 (s80): with `balancer.keepalive` a hang's end counted 500s no caller
/// got — server b's `500s` read 4, its balancer's 4 forwards having timed out, and the trace held
/// no `respond` 500. The server asked the call for an ``PendingCall/outcome``, which only a
/// step's call keeps; the keepalive path forwards in tasks, whose calls keep none. It now asks
/// whether the caller still waits, whoever waits.
struct HangAnswerAsyncCallerTests {
    /// B's `hang-keepalive.yaml`: b hangs 5 s behind a 2 s forward timeout, keepalive forwards.
    static func hangBehindTheBalancer(keepalive: Bool) -> String {
        """
        name: hang-keepalive
        seed: 1
        run: {duration: 20s}
        network: {latency: 0.5ms}
        servers:
          - {name: a, slots: 1, service_time: {exponential: 10ms}}
          - {name: b, slots: 1, service_time: {exponential: 10ms}}
        balancer:
          strategy: round_robin
          forward_timeout: 2s
          retries: {tries: 2, on: [error, timeout]}
        \(keepalive ? "  keepalive: {connections: 8}" : "")
        workload: {type: closed_loop, users: 4, timeout: 5s}
        faults:
          - {at: 5s, hang: b, for: 5s}
        """
    }

    /// 4 held, all 4 forwards timed out first: no 500 is b's, with keepalive as without.
    @Test(arguments: [true, false]) func aHangsHeldForwardsThatTimedOutAreNoFiveHundreds(keepalive: Bool) throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.hangBehindTheBalancer(keepalive: keepalive), file: "hang.yaml"))
        let traffic = try #require(result.traffic)
        let b = try #require(traffic.servers.first { $0.id == "b" })
        #expect([b.errors, b.heldByHang] == [0, 4])
        let forwards = try #require(traffic.balancer?.servers.first { $0.hostname == "b" })
        #expect([forwards.timeouts, forwards.serverErrors] == [4, 0])
        #expect(traffic.statusFailures.isEmpty)
    }

    /// B's `hang-direct.yaml`: clients straight to the servers (calls a task waits for), s2
    /// hung 3 s behind a 500 ms timeout. 94 held; the 15 whose callers still waited are s2's
    /// 500s, and the clients' 15.
    @Test func directClientsStillGetTheirFiveHundreds() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: hang-direct
            seed: 7
            run: {duration: 10s}
            network: {latency: 0.5ms}
            servers:
              - {name: s, count: 3, slots: 2, queue: 50, service_time: {exponential: 5ms}}
            workload: {type: open_loop, rate: 100, timeout: 500ms}
            faults:
              - {at: 3s, hang: s2, for: 3s}
            """, file: "hang-direct.yaml"))
        let traffic = try #require(result.traffic)
        let s2 = try #require(traffic.servers.first { $0.id == "s2" })
        #expect([s2.errors, s2.heldByHang] == [15, 94])
        #expect(traffic.statusFailures.first { $0.status == 500 }?.count == 15)
    }
}
