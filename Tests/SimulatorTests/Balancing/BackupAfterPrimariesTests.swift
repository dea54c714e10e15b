import Testing
@testable import Simulator

/// nginx's `failed:` path: once a request has no primary left (every one tried, down or busy) it
/// goes to the backups, and stays on them for its remaining tries.
struct BackupAfterPrimariesTests {
    @Test func aRequestThatUsedUpThePrimariesTriesTheBackup() {
        // Both primaries refuse but stay below max_fails: still healthy, yet tried.
        let fixture = UpstreamFixture(configuration: .init(retries: 2, passiveHealth: .init(maxFails: 3, failTimeout: .seconds(10))), backups: [3])
        fixture.network.restart("s1", bootTime: .seconds(60))
        fixture.network.restart("s2", bootTime: .seconds(60))
        let request = fixture.route(at: 0)
        fixture.run(until: 1)
        #expect(request.status == 200)
        #expect(request.response?.server == "s3")
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3"])
        // Two refusals of 1 ms each, then 0.5 + 1 + 0.5 ms at the backup.
        #expect(micros(request.seconds) == 0.004)
        #expect(fixture.balancer.stats.retried == 2)
        #expect(fixture.events.isEmpty)
    }

    @Test func aRequestOnTheBackupsStaysOnThem() {
        let fixture = UpstreamFixture(servers: 4, configuration: .init(forwardTimeout: .seconds(2), retries: 3, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(1))),
                                      backups: [3, 4])
        fixture.network.restart("s1", bootTime: .milliseconds(900))
        fixture.sim.schedule(after: .milliseconds(400)) {
            fixture.network.restart("s2", bootTime: .seconds(100))
            fixture.network.crash("s3")
        }
        let first = fixture.route(at: 0)
        let second = fixture.route(at: 0.5)
        fixture.run(until: 5)
        // First: s1 refuses (down until 1.001 s), s2 answers. Second: s2 refuses, no primary is
        // left, the backup s3 times out at 2.501 s — s1 is available again by then, but the
        // request stays on the backups: s4.
        #expect(first.status == 200 && first.response?.server == "s2")
        #expect(second.status == 200 && second.response?.server == "s4")
        #expect(fixture.routes.hostnames == ["s1", "s2", "s2", "s3", "s4"])
        #expect(micros(second.seconds) == 2.503)
    }
}
