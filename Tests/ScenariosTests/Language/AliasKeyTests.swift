import Foundation
import Testing
@testable import Scenarios

/// A mapping key holding an alias of a list or mapping is refused before Yams composes the file:
/// Yams hashes every key whole to find repeats, so `? *a8`, whose anchor nests eight levels of
/// ten aliases, was hashed as 10⁹ values inside `Yams.compose` (a 455-byte file ran past 30 s;
/// the alias budget counts only after composing). No scenario key is anything but a name.
struct AliasKeyTests {
    /// Eight levels of ten aliases over a list of ten names: `*a8` repeats 10⁹ of them.
    static let laughs: String = {
        var lines = ["name: k", "a0: &a0 [x,x,x,x,x,x,x,x,x,x]"]
        for level in 1...8 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func anAliasOfAListAsAKeyIsRefusedAtTheAlias() {
        let block = Self.laughs + "m:\n  ? *a8\n  : 1\n"
        #expect(AliasExpansionLimitTests.refusal(block) == "a.yaml:12:5: error: expected a key, found '*a8', an alias of a list (at m)")
        let flow = Self.laughs + "m: {? [1, *a8] : 1}\n"
        #expect(AliasExpansionLimitTests.refusal(flow) == "a.yaml:11:11: error: expected a key, found '*a8', an alias of a list (at m)")
        let mapping = "name: k\nd: &d {x: 1}\nservers:\n  - {name: a, *d : 2}\n"
        #expect(AliasExpansionLimitTests.refusal(mapping) == "a.yaml:4:15: error: expected a key, found '*d', an alias of a mapping (at servers.[0])")
    }

    /// Only keys are checked, and only aliases of lists and mappings: an alias of a name is a
    /// name, a list written out as a key costs what its text costs (the loader refuses it), and
    /// aliases as values are the alias budget's.
    @Test func otherAliasesAndKeysAreLeftToTheLoader() {
        #expect(YAMLAliasKeys.first(in: "s: &s hello\nm: {*s : 1}\n") == nil)
        #expect(YAMLAliasKeys.first(in: "a: &a [1]\nm: {? [1, 2] : *a}\n# *\n") == nil)
        #expect(YAMLAliasKeys.first(in: Self.laughs + "m: [*a8, {k: *a8}]\n") == nil)
        // Not YAML, or an alias named before its anchor: composing says so.
        #expect(YAMLAliasKeys.first(in: "m: {? *a : 1}\n") == nil)
        #expect(YAMLAliasKeys.first(in: "m: [*a\n") == nil)
        #expect(AliasExpansionLimitTests.refusal("name: k\nm: {? *a : 1}\n").contains("found undefined alias"))
    }

    /// An alias of a name is a name, but Yams hashes it whole: the names aliases repeat as keys
    /// may add up to 16 MiB. A file of one-pair mappings whose keys alias one 8 MiB name took an
    /// hour (1.2 million keys); the third such key is refused.
    @Test func aliasesOfLongNamesAsKeysAreBoundedByTheirBytes() {
        let text = "name: k\ns: &s " + String(repeating: "x", count: 8 << 20) + "\nl: [{*s : 0}, {*s : 0}, {*s : 0}, {*s : 0}]\n"
        #expect(AliasExpansionLimitTests.refusal(text) == "a.yaml:3:26: error: the aliases used as keys in this file repeat more than 16,777,216 bytes of names (this '*s' repeats 8,388,608; the YAML reader compares keys whole) (at l.[2])")
        #expect(YAMLAliasKeys.first(in: "s: &s name\nl: [{*s : 0}, {*s : 0}]\n") == nil)
    }

    /// A `--set` value is composed too: the same key is refused there, at its place in the value.
    @Test func aSetValueWithSuchAKeyIsRefused() throws {
        let document = try ScenarioDocument.parse(AliasExpansionLimitTests.world, file: "a.yaml")
        let override = try ScenarioOverride(parsing: "workload.keys={a: &a [1,2], ? *a : 3}")
        #expect(throws: ScenarioError.self) { try document.overriding([override], option: "--set") }
        do {
            _ = try document.overriding([override], option: "--set")
        } catch {
            #expect(error.message == "--set workload.keys: the value '{a: &a [1,2], ? *a : 3}' has a key at character 17 of the value that is '*a', an alias of a list (a key is a name)")
        }
    }
}

/// A file holds at most 8,388,608 nodes, counted from libyaml's events before Yams composes it:
/// 16 MiB of `{?},` (12.6 million nodes) took 1.9 GB to be told its key is unknown.
struct NodeLimitTests {
    @Test func aFileOfMoreNodesThanTheLimitIsRefusedAtTheNodePastIt() {
        let text = "name: k\nx: [" + Array(repeating: "{?}", count: 10).joined(separator: ",") + "]\n"
        // The root, name, k, x and the list, then three nodes a mapping (it, its empty key and
        // value): 35 in all, and the 33rd is the tenth mapping, at column 41.
        #expect(YAMLEvents.nodePastLimit(in: text, limit: 35) == nil)
        #expect(YAMLEvents.nodePastLimit(in: text, limit: 32).map { [$0.line, $0.column] } == [2, 41])
        #expect(YAMLEvents.maximumNodes == 8_388_608)
    }

    @Test func theLargestFileOfValuesLoadsAndADenserOneIsRefused() {
        let head = "name: k\nx: ["
        let zeros = head + Array(repeating: "0", count: 8_388_000).joined(separator: ",") + "]\n"
        #expect(YAMLEvents.nodePastLimit(in: zeros) == nil)
        let maps = head + Array(repeating: "{?}", count: 2_800_000).joined(separator: ",") + "]\n"
        let error = AliasExpansionLimitTests.refusal(maps)
        #expect(error.hasPrefix("a.yaml:2:"))
        #expect(error.hasSuffix("error: the file holds more than 8,388,608 values (each name, number, list, mapping and key counts one): as many as a 16 MiB file holds written out, two bytes a value"))
    }
}
