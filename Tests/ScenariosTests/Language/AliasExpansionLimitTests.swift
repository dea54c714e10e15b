import Foundation
import Testing
import Yams
@testable import Scenarios

/// A file's aliases may add at most 8,388,608 nodes once expanded (as many as a 16 MiB file holds
/// written out): a 1 MB file of one anchored 100,000-duration `empirical` latency and 9,899 links
/// saying `latency: *e` ran `orrery validate` for over 5 minutes, past 2.7 GB. Refused at the alias
/// that crosses the limit, before any loader walks the tree; a file using aliases as people do loads.
struct AliasExpansionLimitTests {
    /// The error loading `text` as `a.yaml` gives, or "" when it loads.
    static func refusal(_ text: String) -> String {
        do {
            _ = try ScenarioFile.load(bytes: Array(text.utf8), file: "a.yaml")
            return ""
        } catch {
            return error.description
        }
    }

    /// The alias check alone on `text`, with `limit`: the error, or "" when it passes.
    static func check(_ text: String, limit: Int) throws -> String {
        let root = try #require(try Yams.compose(yaml: text, ScenarioDocument.resolver))
        do {
            try ScenarioDocument.checkAliases(root, text: text, file: "a.yaml", limit: limit)
            return ""
        } catch {
            return error.description
        }
    }

    static let world = "seed: 1\nrun: {requests: 10}\nservers: [{name: a}, {name: b}]\nworkload: {type: closed_loop, users: 1}\n"

    /// The checker's file, shorter: link 0 anchors an empirical latency of 100,000 durations
    /// (100,003 nodes with its mapping, key and list), and every later link repeats it.
    static func checkerShape(links: Int) -> String {
        let durations = Array(repeating: "1ms", count: 100_000).joined(separator: ",")
        var text = world + "network:\n  links:\n"
        text += "    - {from: a, to: client, latency: &e {empirical: [\(durations)]}}\n"
        for index in 1..<links {
            text += "    - {from: n\(index), to: client, latency: *e}\n"
        }
        return text
    }

    @Test func theCheckersShapeIsRefusedAtTheAliasThatCrossesTheLimit() throws {
        // Each alias repeats 200,007: 100,000 durations of three bytes (two values each), the
        // list, the `empirical` mapping and its key. 41 aliases add 8,200,287; the 42nd (link 42,
        // line 7 + 42) takes them past 8,388,608.
        #expect(YAMLAliasBudget.maximumAddedNodes == 8_388_608)
        #expect(Self.refusal(Self.checkerShape(links: 200)) == "a.yaml:49:40: error: the aliases in this file add more than 8,388,608 values once expanded (each alias repeats what its anchor names; this '*e' repeats 200,007); a file's aliases may add at most as many values as a 16 MiB file holds written out, a name or number counting one for every two of its bytes (at network.links.[42].latency)")
        // 42 links (41 aliases) pass.
        #expect(try Self.check(Self.checkerShape(links: 42), limit: YAMLAliasBudget.maximumAddedNodes) == "")
    }

    /// Aliases of one long scalar count its bytes: a 4 MiB duration repeated by 1,000 aliases,
    /// each counted as one value, took hours to read (0.24 s an alias); four aliases repeat
    /// 8,388,610 values' worth and the fourth is refused.
    @Test func aliasesOfALongScalarCountItsBytes() {
        let long = "0." + String(repeating: "0", count: 4 << 20) + "5ms"
        let text = Self.world.replacingOccurrences(of: "servers: [{name: a}, {name: b}]",
                                                   with: "servers: [{name: a, service_time: {empirical: [&d \(long), *d, *d, *d, *d]}}, {name: b}]")
        let error = Self.refusal(text)
        #expect(error.hasPrefix("a.yaml:3:"))
        #expect(error.contains("this '*d' repeats 2,097,155)"))
        #expect(error.hasSuffix("(at servers.[0].service_time.empirical.[4])"))
    }

    /// Nine levels of nine aliases in one line: 9⁹ nodes, refused at the first alias past the limit.
    @Test func aBillionLaughsFileIsRefusedAtOnce() {
        let levels = (1...9).map { level -> String in
            let name = String(UnicodeScalar(UInt8(96 + level)))
            let element = level == 1 ? "x" : "*" + String(UnicodeScalar(UInt8(95 + level)))
            return "&\(name) [" + Array(repeating: element, count: 9).joined(separator: ",") + "]"
        }
        let text = "name: laughs\ndescription: [" + levels.joined(separator: ", ") + "]\n"
        let error = Self.refusal(text)
        #expect(error.hasPrefix("a.yaml:2:"))
        // The lists before add 672,588 nodes and `&g` another 5,380,839; the first `*g` (5,380,840
        // nodes), in the eighth list, crosses the limit.
        #expect(error.contains("the aliases in this file add more than 8,388,608 values once expanded (each alias repeats what its anchor names; this '*g' repeats 5,380,840)"))
        #expect(error.hasSuffix("(at description.[7].[0])"))
        // The position is the alias's: line 2, the column of the first `*g`, in the eighth list.
        let line = text.split(separator: "\n")[1]
        let eighth = line.range(of: "&h [")!
        #expect(error.hasPrefix("a.yaml:2:\(line.distance(from: line.startIndex, to: eighth.upperBound) + 1): error:"))
    }

    /// A world whose links share one latency, written once: it loads.
    @Test func aFileUsingAFewAliasesLoads() {
        let text = Self.world + """
            network:
              links:
                - {from: a, to: client, latency: &shared {lognormal: {median: 2ms, sigma: 0.5}}, drop_rate: &drop 0.01}
                - {from: client, to: a, latency: *shared, drop_rate: *drop}
                - from: b
                  to: client
                  latency: *shared   # the same profile
                - {from: client, to: b, latency: *shared}

            """
        #expect(Self.refusal(text) == "")
    }

