import Testing
@testable import Scenarios
@testable import Simulator

struct ZonesSectionTests {
    @Test func everyZoneSettingIsRead() throws {
        let text = zonesScenario.replacingOccurrences(of: "  between: {latency: 5ms}\n", with: "  between: {latency: 5ms}\n  pairs:\n    - {zones: [b, a], latency: 7ms, drop_rate: 0.01}\n")
        let scenario = try ScenarioLoader.parse(text, file: "z.yaml")
        let zones = try #require(scenario.zones)
        #expect(zones.names == ["a", "b"] && zones.zones.map(\.clientShare) == [1, 0])
        #expect(zones.within.latency == .constant(0.0005) && zones.between.latency == .constant(0.005))
        #expect(zones.profile(from: 0, to: 1) == LinkProfile(latency: .constant(0.007), dropRate: 0.01))
        #expect(scenario.servers.map(\.zone) == ["a", "b"])
        #expect(scenario.balancer?.configuration.locality == Locality(overprovisioningPercent: 140))
    }

    @Test func clientsAreSpreadByTheirZonesSharesInBlocks() throws {
        let zones = ZonesSection(zones: [.init(name: "a", clientShare: 3), .init(name: "b", clientShare: 2), .init(name: "c", clientShare: 1)],
                                 within: .lan, between: LinkProfile(latency: .constant(0.002)),
                                 pairs: [.init(first: 0, second: 2, profile: LinkProfile(latency: .constant(0.004)))])
        #expect((0..<8).map { zones.clientZone($0, of: 8) } == [0, 0, 0, 1, 1, 2, 0, 0])
        // P0 is the client's own zone, then the others by latency (a–b 2 ms, b–c 2 ms, a–c 4 ms).
        #expect(zones.priorities == [[0, 1, 2], [1, 0, 2], [2, 1, 0]])
    }

    @Test func withoutZonesNothingChanges() throws {
        let text = zonesScenario.replacingOccurrences(of: "  locality: {overprovisioning_factor: 1.4}\n", with: "")
            .replacingOccurrences(of: "zone: a, ", with: "").replacingOccurrences(of: "zone: b, ", with: "")
        let withoutSection = text.components(separatedBy: "zones:\n")[0] + "servers:" + text.components(separatedBy: "servers:")[1]
        let scenario = try ScenarioLoader.parse(withoutSection, file: "z.yaml")
        #expect(scenario.zones == nil && scenario.balancer?.configuration.locality == nil)
        let result = ScenarioRunner.runTraffic(scenario)
        #expect(result.zones == nil && result.succeeded == 10)
    }

    static let badZones: [(from: String, to: String, error: String)] = [
        ("{name: b1, zone: b,", "{name: b1, zone: bb,", "z.yaml:13:22: error: unknown zone 'bb'; did you mean 'b'? (at servers.[1].zone)"),
        ("{name: b1, zone: b, ", "{name: b1, ", "z.yaml:13:5: error: with 'zones', every server entry names its 'zone' (at servers.[1])"),
        ("overprovisioning_factor: 1.4", "overprovisioning_factor: 0.5", "z.yaml:19:39: error: must be 1 … 10, got 0.5 (at balancer.locality.overprovisioning_factor)"),
        ("{name: b, clients: 0}", "{name: a, clients: 0}", "z.yaml:8:14: error: zone 'a' is listed twice (at zones.list.[1].name)"),
        // Names as node names are bounded, and twins in other code points refused (s80).
        ("{name: b, clients: 0}", "{name: \u{FF41}, clients: 0}",
         "z.yaml:8:14: error: zone '\u{FF41}' (U+FF41) names the same as zone 'a' (U+0061) in other code points (Unicode compatibility equivalence, NFKC); rename one (at zones.list.[1].name)"),
        ("{name: b, clients: 0}", "{name: " + String(repeating: "x", count: 256) + ", clients: 0}",
         "z.yaml:8:14: error: a zone's name has at most 255 bytes (UTF-8), got 256 bytes (at zones.list.[1].name)"),
        ("{name: a, clients: 1}", "{name: a, clients: 0}", "z.yaml:7:5: error: at least one zone needs a share of the clients ('clients' above 0) (at zones.list)"),
        ("  timeout: 5s", "  timeout: 5s\nfaults:\n  - {at: 1s, zone_outage: c}", "z.yaml:26:27: error: unknown zone 'c'; did you mean 'a'? (at faults.[0].zone_outage)"),
    ]

    @Test(arguments: badZones.indices)
    func aBadZoneSettingIsReportedWithItsPosition(index: Int) {
        let bad = Self.badZones[index]
        let text = zonesScenario.replacingOccurrences(of: bad.from, with: bad.to)
        #expect(text != zonesScenario)
        #expect(loadError(text, file: "z.yaml")?.description == bad.error)
    }

    @Test func localityNeedsZones() {
        let text = "run: {requests: 1}\nservers: [{name: s}]\nbalancer: {locality: {}}\nworkload: {type: closed_loop, users: 1}\n"
        #expect(loadError(text, file: "w.yaml")?.description == "w.yaml:3:22: error: locality routes by zone; add a top-level 'zones' section (at balancer.locality)")
    }
}
