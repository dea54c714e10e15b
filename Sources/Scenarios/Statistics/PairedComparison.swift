/// Whether two variants of a sweep differ in one figure by more than seed-to-seed noise. Every
/// variant runs the same seeds, so the samples pair up by seed (common random numbers); the test
/// is the paired t-test on the per-seed differences, at the 5 % level.
public struct PairedComparison: Sendable, Equatable {
    /// What the test concludes.
    public enum Verdict: String, Sendable, Equatable {
        /// Every seed gave the same value for both.
        case identical
        /// The differences are consistent with noise (p ≥ 0.05).
        case indistinguishable
        /// The first is significantly lower (p < 0.05).
        case lower
        /// The first is significantly higher (p < 0.05).
        case higher
    }

    /// The mean of first − second over the paired seeds.
    public let meanDifference: Double
    /// The two-sided p-value; 0 when the difference is the same non-zero value on every seed, 1
    /// when it is zero on every seed.
    public let pValue: Double
    public let verdict: Verdict

    /// The significance level.
    public static let level = 0.05

    /// Compares `first` and `second`, paired by index (equal counts, at least two).
    public init(_ first: [Double], _ second: [Double]) {
        precondition(first.count == second.count && first.count >= 2, "a paired comparison needs two or more pairs")
        let differences = zip(first, second).map { $0 - $1 }
        let summary = SampleSummary(differences)
        meanDifference = summary.mean
        if differences.allSatisfy({ $0 == 0 }) {
            pValue = 1
            verdict = .identical
            return
        }
        // Two or more pairs: the spread is defined.
        let spread = summary.standardDeviation ?? 0
        if spread == 0 {
            pValue = 0
        } else {
            let t = summary.mean / (spread / Double(differences.count).squareRoot())
            pValue = StudentT(degreesOfFreedom: Double(differences.count - 1)).twoSidedPValue(t)
        }
        verdict = pValue >= Self.level ? .indistinguishable : (summary.mean < 0 ? .lower : .higher)
    }
}
