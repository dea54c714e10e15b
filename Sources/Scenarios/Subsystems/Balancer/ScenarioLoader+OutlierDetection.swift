import Simulator

extension ScenarioLoader {
    /// Parses `outlier_detection:`, Envoy's outlier detector with its defaults.
    static func parseOutlierDetection(_ cursor: YAMLCursor) throws(ScenarioError) -> OutlierDetection {
        let fields = try cursor.mapping(ScenarioSchema.outlierDetection)
        return OutlierDetection(
            consecutiveErrors: try fields["consecutive_errors"]?.int(atLeast: 1) ?? 5,
            baseEjectionTime: try fields["base_ejection_time"]?.positiveDuration() ?? .seconds(30),
            maximumEjectionTime: try fields["max_ejection_time"]?.positiveDuration() ?? .seconds(300),
            maxEjectionPercent: try fields["max_ejection_percent"].map { cursor throws(ScenarioError) in try cursor.percentage() } ?? 10,
            interval: try fields["interval"]?.duration(atLeast: YAMLCursor.shortestPeriod) ?? .seconds(10),
            alwaysEjectOneHost: try fields["always_eject_one_host"]?.bool() ?? false)
    }
}
