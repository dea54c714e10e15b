import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A valid scenario with a balancer, to break one line at a time.
let balancedScenario = """
name: b
run:
  duration: 10s
servers:
  - {name: s, count: 2, slots: 2, weight: 3, max_conns: 50}
  - {name: spare, backup: true, speed: 0.5, error_rate: 0.01}
balancer:
  strategy: least_conn
  forward_timeout: 2s
  retries: {tries: 3, on: [error, timeout, http_5xx], timeout: 10s}
  passive_health: {max_fails: 3, fail_timeout: 30s}
  health_check: {interval: 5s, timeout: 1s, rise: 2, fall: 3}
  outlier_detection: {consecutive_errors: 4, base_ejection_time: 20s, max_ejection_percent: 50%}
  panic_threshold: 50%
  slow_start: 30s
  queue: {size: 100, timeout: 5s}
  rate_limit: {rate: 20, burst: 40}
  circuit_breaker: {failure_ratio: 0.6, window: 50, minimum_requests: 20, open_for: 10s, half_open_requests: 5}
workload:
  type: open_loop
  rate: 100
  clients: 10
  ramp_up: 2s
  bursts:
    - {at: 5s, for: 1s, multiplier: 4}
faults:
  - {at: 3s, hang: s1, for: 2s}
  - {at: 4s, errors: s2, rate: 0.5, for: 1s}
expect:
  - detection_time < 5s
  - retries > 0
"""

struct BalancerSectionTests {
    @Test func everyBalancerSettingIsRead() throws {
        let scenario = try ScenarioLoader.parse(balancedScenario, file: "b.yaml")
        let balancer = try #require(scenario.balancer)
        #expect(balancer.strategy == .leastConnections)
        let configuration = balancer.configuration
        #expect(configuration.forwardTimeout == .seconds(2))
        #expect(configuration.retries == 2)
        #expect(configuration.retryOn == [.error, .timeout, .http5xx])
        #expect(configuration.retryTimeout == .seconds(10))
        #expect(configuration.passiveHealth == PassiveHealth(maxFails: 3, failTimeout: .seconds(30)))
        #expect(configuration.healthCheck == ActiveHealthCheck(interval: .seconds(5), timeout: .seconds(1), rise: 2, fall: 3))
        #expect(configuration.outlierDetection == OutlierDetection(consecutiveErrors: 4, baseEjectionTime: .seconds(20), maxEjectionPercent: 50))
        #expect(configuration.panicThreshold == 0.5)
        #expect(configuration.slowStart == SlowStart(window: .seconds(30)))
        #expect(configuration.queue == ConnectionQueueConfiguration(capacity: 100, timeout: .seconds(5)))
        #expect(configuration.rateLimit == TokenBucket.Configuration(rate: 20, burst: 40))
        #expect(configuration.circuitBreaker == CircuitBreaker.Configuration(failureRatio: 0.6, window: 50, minimumRequests: 20, openDuration: .seconds(10), halfOpenRequests: 5))
        #expect(scenario.servers.map(\.weight) == [3, 3, 1])
        #expect(scenario.servers.map(\.isBackup) == [false, false, true])
        #expect(scenario.servers.map(\.maxConnections) == [50, 50, nil])
        #expect(scenario.servers[2].configuration.speed == 0.5)
        #expect(scenario.servers[2].configuration.errorRate == 0.01)
        #expect(scenario.workload?.clients == 10)
        #expect(scenario.workload?.rampUp == .seconds(2))
        #expect(scenario.workload?.bursts == [Burst(at: .seconds(5), duration: .seconds(1), multiplier: 4)])
        #expect(scenario.faults.entries.map(\.fault) == [.hang("s1", duration: .seconds(2)), .errors("s2", rate: 0.5), .errors("s2", rate: 0)])
        #expect(scenario.expectations.map(\.metric) == [BalancerMetric.detectionTime.metric, BalancerMetric.retries.metric])
    }

    @Test func aBalancerDefaultsToNginxsSettings() throws {
        let text = "run: {requests: 10}\nservers: [{name: s, count: 3}]\nbalancer: {}\nworkload: {type: closed_loop, users: 1}\n"
        let configuration = try #require(try ScenarioLoader.parse(text, file: "d.yaml").balancer).configuration
        #expect(configuration.forwardTimeout == .seconds(60))
        #expect(configuration.retries == 2, "proxy_next_upstream_tries 0: every server once")
        #expect(configuration.retryOn == .nginxDefault)
        #expect(configuration.passiveHealth == .nginxDefault)
        #expect(configuration.healthCheck == nil && configuration.queue == nil && configuration.circuitBreaker == nil)
    }

    /// Each word of `retries.on` and what it stands for: nginx's statuses each only themselves,
    /// `http_5xx` every 5xx.
    static let retryWords: [(words: String, conditions: RetryConditions)] = [
        ("[error, timeout, http_503]", [.error, .timeout, .http503]),
        ("[http_500]", [.http500]),
        ("[http_502, http_504]", [.http502, .http504]),
        ("[http_404]", [.http404]),
        ("[timeout, http_5xx]", [.timeout, .http500, .http502, .http503, .http504, .otherHTTP5xx]),
        ("[]", []),
        ("[off]", []),
        ("[error, off, http_503]", []),
    ]

    @Test(arguments: retryWords.indices)
    func eachRetryWordStandsForItsOwnCondition(index: Int) throws {
        let (words, conditions) = Self.retryWords[index]
        let text = balancedScenario.replacingOccurrences(of: "on: [error, timeout, http_5xx]", with: "on: \(words)")
        #expect(try #require(try ScenarioLoader.parse(text, file: "b.yaml").balancer).configuration.retryOn == conditions)
    }

