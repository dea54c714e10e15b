import Foundation
import Testing
@testable import Scenarios

/// Numbers, durations and sizes are read as decimal numbers only, by one reader whose grammar the
/// schema's patterns spell: Swift's `Double(_:)` read `0x10ms` as 16 ms, `0x1p4s` as 16 s and
/// `_5s` as 5 s.
struct DecimalTextTests {
    static let numbers = ["0", "12", "+5", "-5", "1_000", "1_000_000", "2.5", ".5", "5.", "1e3", "1E-3", "2.5e+10", "1_0.0_1", "-0"]
    static let notNumbers = ["0x10", "0X10", "0x1p4", "0x.8", "_5", "5_", "1__0", "5e0_", "1e_3", "1_e3", "5._1", "._5", ".", "", "+", "e3", "1e",
                             "inf", "nan", "infinity", ".inf", "1,5", "1 000", " 5", "٣", "１", "0b101", "0o17", "1:30", "--5", "+-5"]

    @Test func decimalNumbersAreReadAndNothingElse() {
        for text in Self.numbers { #expect(DecimalText.number(text[...]) != nil, "\(text)") }
        for text in Self.notNumbers { #expect(DecimalText.number(text[...]) == nil, "\(text)") }
        #expect(DecimalText.number("1_000.5") == 1_000.5)
        #expect(DecimalText.number("1e400") == nil, "not finite")
    }

    @Test func integersAreASignAndDigits() {
        #expect(DecimalText.integer("1_000") == 1_000 && DecimalText.integer("+5") == 5 && DecimalText.integer("-5") == -5)
        for text in ["1.0", "1e3", "0x10", "_5", "5_", "9223372036854775808", ""] { #expect(DecimalText.integer(text[...]) == nil, "\(text)") }
        #expect(DecimalText.unsigned64("18_446_744_073_709_551_615") == UInt64.max)
        #expect(DecimalText.unsigned64("0x10") == nil && DecimalText.unsigned64("-1") == nil)
    }

    /// The schema's pattern is the reader's grammar: the same texts match it, among them every
    /// text of up to five characters from digits, `_`, `.`, `e`, signs and `x`.
    @Test func theSchemaPatternIsTheReadersGrammar() throws {
        let regex = try NSRegularExpression(pattern: "^[+-]?" + DecimalText.unsignedPattern + "$")
        func matches(_ text: String) -> Bool { regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        var texts = Self.numbers + Self.notNumbers
        var layer = [""]
        for _ in 1...5 {
            layer = layer.flatMap { prefix in "09_.e+-x".map { prefix + String($0) } }
            texts += layer
        }
        for text in texts where matches(text) != DecimalText.isDecimal(text[...]) {
            Issue.record("the pattern and the reader disagree on '\(text)'")
        }
        #expect(texts.count > 37_000)
    }

    @Test(arguments: [
        ("servers: [{name: s, service_time: 0x10ms}]", "h.yaml:3:35: error: expected a duration such as 250ms or 2s, found '0x10ms' (at servers.[0].service_time)"),
        ("servers: [{name: s, service_time: 0x1p4s}]", "h.yaml:3:35: error: expected a duration such as 250ms or 2s, found '0x1p4s' (at servers.[0].service_time)"),
        ("servers: [{name: s, service_time: 0X10s}]", "h.yaml:3:35: error: expected a duration such as 250ms or 2s, found '0X10s' (at servers.[0].service_time)"),
        ("servers: [{name: s, service_time: 0x.8s}]", "h.yaml:3:35: error: expected a duration such as 250ms or 2s, found '0x.8s' (at servers.[0].service_time)"),
        ("servers: [{name: s, service_time: _5s}]", "h.yaml:3:35: error: expected a duration such as 250ms or 2s, found '_5s' (at servers.[0].service_time)"),
        ("servers: [{name: s, service_time: 5e0_s}]", "h.yaml:3:35: error: expected a duration such as 250ms or 2s, found '5e0_s' (at servers.[0].service_time)"),
        ("workload: {type: open_loop, rate: 0x10}", "h.yaml:4:35: error: expected a number, found '0x10' (at workload.rate)"),
        ("workload: {type: open_loop, rate: _100}", "h.yaml:4:35: error: expected a number, found '_100' (at workload.rate)"),
        ("servers: [{name: s, count: 1_}]", "h.yaml:3:28: error: expected an integer, found '1_' (at servers.[0].count)"),
        ("object_store: {buckets: [{name: bkt}]}\noperations: [{put: {bucket: bkt, key: k, size: 0x10KiB}}]",
         "h.yaml:6:48: error: expected a size in bytes such as 65536, 64KiB or 10MB, found '0x10KiB' (at operations.[0].put.size)"),
    ])
    func hexAndStrayUnderscoresAreRefusedWhereTheyAre(line: String, message: String) {
        var lines = HostileInputTests.traffic.split(separator: "\n").map(String.init)
        let key = line.prefix { $0 != ":" }
        if let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) { lines[index] = line } else { lines.append(line) }
        #expect(HostileInputTests.error(lines.joined(separator: "\n") + "\n") == message)
    }

    @Test func decimalFormsStillLoad() throws {
        let text = "run: {requests: 1_000, duration: 1_0.5s}\nservers: [{name: s, service_time: .5ms, speed: 1e0}]\nworkload: {type: open_loop, rate: +2_5.0, timeout: 5.s}\n"
        let scenario = try ScenarioLoader.parse(text, file: "d.yaml")
        #expect(scenario.limits.requests == 1_000 && scenario.limits.duration == .milliseconds(10_500))
        #expect(scenario.servers.first?.configuration.serviceTime == .constant(0.0005))
    }
}
