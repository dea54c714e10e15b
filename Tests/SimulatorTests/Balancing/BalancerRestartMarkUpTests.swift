import Testing
@testable import Simulator

/// What a balancer's restart tells its event record: each server the crashed process held out of
/// rotation is "marked up (balancer restart)" once the new process has booted — not at the crash,
/// when no balancer routes, and not for a server nothing held. The trace is not written for
/// it (``BalancerRestartRotationTests`` pins a digest unmoved).
struct BalancerRestartMarkUpTests {
    /// ``BalancerCrashTests/passiveWorld(_:)``: s2 is marked down by passive health at 1.1 s; the
    /// balancer crashes at 3 s and restarts at 3.5 s with a boot of 500 ms.
    @Test func onlyTheServerPassiveHealthHeldIsMarkedUpAndOnlyOnceBooted() {
        let (fixture, requests) = BalancerCrashTests.passiveWorld { fixture in
            fixture.sim.schedule(after: .seconds(3)) { fixture.network.crash("balancer") }
            fixture.sim.schedule(after: .milliseconds(3_500)) { fixture.network.restart("balancer", bootTime: .milliseconds(500)) }
        }
        #expect(requests.map(\.status) == [200, 200, 200, 200, 200])
        #expect(fixture.events.map(\.1) == ["s2", "s2"])
        #expect(fixture.events.map(\.2) == [.markedDown(.passive), .markedUp(.restart)])
        #expect(fixture.events.last?.0 == 4)
    }

    /// A crash with no restart writes nothing more: the servers stay as the old process left them.
    @Test func aCrashAloneMarksNothingUp() {
        let (fixture, _) = BalancerCrashTests.passiveWorld { fixture in
            fixture.sim.schedule(after: .seconds(3)) { fixture.network.crash("balancer") }
        }
        #expect(fixture.events.map(\.2) == [.markedDown(.passive)])
    }

    /// A restart when nothing is held announces nothing.
    @Test func aRestartWithEveryServerInRotationAnnouncesNothing() {
        let fixture = UpstreamFixture(servers: 3, configuration: .init(retries: 1, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(60))))
        fixture.sim.schedule(after: .seconds(1)) { fixture.network.restart("balancer") }
        fixture.run(until: 3)
        #expect(fixture.events.isEmpty)
    }
}
