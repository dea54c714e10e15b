import Testing
@testable import Scenarios

/// A name is 1 … 255 bytes of text that shows as it is. Without a bound a 4 MB server name ran
/// 56 s, held 2.28 GB and wrote about 1 GB; with format characters allowed, `web` and `web` +
/// U+200B were two servers every report showed alike; with only canonical twins refused, `ﬁ`
/// (U+FB01) and `fi` were two nodes too.
struct NameShownLimitsTests {
    static func refusal(_ servers: String) -> String {
        SizeLimitTests.refusal("seed: 1\nrun: {requests: 10}\nservers: [\(servers)]\nworkload: {type: closed_loop, users: 1}\n")
    }

    @Test func aNameHoldsAtMost255Bytes() {
        #expect(Self.refusal("{name: \(String(repeating: "x", count: 255))}") == "")
        #expect(Self.refusal("{name: \(String(repeating: "x", count: 256))}")
            == "x.yaml:3:18: error: a name has at most 255 bytes (UTF-8), got 256 bytes (at servers.[0].name)")
        // Counted in bytes: 128 letters of two bytes each are 256.
        #expect(Self.refusal("{name: \(String(repeating: "é", count: 128))}")
            == "x.yaml:3:18: error: a name has at most 255 bytes (UTF-8), got 256 bytes (at servers.[0].name)")
        #expect(Self.refusal("{name: \(String(repeating: "x", count: 1_000_000))}")
            == "x.yaml:3:18: error: a name has at most 255 bytes (UTF-8), got 1,000,000 bytes (at servers.[0].name)")
    }

    /// The copies of a counted server are `name1` … `nameN`, names too (checker V, s80: a
    /// 255-byte name with `count: 2` made the 256-byte `x…x2`, which a fault could name).
    @Test func aCountedServersLastCopyIsANameToo() {
        #expect(Self.refusal("{name: \(String(repeating: "x", count: 254)), count: 2}") == "")
        #expect(Self.refusal("{name: \(String(repeating: "x", count: 253)), count: 10}") == "")
        let refused = Self.refusal("{name: \(String(repeating: "x", count: 255)), count: 2}")
        #expect(refused.hasPrefix("x.yaml:3:18: error: a name has at most 255 bytes (UTF-8), and with 'count: 2' the last copy's, 'xxx"), "\(refused)")
        #expect(refused.hasSuffix("2', has 256 (at servers.[0].name)"), "\(refused)")
        #expect(Self.refusal("{name: \(String(repeating: "x", count: 254)), count: 10}").hasSuffix("10', has 256 (at servers.[0].name)"))
    }

    @Test(arguments: [("\\u200B", "U+200B"), ("\\u202E", "U+202E"), ("\\uFEFF", "U+FEFF"), ("\\u2060", "U+2060"), ("\\u2028", "U+2028"), ("\\u2029", "U+2029")])
    func aNameHoldsNoCharacterThatShowsNothingOrReordersTheText(_ escape: String, _ codePoint: String) {
        let shown = "web\\u{\(codePoint.dropFirst(2))}"
        #expect(Self.refusal("{name: web}, {name: \"web\(escape)\"}")
            == "x.yaml:3:31: error: a name must not contain characters that show nothing or reorder the text (format characters such as U+200B and U+202E, line and paragraph separators), got '\(shown)' (\(codePoint)) (at servers.[1].name)")
    }

    @Test func aControlCharacterKeepsItsMessage() {
        #expect(Self.refusal("{name: \"a\\tb\"}")
            == "x.yaml:3:18: error: a name must not contain control characters, got 'a\\x09b' (U+0009) (at servers.[0].name)")
    }

    @Test func aHostnameFollowsTheSameRule() throws {
        #expect(DurationExactRangeTests.refusal { _ = try NameRuleTests.cursor("h\u{202E}x").printableText("a hostname") }
            == "a hostname must not contain characters that show nothing or reorder the text (format characters such as U+200B and U+202E, line and paragraph separators), got 'h\\u{202E}x' (U+202E)")
        #expect(DurationExactRangeTests.refusal { _ = try NameRuleTests.cursor(String(repeating: "h", count: 300)).printableText("a hostname") }
            == "a hostname has at most 255 bytes (UTF-8), got 300 bytes")
        #expect(try NameRuleTests.cursor("").printableText("a hostname") == "")
    }

    @Test func twoNodeNamesEqualUnderCompatibilityNormalisationAreRefused() {
        #expect(Self.refusal("{name: fi}, {name: \"\u{FB01}\"}")
            == "x.yaml:3:30: error: node '\u{FB01}' (U+FB01) of server '\u{FB01}' (here) names the same as node 'fi' (U+0066 U+0069) of server 'fi' (at 3:18), in other code points (Unicode compatibility equivalence, NFKC): reports would show two nodes alike; give the server another name (at servers.[1].name)")
        #expect(Self.refusal("{name: web}, {name: \"\u{FF57}\u{FF45}\u{FF42}\"}")
            == "x.yaml:3:31: error: node '\u{FF57}\u{FF45}\u{FF42}' (U+FF57 U+FF45 U+FF42) of server '\u{FF57}\u{FF45}\u{FF42}' (here) names the same as node 'web' (U+0077 U+0065 U+0062) of server 'web' (at 3:18), in other code points (Unicode compatibility equivalence, NFKC): reports would show two nodes alike; give the server another name (at servers.[1].name)")
        // Letter case is no compatibility difference: nothing writes a file per server.
        #expect(Self.refusal("{name: web}, {name: Web}") == "")
    }

    /// `--set` and `--vary` values are read by the same reader, at the file's position.
    @Test func anOverriddenNameIsCheckedAlike() {
        #expect(ScenarioOverrideTests.error(["servers.0.name=a\u{202E}b"])
            == "o.yaml:5:11: error: a name must not contain characters that show nothing or reorder the text (format characters such as U+200B and U+202E, line and paragraph separators), got 'a\\u{202E}b' (U+202E) (the value comes from --set servers.0.name=a\\u{202E}b) (at servers.[0].name)")
        #expect(ScenarioOverrideTests.error(["servers.0.name=" + String(repeating: "y", count: 256)], option: "--vary")
            == "o.yaml:5:11: error: a name has at most 255 bytes (UTF-8), got 256 bytes (the value comes from --vary servers.0.name=\(String(repeating: "y", count: 42))…) (at servers.[0].name)")
    }
}
