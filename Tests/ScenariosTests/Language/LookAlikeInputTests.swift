import Testing
@testable import Scenarios

/// Input that looks like other input: node names one text in other code points, a control
/// character placed in a `--set` value, a long unknown word quoted in a message.
struct LookAlikeInputTests {
    static let servers = "name: t\nseed: 1\nrun: {duration: 5s}\nservers:\n  - name: \u{C5}\n    service_time: 2ms\n  - name: A\u{30A}\n    service_time: 2ms\n"
        + "balancer: {strategy: round_robin}\nworkload: {type: closed_loop, users: 2, timeout: 1s}\n"

    /// 'Å' written as U+00C5 and as 'A' U+030A are one text to `String` and two nodes to the
    /// simulator: they were accepted as two servers every report showed alike. The later is
    /// refused, each named by its code points.
    @Test func nodeNamesCanonicallyEquivalentAreRefused() {
        #expect(HostileInputTests.error(Self.servers)
            == "h.yaml:7:11: error: node 'Å' (U+0041 U+030A) of server 'Å' (here) names the same as node 'Å' (U+00C5) of server 'Å' (at 5:11), in other code points (Unicode canonical equivalence): reports would show two nodes alike; give the server another name (at servers.[1].name)")
        // Names written alike by their bytes are the one node they always were: refused as a clash.
        let same = Self.servers.replacingOccurrences(of: "A\u{30A}", with: "\u{C5}")
        #expect(HostileInputTests.error(same) == "h.yaml:7:11: error: server 'Å' is defined twice (at servers.[1].name)")
        // A store named like a server in other code points is refused the same way.
        let store = "name: t\nseed: 1\nrun: {duration: 5s}\nservers: [{name: \"A\\u030A\", service_time: 2ms}]\nworkload: {type: closed_loop, users: 1}\n"
            + "object_store: {name: \"\\u00C5\"}\n"
        #expect(HostileInputTests.error(store)
            == "h.yaml:6:22: error: node 'Å' (U+00C5) of the object store 'Å' (here) names the same as node 'Å' (U+0041 U+030A) of server 'Å' (at 4:18), in other code points (Unicode canonical equivalence): reports would show two nodes alike; give the object store another name (at object_store.name)")
    }

    /// The control character in `--set name=t\x01` is the value's second character (it said the first).
    @Test func aControlCharacterInASetValueIsPlacedWhereItIs() {
        #expect(ScenarioOverrideTests.error(["name=t\u{1}"])
            == "o.yaml:1:7: error: --set name: the value 't\\x01' is not a YAML value: invalid YAML: the YAML could not be read at character 2 of the value (the value comes from --set name=t\\x01) (at name)")
        #expect(ScenarioOverrideTests.error(["name=\u{1}"]).contains(" at character 1 of the value"))
        #expect(ScenarioOverrideTests.error(["name=\u{C5}b\u{1}"]).contains(" at character 3 of the value"))
    }

    /// An unknown workload type is quoted in at most 60 characters, as other values are (a
    /// 4,000-letter type was quoted whole).
    @Test func aLongUnknownWorkloadTypeIsQuotedInAnExcerpt() {
        let type = String(repeating: "c", count: 4_000)
        #expect(HostileInputTests.error("name: t\nseed: 1\nrun: {requests: 100}\nservers: [{name: s}]\nworkload:\n  type: \(type)\n  users: 2\n")
            == "h.yaml:6:9: error: unknown workload type '\(String(repeating: "c", count: 57))…'; expected closed_loop or open_loop (at workload.type)")
    }
}
