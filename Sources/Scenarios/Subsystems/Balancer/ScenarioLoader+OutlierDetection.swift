import Simulator

extension ScenarioLoader {
    /// The settings of the local-origin detectors, which act only with the split.
    static let localOriginKeys = ["consecutive_local_origin_failure", "enforcing_consecutive_local_origin_failure",
                                  "enforcing_local_origin_success_rate", "enforcing_failure_percentage_local_origin"]

    /// Parses `outlier_detection:`, Envoy's outlier detector with its defaults.
    static func parseOutlierDetection(_ cursor: YAMLCursor) throws(ScenarioError) -> OutlierDetection {
        let fields = try cursor.mapping(ScenarioSchema.outlierDetection)
        let defaults = ScenarioSchema.outlierDefaults
        func percentage(_ key: String, default value: Double) throws(ScenarioError) -> Double {
            try fields[key].map { cursor throws(ScenarioError) in try cursor.percentage() } ?? value
        }
        func hosts(_ key: String, default value: Int) throws(ScenarioError) -> Int {
            try fields[key]?.int(in: ScenarioSchema.outlierMinimumHosts) ?? value
        }
        let successRate = OutlierDetection.SuccessRate(
            minimumHosts: try hosts("success_rate_minimum_hosts", default: defaults.successRate.minimumHosts),
            requestVolume: try fields["success_rate_request_volume"]?.int(atLeast: 1) ?? defaults.successRate.requestVolume,
            stdevFactor: try fields["success_rate_stdev_factor"]?.int(in: ScenarioSchema.outlierStdevFactor) ?? defaults.successRate.stdevFactor,
            enforcing: try percentage("enforcing_success_rate", default: defaults.successRate.enforcing))
        let failurePercentage = OutlierDetection.FailurePercentage(
            threshold: try percentage("failure_percentage_threshold", default: defaults.failurePercentage.threshold),
            minimumHosts: try hosts("failure_percentage_minimum_hosts", default: defaults.failurePercentage.minimumHosts),
            requestVolume: try fields["failure_percentage_request_volume"]?.int(atLeast: 1) ?? defaults.failurePercentage.requestVolume,
            enforcing: try percentage("enforcing_failure_percentage", default: defaults.failurePercentage.enforcing))
        let gatewayFailure = OutlierDetection.GatewayFailure(
            consecutive: try fields["consecutive_gateway_failure"]?.int(atLeast: 1) ?? defaults.gatewayFailure.consecutive,
            enforcing: try percentage("enforcing_consecutive_gateway_failure", default: defaults.gatewayFailure.enforcing))
        // Envoy reads the local-origin settings whatever the split says and uses them only with
        // it; a file that gives one without the split would get nothing from it, so it is
        // refused, as a health check's error_limit is without observe.
        let localOrigin = OutlierDetection.LocalOrigin(
            split: try fields["split_external_local_origin_errors"]?.bool() ?? defaults.localOrigin.split,
            consecutiveFailures: try fields["consecutive_local_origin_failure"]?.int(atLeast: 1) ?? defaults.localOrigin.consecutiveFailures,
            enforcingConsecutiveFailures: try percentage("enforcing_consecutive_local_origin_failure", default: defaults.localOrigin.enforcingConsecutiveFailures),
            enforcingSuccessRate: try percentage("enforcing_local_origin_success_rate", default: defaults.localOrigin.enforcingSuccessRate),
            enforcingFailurePercentage: try percentage("enforcing_failure_percentage_local_origin", default: defaults.localOrigin.enforcingFailurePercentage))
        if !localOrigin.split, let unused = Self.localOriginKeys.first(where: { fields[$0] != nil }), let given = fields[unused] {
            throw given.error(.invalidValue("'\(unused)' acts only with split_external_local_origin_errors: true (Envoy ignores it without); set that, or leave this out"))
        }
        return OutlierDetection(
            consecutiveErrors: try fields["consecutive_errors"]?.int(atLeast: 1) ?? defaults.consecutiveErrors,
            baseEjectionTime: try fields["base_ejection_time"]?.positiveDuration() ?? defaults.baseEjectionTime,
            maximumEjectionTime: try fields["max_ejection_time"]?.positiveDuration() ?? defaults.maximumEjectionTime,
            maxEjectionPercent: try percentage("max_ejection_percent", default: defaults.maxEjectionPercent),
            interval: try fields["interval"]?.duration(atLeast: YAMLCursor.shortestPeriod) ?? defaults.interval,
            alwaysEjectOneHost: try fields["always_eject_one_host"]?.bool() ?? defaults.alwaysEjectOneHost,
            enforcingConsecutiveErrors: try percentage("enforcing_consecutive_5xx", default: defaults.enforcingConsecutiveErrors),
            successRate: successRate,
            failurePercentage: failurePercentage,
            maximumEjectionTimeJitter: try fields["max_ejection_time_jitter"]?.duration() ?? defaults.maximumEjectionTimeJitter,
            unejectOnPassedHealthCheck: try fields["successful_active_health_check_uneject_host"]?.bool() ?? defaults.unejectOnPassedHealthCheck,
            gatewayFailure: gatewayFailure,
            localOrigin: localOrigin)
    }
}
