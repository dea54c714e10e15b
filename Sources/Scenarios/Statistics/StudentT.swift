import Foundation

/// Student's t distribution: the distribution of a sample mean's distance from the true mean, in
/// standard errors, when the spread is estimated from the same small sample. Its quantiles give
/// confidence intervals that are honest for the 30 or 200 seeds a sweep runs.
///
/// ```swift
/// StudentT(degreesOfFreedom: 9).quantile(0.975)  // 2.262157…, the textbook t(0.975; 9)
/// ```
public struct StudentT: Sendable, Equatable {
    /// ν, one less than the sample size for a mean.
    public let degreesOfFreedom: Double

    public init(degreesOfFreedom: Double) {
        precondition(degreesOfFreedom > 0, "a t distribution needs positive degrees of freedom")
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// P(T ≤ t): through the regularized incomplete beta function,
    /// `1 − ½ · I(ν / (ν + t²); ν/2, ½)` for t ≥ 0, and by symmetry below zero.
    public func cumulativeProbability(_ t: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 1 : 0 }
        let tail = 0.5 * twoSidedPValue(t)
        return t >= 0 ? 1 - tail : tail
    }

    /// The t with P(T ≤ t) = `probability` (0 < probability < 1), found by bisection on the
    /// cumulative probability to within 1e-12.
    public func quantile(_ probability: Double) -> Double {
        precondition(probability > 0 && probability < 1, "a quantile's probability lies strictly between 0 and 1")
        if probability == 0.5 { return 0 }
        if probability < 0.5 { return -quantile(1 - probability) }
        var low = 0.0, high = 1.0
        while cumulativeProbability(high) < probability { high *= 2 }
        for _ in 0..<200 where high - low > 1e-12 * max(1, high) {
            let middle = (low + high) / 2
            if cumulativeProbability(middle) < probability { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The probability of a |T| at least `|t|`: the two-sided p-value of a t statistic,
    /// `I(ν / (ν + t²); ν/2, ½)`.
    ///
    /// Evaluated on the tail itself, never as `1 −` a cumulative probability: that difference
    /// is 0 once the tail falls below 1e-16, which wrote `p = 0` for t = 30 on 29 degrees of
    /// freedom (p ≈ 2.2e-23). The continued fraction keeps its relative accuracy down to the
    /// smallest representable p. A NaN statistic (a figure that is NaN on some seed) gives 1,
    /// no evidence of a difference, as it always has.
    public func twoSidedPValue(_ t: Double) -> Double {
        guard t.isFinite else { return t.isNaN ? 1 : 0 }
        return min(1, IncompleteBeta.regularized(x: degreesOfFreedom / (degreesOfFreedom + t * t), a: degreesOfFreedom / 2, b: 0.5))
    }
}

/// The regularized incomplete beta function I(x; a, b), evaluated by its continued fraction
/// (modified Lentz), which converges quickly for x below (a + 1) / (a + b + 2) and through the
/// symmetry I(x; a, b) = 1 − I(1 − x; b, a) above it.
enum IncompleteBeta {
    static func regularized(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logPowers - logBeta
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - exp(logFront) * continuedFraction(x: 1 - x, a: b, b: a) / b
    }

    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...1_000 {
            let m = Double(m)
            // The even step.
            var numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            // The odd step.
            numerator = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + numerator * d
            if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }
}
