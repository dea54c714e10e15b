import Testing
@testable import Scenarios

/// One "whole number, else Swift's shortest text" writer, `NumberText.plain`, behind error
/// messages, a replay's `--set` values and the Perfetto trace's counter levels (each had a
/// copy), and behind OpenMetrics' finite samples; OpenMetrics keeps its own spelling of the
/// values that are not finite, which a scraper reads only as `NaN`, `+Inf` and `-Inf`.
struct PlainNumberWriterTests {
    static let finite: [(Double, String)] = [
        (4, "4"), (-3, "-3"), (0, "0"), (-0.0, "0"), (0.5, "0.5"), (0.1, "0.1"), (1e-7, "1e-07"),
        (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000.0"), (1e16, "1e+16"), (1.25e20, "1.25e+20"), (2.5e-300, "2.5e-300"),
    ]

    @Test func wholeNumbersHaveNoPointAndOthersTheShortestText() {
        for (value, text) in Self.finite {
            #expect(NumberText.plain(value) == text, "\(value)")
            #expect(YAMLSpelling.number(value) == text, "\(value)")
            #expect(OpenMetricsText.number(value) == text, "\(value)")
        }
    }

    @Test func openMetricsSpellsTheValuesThatAreNotFiniteItsOwnWay() {
        #expect(OpenMetricsText.number(.nan) == "NaN")
        #expect(OpenMetricsText.number(.infinity) == "+Inf")
        #expect(OpenMetricsText.number(-.infinity) == "-Inf")
        #expect(NumberText.plain(.nan) == "nan" && NumberText.plain(.infinity) == "inf" && NumberText.plain(-.infinity) == "-inf")
    }
}
