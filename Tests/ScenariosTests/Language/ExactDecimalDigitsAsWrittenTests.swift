import Simulator
import Testing
@testable import Scenarios

/// The exact decimal reader judges a number on its digits as written, however many: trailing
/// zeros after the point never make a number fractional, leading zeros of an exponent count for
/// nothing, and a huge exponent its digits bring back is read as what it is. It stays linear in
/// the text's length (100,000 zeros load; the values are asserted, never the time).
struct ExactDecimalDigitsAsWrittenTests {
    static func cursor(_ text: String) -> YAMLCursor { WholeUnitTests.cursor(text) }

    /// A one-server world whose service time is `text`, loaded from the file's bytes.
    static func serviceTime(_ text: String) throws -> Distribution? {
        let scenario = try ScenarioLoader.parse("name: d\nrun: {requests: 10}\nservers: [{name: s, service_time: \(text)}]\nworkload: {type: closed_loop, users: 2}\n", file: "d.yaml")
        return scenario.servers.first?.configuration.serviceTime
    }

    static let forty = String(repeating: "0", count: 40)

    /// More significant digits than 128 bits hold beside the unit, all zeros after the point:
    /// whole, in every unit, as a duration, a per-byte cost and a size.
    @Test func fortyTrailingZerosAreWhole() throws {
        #expect(try Self.serviceTime("1.\(Self.forty)s") == .constant(1))
        #expect(try Self.serviceTime("1.000000000000000000000000000000000000000s") == .constant(1))
        #expect(try Self.serviceTime("1.\(Self.forty)") == .constant(1))
        #expect(try Self.cursor("1.\(Self.forty)d").duration() == .seconds(86_400))
        #expect(try Self.cursor("2.5\(Self.forty)min").duration() == .seconds(150))
        #expect(try Self.cursor("1.\(Self.forty)ns").perByteDuration() == .nanoseconds(1))
        #expect(try Self.cursor("1.\(Self.forty)KiB").byteCount() == 1_024)
        #expect(try Self.cursor("0.5\(Self.forty)GiB").byteCount() == 536_870_912)
        #expect(try Self.cursor("1\(Self.forty)e-40B").byteCount() == 1)
        #expect(try Self.cursor("0.\(Self.forty)1e41s").duration() == .seconds(1))
        // A digit past them is a fraction still, named by the whole values around it.
        do {
            _ = try Self.cursor("1.\(Self.forty)1s").duration()
            Issue.record("accepted")
        } catch {
            #expect(error.message == "'1.\(Self.forty)1s' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write 1000000000ns or 1000000001ns")
        }
    }

    /// 100,000 zeros after `1.`, through the whole loader: 1 s exactly.
    @Test func aHundredThousandTrailingZerosLoad() throws {
        let zeros = String(repeating: "0", count: 100_000)
        #expect(try Self.serviceTime("1.\(zeros)s") == .constant(1))
        #expect(try Self.cursor("1.\(zeros)ms").duration() == .milliseconds(1))
        #expect(try Self.cursor("1.\(zeros)KiB").byteCount() == 1_024)
    }

    /// `1e00000001s` is 10 s: an exponent of more than seven digits read as 10⁶, so it was
    /// refused as longer than 100 years, and `2e-000000009s` as a fraction of a nanosecond.
    @Test func anExponentsLeadingZerosCountForNothing() throws {
        #expect(try Self.cursor("1e00000001s").duration() == .seconds(10))
        #expect(try Self.cursor("2e-000000009s").duration() == .nanoseconds(2))
        #expect(try Self.cursor("1.5E+0000000000000000000000003us").duration() == .microseconds(1_500))
        #expect(ExactDecimal.scaled("1e-0000000000000000000000000", by: 1) == .whole(1))
        // Still too large, and still a fraction, when the digits say so.
        #expect(ExactDecimal.scaled("1e0000000000000000000000039", by: 1) == .tooLarge)
        #expect(ExactDecimal.scaled("1e-99999999999999999999", by: 1) == .fraction(below: 0))
    }

    /// An exponent past a million that the number's own digits bring back: read as what it is
    /// (10, not a fraction; 7, not too large). The exponent was held at ±10⁶ whatever the digits.
    @Test func aHugeExponentTheDigitsBringBackIsReadExactly() {
        let zeros = String(repeating: "0", count: 1_000_001)
        #expect(ExactDecimal.scaled(Substring("0.\(zeros)1e1000003"), by: 1) == .whole(10))
        #expect(ExactDecimal.scaled(Substring("7\(zeros)e-1000001"), by: 1) == .whole(7))
        #expect(ExactDecimal.scaled(Substring("7\(zeros)e-1000002"), by: 1) == .fraction(below: 0))
    }
}
