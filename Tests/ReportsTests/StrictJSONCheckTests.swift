import Foundation
import Testing
@testable import Reports

/// ``StrictJSONCheck``, through ``VerdictSummary/read(_:)`` as the page reads a `report.json`:
/// what Foundation's decoder read as valid — a key given twice, invalid UTF-8 or a malformed
/// string in a field it skips, a trailing comma — is now unreadable, with a note saying which and
/// where. Offsets are counted by hand from the texts below, from 0.
@Suite struct StrictJSONCheckTests {
    /// The note for `bytes`, as the page writes it after "could not be read: ", or the summary.
    func note(_ bytes: [UInt8]) -> String {
        switch VerdictSummary.read(Data(bytes)) {
        case .success(let summary?): summary.parts.map(\.text).joined(separator: ", ")
        case .success(nil): "no verdicts"
        case .failure(let problem): problem.description
        }
    }

    func note(_ text: String) -> String { note(Array(text.utf8)) }

    func problem(_ bytes: [UInt8]) -> StrictJSONCheck.Problem? { StrictJSONCheck.problem(in: Data(bytes)) }

    func problem(_ text: String) -> StrictJSONCheck.Problem? { problem(Array(text.utf8)) }

    /// `{"x": "` (the string's content starts at byte 7), `bytes`, `", "passed": true}`.
    func inString(_ bytes: [UInt8]) -> [UInt8] { Array(#"{"x": ""#.utf8) + bytes + Array(#"", "passed": true}"#.utf8) }

    // MARK: Keys given twice

    /// The decoder read this as passed (the first `passed` wins; Python's json takes the last).
    @Test func aKeyGivenTwiceIsUnreadable() {
        // `{` 0, `"passed"` 1…8, `:` 9, ` true` 10…14, `,` 15, ` ` 16, the second `"` 17.
        #expect(note(#"{"passed": true, "passed": false}"#) == #"its key "passed" is repeated in one object at byte offset 17"#)
        #expect(note(#"{"passed": false, "passed": false}"#) == #"its key "passed" is repeated in one object at byte offset 18"#)
        // In an object nested in a list: `{"checks": [` 0…11, `{` 12, `"holds"` 13…19, `:` 20,
        // ` true` 21…25, `,` 26, ` ` 27, `"` 28.
        #expect(note(#"{"checks": [{"holds": true, "holds": false}]}"#) == #"its key "holds" is repeated in one object at byte offset 28"#)
    }

    /// Keys are compared as decoded: an escape is the character it stands for, a surrogate pair
    /// the one character it encodes.
    @Test func keysAreComparedAfterTheirEscapesAreDecoded() {
        // `{"a": 1,` 0…7, ` ` 8, `"` 9.
        #expect(note(#"{"a": 1, "\u0061": 2}"#) == #"its key "a" is repeated in one object at byte offset 9"#)
        #expect(note(#"{"\/\n": 1, "/\u000A": 2}"#) == #"its key "/\n" is repeated in one object at byte offset 12"#)
        // 😀 is the four bytes F0 9F 98 80: `{"` 0…1, 😀 2…5, `": 1,` 6…10, ` ` 11, `"` 12.
        #expect(note("{\"😀\": 1, \"\\ud83d\\ude00\": 2}") == #"its key "😀" is repeated in one object at byte offset 12"#)
        #expect(note("{\"\\uD83D\\uDE00\": 1, \"😀\": 2}") == #"its key "😀" is repeated in one object at byte offset 20"#)
    }

    /// The same key in different objects, keys differing in case, and keys that are one text to
    /// Swift's `==` but not code point for code point (RFC 8259 §8.3 compares code units).
    @Test func differentKeysAndKeysOfOtherObjectsAreRead() {
        #expect(note(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}], "passed": true}"#) == "passed")
        #expect(note(#"{"Passed": 1, "passed": true}"#) == "passed")
        #expect(note(#"{"\u00e9": 1, "e\u0301": 2, "passed": true}"#) == "passed")
    }

    /// A nested object's keys are forgotten when it closes, and its parent's kept.
    @Test func eachObjectHasItsOwnKeys() {
        #expect(note(#"{"a": {"b": 1, "c": {"d": 1}}, "d": 1, "c": 2, "passed": true}"#) == "passed")
        // `{"a": {"b": 1, "c": {"d": 1}}, "d": 1, "c": 2,` is bytes 0…45, ` ` 46, `"` 47.
        #expect(note(#"{"a": {"b": 1, "c": {"d": 1}}, "d": 1, "c": 2, "a": 3}"#) == #"its key "a" is repeated in one object at byte offset 47"#)
    }

    /// Past ``StrictJSONCheck/OpenKeys/linearLimit`` keys an object's keys are looked up in a
    /// set: a key given twice is found whether its first was before or after that.
    @Test func aKeyGivenTwiceInALargeObjectIsFound() {
        let limit = StrictJSONCheck.OpenKeys.linearLimit
        #expect(limit == 16)
        let members = (0..<40).map { "\"k\($0)\": \($0), " }.joined()
        let inner = "\"inner\": {" + (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}, "
        #expect(note("{" + members + inner + "\"passed\": true}") == "passed")
        for repeated in [3, 15, 16, 17, 39] {
            let text = "{" + members + inner + "\"k\(repeated)\": 0}"
            // The repeated key's quote follows the 40 members and the inner object.
            let offset = 1 + members.utf8.count + inner.utf8.count
            #expect(note(text) == "its key \"k\(repeated)\" is repeated in one object at byte offset \(offset)")
        }
        // Found while the object's keys are still compared one by one, and once in the set.
        #expect(note("{\"k0\": 0, \"k0\": 1}") == #"its key "k0" is repeated in one object at byte offset 10"#)
        #expect(note("{" + members + "\"k40\": 40, \"k40\": 41}") == "its key \"k40\" is repeated in one object at byte offset \(1 + members.utf8.count + 11)")
    }

    /// A repeated key is shown as JSON writes it, cut at 40 characters.
    @Test func aRepeatedKeyIsShownOnOneLine() {
        // `{"a\"\n"` 0…7, `: 1,` 8…11, ` ` 12, `"` 13.
        #expect(note(#"{"a\"\n": 1, "a\"\n": 2}"#) == #"its key "a\"\n" is repeated in one object at byte offset 13"#)
        #expect(note(#"{"\u001b[2J\u0085": 1, "\u001b[2J\u0085": 2}"#) == #"its key "\u001B[2J\u0085" is repeated in one object at byte offset 23"#)
        let long = String(repeating: "k", count: 50)
        #expect(note("{\"\(long)\": 1, \"\(long)\": 2}") == "its key \"\(String(repeating: "k", count: 40))…\" is repeated in one object at byte offset 58")
    }

    // MARK: UTF-8

    /// Invalid UTF-8 in a string the decoder skips was read as valid (never decoded); in a field
    /// it reads, the file was refused as "not JSON". Either way it is now "not UTF-8", at the
    /// first byte of the ill-formed sequence.
    @Test(arguments: [
        [0xFF],                    // never in UTF-8
        [0x80],                    // a continuation byte with no lead
        [0xC0, 0xAF],              // "/" overlong in two bytes
        [0xC1, 0xBF],              // U+007F overlong
        [0xE0, 0x80, 0xAF],        // "/" overlong in three bytes
        [0xF0, 0x80, 0x80, 0xAF],  // "/" overlong in four bytes
        [0xED, 0xA0, 0x80],        // U+D800, a surrogate, encoded in UTF-8
        [0xED, 0xBF, 0xBF],        // U+DFFF
        [0xF4, 0x90, 0x80, 0x80],  // U+110000, above U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],  // a lead byte past U+10FFFF
        [0xE2, 0x82],              // € (E2 82 AC) cut short: `"` follows
        [0xC3, 0x41],              // a lead byte followed by ASCII
    ] as [[UInt8]])
    func invalidUTF8InAStringIsUnreadable(bytes: [UInt8]) {
        #expect(note(inString(bytes)) == "it is not UTF-8 at byte offset 7")
    }

    /// The edges of what is valid: the last before the surrogates, the first after them, the
    /// highest code point, two- to four-byte forms.
    @Test func validUTF8IsRead() {
        let edges: [UInt8] = [0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80,
                              0xEF, 0xBF, 0xBF, 0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF]
        #expect(note(inString(edges)) == "passed")
        #expect(note(#"{"claims": [{"verdict": "tient ✓ 😀"}]}"#) == "claims: 1 tient ✓ 😀")
    }

    /// A text that stops inside `true`, `false` or `null` is cut short: the offset is its length,
    /// as for a string or number that stops there (R1: `{"passed":tru` read "byte offset 10").
    @Test func aLiteralCutShortIsAtTheTextsEnd() {
        #expect(problem(Array(#"{"passed":tru"#.utf8)) == .notJSON(offset: 13))
        #expect(problem(Array(#"{"passed":nul"#.utf8)) == .notJSON(offset: 13))
        #expect(problem(Array(#"{"passed":f"#.utf8)) == .notJSON(offset: 11))
        #expect(problem(Array(#"{"passed":"ab"#.utf8)) == .notJSON(offset: 13))
        #expect(problem(Array(#"{"passed":trux}"#.utf8)) == .notJSON(offset: 10))
    }

    /// Outside strings: invalid UTF-8 is "not UTF-8" as inside (the text is not UTF-8), valid
    /// UTF-8 that is not ASCII is no JSON token; a byte order mark (RFC 8259 §8.1: a text MUST
    /// NOT begin with one) and UTF-16 or UTF-32 text, which the decoder read, are refused.
    @Test func whatLiesOutsideStrings() {
        // `{"passed": true}` is bytes 0…15.
        #expect(note(Array(#"{"passed": true}"#.utf8) + [0xFF]) == "it is not UTF-8 at byte offset 16")
        #expect(problem(Array(#"{"passed": true,"#.utf8) + [0xC3, 0xA9] + Array(#" "x": 1}"#.utf8)) == .notJSON(offset: 16))
        #expect(note([0xEF, 0xBB, 0xBF] + Array(#"{"passed": true}"#.utf8)) == "it begins with a byte order mark, which JSON text must not")
        let utf16 = Array(#"{"passed": true}"#.utf16)
        #expect(note(utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == "it is not JSON at byte offset 1")
        #expect(problem(utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == .notJSON(offset: 1))
        #expect(problem(utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) == .notJSON(offset: 0))
        #expect(note([0xFF, 0xFE] + utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == "it is not UTF-8 at byte offset 0")
        let utf32 = #"{"passed": true}"#.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }
        #expect(problem(utf32) == .notJSON(offset: 1))
    }

    // MARK: Surrogate escapes

    /// RFC 8259 §8.2: a string with a lone surrogate escape behaves unpredictably. In a key the
    /// decoder refused it, in a skipped value it read it; both are refused, with the escape as
    /// written.
    @Test func anUnpairedSurrogateEscapeIsUnreadable() {
        // `{"` 0…1, `\` 2.
        #expect(note(#"{"\ud800": 1, "passed": true}"#) == #"it has an unpaired surrogate escape \ud800 at byte offset 2"#)
        #expect(note(inString(Array(#"\uDC00"#.utf8))) == #"it has an unpaired surrogate escape \uDC00 at byte offset 7"#)
        #expect(note(inString(Array(#"\ud83d\u0041"#.utf8))) == #"it has an unpaired surrogate escape \ud83d at byte offset 7"#)
        #expect(note(inString(Array(#"\ude00\ud83d"#.utf8))) == #"it has an unpaired surrogate escape \ude00 at byte offset 7"#)
        #expect(note(inString(Array(#"\ud83d"#.utf8))) == #"it has an unpaired surrogate escape \ud83d at byte offset 7"#)
        #expect(note(inString(Array(#"\ud83d\ude00 \uFFFF \u0000"#.utf8))) == "passed")
    }

    // MARK: Grammar

    /// What the decoder read in a field it skips though it is no JSON: each is "not JSON" at the
    /// offset where the grammar breaks.
    @Test(arguments: [
        (#"{"passed": true,}"#, 16),            // a trailing comma
        (#"{"x": [1,], "passed": true}"#, 9),  // in a list
        (#"{"x": 01, "passed": true}"#, 7),    // a leading zero
        (#"{"x": -01, "passed": true}"#, 8),
        (#"{"x": 1., "passed": true}"#, 8),    // no digit after the point
        (#"{"x": -, "passed": true}"#, 7),     // a sign alone
        (#"{"x": --1, "passed": true}"#, 7),
        (#"{"x": 1e, "passed": true}"#, 8),    // no digit in the exponent
        (#"{"x": 1.5e+, "passed": true}"#, 11),
        (#"{"x": "\q", "passed": true}"#, 7),  // an unknown escape
        (#"{"x": "\u12", "passed": true}"#, 7),  // a \u escape cut short
        ("{\"x\": \"a\nb\", \"passed\": true}", 8),  // a raw line feed in a string
        ("{\"x\": \"a\u{0}b\", \"passed\": true}", 8),
        (#"{"passed": true"#, 15),             // cut short
        ("", 0),
        (#"{"passed": true} x"#, 17),          // more after the value
        ("{\"passed\": true}\u{C}", 16),       // a form feed is no JSON whitespace
        (#"{"passed" true}"#, 10),             // no colon
        (#"{"passed": true]"#, 15),            // the wrong closing bracket
        (#"{"a": tru}"#, 6),
        (#"{"a": nulls}"#, 10),
    ])
    func grammarErrorsAreNotJSON(text: String, offset: Int) {
        #expect(problem(text) == .notJSON(offset: offset))
        #expect(note(text) == "it is not JSON at byte offset \(offset)")
    }

    /// Everything RFC 8259 allows, including JSON's four whitespace bytes and every escape.
    @Test func strictJSONIsRead() {
        let json = "\t{\"passed\" :\r\n true, \"n\": [-0.5e+10, 0, 1E-2, 12.75, -0], \"s\": \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\","
            + " \"a\": [], \"o\": {}, \"z\": null, \"f\": false, \"t\": [true, {\"k\": [[]]}]} \n"
        #expect(problem(json) == nil)
        #expect(note(json) == "passed")
        #expect(note("true") == "it is JSON but not an object")
    }

    // MARK: Depth

    /// Nesting is bounded with an explicit stack, not recursion: 100,000 `[` are refused at the
    /// 513th, where the decoder stops too (512 deep is read).
    @Test func nestingDeeperThan512IsUnreadable() {
        let limit = StrictJSONCheck.depthLimit
        #expect(limit == 512)
        #expect(note(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) == "it is JSON but not an object")
        #expect(note(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)) == "it nests arrays and objects more than 512 deep at byte offset 512")
        #expect(note(String(repeating: "[", count: 100_000)) == "it nests arrays and objects more than 512 deep at byte offset 512")
        // `{"a":` is five bytes: the 513th `{` is at 5 × 512.
        #expect(note(String(repeating: "{\"a\":", count: 100_000)) == "it nests arrays and objects more than 512 deep at byte offset 2560")
        // `{"passed": true, "x": ` is bytes 0…21: 511 `[` make 512 levels; the 512th `[` is at 22 + 511.
        #expect(note("{\"passed\": true, \"x\": " + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}") == "passed")
        #expect(note("{\"passed\": true, \"x\": " + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}")
                == "it nests arrays and objects more than 512 deep at byte offset 533")
    }

    // MARK: The committed reports

    /// Every `report.json` Orrery committed under `results/` is strict JSON.
    @Test func everyCommittedReportJSONIsStrict() throws {
        let results = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("results")
        let files = try #require(FileManager.default.enumerator(atPath: results.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix("report.json") }
        #expect(files.count > 10)
        for file in files {
            let data = try Data(contentsOf: results.appendingPathComponent(file))
            #expect(StrictJSONCheck.problem(in: data) == nil, "\(file)")
        }
    }
}
