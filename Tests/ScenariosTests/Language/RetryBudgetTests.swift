import Simulator
import Testing
@testable import Scenarios

/// A request's retries are picks and forwards too: a thousand servers all answering 500, with
/// `http_5xx` retried and no cap on tries, made each request a thousand picks of a thousand
/// members (the fuzzer's file ran past 120 s). The load-time estimate counts a request's expected
/// tries, capped at the number of servers, and refuses the file where its balancer is written.
struct RetryBudgetTests {
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
        #expect(HostileInputTests.error(Self.file(servers: 1_000, errorRate: 1, on: "http_5xx")) == "h.yaml:8:12: error: this world would need about 6.6 × 10⁹ events over its 60.000 s of virtual time (mostly from 'balancer.retries'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at balancer.retries)")
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
struct ScheduledFailureBudgetTests {
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
        #expect(HostileInputTests.error(Self.file("[{at: 0s, partition: [[balancer]]}]")) == "h.yaml:8:12: error: this world would need about 6.6 × 10⁹ events over its 60.000 s of virtual time (mostly from 'balancer.retries'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at balancer.retries)")
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

/// What the outside check of the scheduled-failure estimate found: tries that time out because a
/// server or the network is slower than the per-try timeout, and an open loop's requests held
/// while they wait for their timeouts, were not counted.
struct StalledRequestBudgetTests {
    static func slowWorld(service: String = "1ms", faults: String = "[]") -> String {
        """
        name: stalled
        run: {duration: 100s}
        network: {latency: 1ms}
        servers: [{name: s, count: 1000, service_time: \(service)}]
        balancer:
          strategy: round_robin
          forward_timeout: 10ms
          passive_health: {max_fails: 0}
          retries: {tries: 1000000000, on: [error, timeout, http_5xx]}
        workload: {type: open_loop, rate: 10000, timeout: 100s}
        faults: \(faults)
        """
    }

    /// Service of 1,000 s, a million-fold slowdown of every server, or a 10 s latency spike behind
    /// a 10 ms per-try timeout: every try times out and every server is tried (killed at 120 s,
    /// 4.5 GB, before): refused at the balancer's retries.
    @Test(arguments: [
        slowWorld(service: "1000s"),
        slowWorld(faults: "[{at: 1s, latency_spike: 10s, for: 90s}]"),
        slowWorld(faults: "[" + (1...1000).map { "{at: 1s, slow: s\($0), factor: 1000000, for: 90s}" }.joined(separator: ", ") + "]"),
    ])
    func triesThatTimeOutAreCounted(_ world: String) {
        #expect(HostileInputTests.error(world)?.hasSuffix("(at balancer.retries)") == true)
    }

    /// 1 ms of service and two 1 ms crossings against 10 ms: Markov's bound counts a try failing
    /// three times in ten — 1 + 0.3 + 0.09 + … = 1/0.7 tries, and the world loads.
    @Test func aFastWorldLoads() throws {
        #expect(HostileInputTests.error(Self.slowWorld()) == nil)
        let scenario = try ScenarioLoader.parse(Self.slowWorld(), file: "h.yaml")
        #expect(abs(ResourceBudget.expectedTries(of: scenario, balancer: try #require(scenario.balancer)) - 1 / 0.7) < 1e-9)
    }

    static func heldWorld(_ faults: String) -> String {
        """
        name: held
        seed: 1
        run: {duration: 100s}
        servers: [{name: s, count: 2}]
        balancer: {strategy: round_robin}
        workload: {type: open_loop, rate: 100000, clients: 100000}
        faults: \(faults)
        """
    }

    /// 100,000 requests a second for 100 s behind a dropping partition or two crashed servers
    /// held 5.3 GB waiting for nginx's 60 s per-try timeout (two tries): refused, 10⁷ requests at
    /// 1 KiB; a rejecting partition answers at once (28 MB) and loads.
    @Test func requestsWaitingForTheirTimeoutsAreCounted() {
        let refusal = "h.yaml:6:35: error: this world would hold about 9.5 GiB (mostly for 'workload'), more than the 4 GiB a run may use; make it smaller (at workload.rate)"
        #expect(HostileInputTests.error(Self.heldWorld("[{at: 0s, partition: [[s1, s2]], for: 100s, mode: drop}]")) == refusal)
        #expect(HostileInputTests.error(Self.heldWorld("[{at: 0s, crash: s1}, {at: 0s, crash: s2}]")) == refusal)
        #expect(HostileInputTests.error(Self.heldWorld("[{at: 0s, partition: [[s1, s2]], for: 100s}]")) == nil)
    }
}
