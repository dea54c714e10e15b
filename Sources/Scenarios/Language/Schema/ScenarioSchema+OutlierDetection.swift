import Simulator

/// `balancer.outlier_detection:`, Envoy's outlier detection.
extension ScenarioSchema {
    /// `outlier_detection:`.
    static let outlierDetection = SchemaObject([
        .optional("consecutive_errors", .count(atLeast: 1), "Default 5."),
        .optional("base_ejection_time", .positiveDuration, "Default 30s."),
        .optional("max_ejection_time", .positiveDuration, "Default 300s."),
        .optional("max_ejection_percent", .percentage, "The most servers ejected at once, counting the one to eject, as Envoy's 100 × (ejected + 1) / servers ≤ it: the default 10 ejects no server of fewer than ten unless always_eject_one_host."),
        .optional("interval", .period, "The detector's timer: ejections end at its first tick after their time, and each interval a server spends back lowers its ejection multiplier by one; at least 1ms; default 10s."),
        .optional("always_eject_one_host", .flag, "One server may be ejected whatever max_ejection_percent says (Envoy's always_eject_one_host); default false."),
    ])
}
