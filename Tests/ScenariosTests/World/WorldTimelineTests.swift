import Testing
@testable import Scenarios

/// The world's timeline draws a node down from its crash until its restart has booted, the
/// span the Failovers table and the coordinator's first answer agree on.
struct WorldTimelineTests {
    /// A coordinator behind a balancer and a two-worker cluster: worker-2 crashes, is restarted
    /// with a 2 s boot and crashes again while booting; the coordinator crashes and is restarted
    /// with a 1 s boot (the checker's `w5.yaml`); worker-1 is restarted while running.
    static let restarts = """
        seed: 5
        run: {duration: 20s}
        balancer: {strategy: round_robin, health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 1}}
        servers:
          - {on: mapreduce.coordinator, service_time: 2ms}
        workload: {type: open_loop, rate: 20, timeout: 2s}
        mapreduce:
          cluster: {workers: 2}
          jobs:
            - {id: j, name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 500, seed: 1}}}
        faults:
          - {at: 3s, crash: worker-2}
          - {at: 4s, restart: worker-2, boot_time: 2s}
          - {at: 5s, crash: worker-2}
          - {at: 7s, restart: worker-2}
          - {at: 6.5s, crash: coordinator}
          - {at: 9s, restart: coordinator, boot_time: 1s}
          - {at: 12s, restart: worker-1, boot_time: 1s}
        """

    @Test func aNodeIsDownUntilItsRestartHasBooted() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.restarts, file: "restarts.yaml"))
        #expect(result.passed)
        #expect(try WorldFaultListTests.timelineCSV(result).filter { $0.contains(",down,") } == [
            "worker-2,mapreduce,down,3,7,down",      // the crash during the boot continues the outage
            "coordinator,mapreduce,down,6.5,10,down", // restart at 9 s + 1 s boot
            "worker-1,mapreduce,down,12,13,down",     // a restart of a running node: down for its boot
        ])
        let failover = try #require(result.traffic?.balancer?.failovers.first)
        #expect(failover.server == "coordinator" && failover.repairedAt == 10)
        // The chart draws the same spans.
        let drawn = result.timelineChart().tasks.filter { $0.category == "down" }.map { "\($0.row) \($0.start)–\($0.end)" }
        #expect(drawn == ["worker-2 3.0–7.0", "coordinator 6.5–10.0", "worker-1 12.0–13.0"])
    }
}
