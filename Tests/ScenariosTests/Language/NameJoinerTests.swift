import Foundation
import Testing
@testable import Scenarios

/// A joiner in a name where Unicode's identifier rules allow it (UAX #31, section 2.3: A1, A2,
/// B) or between two emoji: refusing every format character refused a Persian word spelt with
/// its ZWNJ, Indic conjuncts and emoji ZWJ sequences. Elsewhere a joiner shows nothing and stays
/// refused, and names apart only by joiners are look-alikes.
struct NameJoinerTests {
    static let joinerRule = "a name may hold a zero width non-joiner (U+200C) or joiner (U+200D) only where it changes how the text shows (Unicode's identifier rules, UAX #31: a non-joiner between two letters that join, either after a virama, a joiner between two emoji)"

    static func name(_ text: String) -> String? {
        DurationExactRangeTests.refusal { _ = try NameRuleTests.cursor(text).name() }
    }

    @Test(arguments: [
        ("Persian, a ZWNJ between two joining letters (A1)", "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}"),
        ("Arabic with a mark between the letter and the ZWNJ (A1's $T)", "\u{628}\u{64E}\u{200C}\u{628}"),
        ("Devanagari, a ZWNJ after a virama (A2)", "\u{915}\u{94D}\u{200C}\u{937}"),
        ("Devanagari, a ZWJ after a virama (B)", "\u{915}\u{94D}\u{200D}\u{937}"),
        ("Devanagari, a nukta before the virama (B's $M)", "\u{915}\u{93C}\u{94D}\u{200D}\u{937}"),
        ("Malayalam, an old-style chillu: a ZWJ ending the name (B)", "\u{D28}\u{D4D}\u{200D}"),
        ("an emoji ZWJ sequence", "\u{1F469}\u{200D}\u{1F4BB}"),
        ("an emoji ZWJ sequence with a skin tone", "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"),
        ("an emoji ZWJ sequence with a variation selector", "\u{2764}\u{FE0F}\u{200D}\u{1F525}"),
    ])
    func aJoinerWhereItChangesHowTheTextShowsIsAllowed(_ what: String, _ text: String) {
        #expect(Self.name(text) == nil, "\(what)")
    }

    @Test(arguments: [
        ("a ZWJ after a Latin letter", "web\u{200D}", "web\\u{200D}", "U+200D"),
        ("a ZWNJ between Latin letters", "we\u{200C}b", "we\\u{200C}b", "U+200C"),
        ("a ZWNJ after a letter that joins nothing after it (alef)", "\u{627}\u{200C}\u{628}", "\u{627}\\u{200C}\u{628}", "U+200C"),
        ("a ZWJ before a dependent vowel (B's (?!$D))", "\u{915}\u{94D}\u{200D}\u{93F}", "\u{915}\u{94D}\\u{200D}\u{93F}", "U+200D"),
        ("a ZWJ after a virama with no letter before it", "\u{94D}\u{200D}\u{937}", "\u{94D}\\u{200D}\u{937}", "U+200D"),
        ("a ZWJ ending an emoji", "\u{1F469}\u{200D}", "\u{1F469}\\u{200D}", "U+200D"),
        ("a ZWJ between a letter and an emoji", "a\u{200D}\u{1F4BB}", "a\\u{200D}\u{1F4BB}", "U+200D"),
        ("a ZWNJ between two emoji", "\u{1F469}\u{200C}\u{1F4BB}", "\u{1F469}\\u{200C}\u{1F4BB}", "U+200C"),
    ])
    func aJoinerElsewhereIsRefused(_ what: String, _ text: String, _ shown: String, _ codePoint: String) {
        #expect(Self.name(text) == "\(Self.joinerRule), got '\(shown)' (\(codePoint))", "\(what)")
    }

    /// An allowed joiner does not let another hidden character through: the first refused one is named.
    @Test func anAllowedJoinerLetsNoOtherFormatCharacterThrough() {
        #expect(Self.name("\u{1F469}\u{200D}\u{1F4BB}\u{200B}")
            == "a name must not contain characters that show nothing or reorder the text (format characters such as U+200B and U+202E, line and paragraph separators), got '\u{1F469}\\u{200D}\u{1F4BB}\\u{200B}' (U+200B)")
    }

    /// In a file, with its position: a server named with a ZWJ emoji sequence loads; one with a
    /// stray ZWJ is refused where its name stands.
    @Test func inAFileTheRuleHoldsAtTheNamesPosition() {
        #expect(NameShownLimitsTests.refusal("{name: \"\u{1F469}\u{200D}\u{1F4BB}\"}, {name: \"\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}\"}") == "")
        #expect(NameShownLimitsTests.refusal("{name: web}, {name: \"web\\u200D\"}")
            == "x.yaml:3:31: error: \(Self.joinerRule), got 'web\\u{200D}' (U+200D) (at servers.[1].name)")
    }

    /// A font or a terminal that does not join shows 👩‍💻 as 👩💻, and a Persian word with and
    /// without its ZWNJ differ only in a letter's shape: names apart only by joiners are refused
    /// as look-alikes, as UTS #39 sets default-ignorable characters aside.
    @Test func namesApartOnlyByJoinersAreLookAlikes() {
        #expect(NameShownLimitsTests.refusal("{name: \"\u{1F469}\u{1F4BB}\"}, {name: \"\u{1F469}\u{200D}\u{1F4BB}\"}")
            == "x.yaml:3:32: error: node '\u{1F469}\\u{200D}\u{1F4BB}' (U+1F469 U+200D U+1F4BB) of server '\u{1F469}\\u{200D}\u{1F4BB}' (here) names the same as node '\u{1F469}\u{1F4BB}' (U+1F469 U+1F4BB) of server '\u{1F469}\u{1F4BB}' (at 3:18), in other code points (U+200D set aside: it shows nothing itself): reports would show two nodes alike; give the server another name (at servers.[1].name)")
        let persian = "\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}"
        let unjoined = persian.replacingOccurrences(of: "\u{200C}", with: "")
        let shown = persian.replacingOccurrences(of: "\u{200C}", with: "\\u{200C}")
        #expect(NameShownLimitsTests.refusal("{name: \"\(persian)\"}, {name: \"\(unjoined)\"}")
            == "x.yaml:3:38: error: node '\(unjoined)' (U+0645 U+06CC U+062E U+0648 U+0627 U+0647 U+0645) of server '\(unjoined)' (here) names the same as node '\(shown)' (U+0645 U+06CC U+200C U+062E U+0648 U+0627 U+0647 U+0645) of server '\(shown)' (at 3:18), in other code points (U+200C set aside: it shows nothing itself): reports would show two nodes alike; give the server another name (at servers.[1].name)")
    }
}
