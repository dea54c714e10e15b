import Foundation
import Testing
@testable import Scenarios

/// Names that show nothing where they differ (s81, F5): a default-ignorable code point (U+034F,
/// the Hangul fillers, a variation selector after a letter) and blanks at a name's ends (`web `,
/// which a Markdown table cell trims) or making the whole name (` `, U+2800) are refused, where
/// `web` and `web` + U+034F were two servers every report showed as `web`. Look-alikes set them
/// aside and read a run of blanks as one space; zone names and `deploy.servers` follow the rule
/// node names follow, and compare bytes (F9 and BN2's leftovers).
struct NameIgnorableTests {
    static let ignorableRule = "a name must not contain characters that show nothing (Unicode's default-ignorable code points such as the combining grapheme joiner U+034F and the Hangul filler U+3164)"
    static let selectorRule = "a name may hold a variation selector only as U+FE0E or U+FE0F right after an emoji it presents (an emoji variation sequence, UTS #51: U+2764 U+FE0F), elsewhere it shows nothing"
    static let edgeRule = "a name must not begin or end with a blank character (white space, U+2800, a Hangul filler: a table cell trims it, so 'web ' shows as 'web')"

    @Test(arguments: [
        ("the combining grapheme joiner", "web\u{34F}", "U+034F"),
        ("the Hangul filler U+3164", "web\u{3164}", "U+3164"),
        ("the Hangul choseong filler U+115F", "web\u{115F}", "U+115F"),
        ("the halfwidth Hangul filler U+FFA0", "w\u{FFA0}eb", "U+FFA0"),
        ("a reserved default-ignorable code point", "web\u{E0FFF}", "U+E0FFF"),
    ])
    func aDefaultIgnorableCodePointIsRefused(_ what: String, _ text: String, _ codePoint: String) {
        #expect(NameJoinerTests.name(text) == "\(Self.ignorableRule), got '\(text)' (\(codePoint))", "\(what)")
    }

