import Testing
@testable import Scenarios

/// Keepalive and zone metrics are measured only in a world with `balancer.keepalive` or
/// `zones:`; elsewhere they read 0, so an expectation on them held or failed whatever the run
/// did. They are refused at load, as a balancer metric is without a balancer.
struct ExpectationFeatureTests {
    static func world(balancer: String = "{strategy: round_robin}", expect: String) -> String {
        """
        run: {duration: 5s}
        servers: [{name: s, count: 2}]
        balancer: \(balancer)
        workload: {type: closed_loop, users: 2}
        expect: \(expect)
        """
    }

    static let keepalive = "is measured by the balancer's keepalive pools; this scenario's balancer has none (add 'keepalive' to the balancer section)"

    @Test(arguments: [
        ("[connection_setups == 0, cross_zone_share == 0, retries == 0]", "5:10: error: 'connection_setups' \(keepalive) (at expect.[0])"),
        ("[retries == 0, balancer.peak_open_connections < 5]", "5:24: error: 'balancer.peak_open_connections' \(keepalive) (at expect.[1])"),
        ("[cross_zone_share == 0]", "5:10: error: 'cross_zone_share' is measured between zones; this scenario has none (add a top-level 'zones' section) (at expect.[0])"),
        ("[balancer.cross_zone_forwards == 0]", "5:10: error: 'balancer.cross_zone_forwards' is measured between zones; this scenario has none (add a top-level 'zones' section) (at expect.[0])"),
    ])
    func aMetricTheWorldDoesNotMeasureIsRefused(expect: String, expected: String) {
        #expect(loadError(Self.world(expect: expect), file: "e.yaml")?.description == "e.yaml:" + expected)
    }

    /// A claim's condition is an expectation too, refused for the same reason.
    @Test func aClaimOnAMetricTheWorldDoesNotMeasureIsRefused() {
        let text = Self.world(expect: "[retries >= 0]") + "\nclaims:\n  - {claim: no reconnects, holds_if: connection_setups == 0}\n"
        #expect(loadError(text, file: "e.yaml")?.description == "e.yaml:7:38: error: 'connection_setups' \(Self.keepalive) (at claims.[0].holds_if)")
    }

    @Test func withoutABalancerTheBalancerReasonComesFirst() {
        let text = "run: {duration: 5s}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 2}\nexpect: [connection_setups == 0]\n"
        #expect(loadError(text, file: "e.yaml")?.description
            == "e.yaml:4:10: error: 'connection_setups' is measured by a balancer; this scenario's clients talk to the servers directly (add a 'balancer' section) (at expect.[0])")
    }

    @Test func withKeepaliveAConnectionMetricLoads() throws {
        let scenario = try ScenarioLoader.parse(keepaliveScenario, file: "k.yaml")
        #expect(scenario.expectations.map(\.metric.name) == ["connection_setups"])
    }

    @Test func withZonesACrossZoneMetricLoads() throws {
        let scenario = try ScenarioLoader.parse(zonesScenario + "\nexpect: [cross_zone_share <= 1]\n", file: "z.yaml")
        #expect(scenario.expectations.map(\.metric.name) == ["cross_zone_share"])
    }

    @Test func everyKeepaliveAndZoneMetricNeedsItsFeature() {
        let features = Metric.Features(zones: false, keepalive: false)
        let refused = Subsystem.balancer.metrics.filter { $0.unmeasured(with: features) != nil }.map(\.name)
        #expect(refused == ["connection_setups", "connection_reuses", "setups_per_request", "mean_setup_time", "connections_evicted",
                            "connections_expired", "connections_retired", "connections_stale", "connections_refused", "peak_open_connections",
                            "cross_zone_share", "cross_zone_forwards"])
        #expect(Subsystem.balancer.metrics.allSatisfy { $0.unmeasured(with: .all) == nil })
    }
}
