import Simulator
import Testing
@testable import Scenarios

/// The plain-number reader (``ShortDecimal``, ``YAMLCursor/plainDurationParts(_:)``) that reads
/// `5ms`, `0.3s`, `12` and `1.5e3us` without building a string gives every text exactly what the
/// general readers give it — the same value, the same refusal in the same words — over 120,000
/// generated texts: every unit, signs, exponents, `_`, spaces, long digit strings, and the
/// boundaries README's range table names.
struct DurationReaderFastPathTests {
    static func cursor(_ text: String) -> YAMLCursor {
        YAMLCursor(node: .scalar(.init(text)), file: "t.yaml", path: "v")
    }

    /// What a duration's text reads as: its parts (seconds by bit pattern) or its refusal.
    enum Outcome: Equatable {
        case parts(raw: String, seconds: UInt64, attoseconds: Int128, exact: ExactDecimal.Scaled)
        case refused(ScenarioError)
    }

    static func outcome(_ read: () throws(ScenarioError) -> YAMLCursor.DurationParts) -> Outcome {
        do {
            let parts = try read()
            return .parts(raw: parts.raw, seconds: parts.seconds.bitPattern, attoseconds: parts.attoseconds, exact: parts.exact)
        } catch {
            return .refused(error)
        }
    }

    /// The reader as it was: spaces trimmed by characters, then the general reader alone.
    static func general(_ text: String) -> Outcome {
        let cursor = cursor(text)
        return outcome { () throws(ScenarioError) in
            guard let raw = cursor.text.map(charactersTrimmed), !raw.isEmpty else {
                throw cursor.error(.wrongType(expected: "a duration such as 250ms or 2s", found: cursor.kindDescription))
            }
            return try cursor.durationParts(readingGenerally: raw)
        }
    }

    /// `trimmingSpaces` as it was written before its shortcut.
    static func charactersTrimmed(_ text: String) -> String {
        var slice = Substring(text)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }

    static let units = ["", "", "", "ns", "us", "µs", "μs", "ms", "s", "s", "min", "m", "h", "d", "x", "sec", "mins", "µ", "S", "e", "MS", "ns ", " s", "KiB"]

    /// `count` digits, zeros weighted (trailing and leading zeros, round values), `_` now and then.
    static func digits(_ count: Int, _ mix: inout ScenarioFuzzTests.Generator) -> String {
        var text = ""
        for index in 0..<count {
            if index > 0, mix.below(40) == 0 { text += "_" }
            text += mix.pick(["0", "0", "0", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "9"])
        }
        return text
    }

    /// A number as files write it, or nearly: a sign, whole digits, a fraction, an exponent.
    static func number(_ mix: inout ScenarioFuzzTests.Generator) -> String {
        var text = mix.pick(["", "", "", "", "", "", "", "-", "+"])
        text += digits(mix.pick([0, 1, 1, 1, 2, 3, 4, 6, 10, 17, 18, 19, 20, 25, 40]), &mix)
        if mix.below(2) == 0 { text += "." + digits(mix.pick([0, 1, 1, 2, 3, 6, 9, 10, 17, 18, 19, 25]), &mix) }
        if mix.below(4) == 0 {
            text += mix.pick(["e", "E"]) + mix.pick(["", "", "-", "+"])
            text += String(repeating: "0", count: mix.pick([0, 0, 0, 1, 3])) + digits(mix.pick([0, 1, 1, 2, 3, 5, 6, 7, 20]), &mix).filter { $0 != "_" }
        }
        return text
    }

    static func text(_ mix: inout ScenarioFuzzTests.Generator) -> String {
        let lead = mix.below(20) == 0 ? " " : ""
        let gap = mix.below(15) == 0 ? " " : ""
        let trail = mix.below(20) == 0 ? " " : ""
        var text = lead + number(&mix) + gap + mix.pick(units) + trail
        if mix.below(50) == 0 {
            var characters = Array(text)
            characters.insert(mix.pick(["_", ".", "e", "-", "a", "\u{301}", "0", "x"]), at: mix.below(characters.count + 1))
            text = String(characters)
        }
        return text
    }

    /// The values README's range table and the readers' comments name.
    static let boundaries = [
        "36525d", "36526d", "1ns", "0.5ns", "9223372036854775807ns", "9223372036854775808ns", "3155760000s", "3155760000.000000001s",
        "3155760000.0000000001s", "3155759999.9999999999s", "1e400ns", "1e999999999s", "-0s", "-0", "-1e-400s", "1e-400s", "0.3s", "1.9999999s",
        "1.5e3us", ".5ms", "5.", ".", "5ms", "12", "250us", "017", "017s", "0.5", "00.5", "08", "0", "00", "0e5", "1e-18s", "1e-19s", "1e-9", "1e-10",
        "0.0000000001s", "999.9999us", "999.999us", "5µs", "5μs", "5 µs", "1_000ms", "1e00000001s", "1e-0000000000000000000000000", "2.5min", "0.5h",
        "1.000000000000000000000d", "123456789012345678ms", "1234567890123456789ms", "999999999999999999ns", "0.000000000000000001s",
        "0.0000000000000000001s", "+2ms", "-5ms", "5 ms", " 5ms ", "5ms\u{301}", " \u{301}5ms", "5s\u{301}", "~", "null", "", " ", "e5s", "5e", "5e+", "5ee3s",
        "1e-38s", "1e-39s", "1e-40", "1e38ns", "1e39ns", "9007199254740993", "9007199254740993e-10", "4.35", "8.03e-7s", "2.2250738585072014e-308",
    ]

    static let texts: [String] = {
        var mix = ScenarioFuzzTests.Generator(state: 77)
        return boundaries + (0..<120_000).map { _ in text(&mix) }
    }()

