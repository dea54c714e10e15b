import Testing
@testable import Scenarios

/// The interval arithmetic against textbook values.
struct StatisticsTests {
    @Test(arguments: [(1.0, 12.706205), (4.0, 2.776445), (9.0, 2.262157), (29.0, 2.045230), (199.0, 1.971957)])
    func studentTQuantilesMatchTheTables(degrees: Double, quantile: Double) {
        #expect(abs(StudentT(degreesOfFreedom: degrees).quantile(0.975) - quantile) < 1e-5)
    }

    @Test func theTDistributionIsSymmetricAndItsPValuesAreTwoSided() {
        let t = StudentT(degreesOfFreedom: 9)
        #expect(abs(t.quantile(0.025) + 2.262157) < 1e-5)
        #expect(abs(t.cumulativeProbability(0) - 0.5) < 1e-12)
        #expect(abs(t.twoSidedPValue(2.262157) - 0.05) < 1e-5)
        #expect(abs(t.twoSidedPValue(-2.262157) - 0.05) < 1e-5)
    }

    /// Two-sided p-values against mpmath 1.3.0 at 40 digits,
    /// `betainc(ν/2, 1/2, 0, ν/(ν+t²), regularized=True)` (scipy 1.17.1's `2·t.sf(t, ν)` agrees
    /// to 14 digits), from the middle of the distribution down to tails far below 1e-16, where
    /// `1 − P(T ≤ t)` was 0.
    @Test(arguments: [(0.5, 9.0, 0.62907129982602648), (2.262157, 9.0, 0.050000013304431676), (5.0, 4.0, 0.0074904338812745246),
                      (10.0, 29.0, 6.5998625764335124e-11), (30.0, 29.0, 2.1977448450988051e-23), (50.0, 29.0, 1.0748623985572458e-29),
                      (1_000.0, 29.0, 2.3528385527525093e-67), (100.0, 199.0, 4.3712380576723679e-172), (1e8, 29.0, 2.3537961872233712e-212)])
    func twoSidedPValuesKeepTheirDigitsDeepInTheTail(t: Double, degrees: Double, reference: Double) {
        let p = StudentT(degreesOfFreedom: degrees).twoSidedPValue(t)
        #expect(abs(p - reference) <= 1e-12 * reference, "p = \(p)")
        #expect(StudentT(degreesOfFreedom: degrees).twoSidedPValue(-t) == p)
    }

    /// 1, 2, 3, 4, 5: mean 3, s = √2.5, half-width t(0.975; 4) · s / √5 = 1.963243.
    @Test func aTextbookTIntervalOfTheMean() throws {
        let summary = SampleSummary([1, 2, 3, 4, 5])
        #expect(summary.mean == 3)
        #expect(abs(try #require(summary.standardDeviation) - 2.5.squareRoot()) < 1e-12)
        let interval = try #require(summary.interval)
        #expect(abs(interval.lowerBound - 1.036757) < 1e-5)
        #expect(abs(interval.upperBound - 4.963243) < 1e-5)
        #expect(summary.median == 3 && summary.minimum == 1 && summary.maximum == 5)
        #expect(SampleSummary([4, 1, 3, 2]).median == 2.5)
        #expect(SampleSummary([7]).interval == nil)
    }

    /// 8 of 10: the Wilson interval is 0.4902 … 0.9433; 0 of 10 reaches 0.2775; 200 of 200 starts at 0.9812.
    @Test func textbookWilsonIntervals() {
        let eight = WilsonInterval(successes: 8, trials: 10).range
        #expect(abs(eight.lowerBound - 0.490162) < 1e-5 && abs(eight.upperBound - 0.943318) < 1e-5)
        let none = WilsonInterval(successes: 0, trials: 10).range
        #expect(none.lowerBound == 0 && abs(none.upperBound - 0.277533) < 1e-5)
        let all = WilsonInterval(successes: 200, trials: 200).range
        #expect(abs(all.lowerBound - 0.981155) < 1e-5 && all.upperBound == 1)
    }

    @Test func theBootstrapIntervalIsReproducibleAndCoversTheMean() throws {
        let samples: [Double] = (0..<40).map { (index: Int) -> Double in
            let outlier: Double = index == 7 ? 100 : 0
            return Double((index * 37) % 23) + outlier
        }
        let first = SampleSummary(samples, bootstrap: true)
        let second = SampleSummary(samples, bootstrap: true)
        #expect(first == second)
        let interval = try #require(first.interval)
        #expect(interval.contains(first.mean))
        #expect(first.method == .bootstrap)
        // The outlier makes the bootstrap interval lopsided, unlike the symmetric t interval.
        #expect(first.mean - interval.lowerBound < interval.upperBound - first.mean)
    }

    @Test func pairedComparisonsTellDifferencesFromNoise() {
        let base: [Double] = [10, 12, 11, 13, 9, 10, 12, 11]
        #expect(PairedComparison(base, base).verdict == .identical)
        #expect(PairedComparison(base, base.map { $0 + 1 }).verdict == .lower)
        #expect(PairedComparison(base, base.map { $0 + 1 }).pValue == 0)
        let noisy = zip(base, [0.3, -0.2, 0.1, -0.4, 0.2, -0.1, 0.3, -0.2]).map { $0 + $1 }
        let comparison = PairedComparison(noisy, base)
        #expect(comparison.verdict == .indistinguishable)
        #expect(comparison.pValue > 0.05)
        let shifted = zip(base, [2.1, 1.8, 2.3, 1.9, 2.2, 2.0, 1.7, 2.1]).map { $0 + $1 }
        #expect(PairedComparison(shifted, base).verdict == .higher)
    }
}
