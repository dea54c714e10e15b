import Testing
@testable import Scenarios

/// `heal` is a switch written `heal: true`: `heal: false` and `heal:` with no value healed every
/// partition as `true` does, so only `true` is read.
struct HealFaultTests {
    static let world = HostileInputTests.traffic.replacingOccurrences(of: "name: s}", with: "name: s, count: 2}")

    @Test(arguments: [
        ("false", "h.yaml:5:60: error: expected true (a heal is written 'heal: true'), found 'false' (at faults.[1].heal)"),
        ("null", "h.yaml:5:60: error: expected true (a heal is written 'heal: true'), found nothing (at faults.[1].heal)"),
        ("yes", "h.yaml:5:60: error: expected true (a heal is written 'heal: true'), found 'yes' (at faults.[1].heal)"),
        ("\"true\"", "h.yaml:5:60: error: expected true or false, found the string 'true' (quoted) (at faults.[1].heal)"),
        ("{}", "h.yaml:5:60: error: expected true (a heal is written 'heal: true'), found a mapping (at faults.[1].heal)"),
    ])
    func aWorldsHealIsTrueOrRefused(value: String, message: String) {
        #expect(HostileInputTests.error(Self.world + "faults: [{at: 1s, partition: [[s1], [s2]]}, {at: 2s, heal: \(value)}]\n") == message)
    }

    @Test func healTrueHealsInAWorldAndInASingleJob() {
        #expect(HostileInputTests.error(Self.world + "faults: [{at: 1s, partition: [[s1], [s2]]}, {at: 2s, heal: true}]\n") == nil)
        let job = "cluster: {workers: 2}\njob: {name: word-count, reducers: 1}\ninput: {synthetic: {lines: 10}}\n"
        #expect(HostileInputTests.error(job + "faults: [{at: 1s, heal: true}]\n") == nil)
        #expect(HostileInputTests.error(job + "faults: [{at: 1s, heal: false}]\n")
            == "h.yaml:4:25: error: expected true (a heal is written 'heal: true'), found 'false' (at faults.[0].heal)")
    }

    @Test func theSchemaOffersOnlyTrue() {
        let heal = SchemaTests.value(SchemaTests.schema, SchemaTests.world + ["properties", "faults", "items", "properties", "heal"]) as? [String: Any]
        #expect(heal?["const"] as? Bool == true)
    }
}