    @Test func theSchemaListsEveryRetryWordTheLoaderReads() {
        #expect(ScenarioLoader.retryConditionWords.map(\.key) == ScenarioSchema.retryConditions)
    }

    static let badBalancers: [(from: String, to: String, error: String)] = [
        ("strategy: least_conn", "strategy: least_con",
         "b.yaml:8:13: error: unknown strategy 'least_con'; did you mean 'least_conn'? (at balancer.strategy)"),
        ("  slow_start: 30s", "  slow_strat: 30s",
         "b.yaml:15:3: error: unknown key 'slow_strat'; did you mean 'slow_start'? (at balancer)"),
        ("on: [error, timeout, http_5xx]", "on: [error, timout, http_5xx]",
         "b.yaml:10:35: error: unknown retry condition 'timout'; did you mean 'timeout'? (at balancer.retries.on.[1])"),
        ("on: [error, timeout, http_5xx]", "on: [error, timeout, http_5XX]",
         "b.yaml:10:44: error: unknown retry condition 'http_5XX'; did you mean 'http_5xx'? (at balancer.retries.on.[2])"),
        ("on: [error, timeout, http_5xx]", "on: [error, timeout, http_429]",
         "b.yaml:10:44: error: 'http_429' is nginx's, but Orrery's servers never answer 429: there is nothing to retry (at balancer.retries.on.[2])"),
        ("on: [error, timeout, http_5xx]", "on: [error, timeout, http_403]",
         "b.yaml:10:44: error: 'http_403' is nginx's, but Orrery's servers never answer 403: there is nothing to retry (at balancer.retries.on.[2])"),
        ("tries: 3", "tries: 0",
         "b.yaml:10:20: error: must be 1 … 1,000,000,000, got 0 (at balancer.retries.tries)"),
        ("panic_threshold: 50%", "panic_threshold: 150%",
         "b.yaml:14:20: error: a percentage must be between 0 and 100, got 150% (at balancer.panic_threshold)"),
        ("minimum_requests: 20", "minimum_requests: 80",
         "b.yaml:18:71: error: minimum_requests (80) cannot exceed the window (50) (at balancer.circuit_breaker.minimum_requests)"),
        ("  - {at: 3s, hang: s1, for: 2s}", "  - {at: 3s, hang: s9, for: 2s}",
         "b.yaml:27:20: error: unknown node 's9'; did you mean 's1'? (at faults.[0].hang)"),
        ("  - retries > 0", "  - retires > 0",
         "b.yaml:31:5: error: unknown metric 'retires'; did you mean 'retries'? (at expect.[1])"),
    ]

    @Test(arguments: badBalancers.indices)
    func aBadBalancerSettingIsReportedWithItsPosition(index: Int) {
        let bad = Self.badBalancers[index]
        let text = balancedScenario.replacingOccurrences(of: bad.from, with: bad.to)
        #expect(text != balancedScenario)
        #expect(loadError(text, file: "b.yaml")?.description == bad.error)
    }

    /// A weight is 160 ring points with a hash strategy (nginx's): the weights add up to at most
    /// 10,000, where one server of weight 10⁶ would have asked for 160 M points.
    @Test func aHashStrategysWeightsAreBoundedByTheRing() {
        // Without slow_start, which a plain hash refuses (it would do nothing).
        let heavy = balancedScenario.replacingOccurrences(of: "strategy: least_conn", with: "strategy: hash")
            .replacingOccurrences(of: "  slow_start: 30s\n", with: "")
        #expect(loadError(heavy, file: "b.yaml") == nil)
        let text = heavy.replacingOccurrences(of: "weight: 3,", with: "weight: 5000,")
        #expect(loadError(text, file: "b.yaml")?.description
            == "b.yaml:8:13: error: with a hash strategy the servers' weights add up to at most 10,000 (each unit is 160 points on the ring), got 10,001 (at balancer.strategy)")
        #expect(loadError(text.replacingOccurrences(of: "strategy: hash", with: "strategy: least_conn"), file: "b.yaml") == nil)
    }

    @Test func balancerOnlySettingsNeedABalancer() {
        let text = "run: {requests: 10}\nservers: [{name: s, count: 3, weight: 2}]\nworkload: {type: closed_loop, users: 1}\n"
        #expect(loadError(text, file: "w.yaml")?.description == "w.yaml:2:39: error: 'weight' applies behind a load balancer; add a 'balancer' section (at servers.[0].weight)")
    }

    @Test func aQueueNeedsAConnectionLimit() {
        let text = balancedScenario.replacingOccurrences(of: ", max_conns: 50", with: "")
        #expect(loadError(text, file: "b.yaml")?.message == "a queue holds requests while servers are at 'max_conns'; set 'max_conns' on the balancer or on a server")
    }

    @Test func aServerMayNotTakeTheBalancersName() {
        let text = balancedScenario.replacingOccurrences(of: "{name: spare,", with: "{name: balancer,")
        #expect(loadError(text, file: "b.yaml")?.description == "b.yaml:6:12: error: 'balancer' is the balancer's node; give the server another name (at servers.[1].name)")
    }

    @Test func burstsAndClientsBelongToOpenLoops() {
        let text = "run: {requests: 10}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1, clients: 5}\n"
        #expect(loadError(text, file: "c.yaml")?.message == "'clients' applies to open-loop arrivals; a closed loop's load is set by its users")
    }
}

func loadError(_ text: String, file: String) -> ScenarioError? {
    do {
        _ = try ScenarioLoader.parse(text, file: file)
        return nil
    } catch {
        return error
    }
}
