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

    /// The features of a world that some metrics need.
    struct Features: Sendable {
        /// A top-level `zones:` section.
        var zones: Bool
        /// Keepalive pools on the balancer (`balancer.keepalive`).
        var keepalive: Bool

        /// Every feature: what a caller that does not know the world assumes.
        static let all = Features(zones: true, keepalive: true)

        init(zones: Bool, keepalive: Bool) {
            self.zones = zones
            self.keepalive = keepalive
        }

        /// The features `scenario` has.
        init(of scenario: Scenario) {
            self.init(zones: scenario.zones != nil, keepalive: scenario.balancer?.configuration.keepalive != nil)
        }
    }

    /// Why a world with only `features` does not measure it, or nil when it does. A world
    /// without the feature reports the metric as 0, so an expectation on it would hold (or
    /// fail) whatever the run did: the loader refuses it with this reason.
    func unmeasured(with features: Features) -> String? {
        if needsZones, !features.zones { return "is measured between zones; this scenario has none (add a top-level 'zones' section)" }
        if needsKeepalive, !features.keepalive {
            return "is measured by the balancer's keepalive pools; this scenario's balancer has none (add 'keepalive' to the balancer section)"
        }
        return nil
    }

    /// Whether a world of `scenario` measures it.
    func isMeasured(in scenario: Scenario) -> Bool {
        unmeasured(with: Features(of: scenario)) == nil
    }

    /// Whether the run that gave `traffic` measured it.
    func isMeasured(in traffic: TrafficResult?) -> Bool {
        (!needsZones || traffic?.zones != nil) && (!needsKeepalive || traffic?.balancer?.connections != nil)
    }
}
