import Simulator

extension ScenarioLoader {
    /// The settings of the local-origin detectors, which act only with the split.
    static let localOriginKeys = ["consecutive_local_origin_failure", "enforcing_consecutive_local_origin_failure",
                                  "enforcing_local_origin_success_rate", "enforcing_failure_percentage_local_origin"]

    /// Parses `outlier_detection:`, Envoy's outlier detector with its defaults.
    static func parseOutlierDetection(_ cursor: YAMLCursor) throws(ScenarioError) -> OutlierDetection {
        let fields = try cursor.mapping(ScenarioSchema.outlierDetection)
        func percentage(_ key: String, default value: Double) throws(ScenarioError) -> Double {
            try fields[key].map { cursor throws(ScenarioError) in try cursor.percentage() } ?? value
        }
        func hosts(_ key: String) throws(ScenarioError) -> Int {
            try fields[key]?.int(in: ScenarioSchema.outlierMinimumHosts) ?? 5
        }
        let successRate = OutlierDetection.SuccessRate(
            minimumHosts: try hosts("success_rate_minimum_hosts"),
            requestVolume: try fields["success_rate_request_volume"]?.int(atLeast: 1) ?? 100,
            stdevFactor: try fields["success_rate_stdev_factor"]?.int(in: ScenarioSchema.outlierStdevFactor) ?? 1_900,
            enforcing: try percentage("enforcing_success_rate", default: 100))
        let failurePercentage = OutlierDetection.FailurePercentage(
            threshold: try percentage("failure_percentage_threshold", default: 85),
            minimumHosts: try hosts("failure_percentage_minimum_hosts"),
            requestVolume: try fields["failure_percentage_request_volume"]?.int(atLeast: 1) ?? 50,
            enforcing: try percentage("enforcing_failure_percentage", default: 0))
        let gatewayFailure = OutlierDetection.GatewayFailure(
            consecutive: try fields["consecutive_gateway_failure"]?.int(atLeast: 1) ?? 5,
            enforcing: try percentage("enforcing_consecutive_gateway_failure", default: 0))
        // Envoy reads the local-origin settings whatever the split says and uses them only with
        // it; a file that gives one without the split would get nothing from it, so it is
        // refused, as a health check's error_limit is without observe.
        let localOrigin = OutlierDetection.LocalOrigin(
            split: try fields["split_external_local_origin_errors"]?.bool() ?? false,
            consecutiveFailures: try fields["consecutive_local_origin_failure"]?.int(atLeast: 1) ?? 5,
            enforcingConsecutiveFailures: try percentage("enforcing_consecutive_local_origin_failure", default: 100),
            enforcingSuccessRate: try percentage("enforcing_local_origin_success_rate", default: 100),
            enforcingFailurePercentage: try percentage("enforcing_failure_percentage_local_origin", default: 0))
        if !localOrigin.split, let unused = Self.localOriginKeys.first(where: { fields[$0] != nil }), let given = fields[unused] {
            throw given.error(.invalidValue("'\(unused)' acts only with split_external_local_origin_errors: true (Envoy ignores it without); set that, or leave this out"))
        }
        return OutlierDetection(
            consecutiveErrors: try fields["consecutive_errors"]?.int(atLeast: 1) ?? 5,
            baseEjectionTime: try fields["base_ejection_time"]?.positiveDuration() ?? .seconds(30),
            maximumEjectionTime: try fields["max_ejection_time"]?.positiveDuration() ?? .seconds(300),
            maxEjectionPercent: try percentage("max_ejection_percent", default: 10),
            interval: try fields["interval"]?.duration(atLeast: YAMLCursor.shortestPeriod) ?? .seconds(10),
            alwaysEjectOneHost: try fields["always_eject_one_host"]?.bool() ?? false,
            enforcingConsecutiveErrors: try percentage("enforcing_consecutive_5xx", default: 100),
            successRate: successRate,
            failurePercentage: failurePercentage,
            maximumEjectionTimeJitter: try fields["max_ejection_time_jitter"]?.duration() ?? .zero,
            unejectOnPassedHealthCheck: try fields["successful_active_health_check_uneject_host"]?.bool() ?? true,
            gatewayFailure: gatewayFailure,
            localOrigin: localOrigin)
    }
}
