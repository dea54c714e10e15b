import Testing
@testable import Scenarios

/// A mean that is exactly a double is given exactly: per-seed differences +8e-6, −8e-6 and
/// eighteen zeros have the mean 0, which summing deviations from the least wrote
/// `-4.404571325722362e-20` in comparisons.csv and report.json. A mean that is no double is
/// rounded as before, so that no committed figure moves.
struct SweepExactMeanTests {
    static let cancelling = [8e-6, -8e-6] + [Double](repeating: 0, count: 18)

    @Test func samplesThatCancelHaveTheMeanZero() {
        #expect(SampleSummary(Self.cancelling).mean == 0)
        #expect(ExactMean.of(Self.cancelling) == 0)
        #expect(ExactMean.of([1e300, 3, -1e300]) == 1)
        #expect(ExactMean.of([0.1, 0.2, -0.3]) == nil)
        #expect(ExactMean.of([1.0002, 1.0002, 1.0002]) == 1.0002)
        #expect(ExactMean.of([1, 2, 3, 4, 5]) == 3)
        // Not a double: the summary's rounding, as before (the correctly rounded one ends in 7).
        #expect(ExactMean.of([1, 2, 2]) == nil)
        #expect(SampleSummary([1, 2, 2]).mean == 1.6666666666666665)
        #expect(SampleSummary([0.1, 0.2, 0.3]).mean == 0.2)
        #expect(ExactMean.exactSum([0.1, 0.2, -0.3]).filter { $0 != 0 } == [0x1p-55])
    }

    /// T's sweep: two variants alike in p50 but on seeds 13 and 14, which differ by −8 µs and
    /// +8 µs (written `-4.404571325722362e-20` before).
    @Test func aDifferenceThatCancelsIsWrittenZero() throws {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "1..20")
        var records: [WorldRecord] = []
        for variant in 0..<2 {
            for seed in 1...20 {
                let p50 = seed == 14 ? (variant == 0 ? 8e-6 : 0) : seed == 13 ? (variant == 0 ? 0 : 8e-6) : 0.004 + 0.000_1 * Double(seed)
                records.append(try SweepReportFiguresTests.record(manifest, variant: variant, seed: UInt64(seed), position: records.count,
                                                                  values: ["balancer.p50": p50]))
            }
        }
        let report = SweepReport(manifest: manifest, records: records)
        let comparison = try #require(report.comparisons.first)
        #expect(comparison.result.meanDifference == 0)
        #expect(report.comparisonsCSV() == "metric,variant,against,pairs,mean_difference,p,verdict\nbalancer.p50,1,2,20,0,1,indistinguishable\n")
        #expect(report.markdown().contains("- Variants 1 and 2 are indistinguishable in `balancer.p50`.\n"))
    }
}
