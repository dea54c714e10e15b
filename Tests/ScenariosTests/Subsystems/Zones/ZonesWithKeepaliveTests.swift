import Testing
@testable import Scenarios

/// Keepalive pools are one balancer node's; a world with zones (a point of presence per zone)
/// refuses them at the key rather than letting zones share connections.
struct ZonesWithKeepaliveTests {
    @Test func aWorldWithZonesRefusesKeepaliveAtItsKey() {
        let text = zonesScenario.replacingOccurrences(of: "  locality: {overprovisioning_factor: 1.4}\n",
                                                      with: "  locality: {overprovisioning_factor: 1.4}\n  keepalive: {connections: 8}\n")
        #expect(text != zonesScenario)
        #expect(loadError(text, file: "z.yaml")?.description
            == "z.yaml:20:14: error: keepalive pools are not yet kept per zone; a world with 'zones' cannot have 'keepalive' (at balancer.keepalive)")
    }
}
