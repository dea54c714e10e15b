/// Metrics only some worlds measure: the cross-zone figures need `zones:`, the connection figures
/// need `balancer.keepalive`. Other worlds neither list nor report them, so adding a feature
/// leaves every report without it byte for byte as it was.
extension Metric {
    /// Whether only a world with zones measures it (`balancer.cross_zone_*`).
    var needsZones: Bool {
        subsystem == .balancer && BalancerMetric(rawValue: name)?.needsZones == true
    }

    /// Whether only a balancer with keepalive pools measures it (`balancer.connection_*` …).
    var needsKeepalive: Bool {
        subsystem == .balancer && BalancerMetric(rawValue: name)?.needsKeepalive == true
    }

    /// Whether a world of `scenario` measures it.
    func isMeasured(in scenario: Scenario) -> Bool {
        (!needsZones || scenario.zones != nil) && (!needsKeepalive || scenario.balancer?.configuration.keepalive != nil)
    }

    /// Whether the run that gave `traffic` measured it.
    func isMeasured(in traffic: TrafficResult?) -> Bool {
        (!needsZones || traffic?.zones != nil) && (!needsKeepalive || traffic?.balancer?.connections != nil)
    }
}
