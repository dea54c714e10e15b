import PropertyBased
import Testing

@testable import Simulator

struct BalanceStatisticsTests {
    /// Equality up to the rounding of a few floating-point operations.
    static func close(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) <= 1e-12 * max(1, abs(expected))
    }

    @Test
    func twoFourSixGivesTheHandComputedFigures() {
        let balance = BalanceStatistics(counts: [2, 4, 6])
        #expect(balance.total == 12)
        #expect(balance.serverCount == 3)
        #expect(balance.mean == 4)
        #expect(balance.minimum == 2)
        #expect(balance.maximum == 6)
        // Deviations −2, 0, 2: variance 8/3.
        #expect(Self.close(balance.standardDeviation, (8.0 / 3).squareRoot()))
        #expect(Self.close(balance.coefficientOfVariation, (8.0 / 3).squareRoot() / 4))
        #expect(balance.peakToAverage == 1.5)
        // 12² / (3 · (4 + 16 + 36)) = 144 / 168.
        #expect(Self.close(balance.jainFairnessIndex, 6.0 / 7))
        // 12 requests over 3 servers: 12 · 1/3 · 2/3 = 8/3 again.
        #expect(balance.uniform.mean == 4)
        #expect(Self.close(balance.uniform.standardDeviation, (8.0 / 3).squareRoot()))
        #expect(Self.close(balance.maximumZScore, 2 / (8.0 / 3).squareRoot()))
    }

    @Test
    func anEvenSplitIsPerfectlyFair() {
        let balance = BalanceStatistics(counts: [250, 250, 250, 250])
        #expect(balance.standardDeviation == 0)
        #expect(balance.coefficientOfVariation == 0)
        #expect(balance.peakToAverage == 1)
        #expect(balance.jainFairnessIndex == 1)
        #expect(Self.close(balance.uniform.standardDeviation, (1_000 * 0.25 * 0.75).squareRoot()))
        #expect(balance.maximumZScore == 0)
    }

    @Test
    func everythingOnOneServerIsTheWorstSplit() {
        let balance = BalanceStatistics(counts: [0, 9_000, 0])
        #expect(balance.peakToAverage == 3)
        #expect(Self.close(balance.jainFairnessIndex, 1.0 / 3))
        #expect(Self.close(balance.coefficientOfVariation, 2.0.squareRoot()))
        // 6,000 above a mean of 3,000 with a binomial spread of √2,000 ≈ 44.7.
        #expect(Self.close(balance.maximumZScore, 6_000 / 2_000.0.squareRoot()))
    }

    @Test
    func noServersGiveAVacuouslyEvenSplit() {
        let balance = BalanceStatistics(counts: [])
        #expect(balance.total == 0)
        #expect(balance.serverCount == 0)
        #expect(balance.mean == 0)
        #expect(balance.minimum == 0)
        #expect(balance.maximum == 0)
        #expect(balance.standardDeviation == 0)
        #expect(balance.coefficientOfVariation == 0)
        #expect(balance.peakToAverage == 1)
        #expect(balance.jainFairnessIndex == 1)
        #expect(balance.uniform == .init(mean: 0, standardDeviation: 0))
        #expect(balance.maximumZScore == 0)
    }

    @Test
    func idleServersGiveAVacuouslyEvenSplit() {
        let balance = BalanceStatistics(counts: [0, 0, 0])
        #expect(balance.serverCount == 3)
        #expect(balance.mean == 0)
        #expect(balance.coefficientOfVariation == 0)
        #expect(balance.peakToAverage == 1)
        #expect(balance.jainFairnessIndex == 1)
        #expect(balance.uniform == .init(mean: 0, standardDeviation: 0))
        #expect(balance.maximumZScore == 0)
    }

    @Test
    func oneServerTakesEverythingWithoutVariation() {
        let balance = BalanceStatistics(counts: [7])
        #expect(balance.peakToAverage == 1)
        #expect(balance.jainFairnessIndex == 1)
        #expect(balance.uniform == .init(mean: 7, standardDeviation: 0))
        #expect(balance.maximumZScore == 0)
    }

    @Test
    func countsBeyondTheSquareRootOfIntMaxDoNotOverflow() {
        let large = 4_000_000_000_000
        let balance = BalanceStatistics(counts: [large, large])
        #expect(balance.jainFairnessIndex == 1)
        #expect(balance.coefficientOfVariation == 0)
    }

    @Test
    func jainsIndexIsOneOverOnePlusTheSquaredCoefficientOfVariation() async {
        // (Σx)² / (n·Σx²) = mean² / (mean² + sd²): the two figures carry the same information, and
        // the identity checks both formulas against each other.
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 1...20)) { counts in
            let balance = BalanceStatistics(counts: counts)
            guard balance.total > 0 else { return }
            let cv = balance.coefficientOfVariation
            #expect(abs(balance.jainFairnessIndex - 1 / (1 + cv * cv)) <= 1e-9)
        }
    }

    @Test
    func figuresStayWithinTheirDocumentedBounds() async {
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 1...20)) { counts in
            let balance = BalanceStatistics(counts: counts)
            let n = Double(counts.count)
            #expect(balance.jainFairnessIndex >= 1 / n - 1e-12)
            #expect(balance.jainFairnessIndex <= 1 + 1e-12)
            #expect(balance.peakToAverage >= 1 - 1e-12)
            #expect(balance.peakToAverage <= n + 1e-12)
            #expect(balance.coefficientOfVariation >= 0)
            #expect(balance.maximumZScore >= 0)
            #expect(Double(balance.minimum) <= balance.mean + 1e-9)
            #expect(balance.mean <= Double(balance.maximum) + 1e-9)
        }
    }

    @Test
    func relativeFiguresIgnoreOrderAndScale() async {
        await propertyCheck(input: Gen.int(in: 0...10_000).array(of: 1...20), Gen.int(in: 2...50)) { counts, factor in
            let balance = BalanceStatistics(counts: counts)
            let reversed = BalanceStatistics(counts: counts.reversed())
            let scaled = BalanceStatistics(counts: counts.map { $0 * factor })
            for other in [reversed, scaled] {
                #expect(abs(other.coefficientOfVariation - balance.coefficientOfVariation) <= 1e-9)
                #expect(abs(other.peakToAverage - balance.peakToAverage) <= 1e-9)
                #expect(abs(other.jainFairnessIndex - balance.jainFairnessIndex) <= 1e-9)
            }
        }
    }
}
