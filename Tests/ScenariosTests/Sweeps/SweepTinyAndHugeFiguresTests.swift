import Foundation
import Testing
@testable import Scenarios
import Reports

/// Figures a sweep's CSV files could not hold in nine decimals: a mean difference below 1e-9 (a
/// nanosecond over a few hundred seeds) read `0`, and `+0 ms` in report.md, for a difference
/// the paired test called significant; a figure of 10¹⁵ or more lost every digit past the
/// fourth (`1.235e18`). Both are now written as they are, as a tiny p-value already was.
struct SweepTinyAndHugeFiguresTests {
    /// Below 1e-9 and from 10¹⁵ up: the shortest text that reads back as the same `Double`
    /// (Swift writes an exponent from 2⁵³ up: `1000000000000000.0` below); between, nine
    /// significant digits and no exponent, as before.
    @Test func csvFiguresNineDecimalsCannotHoldAreWrittenAsTheyAre() {
        let cases: [(Double, String)] = [
            (3.2e-12, "3.2e-12"), (-1e-10, "-1e-10"), (9.9999e-10, "9.9999e-10"), (2.1977448450988051e-23, "2.1977448450988052e-23"),
            (1e-9, "0.000000001"), (-1.5e-9, "-0.000000002"),
            (99_999_999_999_999, "99999999999999"), (1e15, "1000000000000000.0"), (1e16 + 2, "1.0000000000000002e+16"), (1_234_567_890_123_456_789, "1.2345678901234568e+18"),
            (-2.5e17, "-2.5e+17"), (0, "0"), (-0.0, "0"),
        ]
        for (value, text) in cases {
            #expect(SweepReport.csvNumber(value) == text, "\(value)")
        }
        // Every one reads back as the same number, in a form Python's float() and a spreadsheet
        // read: digits, a point and digits, then perhaps `e`, a sign and digits.
        let numberForm = /-?[0-9]+(\.[0-9]+)?(e[+-][0-9]+)?/
        for (value, _) in cases where value != 0 && (abs(value) < 1e-9 || abs(value) >= 1e15) {
            let text = SweepReport.csvNumber(value)
            #expect(Double(text) == value, "\(text)")
            #expect(text.wholeMatch(of: numberForm) != nil, "\(text)")
        }
        // The p-values, the same rule.
        #expect(SweepReport.csvPValue(4.4e-31) == "4.4e-31")
        #expect(SweepReport.csvPValue(1e-9) == "0.000000001")
    }

    /// Variant 2 is 2⁻⁴⁰ s (0.9 ps) faster than variant 1 on every one of four seeds: a
    /// significant difference (the same on every seed, p 0) that comparisons.csv wrote as `0`
    /// and report.md as `+0 ms`.
    @Test func aDifferenceBelowANanosecondKeepsItsDigitsInEveryFile() throws {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "1..4")
        let slower = 1.0, faster = 1.0 - 0x1p-40
        var records: [WorldRecord] = []
        for (variant, value) in [slower, faster].enumerated() {
            for seed in 1...4 {
                records.append(try SweepReportFiguresTests.record(manifest, variant: variant, seed: UInt64(seed), position: variant * 4 + seed - 1,
                                                                  values: ["balancer.p50": value]))
            }
        }
        let report = SweepReport(manifest: manifest, records: records)
        let comparison = try #require(report.comparisons.first { $0.metric.name == "balancer.p50" })
        #expect(comparison.result.meanDifference == 0x1p-40 && comparison.result.pValue == 0 && comparison.result.verdict == .higher)
        #expect(report.comparisonsCSV().contains("\nbalancer.p50,1,2,4,9.094947017729282e-13,0,higher\n"))
        #expect(SweepReportFiguresTests.row(report.markdown(), "balancer.p50") == ["balancer.p50", "1", "2", "+9.09 × 10⁻¹⁰ ms", "< 0.0001", "higher"])
        let json = report.json()
        #expect(json.contains("\"meanDifference\" : 9.094947017729282e-13,"))
        let comparisons = try #require(SweepReportFiguresTests.json(report)["comparisons"] as? [[String: Any]])
        #expect(comparisons.first { $0["metric"] as? String == "balancer.p50" }?["meanDifference"] as? Double == 0x1p-40)
    }

    /// report.md's differences: decimals down to 10⁻⁷ of the row's unit, a power of ten below,
    /// three significant digits either way; what the unit's own decimals show is unchanged.
    @Test func aTinyDifferenceReadsAsAPowerOfTenInTheMarkdown() {
        #expect(SweepReport.signed(-3.2e-12, .duration) == "−3.2 × 10⁻⁹ ms")
        #expect(SweepReport.signed(1e-9, .duration) == "+0.000001 ms")
        #expect(SweepReport.signed(1.23456e-10, .duration) == "+0.000000123 ms")
        #expect(SweepReport.signed(2.2e-17, .ratio) == "+2.2 × 10⁻¹⁷")
        #expect(SweepReport.signed(9.9996e-8, .rate) == "+1 × 10⁻⁷/s")
        #expect(SweepReport.signed(1.5e-300, .count) == "+1.5 × 10⁻³⁰⁰")
        #expect(SweepReport.signed(0.004, .rate) == "+0.004/s")
        #expect(NumberFormat.powerOfTen(1.23456e-12, significant: 3) == "1.23 × 10⁻¹²")
        #expect(NumberFormat.powerOfTen(1e25, significant: 3) == "1 × 10²⁵")
    }
}
