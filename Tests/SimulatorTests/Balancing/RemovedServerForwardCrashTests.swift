import Testing
@testable import Simulator

/// A forward to a server removed from the replica set while it was in flight, still open at the
/// balancer's crash, stayed "in flight" to the run's end (s81, BO-3): the crash ended the
/// members' forwards only, and the removed server is no member. It now ends with the crash as
/// theirs do, counted as ended by it.
struct RemovedServerForwardCrashTests {
    /// ``BalancerCrashTests/inFlightWorld()`` — the request of 0.1 s in flight to s1 (2 s of
    /// service, a 500 ms forward timeout), the balancer crashing at 0.2 s — with s1 removed at
    /// 0.15 s, while the forward is on its way.
    @Test func aForwardToARemovedServerEndsWithTheBalancersCrash() {
        let fixture = BalancerCrashTests.inFlightWorld()
        fixture.sim.spawn("operator") { _ in
            await fixture.sim.sleep(until: .after(.milliseconds(150)))
            _ = try? await fixture.balancer.rm(n: 1, hostnames: ["s1"])
        }
        var atTheCrash: [[Int]] = []
        fixture.sim.schedule(after: .milliseconds(201)) {
            atTheCrash = fixture.balancer.stats.servers.map { [$0.forwarded, $0.endedByCrash, $0.connections.level] }
        }
        let request = BalancerCrashTests.send(fixture, at: 0.1, id: 1)
        fixture.run(until: 10)
        #expect(request.error == .timeout && request.at == 3.1)
        #expect(fixture.routes.hostnames == ["s1"])
        // s1: 1 forward, ended by the crash, none in flight (it read [1, 0, 1]: in flight to the end).
        #expect(atTheCrash == [[1, 1, 0], [0, 0, 0]])
        #expect(fixture.balancer.stats.servers.map { [$0.forwarded, $0.timeouts, $0.endedByCrash, $0.connections.level] } == [[1, 0, 1, 0], [0, 0, 0, 0]])
    }
}
