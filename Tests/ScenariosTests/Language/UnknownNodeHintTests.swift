import Testing
@testable import Scenarios

/// An unknown node is told what the file most likely meant. `Web` among a counted server's
/// copies `Web1`, `Web2` was told "did you mean 'web'?", another server, by letters ignoring
/// case; `ｗｅｂ` and `web` + U+200B, which a reader cannot tell from `web`, were told the
/// unknown-node check's words ("known nodes: …", or "did you mean 'web'?" with nothing to say
/// what differs).
struct UnknownNodeHintTests {
    static func refusal(servers: String = "{name: Web, count: 2}, {name: web}", _ fault: String) -> String {
        SizeLimitTests.refusal("seed: 1\nrun: {requests: 10}\nservers: [\(servers)]\nworkload: {type: closed_loop, users: 1}\nfaults: [{at: 1s, \(fault)}]\n")
    }

    @Test func aCountedServersStemSuggestsItsCopiesMatchingCase() {
        #expect(Self.refusal("crash: Web")
            == "x.yaml:5:26: error: unknown node 'Web'; did you mean one of the numbered nodes Web1, Web2? (at faults.[0].crash)")
        // Many copies are shown as their range.
        #expect(Self.refusal(servers: "{name: Web, count: 12}, {name: web}", "crash: Web")
            == "x.yaml:5:26: error: unknown node 'Web'; did you mean one of the numbered nodes Web1 … Web12? (at faults.[0].crash)")
        // Another letter case is no stem: the closest node by edits, as before.
        #expect(Self.refusal(servers: "{name: Web, count: 2}", "crash: WEB")
            == "x.yaml:5:26: error: unknown node 'WEB'; did you mean 'Web1'? (at faults.[0].crash)")
        // Whatever numbers them: the numbered nodes a stem leads to are named.
        #expect(Self.refusal(servers: "{name: t2}, {name: t10}", "crash: t")
            == "x.yaml:5:26: error: unknown node 't'; did you mean one of the numbered nodes t2, t10? (at faults.[0].crash)")
    }

    @Test func aLookAlikeOfANodeIsToldWhatDiffers() {
        #expect(Self.refusal(servers: "{name: web}", "crash: \"\u{FF57}\u{FF45}\u{FF42}\"")
            == "x.yaml:5:26: error: unknown node '\u{FF57}\u{FF45}\u{FF42}' (U+FF57 U+FF45 U+FF42), a look-alike of node 'web' (U+0077 U+0065 U+0062) in other code points (Unicode compatibility equivalence, NFKC); write it as the node is named (at faults.[0].crash)")
        #expect(Self.refusal(servers: "{name: web}", "crash: \"web\\u200B\"")
            == "x.yaml:5:26: error: unknown node 'web\\u{200B}' (U+0077 U+0065 U+0062 U+200B), a look-alike of node 'web' (U+0077 U+0065 U+0062) in other code points (U+200B set aside: it shows nothing itself); write it as the node is named (at faults.[0].crash)")
        #expect(Self.refusal(servers: "{name: web}", "crash: \"\u{FF57}eb\\u200B\\u2060\"")
            == "x.yaml:5:26: error: unknown node '\u{FF57}eb\\u{200B}\\u{2060}' (U+FF57 U+0065 U+0062 U+200B U+2060), a look-alike of node 'web' (U+0077 U+0065 U+0062) in other code points (Unicode compatibility equivalence, NFKC, with U+200B, U+2060 set aside: they show nothing themselves); write it as the node is named (at faults.[0].crash)")
        // `NodeID` compares bytes: 'Å' written as 'A' U+030A names no node 'Å' (U+00C5).
        #expect(Self.refusal(servers: "{name: \"\\u00C5\"}", "crash: \"A\\u030A\"")
            == "x.yaml:5:26: error: unknown node 'A\u{30A}' (U+0041 U+030A), a look-alike of node '\u{C5}' (U+00C5) in other code points (Unicode canonical equivalence); write it as the node is named (at faults.[0].crash)")
    }

    /// A hidden character with no look-alike keeps the unknown-node words (`HostileInputTests`).
    @Test func aHiddenCharacterWithNoLookAlikeIsAnUnknownNode() {
        #expect(Self.refusal(servers: "{name: web}", "crash: \"db\\u200B\"")
            == "x.yaml:5:26: error: unknown node 'db\\u{200B}'; known nodes: web (at faults.[0].crash)")
    }

    /// The chaos list and a MapReduce job's faults say the same (the chaos list said only
    /// "unknown node").
    @Test func chaosAndMapReduceFaultsGiveTheSameHints() throws {
        #expect(SizeLimitTests.refusal("seed: 1\nrun: {requests: 10}\nservers: [{name: Web, count: 2}, {name: web}]\nworkload: {type: closed_loop, users: 1}\nchaos: {nodes: [Web], crashes_per_hour: 1}\n")
            == "x.yaml:5:17: error: unknown node 'Web'; did you mean one of the numbered nodes Web1, Web2? (at chaos.nodes.[0])")
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let error = fixture.error(MapReduceFixture.scenario(rest: "faults:\n  - {at: 1s, crash: worker-}"))
        #expect(error?.message == "unknown node 'worker-'; did you mean one of the numbered nodes worker-1, worker-2?")
        #expect(fixture.error(MapReduceFixture.scenario(rest: "faults:\n  - {at: 1s, crash: \"\u{FF57}orker-1\"}"))?.message
            == "unknown node '\u{FF57}orker-1' (U+FF57 U+006F U+0072 U+006B U+0065 U+0072 U+002D U+0031), a look-alike of node 'worker-1' (U+0077 U+006F U+0072 U+006B U+0065 U+0072 U+002D U+0031) in other code points (Unicode compatibility equivalence, NFKC); write it as the node is named")
    }
}
