import Foundation
import Testing
@testable import Scenarios

/// C1's F2, F4 and F11: a measured figure equal to its threshold reads with the threshold's
/// decimals even when it is written as a whole number of nanoseconds or with an exponent, and a
/// run that stopped early checks none of its expectations, whether or not its figure meets them.
struct ExpectationStoppedEarlyAndExponentTests {
    static func check(_ expectation: String, _ measured: Double?, stoppedEarly: Bool) throws -> ExpectationCheck {
        let parsed = try #require(try ExpectationTextTests.expectations([expectation]).first)
        return ExpectationCheck(expectation: parsed, measured: measured, runStoppedEarly: stoppedEarly)
    }

    /// p99 exactly 5.0004 ms: it read "failed: measured 5.000 ms" and "failed: measured 0.0050 s".
    @Test(arguments: [
        ("p99 < 5000400ns", "failed: measured 5.000400 ms"),
        ("p99 < 5.0004e-3s", "failed: measured 0.0050004 s"),
        ("p99 < 5.0004ms", "failed: measured 5.0004 ms"),
        ("p99 < 5000.4us", "failed: measured 5.0004 ms"),
    ])
    func aFigureEqualToItsThresholdReadsWithTheThresholdsDecimals(_ expectation: String, _ expected: String) throws {
        #expect(try Self.check(expectation, 0.0050004, stoppedEarly: false).failureText == expected)
    }

    @Test(arguments: [
        ("p99 < 5000400ns", 6), ("p99 < 5.0004e-3s", 7), ("p99 < 5e-3s", 3), ("p99 < 200ms", 0),
        ("success_ratio >= 9.9999e-1", 5), ("completed >= 1.5e2", 0), ("success_ratio >= 0.99999", 5),
        // Micro as U+00B5 and as Greek U+03BC, which the loader reads alike: three more decimals each.
        ("p99 < 5000.4us", 4), ("p99 < 5000.4µs", 4), ("p99 < 5000.4μs", 4),
    ])
    func theThresholdsDecimalsCountItsExponentAndUnit(_ expectation: String, _ decimals: Int) throws {
        #expect(try Self.check(expectation, 1, stoppedEarly: false).expectation.writtenDecimals == decimals)
    }

    /// `completed >= 150` measured 63 read "**fails**" in a run that stopped early, beside
    /// "not checked" for the checks whose figures met their thresholds.
    @Test(arguments: [("completed >= 150", 63.0), ("success_ratio >= 0.5", 1.0)])
    func aRunThatStoppedEarlyChecksNoneOfItsExpectations(_ expectation: String, _ measured: Double) throws {
        let check = try Self.check(expectation, measured, stoppedEarly: true)
        #expect(!check.holds && !check.checked && check.notChecked)
        #expect(check.resultText == "not checked (the run stopped early)")
        #expect(check.failureText == "not checked, the run stopped early (measured \(NumberFormatText.count(measured)) so far)")
    }

    @Test func aRunThatFinishedChecksItsExpectations() throws {
        let failing = try Self.check("completed >= 150", 63, stoppedEarly: false)
        #expect(failing.checked && !failing.holds)
        #expect(failing.resultText == "**fails**")
        #expect(failing.failureText == "failed: measured 63")
        let holding = try Self.check("completed >= 150", 150, stoppedEarly: false)
        #expect(holding.checked && holding.holds && holding.resultText == "holds")
    }
}

/// 63 → `63`, 1 → `1`: how the two counts above read.
private enum NumberFormatText {
    static func count(_ value: Double) -> String { String(Int(value)) }
}