    /// Default-ignorable format characters (a soft hyphen, a tag character) keep the format
    /// characters' refusal.
    @Test func aDefaultIgnorableFormatCharacterKeepsItsRefusal() {
        #expect(NameJoinerTests.name("we\u{AD}b")
            == "a name must not contain characters that show nothing or reorder the text (format characters such as U+200B and U+202E, line and paragraph separators), got 'we\\u{00AD}b' (U+00AD)")
        #expect(NameJoinerTests.name("web\u{E0041}")
            == "a name must not contain characters that show nothing or reorder the text (format characters such as U+200B and U+202E, line and paragraph separators), got 'web\\u{E0041}' (U+E0041)")
    }

    @Test(arguments: [
        ("U+FE0F after a letter", "web\u{FE0F}", "U+FE0F"),
        ("U+FE0E after a letter", "web\u{FE0E}", "U+FE0E"),
        ("U+FE0F after a digit with no keycap", "web1\u{FE0F}", "U+FE0F"),
        ("U+FE0F starting the name", "\u{FE0F}web", "U+FE0F"),
        ("U+FE00 after an emoji", "\u{2764}\u{FE00}", "U+FE00"),
        ("an ideographic variation selector", "\u{845B}\u{E0100}", "U+E0100"),
        ("a Mongolian free variation selector", "\u{1820}\u{180B}", "U+180B"),
    ])
    func aVariationSelectorElsewhereIsRefused(_ what: String, _ text: String, _ codePoint: String) {
        #expect(NameJoinerTests.name(text) == "\(Self.selectorRule), got '\(text)' (\(codePoint))", "\(what)")
    }

    @Test(arguments: [
        ("emoji presentation after an emoji", "web\u{2764}\u{FE0F}"),
        ("text presentation after an emoji", "\u{2764}\u{FE0E}"),
        ("a keycap", "1\u{FE0F}\u{20E3}"),
        ("inside an emoji ZWJ sequence", "\u{2764}\u{FE0F}\u{200D}\u{1F525}"),
        ("a space inside the name", "web server"),
        ("U+2800 inside the name", "web\u{2800}1"),
    ])
    func whatChangesHowTheNameShowsIsAllowed(_ what: String, _ text: String) {
        #expect(NameJoinerTests.name(text) == nil, "\(what)")
    }

    @Test(arguments: [
        ("a trailing space", "web ", "U+0020 at the end"),
        ("a leading space", " web", "U+0020 at the start"),
        ("a trailing no-break space", "web\u{A0}", "U+00A0 at the end"),
        ("a leading ideographic space", "\u{3000}web", "U+3000 at the start"),
        ("a trailing braille blank", "web\u{2800}", "U+2800 at the end"),
    ])
    func aBlankAtAnEndIsRefused(_ what: String, _ text: String, _ codePoint: String) {
        #expect(NameJoinerTests.name(text) == "\(Self.edgeRule), got '\(text)' (\(codePoint))", "\(what)")
    }

    @Test func aNameOfBlanksIsRefused() {
        #expect(NameJoinerTests.name(" ") == "a name must show something, got only blank characters ' ' (U+0020)")
        #expect(NameJoinerTests.name("\u{2800}\u{2800}") == "a name must show something, got only blank characters '\u{2800}\u{2800}' (U+2800)")
        // A Hangul filler shows nothing at all: refused as default-ignorable first.
        #expect(NameJoinerTests.name("\u{3164}") == "\(Self.ignorableRule), got '\u{3164}' (U+3164)")
    }

    /// The checker's file (F5): `web` and `web` + U+034F, the fault naming the second, refused
    /// where the second name stands.
    @Test func theTwinFileIsRefusedAtTheNamesPosition() {
        let text = """
            seed: 1
            run: {duration: 1s}
            workload: {type: open_loop, rate: 10, timeout: 1s}
            servers: [{name: "web", service_time: 1ms}, {name: "web\\u034f", service_time: 1ms}]
            faults: [{at: 0.5s, crash: "web\\u034f"}]

            """
        #expect(loadError(text, file: "twin.yaml")?.description
            == "twin.yaml:4:52: error: \(Self.ignorableRule), got 'web\u{34F}' (U+034F) (at servers.[1].name)")
        #expect(NameShownLimitsTests.refusal("{name: web}, {name: \"web \"}")
            == "x.yaml:3:31: error: \(Self.edgeRule), got 'web ' (U+0020 at the end) (at servers.[1].name)")
    }

    @Test func lookAlikesSetAsideWhatShowsNothingAndReadBlanksAsOneSpace() {
        #expect(YAMLCursor.lookAlikeForm(of: "web\u{34F}") == "web")
        #expect(YAMLCursor.lookAlikeForm(of: "\u{2764}\u{FE0F}") == "\u{2764}")
        #expect(YAMLCursor.lookAlikeForm(of: "web\u{2800}\u{A0} 1") == "web 1")
        #expect(ScenarioLoader.equivalence("\u{2764}\u{FE0F}", "\u{2764}") == "U+FE0F set aside: it shows nothing itself")
        #expect(ScenarioLoader.equivalence("web\u{2800}1", "web 1") == "U+2800, U+0020 read as one space, as a Markdown page shows a run of blanks")
        #expect(ScenarioLoader.equivalence("\u{FF57}eb\u{2800}1", "web  1")
            == "Unicode compatibility equivalence, NFKC, with U+2800, U+0020 read as one space, as a Markdown page shows a run of blanks")
        #expect(NameShownLimitsTests.refusal("{name: \"\u{2764}\"}, {name: \"\u{2764}\u{FE0F}\"}")
            == "x.yaml:3:31: error: node '\u{2764}\u{FE0F}' (U+2764 U+FE0F) of server '\u{2764}\u{FE0F}' (here) names the same as node '\u{2764}' (U+2764) of server '\u{2764}' (at 3:18), in other code points (U+FE0F set aside: it shows nothing itself): reports would show two nodes alike; give the server another name (at servers.[1].name)")
        #expect(NameShownLimitsTests.refusal("{name: \"web 1\"}, {name: \"web\u{2800}1\"}")
            == "x.yaml:3:35: error: node 'web\u{2800}1' (U+0077 U+0065 U+0062 U+2800 U+0031) of server 'web\u{2800}1' (here) names the same as node 'web 1' (U+0077 U+0065 U+0062 U+0020 U+0031) of server 'web 1' (at 3:18), in other code points (U+2800, U+0020 read as one space, as a Markdown page shows a run of blanks): reports would show two nodes alike; give the server another name (at servers.[1].name)")
    }

    /// F9: the refusal names the server as the file wrote it, `ｓ` with its count, not a server
    /// `ｓ1` the file never wrote.
    @Test func aCountedServerIsNamedAsWritten() {
        #expect(NameShownLimitsTests.refusal("{name: \"\u{FF53}\", count: 2}, {name: s1}")
            == "x.yaml:3:41: error: node 's1' (U+0073 U+0031) of server 's1' (here) names the same as node '\u{FF53}1' (U+FF53 U+0031) of server '\u{FF53}' with count: 2 (at 3:18), in other code points (Unicode compatibility equivalence, NFKC): reports would show two nodes alike; give the server another name (at servers.[1].name)")
    }

    /// `deploy.servers` and a zone reference compare bytes, as node names do; a look-alike is
    /// refused naming what tells it apart, and zone twins by the node names' rule.
    @Test func deployAndZonesFollowTheNodeNamesRule() {
        let deploy = deployScenario.replacingOccurrences(of: "{name: a,", with: "{name: \u{C5},").replacingOccurrences(of: "servers: [a, b, c]", with: "servers: [\"A\u{30A}\", b, c]")
        #expect(loadError(deploy, file: "d.yaml")?.description
            == "d.yaml:30:13: error: unknown server 'A\u{30A}' (U+0041 U+030A), a look-alike of server '\u{C5}' (U+00C5) in other code points (Unicode canonical equivalence); write it as the server is named (at deploy.servers.[0])")
        let zoneTwin = zonesScenario.replacingOccurrences(of: "{name: b, clients: 0}", with: "{name: \"a\u{34F}\", clients: 0}")
        #expect(loadError(zoneTwin, file: "z.yaml")?.description
            == "z.yaml:8:14: error: a zone's name must not contain characters that show nothing (Unicode's default-ignorable code points such as the combining grapheme joiner U+034F and the Hangul filler U+3164), got 'a\u{34F}' (U+034F) (at zones.list.[1].name)")
        let canonical = zonesScenario.replacingOccurrences(of: "{name: a, clients: 1}", with: "{name: \u{C5}, clients: 1}")
            .replacingOccurrences(of: "{name: b, clients: 0}", with: "{name: \"A\u{30A}\", clients: 0}")
        #expect(loadError(canonical, file: "z.yaml")?.description
            == "z.yaml:8:14: error: zone 'A\u{30A}' (U+0041 U+030A) names the same as zone '\u{C5}' (U+00C5) in other code points (Unicode canonical equivalence); rename one (at zones.list.[1].name)")
        let reference = zonesScenario.replacingOccurrences(of: "{name: a, clients: 1}", with: "{name: \u{C5}, clients: 1}")
            .replacingOccurrences(of: "zone: a, ", with: "zone: \"A\u{30A}\", ")
        #expect(loadError(reference, file: "z.yaml")?.description
            == "z.yaml:12:22: error: unknown zone 'A\u{30A}' (U+0041 U+030A), a look-alike of zone '\u{C5}' (U+00C5) in other code points (Unicode canonical equivalence); write it as the zone is named (at servers.[0].zone)")
    }
}
