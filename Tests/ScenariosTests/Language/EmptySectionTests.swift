import Testing
@testable import Scenarios

/// A section written with no value is refused at its key, in every kind of file: read as absent,
/// `operations:` alone made a world with nothing in it that validated and passed (digest
/// 6f72726572792121), and an empty `expect:` dropped its assertions without a word.
struct EmptySectionTests {
    @Test(arguments: ScenarioSchema.worldSubsystemSections)
    func aSubsystemSectionWithNoValueIsRefusedAtItsKey(section: String) {
        #expect(HostileInputTests.error("name: n\n\(section):\n")
            == "h.yaml:2:1: error: '\(section)' has no value; give the section its contents, or remove the key (at \(section))")
    }

    @Test(arguments: ["network", "zones", "balancer", "faults", "chaos", "deploy", "expect", "claims"])
    func anyOtherSectionWithNoValueIsRefusedToo(section: String) {
        #expect(HostileInputTests.error(HostileInputTests.traffic + "\(section): ~\n")
            == "h.yaml:5:1: error: '\(section)' has no value; give the section its contents, or remove the key (at \(section))")
    }

    @Test func everyKindOfFileRefusesASectionWithNoValue() {
        #expect(HostileInputTests.error(HostileInputTests.traffic.replacingOccurrences(of: "run: {requests: 10}", with: "run:"))
            == "h.yaml:2:1: error: 'run' has no value; give the section its contents, or remove the key (at run)")
        #expect(HostileInputTests.error("name: ops\noperations: null\n")
            == "h.yaml:2:1: error: 'operations' has no value; give the section its contents, or remove the key (at operations)")
        #expect(HostileInputTests.error("cluster: {workers: 1}\njob: {name: word-count, reducers: 1}\ninput: {synthetic: {lines: 10}}\nfaults:\n")
            == "h.yaml:4:1: error: 'faults' has no value; give the section its contents, or remove the key (at faults)")
        #expect(HostileInputTests.error("experiment: a4\nservers: [2, 3]\nvariants:\n")
            == "h.yaml:3:1: error: 'variants' has no value; give the section its contents, or remove the key (at variants)")
    }

    /// `seed:`, `name:`, `description:` and `version:` with no value keep their defaults.
    @Test func aCommonKeyWithNoValueStillMeansItsDefault() throws {
        let scenario = try ScenarioLoader.parse("name:\nseed:\ndescription:\nversion:\n" + HostileInputTests.traffic.replacingOccurrences(of: "seed: 1\n", with: ""), file: "d.yaml")
        #expect(scenario.name == "d" && scenario.seed == 1 && scenario.summary.isEmpty)
    }
}
