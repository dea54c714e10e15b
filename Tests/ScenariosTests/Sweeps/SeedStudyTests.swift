import Testing
@testable import Scenarios

/// A figure over seeds: where its interval lies against a claimed range, and how it is written.
struct SeedStudyTests {
    /// 1 … 5 has the textbook interval 1.036757 … 4.963243 (see ``StatisticsTests``).
    static func figure(_ samples: [Double], claimed: ClosedRange<Double>?) -> SeedStudy.Figure {
        SeedStudy.Figure(name: "x", unit: .count, seeds: samples.indices.map { UInt64($0 + 1) }, samples: samples, claimed: claimed)
    }

    @Test func aMeanWhoseIntervalLiesInsideTheClaimHoldsBeyondNoise() throws {
        let figure = Self.figure([1, 2, 3, 4, 5], claimed: 0...10)
        #expect(figure.withinClaim == WilsonInterval(successes: 5, trials: 5))
        #expect(figure.claimVerdict == "holds in 5 of 5 seeds (56.6% … 100.0% of seeds, 95 %); the mean is inside the claimed range beyond noise")
    }

    @Test func aMeanWhoseIntervalCrossesABoundCannotBeDecided() {
        let figure = Self.figure([1, 2, 3, 4, 5], claimed: 4...10)
        #expect(figure.withinClaim?.successes == 2)
        #expect(figure.claimVerdict?.hasPrefix("holds in 2 of 5 seeds") == true)
        #expect(figure.claimVerdict?.hasSuffix("the mean's interval crosses a bound of the range: noise cannot tell") == true)
    }

    @Test func aMeanWhoseIntervalLiesOutsideTheClaimFailsBeyondNoise() {
        // One seed (5) falls in the range, but the mean's interval ends at 4.963, below it.
        let figure = Self.figure([1, 2, 3, 4, 5], claimed: 5...10)
        #expect(figure.withinClaim?.successes == 1)
        #expect(figure.claimVerdict?.hasPrefix("holds in 1 of 5 seeds") == true)
        #expect(figure.claimVerdict?.hasSuffix("the mean is outside it beyond noise") == true)
    }

    @Test func aFigureTheSeedDoesNotMoveHasNoIntervalToJudge() {
        let same = Self.figure([2, 2, 2], claimed: 0...3)
        #expect(same.isSeedIndependent)
        #expect(same.claimVerdict == "holds in every seed")
        #expect(Self.figure([4, 4], claimed: 0...3).claimVerdict == "holds in no seed")
        #expect(SeedStudy.table([same]).rows[0][2] == "— (same in every seed)")
    }

    @Test func claimedRangesAreWrittenAsAReaderWritesThem() {
        #expect(Self.figure([1], claimed: 3...5).claimText == "3 … 5")
        #expect(Self.figure([1], claimed: 0...100).claimText == "≤ 100")
        #expect(Self.figure([1], claimed: 100...Double.infinity).claimText == "≥ 100")
        #expect(Self.figure([1], claimed: 0...0).claimText == "= 0")
        #expect(Self.figure([1], claimed: nil).claimText == nil)
        let duration = SeedStudy.Figure(name: "d", unit: .duration, seeds: [1], samples: [0.02], claimed: 0...0.1)
        #expect(duration.claimText == "≤ 100 ms")
        // As the claim states a duration, not to the measured figures' three decimals.
        #expect(SeedStudy.Figure(name: "d", unit: .duration, seeds: [1], samples: [20], claimed: 15...30).claimText == "15 s … 30 s")
        #expect(SeedStudy.Figure(name: "d", unit: .duration, seeds: [1], samples: [0.1], claimed: 0.1007...0.1113).claimText == "100.7 ms … 111.3 ms")
        #expect(SeedStudy.Figure(name: "d", unit: .duration, seeds: [1], samples: [4], claimed: 3.5...Double.infinity).claimText == "≥ 3.5 s")
    }

    @Test func theTableAndTheCSVCarryEverySample() {
        let figures = [Self.figure([1, 2, 3, 4, 5], claimed: 0...10),
                       SeedStudy.Figure(name: "y", unit: .count, seeds: [2, 4], samples: [7, 9])]
        let table = SeedStudy.table(figures)
        #expect(table.rows[0] == ["x", "3", "1.037 … 4.963", "1.581", "1", "3", "5", "≤ 10",
                                  "holds in 5 of 5 seeds (56.6% … 100.0% of seeds, 95 %); the mean is inside the claimed range beyond noise"])
        #expect(table.rows[1].suffix(2) == ["", ""])
        #expect(SeedStudy.csv(figures) == "figure,seed,value\nx,1,1\nx,2,2\nx,3,3\nx,4,4\nx,5,5\ny,2,7\ny,4,9\n")
        // Every figure as report.json writes it, not cut to six decimals.
        let fine = SeedStudy.Figure(name: "z", unit: .duration, seeds: [1, 2], samples: [0.0005004999, 93.41645308325471])
        #expect(SeedStudy.csv([fine]) == "figure,seed,value\nz,1,0.0005004999\nz,2,93.41645308325471\n")
    }
}
