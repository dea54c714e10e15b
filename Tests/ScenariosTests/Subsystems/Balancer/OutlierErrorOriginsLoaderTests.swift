import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `outlier_detection`'s gateway-failure and local-origin keys in files: Envoy's names and
/// defaults, their ranges, and worlds that do not name them running exactly as before.
struct OutlierErrorOriginsLoaderTests {
    @Test func everyKeyIsReadAndTheDefaultsAreEnvoys() throws {
        let defaults = try OutlierSuccessRateWorldTests.detection("")
        #expect(defaults.gatewayFailure == OutlierDetection.GatewayFailure(consecutive: 5, enforcing: 0))
        #expect(defaults.localOrigin == OutlierDetection.LocalOrigin(split: false, consecutiveFailures: 5, enforcingConsecutiveFailures: 100,
                                                                     enforcingSuccessRate: 100, enforcingFailurePercentage: 0))
        let given = try OutlierSuccessRateWorldTests.detection("""
            , consecutive_gateway_failure: 3, enforcing_consecutive_gateway_failure: 100%, split_external_local_origin_errors: true, \
            consecutive_local_origin_failure: 2, enforcing_consecutive_local_origin_failure: 50, enforcing_local_origin_success_rate: 0, \
            enforcing_failure_percentage_local_origin: 25
            """)
        #expect(given.gatewayFailure == OutlierDetection.GatewayFailure(consecutive: 3, enforcing: 100))
        #expect(given.localOrigin == OutlierDetection.LocalOrigin(split: true, consecutiveFailures: 2, enforcingConsecutiveFailures: 50,
                                                                  enforcingSuccessRate: 0, enforcingFailurePercentage: 25))
        // The rest as the file says.
        #expect(given.consecutiveErrors == 4 && given.maxEjectionPercent == 50)
    }

    static let badValues: [(setting: String, error: String)] = [
        ("consecutive_gateway_failure: 0", "must be 1 … 1,000,000,000, got 0 (at balancer.outlier_detection.consecutive_gateway_failure)"),
        ("consecutive_gateway_failure: 1000000001",
         "must be 1 … 1,000,000,000, got 1,000,000,001 (at balancer.outlier_detection.consecutive_gateway_failure)"),
        ("consecutive_gateway_failure: 2.5", "expected an integer, found '2.5' (at balancer.outlier_detection.consecutive_gateway_failure)"),
        ("enforcing_consecutive_gateway_failure: 101",
         "a percentage must be between 0 and 100, got 101 (at balancer.outlier_detection.enforcing_consecutive_gateway_failure)"),
        ("split_external_local_origin_errors: 1",
         "expected true or false, found '1' (at balancer.outlier_detection.split_external_local_origin_errors)"),
        ("consecutive_local_origin_failure: 0", "must be 1 … 1,000,000,000, got 0 (at balancer.outlier_detection.consecutive_local_origin_failure)"),
        ("consecutive_local_origin_failure: -3", "must be 1 … 1,000,000,000, got -3 (at balancer.outlier_detection.consecutive_local_origin_failure)"),
        ("enforcing_consecutive_local_origin_failure: -1",
         "a percentage must be between 0 and 100, got -1 (at balancer.outlier_detection.enforcing_consecutive_local_origin_failure)"),
        ("enforcing_local_origin_success_rate: 100.5%",
         "a percentage must be between 0 and 100, got 100.5% (at balancer.outlier_detection.enforcing_local_origin_success_rate)"),
        ("enforcing_failure_percentage_local_origin: 200",
         "a percentage must be between 0 and 100, got 200 (at balancer.outlier_detection.enforcing_failure_percentage_local_origin)"),
    ]

    @Test(arguments: badValues.indices)
    func anOutOfRangeSettingIsRefusedWhereItIsWritten(index: Int) {
        let bad = Self.badValues[index]
        let text = balancedScenario.replacingOccurrences(of: "max_ejection_percent: 50%}", with: "max_ejection_percent: 50%, \(bad.setting)}")
        // Line 13 holds outlier_detection; the value starts after the 97 characters before the key, the key and ": ".
        let column = 97 + bad.setting.prefix { $0 != ":" }.count + 2 + 1
        #expect(loadError(text, file: "b.yaml")?.description == "b.yaml:13:\(column): error: " + bad.error)
    }

    /// A local-origin setting without the split would do nothing (Envoy ignores it): refused at
    /// its value, as a health check's error_limit is without observe; with the split it loads.
    @Test func aLocalOriginSettingWithoutTheSplitIsRefused() throws {
        let without = balancedScenario.replacingOccurrences(of: "max_ejection_percent: 50%}", with: "max_ejection_percent: 50%, consecutive_local_origin_failure: 2}")
        #expect(loadError(without, file: "b.yaml")?.description
            == "b.yaml:13:132: error: 'consecutive_local_origin_failure' acts only with split_external_local_origin_errors: true (Envoy ignores it without); set that, or leave this out (at balancer.outlier_detection.consecutive_local_origin_failure)")
        let with = balancedScenario.replacingOccurrences(of: "max_ejection_percent: 50%}", with: "max_ejection_percent: 50%, split_external_local_origin_errors: true, consecutive_local_origin_failure: 2}")
        #expect(try ScenarioLoader.parse(with, file: "b.yaml").balancer?.configuration.outlierDetection?.localOrigin.consecutiveFailures == 2)
    }

    /// Three servers that never fail, one hung from 10 to 30 s (its forwards time out after the
    /// 1 s forward timeout; when the hang ends the requests it holds are answered 500),
    /// `max_ejection_percent: 50` so that one may go; fewer servers than the statistics' minimum
    /// hosts, so only the consecutive detectors act.
    static func world(_ outlier: String) throws -> TrafficResult {
        try OutlierSuccessRateWorldTests.run("""
            name: od
            seed: 1
            run: {duration: 60s}
            network: {latency: 1ms}
            servers: [{name: s, count: 3, slots: 64, service_time: 2ms}]
            balancer:
              strategy: round_robin
              forward_timeout: 1s
              retries: {tries: 2, on: [error, timeout, http_5xx]}
              passive_health: {max_fails: 0}
              outlier_detection: {max_ejection_percent: 50\(outlier)}
            workload: {type: open_loop, rate: 300, timeout: 3s}
            faults: [{at: 10s, hang: s2, for: 20s}]
            """)
    }

    /// When s2 was first marked down.
    static func ejected(_ result: TrafficResult) -> Double? {
        result.balancer?.events.first { $0.isDown && $0.subject == "s2" }?.at
    }

    /// The new keys at Envoy's defaults, written out, change nothing — digest, events, figures —
    /// and the local-origin ones change nothing without the split. s2's first forward after 10 s
    /// times out a second later: without the split its fifth timeout (504s, so 5xx) ejects it; a
    /// gateway detector of two enforced at 100 % at its second; with the split, timeouts are no
    /// 5xx, each follows a connection made (so the local-origin count is back to one), and s2 goes
    /// only when the hang ends and its held requests come back 500 at 30 s + one 1 ms link:
    /// 30.001 s; at `consecutive_local_origin_failure: 1`, at its first timeout.
    @Test func theDefaultsWrittenOutChangeNothingAndEachDetectorEjectsAsEnvoys() throws {
        let unnamed = try Self.world("")
        let named = try Self.world("""
            , consecutive_gateway_failure: 5, enforcing_consecutive_gateway_failure: 0, split_external_local_origin_errors: false
            """)
        #expect(unnamed.digest == named.digest)
        #expect(unnamed.events == named.events)
        #expect(unnamed.issued == named.issued && unnamed.succeeded == named.succeeded)
        let fifth = try #require(Self.ejected(unnamed))
        let second = try #require(Self.ejected(try Self.world(", consecutive_gateway_failure: 2, enforcing_consecutive_gateway_failure: 100")))
        let first = try #require(Self.ejected(try Self.world(", split_external_local_origin_errors: true, consecutive_local_origin_failure: 1")))
        #expect(11 <= first && first < second && second < fifth && fifth < 12)
        let split = try Self.world(", split_external_local_origin_errors: true")
        #expect(Self.ejected(split) == 30.001)
    }
}
