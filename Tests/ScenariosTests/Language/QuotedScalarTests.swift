import Testing
@testable import Scenarios

/// A quoted or block scalar is a string to YAML and to the schema, so it is refused where the
/// schema wants an integer, a number, a seed or a boolean (`count: "3"` was read as 3, though an
/// editor flagged it). Durations and sizes are text, and may be quoted.
struct QuotedScalarTests {
    @Test(arguments: [
        ("seed: \"7\"", "h.yaml:1:7: error: expected an integer from 0 to 18446744073709551615, found the string '7' (quoted) (at seed)"),
        ("run: {requests: '10'}", "h.yaml:2:17: error: expected an integer, found the string '10' (quoted) (at run.requests)"),
        ("servers: [{name: s, count: \"3\"}]", "h.yaml:3:28: error: expected an integer, found the string '3' (quoted) (at servers.[0].count)"),
        ("workload: {type: open_loop, rate: \"100\"}", "h.yaml:4:35: error: expected a number, found the string '100' (quoted) (at workload.rate)"),
        ("servers: [{name: s, backup: 'true'}]", "h.yaml:3:29: error: expected true or false, found the string 'true' (quoted) (at servers.[0].backup)"),
        ("servers: [{name: s, error_rate: \"0.5\"}]", "h.yaml:3:33: error: expected a number, found the string '0.5' (quoted) (at servers.[0].error_rate)"),
    ])
    func aQuotedNumberOrBooleanIsRefusedWhereItIs(line: String, message: String) {
        var lines = HostileInputTests.traffic.split(separator: "\n").map(String.init)
        let key = line.prefix { $0 != ":" }
        lines[lines.firstIndex { $0.hasPrefix(key + ":") }!] = line
        #expect(HostileInputTests.error(lines.joined(separator: "\n") + "\n") == message)
    }

    @Test func aBlockScalarIsRefusedToo() {
        let text = HostileInputTests.traffic.replacingOccurrences(of: "users: 1}", with: "users: 1}\nrun:\n  requests: |\n    10\n")
            .replacingOccurrences(of: "run: {requests: 10}\n", with: "")
        #expect(HostileInputTests.error(text) == "h.yaml:5:13: error: expected an integer, found the string '10⏎' (a block scalar) (at run.requests)")
    }

    /// Durations, sizes, names and words are text: quoting them changes nothing.
    @Test func quotedDurationsSizesAndNamesLoad() throws {
        let text = "name: \"quoted\"\nrun: {duration: '2s'}\nservers: [{name: \"s\", service_time: \"5ms\"}]\nworkload: {type: 'closed_loop', users: 1, timeout: \"1s\"}\n"
        let scenario = try ScenarioLoader.parse(text, file: "q.yaml")
        #expect(scenario.name == "quoted" && scenario.limits.duration == .seconds(2))
        #expect(HostileInputTests.error("name: q\nobject_store: {buckets: [{name: bkt}]}\noperations: [{put: {bucket: bkt, key: k, size: '1KiB'}}]\n") == nil)
    }

    /// `--set` values are composed as YAML too: a quoted number is a string there as well.
    @Test func anOverrideIsReadAsTheFileIs() throws {
        let document = try ScenarioDocument.parse(HostileInputTests.traffic, file: "o.yaml")
        let plain = try document.overriding([ScenarioOverride(parsing: "workload.users=3")], option: "--set")
        #expect(try ScenarioLoader.scenario(from: plain).workload.map(ScenarioLoader.clientHostCount) == 3)
        let quoted = try document.overriding([ScenarioOverride(parsing: "workload.users=\"3\"")], option: "--set")
        #expect(throws: ScenarioError.self) { try ScenarioLoader.scenario(from: quoted) }
    }
}
