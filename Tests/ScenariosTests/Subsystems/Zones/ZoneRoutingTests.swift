import Testing
@testable import Scenarios
@testable import Simulator

/// Two zones, 0.5 ms one way within a zone and 5 ms between, one-slot servers of a constant
/// 10 ms: a request served in its client's zone takes exactly 4 × 0.5 + 10 = 12 ms, one served
/// across takes 2 × 0.5 + 2 × 5 + 10 = 21 ms.
let zonesScenario = """
name: z
seed: 1
run:
  requests: 10
zones:
  list:
    - {name: a, clients: 1}
    - {name: b, clients: 0}
  within: {latency: 0.5ms}
  between: {latency: 5ms}
servers:
  - {name: a1, zone: a, slots: 1, service_time: 10ms}
  - {name: b1, zone: b, slots: 1, service_time: 10ms}
balancer:
  strategy: round_robin
  forward_timeout: 1s
  retries: {tries: 2, on: [error, timeout]}
  passive_health: {max_fails: 1, fail_timeout: 30s}
  locality: {overprovisioning_factor: 1.4}
workload:
  type: closed_loop
  users: 1
  think_time: 100ms
  timeout: 5s
"""

struct ZoneRoutingTests {
    static func run(_ changes: [(String, String)] = []) throws -> TrafficResult {
        var text = zonesScenario
        for (from, to) in changes {
            #expect(text.contains(from), "\(from)")
            text = text.replacingOccurrences(of: from, with: to)
        }
        return ScenarioRunner.runTraffic(try ScenarioLoader.parse(text, file: "z.yaml"))
    }

    @Test func withLocalityEveryForwardStaysInTheClientsZone() throws {
        let result = try Self.run()
        let zones = try #require(result.zones)
        #expect(zones.forwards == 10 && zones.crossZoneForwards == 0 && zones.crossZoneShare == 0)
        #expect(zones.zones.map(\.forwardsTo) == [[10, 0], [0, 0]])
        #expect(zones.zones[0].issued == 10 && zones.zones[0].succeeded == 10 && zones.zones[0].failed == 0)
        #expect(zones.zones[0].p50 == 0.012 && zones.zones[0].p99 == 0.012)
        #expect(zones.levelDraws == [10, 0] && zones.levelFallbacks == 0)
        #expect(result.value(of: .crossZoneShare) == 0 && result.value(of: .p99) == 0.012)
    }

    @Test func zoneBlindRoundRobinCrossesExactlyHalf() throws {
        let result = try Self.run([("  locality: {overprovisioning_factor: 1.4}\n", "")])
        let zones = try #require(result.zones)
        #expect(zones.forwards == 10 && zones.crossZoneForwards == 5 && zones.crossZoneShare == 0.5)
        #expect(zones.zones[0].forwardsTo == [5, 5])
        // Five answers of 12 ms and five of 21 ms (the histogram reports 12 ms as its bucket's 12.007 ms).
        #expect(zones.zones[0].p50 == 0.012007 && zones.zones[0].p99 == 0.021)
        #expect(zones.levelDraws.isEmpty)
        #expect(result.value(of: .crossZoneForwards) == 5)
    }

    @Test func aZoneOutageSpillsEverythingToTheOtherZoneAfterDetection() throws {
        // Request k starts at k × 112 ms: requests 0 … 8 end before the crash at 1 s.
        let result = try Self.run([("  requests: 10\n", "  requests: 20\n"), ("  timeout: 5s", "  timeout: 5s\nfaults:\n  - {at: 1s, zone_outage: a}")])
        let zones = try #require(result.zones)
        #expect(result.succeeded == 20)
        // 9 answered in zone a; the 10th's forward to the crashed a1 times out after the 1 s
        // forward timeout (a1 marked down, zone a's health 0), and its retry and every later
        // request go to b1.
        #expect(zones.zones[0].forwardsTo == [10, 11])
        #expect(zones.zones[0].p50 == 0.021007 && zones.zones[0].p99 == 1.021)
        #expect(result.balancer?.failedForwards == 1 && result.balancer?.retried == 1)
        #expect(zones.levelDraws == [10, 11] && zones.levelFallbacks == 0)
        #expect(result.balancer?.failovers.map(\.server) == ["a1"])
    }

    @Test func withOneOfThreeHostsHealthyTheClientsZoneGetsEnvoysPriorityLoad() throws {
        // Zone a: a1, a2, a3 with a2 and a3 down from the start; passive health marks each down
        // at its first timeout (the 2nd request: a2, then its retry on a3, both 100 ms, so it fails).
        // From then on zone a's health is 140 × 1 ÷ 3 = 46 and the draws split 46 / 54.
        let text = zonesScenario
            .replacingOccurrences(of: "  requests: 10\n", with: "  requests: 400\n")
            .replacingOccurrences(of: "  - {name: a1, zone: a,", with: "  - {name: a, count: 3, zone: a,")
            .replacingOccurrences(of: "  forward_timeout: 1s\n", with: "  forward_timeout: 100ms\n")
            .replacingOccurrences(of: "  think_time: 100ms\n", with: "")
            + "\nfaults:\n  - {at: 0s, crash: a2}\n  - {at: 0s, crash: a3}\n"
        let result = ScenarioRunner.runTraffic(try ScenarioLoader.parse(text, file: "z.yaml"))
        let zones = try #require(result.zones)
        #expect(result.succeeded == 399 && result.balancer?.failedForwards == 2)
        // Three draws of P0 before both are marked down (a1, a2, the retry on a3), then 398
        // draws of which 205 fell in P0 (51.5 %; Envoy's load is 46 %, the draws are seeded).
        #expect(zones.levelDraws == [208, 193] && zones.levelFallbacks == 0)
        #expect(zones.zones[0].forwardsTo == [208, 193] && zones.crossZoneForwards == 193)
    }
}