    /// The limit is exact: aliases adding `limit` nodes pass, one more is refused, at the alias.
    @Test func theLimitsEdge() throws {
        // `&a [x, x, x]` is 4 nodes; each `*a` adds 4.
        let text = "k: &a [x, x, x]\nl: [*a, *a, *a]\nm: *a # *a in a comment\n"
        #expect(try Self.check(text, limit: 16) == "")
        #expect(try Self.check(text, limit: 15).hasPrefix("a.yaml:3:4: error: the aliases in this file add more than 15 values once expanded (each alias repeats what its anchor names; this '*a' repeats 4)"))
        #expect(try Self.check(text, limit: 11).hasPrefix("a.yaml:2:13: error:"))
        #expect(try Self.check(text, limit: 11).hasSuffix("(at l.[2])"))
        #expect(try Self.check(text, limit: 3).hasPrefix("a.yaml:2:5: error:"))
        // An anchor is counted with its own aliases expanded (`*b` repeats 7: its list, and 2 × 3);
        // an alias's name inside a quoted key is not the alias.
        let nested = "k: &a [x, x]\n\"x *a\": *a\nb: &b [*a, *a]\n'y *b': [*b]\n"
        #expect(try Self.check(nested, limit: 2).hasPrefix("a.yaml:2:9: error:"))
        #expect(try Self.check(nested, limit: 2).hasSuffix("(at x *a)"))
        #expect(try Self.check(nested, limit: 8).hasPrefix("a.yaml:3:12: error:"))
        #expect(try Self.check(nested, limit: 15).hasPrefix("a.yaml:4:10: error:"))
        #expect(try Self.check(nested, limit: 15).contains("this '*b' repeats 7)"))
        #expect(try Self.check(nested, limit: 15).hasSuffix("(at y *b.[0])"))
        #expect(try Self.check(nested, limit: 16) == "")
    }

    /// Without aliases nothing is refused, however many nodes: the limit is on what aliases add.
    @Test func aFileWithoutAliasesIsNeverRefused() throws {
        let text = "k: [" + Array(repeating: "0", count: 200_000).joined(separator: ",") + "]\n"
        #expect(try Self.check(text, limit: 0) == "")
        // An anchor used once, or never, adds nothing either.
        #expect(try Self.check("k: &a [x, y]\n", limit: 0) == "")
    }

    /// `--set` keeps its own cap (2,000 values, aliases expanded), and applies to a file with aliases.
    @Test func overridesStillHaveTheirOwnCap() throws {
        let text = Self.world + "network:\n  links:\n    - {from: a, to: client, latency: &l 2ms}\n    - {from: b, to: client, latency: *l}\n"
        let document = try ScenarioDocument.parse(text, file: "a.yaml")
        let set = try ScenarioOverride(parsing: "network.links.1.latency=5ms")
        guard case .world = try ScenarioFile.load(document, overrides: [set], option: "--set") else {
            Issue.record("not a world")
            return
        }
        let laughs = "[&a [x,x,x,x,x,x,x,x,x], &b [*a,*a,*a,*a,*a,*a,*a,*a,*a], &c [*b,*b,*b,*b,*b,*b,*b,*b,*b], &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]]"
        do {
            _ = try ScenarioFile.load(document, overrides: [try ScenarioOverride(parsing: "description=" + laughs)], option: "--set")
            Issue.record("loaded")
        } catch {
            #expect("\(error)".contains("holds more than 2,000 values once its aliases are expanded"))
        }
    }

    /// Every file in `scenarios/` and `Tests/Fixtures` (none has an alias) passes with no room
    /// for aliases at all: with a `*` in a comment (so it is walked), nothing in it counts as one.
    @Test func theProjectsFilesHaveNoAliasesToCount() throws {
        var checked = 0
        for folder in ["scenarios", "Tests/Fixtures"] {
            let root = packageRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for url in files where url.pathExtension == "yaml" {
                let text = try String(contentsOf: url, encoding: .utf8) + "\n# * *x\n"
                // Nor is any key in it an alias of a list or mapping (``AliasKeyTests``).
                #expect(YAMLAliasKeys.first(in: text) == nil, "\(url.lastPathComponent)")
                guard let root = try? Yams.compose(yaml: text, ScenarioDocument.resolver) else { continue }
                #expect((try? ScenarioDocument.checkAliases(root, text: text, file: url.lastPathComponent, limit: 0)) != nil, "\(url.lastPathComponent)")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    /// Nodes libyaml places where the next one starts (an empty value), a block mapping and its
    /// first key, nested lists: none is taken for an alias, and each alias is found.
    @Test func nodesSharingAPlaceAreNotAliases() throws {
        let plain = "a:\nb: 1\nc:\n  d:\ne: [f, {g: }, {}, []]\nh:\n  -\n  - - x\n  -\ni: {? j}\n"
        #expect(try Self.check(plain + "# *\n", limit: 0) == "")
        let aliased = "a: &a\nb: *a\nc: &c\n  d:\n  e: *a\nf: [*c, *a]\ng:\n"
        // `*a` names an empty value (1 node), `*c` a mapping of 5: 1 + 1 + 5 + 1 = 8 added.
        #expect(try Self.check(aliased, limit: 8) == "")
        #expect(try Self.check(aliased, limit: 7).hasPrefix("a.yaml:6:9: error:"))
        #expect(try Self.check(aliased, limit: 6).hasPrefix("a.yaml:6:5: error:"))
        #expect(try Self.check(aliased, limit: 6).contains("this '*c' repeats 5)"))
    }
}
