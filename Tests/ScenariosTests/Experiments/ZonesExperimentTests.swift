import Testing
@testable import Scenarios
@testable import Simulator

/// `orrery experiment zones` on ``zonesScenario`` with its zone a taken down at 1 s: the four
/// variants, their figures and the report's files.
struct ZonesExperimentTests {
    static let comparison: ZoneComparison = {
        let text = zonesScenario.replacingOccurrences(of: "  requests: 10\n", with: "  requests: 20\n") + "\nfaults:\n  - {at: 1s, zone_outage: a, for: 1s}\n"
        let base = try! ScenarioLoader.parse(text, file: "z.yaml")
        return ZoneComparison.run(base, jobs: 1)
    }()

    /// A faults section that strikes nothing (`faults: []`, or an outage of a zone without
    /// servers) is refused where it is written; it read "missing required key 'faults'" at the
    /// file's first line.
    @Test func faultsThatStrikeNothingAreRefusedWhereTheyAreWritten() throws {
        let refusal = try shippedFileRefusal("zones.yaml", replacing: "faults:\n  - {at: 30s, zone_outage: b, for: 20s}\n", with: "faults: []\n") { _ = try ZoneComparison.loadBase(path: $0) }
        #expect(refusal == "PATH:42:9: error: the zone comparison needs a zone_outage that takes down at least one server; these faults take down none (at faults)")
    }

    @Test func theFourVariantsChangeOnlyLocalityAndTheOutage() {
        let variants = Self.comparison.variants
        #expect(variants.map(\.name) == ["zone-blind", "locality-aware", "zone-blind, outage", "locality-aware, outage"])
        #expect(variants.map { $0.scenario.balancer?.configuration.locality != nil } == [false, true, false, true])
        #expect(variants.map(\.scenario.faults.entries.count) == [0, 0, 2, 2])
        #expect(Self.comparison.outageZone == "a" && Self.comparison.outageWindow?.start == 1 && Self.comparison.outageWindow?.end == 2)
    }

    @Test func localityKeepsEveryForwardInZoneUntilTheOutage() throws {
        let zones = Self.comparison.variants.map { $0.zones }
        // Zone-blind round robin alternates until a1 is marked down, then sends everything to b1.
        #expect(zones.map { $0?.crossZoneForwards } == [10, 0, 15, 11])
        #expect(zones.map { $0?.forwards } == [20, 20, 21, 21])
        #expect(Self.comparison.variants.map(\.failed) == [0, 0, 0, 0])
    }

    @Test func theReportIsWrittenFromTheFigures() throws {
        let bundle = Self.comparison.bundle()
        #expect(bundle.files.map(\.path) == ["zones/report.md", "zones/report.json", "zones/zones.csv", "zones/seconds.csv",
                                             "zones/spill-locality.svg", "zones/spill-blind.svg", "zones/cross-zone.svg"])
        let report = Self.comparison.markdown()
        #expect(report.contains("sent 50.0% of its forwards to another zone (10 of 20"))
        #expect(report.contains("kept every one of its 20 forwards in the client's zone."))
        #expect(Self.comparison.zonesCSV().split(separator: "\n").count == 1 + 4 * 2)
    }
}