    @Test func everyTextReadsAsTheGeneralReaderReadsIt() {
        var mismatches: [String] = []
        for text in Self.texts where Self.outcome({ () throws(ScenarioError) in try Self.cursor(text).durationParts() }) != Self.general(text) {
            mismatches.append(text)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// Units of durations (attoseconds) and sizes (bytes), and an odd one.
    static let scales: [Int128] = [1, 7, 1_000, 1_024, 1 << 20, 1 << 30, 1_000_000, 1_000_000_000] + Array(Set(YAMLCursor.durationAttoseconds.values)).sorted()

    @Test func everyNumberScalesAsDigitByDigit() {
        var mix = ScenarioFuzzTests.Generator(state: 78)
        var mismatches: [String] = []
        for text in Self.texts {
            let number = text.filter { "0123456789._eE+- ".contains($0) }
            for _ in 0..<3 {
                let unit = mix.pick(Self.scales)
                if ExactDecimal.scaled(number[...], by: unit) != ExactDecimal.scaledDigitByDigit(number[...], by: unit) { mismatches.append("\(number) × \(unit)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func everyShortNumberIsTheDoubleItsTextIs() {
        var mismatches: [String] = []
        var read = 0
        for text in Self.texts {
            let number = String(text.filter { "0123456789.eE+-".contains($0) })
            guard let short = number.utf8.withContiguousStorageIfAvailable({ ShortDecimal($0) }) ?? nil, let double = short.double else { continue }
            read += 1
            if double.bitPattern != Double(number)?.bitPattern { mismatches.append(number) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(read > 40_000)
    }

    @Test func spacesAreTrimmedByCharacterAsBefore() {
        for text in ["5ms", " 5ms", "5ms ", "  5 ms  ", " \u{301}5ms", "5ms \u{301}", " ", "", "\u{301} ", " \u{301} "] {
            #expect(text.trimmingSpaces == Self.charactersTrimmed(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    // MARK: The common forms, read on the short path, to their exact values

    /// Seconds are the number times the unit's seconds, as they always were (`5µs` is 5 × 10⁻⁶).
    @Test(arguments: [
        ("5ms", 5_000_000_000_000_000, 0.005), ("0.3s", 300_000_000_000_000_000, 0.3), ("12", 12_000_000_000_000_000_000, 12),
        ("1.5e3us", 1_500_000_000_000_000, 0.0015), ("250us", 250_000_000_000_000, 0.00025), ("5µs", 5_000_000_000_000, 5 * 1e-6),
        ("5μs", 5_000_000_000_000, 5 * 1e-6), ("2.5min", 150_000_000_000_000_000_000, 150), ("36525d", 3_155_760_000_000_000_000_000_000_000, 3_155_760_000),
        ("1ns", 1_000_000_000, 1e-9), ("0", 0, 0), ("017s", 17_000_000_000_000_000_000, 17), ("0.4ns", 400_000_000, 0.4 * 1e-9),
    ] as [(String, Int128, Double)])
    func aCommonFormIsReadShortToItsExactValue(text: String, attoseconds: Int128, seconds: Double) {
        let parts = YAMLCursor.plainDurationParts(text)
        #expect(parts?.exact == .whole(attoseconds), "\(text)")
        #expect(parts?.seconds == seconds, "\(text)")
    }

    /// Signs, `_`, spaces, a bare leading zero and every refusal go the general way.
    @Test(arguments: ["-0s", "+2ms", "1_000ms", "5 ms", "017", "36526d", "1e400ns", "1.000000000000000000000d", "ms", "5x"])
    func anyOtherFormIsLeftToTheGeneralReader(text: String) {
        #expect(YAMLCursor.plainDurationParts(text) == nil, "\(text)")
    }

    @Test func refusalsNameTheLimitAndTheWholeValuesAsBefore() {
        func refusal(_ text: String, _ read: (YAMLCursor) throws -> Void) -> ScenarioError.Kind? {
            do { try read(Self.cursor(text)) } catch { return (error as? ScenarioError)?.kind }
            return nil
        }
        #expect(refusal("36526d") { _ = try $0.duration() } == .invalidValue("a duration is at most 100 years of virtual time (3,155,760,000 s), got 36526d"))
        #expect(refusal("9223372036854775807ns") { _ = try $0.duration() } == .invalidValue("a duration is at most 100 years of virtual time (3,155,760,000 s), got 9223372036854775807ns"))
        #expect(refusal("0.5ns") { _ = try $0.duration() } == .invalidValue("'0.5ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 0ns or 1ns"))
        #expect(refusal("0.5ns") { _ = try $0.positiveDuration() } == .invalidValue("'0.5ns' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 1ns"))
        #expect(refusal("999.9999us") { _ = try $0.duration() } == .invalidValue("'999.9999us' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 999999ns or 1000000ns"))
        #expect(refusal("1e-19s") { _ = try $0.perByteDuration() } == .invalidValue("'1e-19s' is finer than an attosecond (10⁻¹⁸ s), the finest duration a per-byte cost keeps"))
        #expect(refusal("1e-400s") { _ = try $0.positiveParameterSeconds() } == .invalidValue("'1e-400s' is longer than zero but shorter than the shortest duration a parameter holds (about 5 × 10⁻³²⁴ s)"))
        #expect(refusal("-5ms") { _ = try $0.duration() } == .invalidValue("a duration cannot be negative, got -5ms"))
        #expect(refusal("017") { _ = try $0.duration() } == .invalidValue("'017' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as octal 15, YAML 1.2 readers as 17; write 15 or 17"))
        #expect(refusal("36525d") { _ = try $0.duration() } == nil)
        #expect(refusal("1ns") { _ = try $0.positiveDuration() } == nil)
    }
}
