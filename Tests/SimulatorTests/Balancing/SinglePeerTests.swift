import Testing
@testable import Simulator

/// nginx's `peers->single`: an upstream of one primary and no backup ignores `max_fails` and
/// `fail_timeout`; its server is never unavailable.
struct SinglePeerTests {
    @Test func aLoneServerIsNeverMarkedDown() {
        let fixture = UpstreamFixture(servers: 1, configuration: .init(retries: 0, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(10))))
        fixture.network.restart("s1", bootTime: .seconds(1))
        let requests = [0.0, 0.5, 1.5, 2].map { fixture.route(at: $0) }
        fixture.run(until: 5)
        // Refused (502) until it is back at 1 s, then answered: no fail_timeout keeps it out.
        #expect(requests.map(\.status) == [502, 502, 200, 200])
        #expect(fixture.routes.hostnames == ["s1", "s1", "s1", "s1"])
        #expect(fixture.events.isEmpty)
    }

    @Test func aServerWithABackupIsNotSingle() {
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(10))),
                                      backups: [2])
        fixture.network.restart("s1", bootTime: .seconds(1))
        let requests = [0.0, 1.5].map { fixture.route(at: $0) }
        fixture.run(until: 5)
        // s1's refusal at 1 ms marks it down for 10 s: the next request goes to the backup.
        #expect(requests.map(\.status) == [502, 200])
        #expect(fixture.routes.hostnames == ["s1", "s2"])
        #expect(fixture.events.map { micros($0.0)! } == [0.001])
        #expect(fixture.events.map(\.2) == [.markedDown(.passive)])
    }
}
