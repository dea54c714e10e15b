import Testing
@testable import Scenarios
@testable import Simulator

/// `health_check: {fastinter, downinter, spread_checks}` in a world: HAProxy's `fastinter` and
/// `downinter` (`srv_getinter`) and its global `spread-checks`, read, bounded, budgeted and run.
struct HealthCheckIntervalLoadingTests {
    static func world(_ check: String, faults: String = "[]") -> String {
        """
        name: intervals
        seed: 1
        run: {duration: 20s}
        network: {latency: 1ms}
        servers: [{name: s, count: 2, slots: 4, service_time: 2ms}]
        balancer:
          strategy: round_robin
          passive_health: {max_fails: 0}
          health_check: \(check)
        workload: {type: open_loop, rate: 5, timeout: 3s}
        faults: \(faults)
        """
    }

    @Test func theKeysAreReadWithHAProxysDefaults() throws {
        let plain = try #require(try ScenarioLoader.parse(Self.world("{interval: 2s}"), file: "h.yaml").balancer?.configuration.healthCheck)
        #expect(plain.fastInterval == nil && plain.downInterval == nil && plain.spreadPercent == 0)
        let all = try #require(try ScenarioLoader.parse(Self.world("{interval: 2s, fastinter: 500ms, downinter: 10s, spread_checks: 50}"), file: "h.yaml")
            .balancer?.configuration.healthCheck)
        #expect(all.fastInterval == .milliseconds(500) && all.downInterval == .seconds(10) && all.spreadPercent == 50)
    }

    @Test(arguments: [
        ("fastinter: 0s", "h.yaml:9:43: error: must be longer than zero, got 0s (at balancer.health_check.fastinter)"),
        ("downinter: 1ns", "h.yaml:9:43: error: must be at least 1ms, got 1ns (at balancer.health_check.downinter)"),
        ("spread_checks: 51", "h.yaml:9:47: error: must be 0 … 50, got 51 (at balancer.health_check.spread_checks)"),
        ("spread_checks: -1", "h.yaml:9:47: error: must be 0 … 50, got -1 (at balancer.health_check.spread_checks)"),
    ])
    func anOutOfRangeValueIsRefusedWhereItIs(_ key: String, _ expected: String) {
        #expect(HostileInputTests.error(Self.world("{interval: 2s, \(key)}")) == expected)
    }

    /// Two servers, 20 s: the checks count 10 events a wake-up at the shortest interval — 2 s
    /// alone (2 × 10 × 10 = 200 events; a longer downinter changes nothing), fastinter 10 ms
    /// (2 × 10 × 2,000 = 40,000), or downinter 5 ms (80,000).
    @Test func theBudgetCountsTheShortestInterval() throws {
        func checkEvents(_ check: String) throws -> Double {
            let with = ResourceBudget(try ScenarioLoader.parse(Self.world(check), file: "h.yaml"))
            let without = ResourceBudget(try ScenarioLoader.parse(Self.world("{interval: 1000000s}"), file: "h.yaml"))
            return (with.events - without.events).rounded()
        }
        #expect(try checkEvents("{interval: 2s}") == 200)
        #expect(try checkEvents("{interval: 2s, fastinter: 10ms}") == 40_000)
        #expect(try checkEvents("{interval: 2s, fastinter: 10ms, downinter: 5ms}") == 80_000)
        #expect(try checkEvents("{interval: 2s, downinter: 3s}") == 200)
    }

    /// inter 2 s, fastinter 500 ms, downinter 5 s, timeout 1 s, rise 2, fall 3, and a 1 ms
    /// network: a passed check ends 2 ms after it starts. s2's first check is at 250 ms (the
    /// first checks spread over fastinter: 500 ms × 1/2) and passes at 0.252 s: at the top, its
    /// next is at 2.252 s. Crashed at 1.5 s, it fails at 3.252 s, then (fastinter) 4.752 and
    /// 6.252 s: down. Its next check waits downinter, to 11.252 s; restarted at 10 s, it passes
    /// at 11.254 s and, 500 ms later, at 11.756 s: up. With interval alone the first checks
    /// are spread over 2 s: s2 passes at 1.002 s, fails at 4.002, 7.002 and 10.002 s (3 s apart:
    /// down), passes at 12.004 s and 2 s later at 14.006 s: up.
    @Test func aCrashIsDetectedAtFastinterAndARestartAtDowninterThenFastinter() throws {
        let faults = "[{at: 1.5s, crash: s2}, {at: 10s, restart: s2}]"
        func failover(_ check: String) throws -> (Double?, Double?) {
            let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(check, faults: faults), file: "h.yaml"), seed: nil)
            let failover = try #require(result.traffic?.balancer?.failovers.first)
            return (failover.detectedAt, failover.recoveredAt)
        }
        let variants = try failover("{interval: 2s, fastinter: 500ms, downinter: 5s, timeout: 1s, rise: 2, fall: 3}")
        #expect(variants.0 == 6.252 && variants.1 == 11.756)
        let plain = try failover("{interval: 2s, timeout: 1s, rise: 2, fall: 3}")
        #expect(plain.0 == 10.002 && plain.1 == 14.006)
    }
}

/// HAProxy's global `max-spread-checks`: `start_check_task` caps `mininter` — the span the first
/// checks are spread over, after `spread-checks`' jitter — before it places server `srvpos` of
/// `nbcheck` at `mininter × srvpos / nbcheck`.
struct MaxSpreadChecksTests {
    static func world(_ check: String, servers: Int = 4) -> String {
        """
        name: spread
        seed: 1
        run: {duration: 30s}
        network: {latency: 1ms}
        servers: [{name: s, count: \(servers), slots: 4, service_time: 2ms}]
        balancer:
          strategy: round_robin
          passive_health: {max_fails: 0}
          health_check: \(check)
        workload: {type: open_loop, rate: 5, timeout: 3s}
        faults: [{at: 0s, crash: s4}]
        """
    }

    @Test func theSettingIsReadAndBounded() throws {
        let check = try #require(try ScenarioLoader.parse(Self.world("{interval: 10s, max_spread_checks: 2s}"), file: "m.yaml").balancer?.configuration.healthCheck)
        #expect(check.maxSpread == .seconds(2))
        #expect(try ScenarioLoader.parse(Self.world("{interval: 10s}"), file: "m.yaml").balancer?.configuration.healthCheck?.maxSpread == nil)
        #expect(HostileInputTests.error(Self.world("{interval: 10s, max_spread_checks: 0s}")) == "h.yaml:9:52: error: must be longer than zero, got 0s (at balancer.health_check.max_spread_checks)")
    }

    /// inter 10 s, four servers, s4 crashed from the start: its first check starts at
    /// 10 s × 3/4 = 7.5 s and times out 2 s later (the default timeout): down at 9.5 s (a server
    /// starts on trial, so one failure takes it down). Capped at 2 s, it starts at 2 s × 3/4 =
    /// 1.5 s: down at 3.5 s. A cap above the interval changes nothing.
    @Test func theFirstChecksAreSpreadOverTheCap() throws {
        func detected(_ check: String) throws -> Double? {
            let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(check), file: "m.yaml"), seed: nil)
            return try #require(result.traffic?.balancer?.failovers.first).detectedAt
        }
        #expect(try detected("{interval: 10s}") == 9.5)
        #expect(try detected("{interval: 10s, max_spread_checks: 2s}") == 3.5)
        #expect(try detected("{interval: 10s, max_spread_checks: 20s}") == 9.5)
    }
}
