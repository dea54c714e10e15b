import Simulator
import Testing
@testable import Scenarios

/// A request's retries are picks and forwards too: a thousand servers all answering 500, with
/// `http_5xx` retried and no cap on tries, made each request a thousand picks of a thousand
/// members (the fuzzer's file ran past 120 s). The load-time estimate counts a request's expected
/// tries, capped at the number of servers, and refuses the file where its balancer is written.
@Suite struct RetryBudgetTests {
    static func file(servers: Int, errorRate: Double, on conditions: String, rate: Int = 1_000) -> String {
        """
        name: manytries
        run: {duration: 60s}
        network: {latency: 0s}
        servers: [{name: s, count: \(servers), error_rate: \(errorRate), service_time: 0s}]
        balancer:
          strategy: round_robin
          passive_health: {max_fails: 0}
          retries: {tries: 1000000000, on: [\(conditions)]}
        workload: {type: open_loop, rate: \(rate), timeout: 10s}
        """
    }

    @Test func aThousandFailingServersRetriedWithoutEndAreRefusedAtTheBalancer() {
        // 60,000 requests × (100 events a pick + 999 retries × 110): 6.6 × 10⁹ events.
        #expect(HostileInputTests.error(Self.file(servers: 1_000, errorRate: 1, on: "http_5xx")) == "h.yaml:8:12: error: this world would need about 6.6e+09 events over its 60.000 s of virtual time (mostly from 'balancer.retries'), more than its event limit of 2.0e+09 (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at balancer.retries)")
    }

    @Test func theSameServersWithout500sRetriedOrAtALowerRateLoad() {
        #expect(HostileInputTests.error(Self.file(servers: 1_000, errorRate: 1, on: "error, timeout")) == nil)
        #expect(HostileInputTests.error(Self.file(servers: 1_000, errorRate: 1, on: "http_5xx", rate: 20)) == nil)
    }

    /// 1 + p + p² + … over at most `retries` + 1 tries, and never more tries than servers.
    @Test func expectedTriesFollowTheServersErrorRate() {
        func servers(_ count: Int, errorRate: Double) -> [Scenario.Server] {
            (1...count).map { Scenario.Server(id: NodeID("s\($0)"), configuration: ServerConfiguration(errorRate: errorRate)) }
        }
        let retrying = LoadBalancer.Configuration(retries: 2, retryOn: [.error, .http500])
        #expect(ResourceBudget.expectedTries(of: retrying, servers: servers(3, errorRate: 0.5)) == 1.75)
        #expect(ResourceBudget.expectedTries(of: retrying, servers: servers(3, errorRate: 1)) == 3)
        #expect(ResourceBudget.expectedTries(of: retrying, servers: servers(2, errorRate: 1)) == 2)
        #expect(ResourceBudget.expectedTries(of: retrying, servers: servers(3, errorRate: 0)) == 1)
        #expect(ResourceBudget.expectedTries(of: LoadBalancer.Configuration(retries: 2, retryOn: [.error]), servers: servers(3, errorRate: 1)) == 1)
    }
}

/// The failures a file schedules are tries too: a thousand servers cut off from the balancer for
/// the whole run, retried on `error` without a cap, made each request a thousand picks of a
/// thousand members — estimated at one try a request, the world was accepted and ran for hours.
@Suite struct ScheduledFailureBudgetTests {
    static func file(_ faults: String, on conditions: String = "error, timeout", rate: Int = 1_000, chaos: String = "") -> String {
        """
        name: scheduled
        run: {duration: 60s}
        network: {latency: 0s}
        servers: [{name: s, count: 1000, service_time: 0s}]
        balancer:
          strategy: round_robin
          passive_health: {max_fails: 0}
          retries: {tries: 1000000000, on: [\(conditions)]}
        workload: {type: open_loop, rate: \(rate), timeout: 10s}
        faults: \(faults)
        \(chaos)
        """
    }

    static func tries(_ yaml: String) throws -> Double {
        // At 20 requests a second every world here loads, however many tries it expects.
        let scenario = try ScenarioLoader.parse(yaml.replacingOccurrences(of: "rate: 1000,", with: "rate: 20,"), file: "h.yaml")
        return ResourceBudget.expectedTries(of: scenario, balancer: try #require(scenario.balancer))
    }

    /// Cut off for the whole run, every server fails every try: 60,000 requests × (100 events a
    /// pick + 999 retries × 110), as a thousand servers answering 500.
    @Test func aPartitionCuttingEveryServerOffIsRefusedAtTheBalancer() {
        #expect(HostileInputTests.error(Self.file("[{at: 0s, partition: [[balancer]]}]")) == "h.yaml:8:12: error: this world would need about 6.6e+09 events over its 60.000 s of virtual time (mostly from 'balancer.retries'), more than its event limit of 2.0e+09 (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at balancer.retries)")
    }

    /// A dropping partition fails by timeouts, a rejecting one by errors: each counts only when
    /// its condition is retried.
    @Test func aFailureCountsOnlyWhenItsConditionIsRetried() throws {
        #expect(try Self.tries(Self.file("[{at: 0s, partition: [[balancer]]}]", on: "timeout")) == 1)
        #expect(try Self.tries(Self.file("[{at: 0s, partition: [[balancer]], mode: drop}]", on: "timeout")) == 1_000)
        #expect(try Self.tries(Self.file("[{at: 0s, partition: [[balancer]], mode: drop}]", on: "error")) == 1)
        #expect(try Self.tries(Self.file("[{at: 0s, crash: s1}]", on: "http_5xx")) == 1)
    }

    /// Half the servers cut off for half the run: a request tries 1 + ½ + ¼ + … ≈ 2 while it
    /// lasts, and 1 after the heal: (30 × (2 − 2⁻⁹⁹⁹) + 30 × 1) / 60 = 1.5.
    @Test func aFailureCountsForAsLongAsItLasts() throws {
        let half = (1...500).map { "s\($0)" }.joined(separator: ", ")
        #expect(try Self.tries(Self.file("[{at: 0s, partition: [[\(half)]], for: 30s}]")) == 1.5)
        // The same share crashed until restarted at 30 s with a boot of 0.
        let crashes = (1...500).map { "{at: 0s, crash: s\($0)}, {at: 30s, restart: s\($0)}" }.joined(separator: ", ")
        #expect(abs(try Self.tries(Self.file("[\(crashes)]")) - 1.5) < 1e-9)
    }

    /// A server that is not behind the balancer, or a partition that leaves every server with
    /// it, changes nothing.
    @Test func aFailureElsewhereCountsNothing() throws {
        #expect(try Self.tries(Self.file("[{at: 0s, partition: [[client]]}]")) == 1)
        #expect(try Self.tries(Self.file("[{at: 0s, pause: balancer, for: 10s}]")) == 1)
    }

    /// The chaos' downtime counts as its expected share: 3,600 crashes an hour of 0.5 s each keep
    /// every server down half the time.
    @Test func theChaosCountsItsExpectedDowntime() throws {
        let tries = try Self.tries(Self.file("[]", chaos: "chaos: {crashes_per_hour: 3600, downtime: 500ms}"))
        #expect(abs(tries - 2) < 1e-9)
    }
}
