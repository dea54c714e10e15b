import Testing
@testable import Scenarios
@testable import Simulator

/// Three servers behind `health_based` with nginx's default passive health (`max_fails=1
/// fail_timeout=10s`) and no health checks; s2 crashes at 10 s and is back up at 16 s. Passive
/// health returns a down server only when a pick probes it, so it is the strategy's decay that
/// brings s2 back: its 1 s timeout's latency and its error rate fall by e every 10 s until its
/// cost is below the others'.
let healthBasedCrashScenario = """
name: hb
seed: 3
run:
  duration: 120s
network:
  latency: 0.5ms
servers:
  - {name: s, count: 3, slots: 4, service_time: {exponential: 10ms}}
balancer:
  strategy: health_based
  forward_timeout: 1s
  retries: {tries: 3, on: [error, timeout]}
workload:
  type: open_loop
  rate: 50
  timeout: 5s
faults:
  - at: 10s
    crash: s2
  - at: 15s
    restart: s2
    boot_time: 1s
"""

struct HealthBasedRunTests {
    static func run(seed: UInt64? = nil) throws -> TrafficResult {
        ScenarioRunner.runTraffic(try ScenarioLoader.parse(healthBasedCrashScenario, file: "hb.yaml"), seed: seed)
    }

    @Test func aServerThatTimedOutComesBackOnceItsCostHasDecayed() throws {
        let result = try Self.run()
        let failover = try #require(result.balancer?.failovers.first)
        #expect(failover.server == "s2")
        let back = try #require(failover.recoveredAt, "s2 never picked again: its cost does not decay")
        // Probed and marked up at 37.993 s, 27 s after passive health took it out (before the
        // decay, never: s2 served 162 requests, all before the crash).
        #expect(back == 37.993487172)
        #expect(result.servers.first(where: { $0.id == "s2" })?.served == 1_551)
    }

    @Test func theSameSeedGivesTheSameRun() throws {
        let first = try Self.run(seed: 5), second = try Self.run(seed: 5)
        #expect(first.digest == second.digest)
        #expect(first.balancer?.failovers == second.balancer?.failovers)
    }
}
