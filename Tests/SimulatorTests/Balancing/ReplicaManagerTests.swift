import Testing
@testable import Simulator

struct ReplicaManagerTests {
    @Test func aFailedForwardIsRetriedOnTheNextReplicaClockwise() {
        let fixture = BalancerFixture()
        fixture.network.crash("Server 1")
        let response = fixture.run { await fixture.balancer.route(Request(id: 1, key: 100_000, client: "client")) }
        // Slot 17's next virtual server of another server is server 2's at slot 30.
        #expect(response.body == #"{"message": "Hello from Server: 2", "status": "successful"}"#)
        #expect(fixture.balancer.stats.retried == 1)
        #expect(fixture.balancer.stats.failedForwards == 1)
        // The first forward times out at 500 ms; the retry takes 0.5 ms there, 1 ms of service, 0.5 ms back.
        #expect(fixture.sim.now == .after(.milliseconds(502)))
    }

    @Test func aDeadReplicaIsDetectedAfterTheMissedHeartbeatsAndReplaced() throws {
        let fixture = BalancerFixture()
        let manager = ReplicaManager(balancer: fixture.balancer, network: fixture.network,
                                     configuration: .init(interval: .seconds(1), timeout: .milliseconds(500), missesBeforeDown: 2, spawnDelay: .seconds(2)))
        manager.start()
        let start = fixture.sim.now
        fixture.sim.schedule(after: .milliseconds(2_300)) { fixture.network.crash("Server 2") }
        try fixture.sim.run(until: start.advanced(by: .seconds(10)))
        let events = manager.log.events
        #expect(events.count == 2)
        // Heartbeats at 1 s, 2 s, 3 s, 4 s after start: missed at 3 s and 4 s (each answered
        // "missed" at its 500 ms timeout), so the replica is declared dead at 4.5 s.
        #expect(events.first == .init(kind: .declaredDead, at: start.advanced(by: .milliseconds(4_500)), hostname: "Server 2", replaces: nil))
        #expect(events.last?.kind == .replacementServing)
        #expect(events.last?.at == start.advanced(by: .milliseconds(6_500)))
        #expect(events.last?.replaces == "Server 2")
        let hostnames = fixture.run { await fixture.balancer.hostnames }
        #expect(hostnames.count == 3)
        #expect(hostnames[0...1] == ["Server 1", "Server 3"])
        #expect(hostnames[2] == events.last?.hostname)
    }
}
