import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `outlier_detection`'s statistical detectors in files: Envoy's keys and defaults, their ranges,
/// and worlds where the detectors cannot fire running exactly as before they existed.
struct OutlierSuccessRateWorldTests {
    static func detection(_ settings: String) throws -> OutlierDetection {
        let text = balancedScenario.replacingOccurrences(of: "max_ejection_percent: 50%}", with: "max_ejection_percent: 50%\(settings)}")
        return try #require(try ScenarioLoader.parse(text, file: "b.yaml").balancer?.configuration.outlierDetection)
    }

    @Test func everyKeyIsReadAndTheDefaultsAreEnvoys() throws {
        let defaults = try Self.detection("")
        #expect(defaults.successRate == OutlierDetection.SuccessRate(minimumHosts: 5, requestVolume: 100, stdevFactor: 1_900, enforcing: 100))
        #expect(defaults.failurePercentage == OutlierDetection.FailurePercentage(threshold: 85, minimumHosts: 5, requestVolume: 50, enforcing: 0))
        #expect(defaults.enforcingConsecutiveErrors == 100)
        #expect(defaults.maximumEjectionTimeJitter == .zero)
        let given = try Self.detection("""
            , success_rate_minimum_hosts: 0, success_rate_request_volume: 20, success_rate_stdev_factor: 1000, enforcing_success_rate: 40%, \
            failure_percentage_threshold: 50, failure_percentage_minimum_hosts: 3, failure_percentage_request_volume: 10, \
            enforcing_failure_percentage: 100, enforcing_consecutive_5xx: 0, max_ejection_time_jitter: 250ms
            """)
        #expect(given == OutlierDetection(consecutiveErrors: 4, baseEjectionTime: .seconds(20), maxEjectionPercent: 50, enforcingConsecutiveErrors: 0,
                                          successRate: .init(minimumHosts: 0, requestVolume: 20, stdevFactor: 1_000, enforcing: 40),
                                          failurePercentage: .init(threshold: 50, minimumHosts: 3, requestVolume: 10, enforcing: 100),
                                          maximumEjectionTimeJitter: .milliseconds(250)))
    }

    static let badValues: [(setting: String, error: String)] = [
        ("enforcing_success_rate: 101", "a percentage must be between 0 and 100, got 101 (at balancer.outlier_detection.enforcing_success_rate)"),
        ("enforcing_failure_percentage: -1", "a percentage must be between 0 and 100, got -1 (at balancer.outlier_detection.enforcing_failure_percentage)"),
        ("enforcing_consecutive_5xx: 100.5%", "a percentage must be between 0 and 100, got 100.5% (at balancer.outlier_detection.enforcing_consecutive_5xx)"),
        ("failure_percentage_threshold: 150", "a percentage must be between 0 and 100, got 150 (at balancer.outlier_detection.failure_percentage_threshold)"),
        ("success_rate_stdev_factor: 100001", "must be 0 … 100,000, got 100,001 (at balancer.outlier_detection.success_rate_stdev_factor)"),
        ("success_rate_stdev_factor: 1.9", "expected an integer, found '1.9' (at balancer.outlier_detection.success_rate_stdev_factor)"),
        ("success_rate_request_volume: 0", "must be 1 … 1,000,000,000, got 0 (at balancer.outlier_detection.success_rate_request_volume)"),
        ("failure_percentage_request_volume: 0", "must be 1 … 1,000,000,000, got 0 (at balancer.outlier_detection.failure_percentage_request_volume)"),
        ("success_rate_minimum_hosts: -1", "must be 0 … 1,000,000,000, got -1 (at balancer.outlier_detection.success_rate_minimum_hosts)"),
        ("max_ejection_time_jitter: -1s", "a duration cannot be negative, got -1s (at balancer.outlier_detection.max_ejection_time_jitter)"),
    ]

    @Test(arguments: badValues.indices)
    func anOutOfRangeSettingIsRefusedWhereItIsWritten(index: Int) {
        let bad = Self.badValues[index]
        let text = balancedScenario.replacingOccurrences(of: "max_ejection_percent: 50%}", with: "max_ejection_percent: 50%, \(bad.setting)}")
        // Line 13 holds outlier_detection; the value starts after the 97 characters before the key, the key and ": ".
        let column = 97 + bad.setting.prefix { $0 != ":" }.count + 2 + 1
        #expect(loadError(text, file: "b.yaml")?.description == "b.yaml:13:\(column): error: " + bad.error)
    }

    /// A world of `count` servers behind round robin, one of them hung from 10 s to 30 s.
    static func world(servers count: Int, outlier: String) -> String {
        """
        name: od
        seed: 1
        run: {duration: 60s}
        network: {latency: 1ms}
        servers: [{name: s, count: \(count), slots: 64, service_time: 2ms, error_rate: 0.3}]
        balancer:
          strategy: round_robin
          forward_timeout: 1s
          retries: {tries: 2, on: [error, timeout, http_5xx]}
          passive_health: {max_fails: 0}
          outlier_detection: \(outlier)
        workload: {type: open_loop, rate: 300, timeout: 3s}
        faults: [{at: 10s, hang: s2, for: 20s}]
        """
    }

    static func run(_ text: String) throws -> TrafficResult {
        ScenarioRunner.runTraffic(try ScenarioLoader.parse(text, file: "od.yaml"))
    }

    /// Three servers are fewer than both detectors' minimum hosts: no interval tick runs, and the
    /// world — digest, events processed, report — is the one with both detectors off (the
    /// pre-statistics build gave digest 50dd353ae6e24366 after 336,207 events for it).
    @Test func threeServersWithTheDefaultsRunAsWithoutTheStatistics() throws {
        let defaults = try Self.run(Self.world(servers: 3, outlier: "{}"))
        let off = try Self.run(Self.world(servers: 3, outlier: "{enforcing_success_rate: 0}"))
        #expect(defaults.digest == off.digest)
        #expect(defaults.events == off.events)
        #expect(defaults.issued == off.issued && defaults.succeeded == off.succeeded)
    }

    /// Six servers with the defaults: the success-rate detector is on (Envoy's
    /// enforcing_success_rate 100), so the interval timer ticks at 10, 20, … 60 s — six events
    /// more than with it off — but with every server failing 30 % and max_ejection_percent 10
    /// it ejects no one, and the digest is the same.
    @Test func sixServersTickButTheDefaultPercentEjectsNoOneOfSix() throws {
        let defaults = try Self.run(Self.world(servers: 6, outlier: "{}"))
        let off = try Self.run(Self.world(servers: 6, outlier: "{enforcing_success_rate: 0}"))
        #expect(defaults.digest == off.digest)
        #expect(defaults.events == off.events + 6)
    }

    /// The load-time estimate counts the statistics' ticks, one event a server a tick, only where
    /// they can eject: six servers ticking every 10 ms for 60 s are 6 × 6,000 = 36,000 events
    /// more than with the detector off; three servers (under the minimum of 5) none.
    @Test func theBudgetCountsTheTicksWhereTheStatisticsCanEject() throws {
        func budget(_ count: Int, _ outlier: String) throws -> Double {
            ResourceBudget(try ScenarioLoader.parse(Self.world(servers: count, outlier: outlier), file: "od.yaml")).events
        }
        #expect(try (budget(6, "{interval: 10ms}") - budget(6, "{interval: 10ms, enforcing_success_rate: 0}")).rounded() == 36_000)
        #expect(try budget(3, "{interval: 10ms}") == budget(3, "{interval: 10ms, enforcing_success_rate: 0}"))
    }
}
