import Foundation
import Testing
@testable import Scenarios

/// A duration that reads a second or more against a threshold in milliseconds reads in seconds,
/// as a table's figures do: a failed `p99 < 200ms` read `measured 1,200.000 ms`. Below a second,
/// and against a threshold in seconds, a figure reads as it did.
struct ExpectationSecondsAgainstMillisecondsTests {
    static func check(_ expectation: String, _ measured: Double, holds: Bool = false) throws -> ExpectationCheck {
        let parsed = try #require(try ExpectationTextTests.expectations([expectation]).first)
        return ExpectationCheck(expectation: parsed, measured: measured, holds: holds)
    }

    @Test func aSecondOrMoreAgainstMillisecondsReadsInSeconds() throws {
        #expect(try Self.check("p99 < 200ms", 1.2).measuredText == "1.200 s")
        #expect(try Self.check("p99 < 200ms", 1.2).failureText == "failed: measured 1.200 s")
        #expect(try Self.check("p99 < 200ms", 1234.5).measuredText == "1,234.500 s")
        #expect(try Self.check("p99 > 500ms", 1.5, holds: true).measuredText == "1.500 s")
        #expect(try Self.check("p99 < 200ms", 1).measuredText == "1.000 s")
    }

    /// As many decimals as tell it from the threshold, written in seconds too.
    @Test func theSecondsGetTheDecimalsThatTellThemFromTheThreshold() throws {
        #expect(try Self.check("p99 < 1000ms", 1.0000004).measuredText == "1.0000004 s")
        // Reads 1,000.000 ms at three decimals, so in seconds, as a table reads it.
        #expect(try Self.check("p99 < 1000ms", 0.9999996, holds: true).measuredText == "0.9999996 s")
        // The threshold's tenth of a millisecond is a second's fourth decimal.
        #expect(try Self.check("p99 < 200.5ms", 1.2).measuredText == "1.2000 s")
    }

    @Test func everyOtherFigureReadsAsBefore() throws {
        #expect(try Self.check("p99 < 200ms", 0.9).measuredText == "900.000 ms")
        #expect(try Self.check("p99 < 200ms", 0.9994).measuredText == "999.400 ms")
        #expect(try Self.check("p99 < 2s", 1.2).measuredText == "1.200 s")
        #expect(try Self.check("p99 < 2s", 0.2, holds: true).measuredText == "0.200 s")
        #expect(try Self.check("p99 < 500us", 0.0012).measuredText == "1.200 ms")
    }

    @Test func theReportsTableReadsTheSame() throws {
        let section = ExpectationCheck.markdownSection([try Self.check("p99 < 200ms", 1.2)], heading: "##")
        #expect(section == """
            ## Expectations

            | expectation   | measured | result    |
            | ------------- | -------: | --------- |
            | `p99 < 200ms` |  1.200 s | **fails** |


            """)
    }
}
