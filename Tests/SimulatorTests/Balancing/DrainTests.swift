import Testing
@testable import Simulator

/// What a deployment asks of the balancer: a draining server gets no new request, keeps those in
/// flight, and is reported drained the instant its last forward ends, or not by a deadline.
struct DrainTests {
    /// What the drain came to. `@unchecked Sendable`: written on the simulation thread only.
    final class Drain: @unchecked Sendable {
        var left: Int?
        var at: VirtualInstant?
    }

    /// Drains `s1` from `start` seconds with a deadline `timeout` later.
    static func drain(_ fixture: UpstreamFixture, start: Double, timeout: Duration) -> Drain {
        let drain = Drain()
        let balancer = fixture.balancer, sim = fixture.sim
        sim.spawn("drain") { _ in
            await sim.sleep(until: .after(.seconds(double: start)))
            guard let id = await balancer.memberID(of: "s1") else { return }
            await balancer.startDraining(id)
            drain.left = await balancer.waitUntilDrained(id, deadline: sim.now.advanced(by: timeout))
            drain.at = sim.now
        }
        return drain
    }

    @Test func aDrainingServerGetsNoNewRequestAndIsDrainedWhenItsLastForwardEnds() {
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0))
        let first = fixture.route(at: 0)
        let drain = Self.drain(fixture, start: 0.0005, timeout: .seconds(1))
        let later = [0.001, 0.002, 0.003].map { fixture.route(at: $0) }
        fixture.run(until: 5)
        #expect(first.status == 200 && later.allSatisfy { $0.status == 200 })
        // 0.5 ms there, 1 ms of service, 0.5 ms back: the forward to s1 ends at 2 ms.
        #expect(drain.left == 0 && drain.at?.nanoseconds == 2_000_000)
        #expect(fixture.routes.hostnames == ["s1", "s2", "s2", "s2"])
        #expect(fixture.events.map(\.2) == [.drainStarted])
    }

    @Test func aDrainThatOutlastsItsDeadlineReportsWhatIsLeftInFlight() {
        let fixture = UpstreamFixture(servers: 2, configuration: .init(forwardTimeout: .seconds(60), retries: 0), service: 5)
        _ = fixture.route(at: 0)
        let drain = Self.drain(fixture, start: 0.0005, timeout: .seconds(1))
        fixture.run(until: 10)
        #expect(drain.left == 1 && drain.at?.nanoseconds == 1_000_500_000)
    }

    @Test func aReleaseThatFailsEveryRequestIsAnsweredWith500UntilTheOldVersionIsBack() {
        let fixture = UpstreamFixture(servers: 1, configuration: .init(retries: 0))
        let server = fixture.servers[0]
        fixture.sim.spawn("install") { _ in await server.install(version: 2, errorRate: 1) }
        let bad = fixture.route(at: 0.001)
        fixture.sim.spawn("rollback") { [sim = fixture.sim] _ in
            await sim.sleep(until: .after(.seconds(1)))
            await server.install(version: 1, errorRate: 0)
        }
        let good = fixture.route(at: 2)
        fixture.run(until: 5)
        #expect(bad.status == 500 && good.status == 200)
        #expect(fixture.balancer.stats.answered == 2 && fixture.balancer.stats.failedAnswers == 1)
    }
}
