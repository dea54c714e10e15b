import Testing
@testable import Scenarios

/// A repeated key is reported where it repeats, however it is spelt: Yams reports the first
/// occurrence, and the search for the second recognised only a plain key at a line's start, so a
/// quoted, explicit, escaped or flow key — or one repeated through an alias — was reported at the
/// first. libyaml's events give the repeat's own position (``YAMLEvents/firstRepeatedKey(in:)``).
struct RepeatedKeyPositionTests {
    static let head = "name: t\nseed: 1\nrun: {requests: 10}\nservers: [{name: a}]\nworkload: {type: closed_loop, users: 1}\n"

    @Test(arguments: [
        ("\"seed\": 2\n", 6, 1), ("'seed': 2\n", 6, 1), ("? seed\n: 2\n", 6, 3), ("\"se\\x65d\": 2\n", 6, 1),
    ])
    func aRepeatedTopLevelKeyIsReportedAtTheRepeat(repeat text: String, line: Int, column: Int) {
        let error = AliasExpansionLimitTests.refusal(Self.head + text)
        #expect(error == "a.yaml:\(line):\(column): error: key 'seed' appears twice")
    }

    @Test func aRepeatInAFlowMappingOrThroughAnAliasIsReportedAtTheRepeat() {
        #expect(AliasExpansionLimitTests.refusal(Self.head + "x: {a: 1, b: 2, a: 3}\n") == "a.yaml:6:17: error: key 'a' appears twice")
        #expect(AliasExpansionLimitTests.refusal("&k name: t\n*k : 2\n") == "a.yaml:2:1: error: key 'name' appears twice")
        #expect(YAMLEvents.firstRepeatedKey(in: "a: {b: 1, c: {b: 2}}\nc: 1\n") == nil)
        #expect(YAMLEvents.firstRepeatedKey(in: "a: [{b: 1}, {b: 2}]\nb: [1, 1]\n") == nil)
    }

    /// The alias that crosses the alias budget is found among libyaml's aliases: a `*` inside a
    /// block scalar was taken for one, and named an anchor that does not exist. The anchors'
    /// lines add 1,234,550 values, six `*a5` 6,666,666 more; the seventh, after the block, crosses.
    @Test func theAliasCrossingTheBudgetIsNotInABlockScalar() throws {
        var lines = ["a0: &a0 [x,x,x,x,x,x,x,x,x,x]"]
        for level in 1...5 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]") }
        lines += ["big:"] + Array(repeating: "  - *a5", count: 6) + ["  - |", "    text with *zz inside", "  - *a5", "  - *a5"]
        let text = lines.joined(separator: "\n") + "\n"
        #expect(try AliasExpansionLimitTests.check(text, limit: YAMLAliasBudget.maximumAddedNodes) == "a.yaml:16:5: error: the aliases in this file add more than 8,388,608 values once expanded (each alias repeats what its anchor names; this '*a5' repeats 1,111,111); a file's aliases may add at most as many values as a 16 MiB file holds written out, a name or number counting one for every two of its bytes (at big.[7])")
    }
}
