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
