import Testing
@testable import Scenarios
@testable import Simulator

/// `round_robin` under `balancer.locality` picks within the level drawn, each level's servers in
/// turn: with one position shared by the levels of two client zones, a zone's first server won
/// twice as often as its second (N2, s77: e1 6,552, e2 3,273, w1 6,646, w2 3,377 of 19,848).
struct RoundRobinLocalityRunTests {
    /// N's reproducer, 20 s instead of 100.
    static let file = """
        name: rr-locality
        seed: 7
        run: {duration: 20s}
        network: {latency: 0.5ms}
        zones:
          list: [{name: east}, {name: west}]
          within: {latency: 1ms}
          between: {latency: 5ms}
        servers:
          - {name: e, count: 2, zone: east, slots: 100000, queue: 10, service_time: 1us}
          - {name: w, count: 2, zone: west, slots: 100000, queue: 10, service_time: 1us}
        balancer:
          strategy: round_robin
          locality: {overprovisioning_factor: 1.4}
          health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 1}
        workload: {type: open_loop, rate: 200, timeout: 10s, clients: 2}
        """

    @Test func eachZonesServersTakeTurns() throws {
        let result = ScenarioRunner.runTraffic(try ScenarioLoader.parse(Self.file, file: "rr.yaml"))
        #expect(result.servers.map(\.id) == ["e1", "e2", "w1", "w2"])
        #expect(result.servers.map(\.served) == [974, 973, 999, 999])
    }
}
