import Testing
@testable import Scenarios

/// A p-value beside its verdict shows which side of 0.05 it falls: p = 0.04999 (`higher`) was
/// printed `0.0500`, which reads as not significant, and p = 0.05004 (`indistinguishable`) as
/// `0.0500` too. The digits are added only where four decimals would read as the level.
struct SweepPValueTextTests {
    @Test func fourDecimalsUnlessTheyReadAsTheLevel() {
        #expect(PairedComparison.pValueText(0.0213) == "0.0213")
        #expect(PairedComparison.pValueText(0.5) == "0.5000")
        #expect(PairedComparison.pValueText(1) == "1.0000")
        #expect(PairedComparison.pValueText(0.00009) == "< 0.0001")
        #expect(PairedComparison.pValueText(0) == "< 0.0001")
        #expect(PairedComparison.pValueText(0.04997) == "0.04997")
        #expect(PairedComparison.pValueText(0.049988742955910666) == "0.04999")
        #expect(PairedComparison.pValueText(0.049996) == "0.049996")
        #expect(PairedComparison.pValueText(0.05003904247985525) == "0.05004")
        #expect(PairedComparison.pValueText(0.050003) == "0.050003")
        #expect(PairedComparison.pValueText(0.0499) == "0.0499")
        #expect(PairedComparison.pValueText(0.0501) == "0.0501")
        // The level itself is not below it, and reads as it.
        #expect(PairedComparison.pValueText(0.05) == "0.0500")
        // Past nine decimals, the shortest text that reads back as p.
        #expect(PairedComparison.pValueText(0.04999999997) == "0.04999999997")
        #expect(PairedComparison.pValueText(0.0500000000001) == "0.0500000000001")
    }

    /// Seven seeds whose `balancer.completed` differ by 11, 11, 4, 8, 10, −3, −2: p = 0.049989
    /// (scipy's `ttest_1samp`), significant, as the Differences table now shows; four seeds
    /// differing by 6, 1, 4, 8: p = 0.050039, not significant.
    @Test func theDifferencesTableShowsTheSide() throws {
        let below = try Self.report(differences: [11, 11, 4, 8, 10, -3, -2])
        #expect(below.comparisonsCSV().contains("\nbalancer.completed,1,2,7,5.57142857,0.049988743,higher\n"))
        #expect(SweepReportFiguresTests.row(below.markdown(), "balancer.completed")
                == ["balancer.completed", "1", "2", "+5.571", "0.04999", "higher"])
        let above = try Self.report(differences: [6, 1, 4, 8])
        #expect(above.comparisonsCSV().contains("\nbalancer.completed,1,2,4,4.75,0.050039042,indistinguishable\n"))
        #expect(above.markdown().contains("- Variants 1 and 2 are indistinguishable in `balancer.completed`.\n"))
    }

    /// Variant 1 completes 1,000 plus each difference, variant 2 1,000, seed by seed.
    static func report(differences: [Double]) throws -> SweepReport {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "1..\(differences.count)")
        var records: [WorldRecord] = []
        for (variant, offsets) in [differences, differences.map { _ in 0 }].enumerated() {
            for (index, offset) in offsets.enumerated() {
                records.append(try SweepReportFiguresTests.record(manifest, variant: variant, seed: UInt64(index + 1), position: records.count,
                                                                  values: ["balancer.completed": 1000 + offset]))
            }
        }
        return SweepReport(manifest: manifest, records: records)
    }
}
