import Testing
@testable import Scenarios

/// A reference that differs from a name by a blank at either end (`web1` + U+0020, `web1` +
/// U+00A0, `ZA` + U+00A0) was refused "unknown node 'web1 '; did you mean 'web1'?": no code
/// points, nothing said what differs, and the no-break space read as a space. Its look-alike form
/// kept the blank (``YAMLCursor/lookAlikeForm(of:)``), so it missed the look-alike refusal every
/// other look-alike gets; a table cell trims the blank, and no name begins or ends with one, so
/// the form now sets it aside and the refusal names it by code point and Unicode name.
struct LookAlikeEdgeBlankTests {
    static func crash(_ target: String, servers: String = "{name: web1}, {name: other}") -> String {
        UnknownNodeHintTests.refusal(servers: servers, "crash: \"\(target)\"")
    }

    static let web1 = "(U+0077 U+0065 U+0062 U+0031)"

    @Test func aTrailingSpaceIsNamed() {
        #expect(Self.crash("web1 ")
            == "x.yaml:5:26: error: unknown node 'web1 ' (U+0077 U+0065 U+0062 U+0031 U+0020), a look-alike of node 'web1' \(Self.web1) in other code points (the trailing blank U+0020 SPACE set aside: a table cell trims blanks at either end); write it as the node is named (at faults.[0].crash)")
    }

    @Test func aTrailingNoBreakSpaceIsNamed() {
        #expect(Self.crash("web1\\u00A0")
            == "x.yaml:5:26: error: unknown node 'web1\u{A0}' (U+0077 U+0065 U+0062 U+0031 U+00A0), a look-alike of node 'web1' \(Self.web1) in other code points (the trailing blank U+00A0 NO-BREAK SPACE set aside: a table cell trims blanks at either end); write it as the node is named (at faults.[0].crash)")
    }

    @Test func blanksAtBothEndsAndRunsAreNamedEach() {
        #expect(Self.crash("\\u00A0web1\\u3000")
            == "x.yaml:5:26: error: unknown node '\u{A0}web1\u{3000}' (U+00A0 U+0077 U+0065 U+0062 U+0031 U+3000), a look-alike of node 'web1' \(Self.web1) in other code points (the leading blank U+00A0 NO-BREAK SPACE and the trailing blank U+3000 IDEOGRAPHIC SPACE set aside: a table cell trims blanks at either end); write it as the node is named (at faults.[0].crash)")
        #expect(Self.crash("web1  ")
            == "x.yaml:5:26: error: unknown node 'web1  ' (U+0077 U+0065 U+0062 U+0031 U+0020 U+0020), a look-alike of node 'web1' \(Self.web1) in other code points (the trailing blanks U+0020 SPACE, U+0020 SPACE set aside: a table cell trims blanks at either end); write it as the node is named (at faults.[0].crash)")
    }

    /// An end blank beside another difference is named with it.
    @Test func anEndBlankIsNamedBesideOtherDifferences() {
        #expect(Self.crash("\u{FF57}eb1 ")
            == "x.yaml:5:26: error: unknown node '\u{FF57}eb1 ' (U+FF57 U+0065 U+0062 U+0031 U+0020), a look-alike of node 'web1' \(Self.web1) in other code points (Unicode compatibility equivalence, NFKC, with the trailing blank U+0020 SPACE set aside: a table cell trims blanks at either end); write it as the node is named (at faults.[0].crash)")
        // Behind a scalar that shows nothing, the blank is still at the end as shown.
        #expect(Self.crash("web1 \\u200B")
            == "x.yaml:5:26: error: unknown node 'web1 \\u{200B}' (U+0077 U+0065 U+0062 U+0031 U+0020 U+200B), a look-alike of node 'web1' \(Self.web1) in other code points (U+200B set aside: it shows nothing itself; the trailing blank U+0020 SPACE set aside: a table cell trims blanks at either end); write it as the node is named (at faults.[0].crash)")
        #expect(Self.crash("web\\u00A01\\u00A0", servers: "{name: web 1}")
            == "x.yaml:5:26: error: unknown node 'web\u{A0}1\u{A0}' (U+0077 U+0065 U+0062 U+00A0 U+0031 U+00A0), a look-alike of node 'web 1' (U+0077 U+0065 U+0062 U+0020 U+0031) in other code points (Unicode compatibility equivalence, NFKC, with the trailing blank U+00A0 NO-BREAK SPACE set aside: a table cell trims blanks at either end); write it as the node is named (at faults.[0].crash)")
    }

    /// A zone a server names and a server `deploy.servers` lists go through the same refusal.
    @Test func aZoneAndADeployedServerWithATrailingNoBreakSpaceAreNamed() {
        let zones = "seed: 1\nrun: {requests: 10}\nzones:\n  list: [{name: ZA}, {name: ZB}]\nservers: [{name: s, zone: \"ZA\\u00A0\"}, {name: t, zone: ZB}]\n"
            + "balancer: {strategy: round_robin}\nworkload: {type: closed_loop, users: 1}\n"
        #expect(SizeLimitTests.refusal(zones)
            == "x.yaml:5:27: error: unknown zone 'ZA\u{A0}' (U+005A U+0041 U+00A0), a look-alike of zone 'ZA' (U+005A U+0041) in other code points (the trailing blank U+00A0 NO-BREAK SPACE set aside: a table cell trims blanks at either end); write it as the zone is named (at servers.[0].zone)")
        let deploy = "seed: 1\nrun: {duration: 2s}\nservers: [{name: web1}, {name: other}]\nbalancer: {strategy: round_robin}\n"
            + "workload: {type: open_loop, rate: 20, timeout: 1s}\ndeploy:\n  at: 1s\n  servers: [\"web1 \"]\n"
        #expect(SizeLimitTests.refusal(deploy)
            == "x.yaml:8:13: error: unknown server 'web1 ' (U+0077 U+0065 U+0062 U+0031 U+0020), a look-alike of server 'web1' \(Self.web1) in other code points (the trailing blank U+0020 SPACE set aside: a table cell trims blanks at either end); write it as the server is named (at deploy.servers.[0])")
    }

    /// The form sets the end blanks aside after what shows nothing, before NFKC; a blank inside
    /// is still one space, and a name that is all blanks has an empty form.
    @Test func theLookAlikeFormTrimsEndBlanks() {
        #expect(YAMLCursor.lookAlikeForm(of: "web1\u{A0}") == "web1")
        #expect(YAMLCursor.lookAlikeForm(of: " \u{200B}\u{3000}web\u{A0}\u{2800}1 \u{200B}") == "web 1")
        #expect(YAMLCursor.lookAlikeForm(of: "\u{A0} ") == "")
        // U+00B4's compatibility form begins with a space (U+0020 U+0301): a spacing accent, not a
        // blank, so it is kept.
        #expect(YAMLCursor.lookAlikeForm(of: "\u{B4}x").unicodeScalars.map(\.value) == [0x20, 0x301, 0x78])
    }
}
