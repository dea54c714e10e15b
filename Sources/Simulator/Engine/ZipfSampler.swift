#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zipf over 1…n by rejection-inversion (Hörmann & Derflinger, 1996): O(1) per sample and no
/// table, so a million keys cost nothing to set up.
public struct ZipfSampler: Sendable, Equatable {
    /// Number of ranks.
    public let n: Int
    /// The exponent s: P(k) ∝ 1 / kˢ.
    public let exponent: Double
    private let hIntegralX1: Double
    private let hIntegralN: Double
    private let threshold: Double

    /// A sampler over 1…`n` (n ≥ 1) with exponent `exponent` (> 0).
    public init(n: Int, exponent: Double) {
        precondition(n >= 1 && exponent > 0, "Zipf needs n >= 1 and exponent > 0")
        self.n = n
        self.exponent = exponent
        hIntegralX1 = ZipfSampler.hIntegral(1.5, exponent) - 1
        hIntegralN = ZipfSampler.hIntegral(Double(n) + 0.5, exponent)
        threshold = 2 - ZipfSampler.hIntegralInverse(ZipfSampler.hIntegral(2.5, exponent) - ZipfSampler.h(2, exponent), exponent)
    }

    /// Draws a rank in 1…n.
    public func sample(using random: inout SeededRandom) -> Int {
        while true {
            let u = hIntegralN + random.nextUnitInterval() * (hIntegralX1 - hIntegralN)
            let x = ZipfSampler.hIntegralInverse(u, exponent)
            let k = Swift.min(Swift.max(Int(x + 0.5), 1), n)
            if Double(k) - x <= threshold
                || u >= ZipfSampler.hIntegral(Double(k) + 0.5, exponent) - ZipfSampler.h(Double(k), exponent) {
                return k
            }
        }
    }

    /// The exact mean, Σ k·k⁻ˢ / Σ k⁻ˢ (O(n), for reports only).
    public var mean: Double {
        var weighted = 0.0, total = 0.0
        for k in 1...n {
            let p = pow(Double(k), -exponent)
            weighted += Double(k) * p
            total += p
        }
        return weighted / total
    }

    private static func h(_ x: Double, _ s: Double) -> Double { exp(-s * log(x)) }

    private static func hIntegral(_ x: Double, _ s: Double) -> Double {
        let logX = log(x)
        return helper2((1 - s) * logX) * logX
    }

    private static func hIntegralInverse(_ x: Double, _ s: Double) -> Double {
        var t = x * (1 - s)
        if t < -1 { t = -1 }
        return exp(helper1(t) * x)
    }

    /// log(1 + x) / x, accurate near zero.
    private static func helper1(_ x: Double) -> Double {
        abs(x) > 1e-8 ? log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x))
    }

    /// (exp(x) - 1) / x, accurate near zero.
    private static func helper2(_ x: Double) -> Double {
        abs(x) > 1e-8 ? expm1(x) / x : 1 + x * 0.5 * (1 + x * (1.0 / 3.0) * (1 + 0.25 * x))
    }
}
