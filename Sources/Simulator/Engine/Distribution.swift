#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A probability distribution over real numbers, sampled from a ``SeededRandom`` stream.
///
/// Duration-valued uses (service times, latencies, think times) read samples as seconds.
public enum Distribution: Sendable, Equatable, CustomStringConvertible {
    /// Always `value`.
    case constant(Double)
    /// Uniform on [min, max).
    case uniform(min: Double, max: Double)
    /// Exponential with the given mean (the inter-arrival time of a Poisson process).
    case exponential(mean: Double)
    /// Normal (Gaussian) with the given mean and standard deviation.
    case normal(mean: Double, standardDeviation: Double)
    /// Lognormal: `exp(N(mu, sigma))`; its median is `exp(mu)`.
    case lognormal(mu: Double, sigma: Double)
    /// Pareto (type I) with minimum `scale` and tail index `shape`; heavy-tailed for small shapes.
    case pareto(scale: Double, shape: Double)
    /// Zipf over the integers 1…n with the given exponent (rank 1 is the most frequent).
    case zipf(ZipfSampler)
    /// One of the given values, each equally likely (an observed sample replayed).
    case empirical([Double])

    /// A lognormal distribution with the given median and shape `sigma`.
    public static func lognormal(median: Double, sigma: Double) -> Distribution {
        .lognormal(mu: log(median), sigma: sigma)
    }

    /// Zipf over 1…`n` with `exponent`.
    public static func zipf(n: Int, exponent: Double) -> Distribution {
        .zipf(ZipfSampler(n: n, exponent: exponent))
    }

    /// Draws one value.
    public func sample(using random: inout SeededRandom) -> Double {
        switch self {
        case .constant(let value):
            return value
        case .uniform(let min, let max):
            return min + (max - min) * random.nextUnitInterval()
        case .exponential(let mean):
            return -mean * log(random.nextOpenUnitInterval())
        case .normal(let mean, let standardDeviation):
            return mean + standardDeviation * Distribution.standardNormal(using: &random)
        case .lognormal(let mu, let sigma):
            return exp(mu + sigma * Distribution.standardNormal(using: &random))
        case .pareto(let scale, let shape):
            return scale / pow(random.nextOpenUnitInterval(), 1 / shape)
        case .zipf(let sampler):
            return Double(sampler.sample(using: &random))
        case .empirical(let values):
            return values[Int(random.next() % UInt64(values.count))]
        }
    }

    /// Draws one value as a duration in seconds, never negative.
    public func sampleDuration(using random: inout SeededRandom) -> Duration {
        .nanoseconds(sampleNanoseconds(using: &random))
    }

    /// ``sampleDuration(using:)`` in whole nanoseconds (the same draw and rounding).
    public func sampleNanoseconds(using random: inout SeededRandom) -> Int64 {
        Duration.saturatingNanoseconds(sample(using: &random) * 1e9)
    }

    /// The mean of its draws read as durations (``sampleDuration(using:)``, never negative),
    /// where it is finite: ``mean`` but for a normal distribution, whose negative draws are
    /// durations of 0 — `normal(mean: 1ms, sd: 10s)` serves ~4 s on average, not 1 ms. For
    /// X ~ N(μ, σ²), E[max(0, X)] = μ Φ(μ/σ) + σ φ(μ/σ).
    public var durationMean: Double? {
        guard case .normal(let mean, let sd) = self, sd > 0 else { return self.mean.map { max($0, 0) } }
        let z = mean / sd
        let cumulative = 0.5 * erfc(-z / 2.0.squareRoot())
        let density = exp(-z * z / 2) / (2 * Double.pi).squareRoot()
        return mean * cumulative + sd * density
    }

    /// The mean of the distribution, where it is finite.
    public var mean: Double? {
        switch self {
        case .constant(let value): return value
        case .uniform(let min, let max): return (min + max) / 2
        case .exponential(let mean): return mean
        case .normal(let mean, _): return mean
        case .lognormal(let mu, let sigma): return exp(mu + sigma * sigma / 2)
        case .pareto(let scale, let shape): return shape > 1 ? shape * scale / (shape - 1) : nil
        case .zipf(let sampler): return sampler.mean
        case .empirical(let values): return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
    }

    public var description: String {
        switch self {
        case .constant(let value): return "constant(\(value))"
        case .uniform(let min, let max): return "uniform(\(min), \(max))"
        case .exponential(let mean): return "exponential(mean: \(mean))"
        case .normal(let mean, let sd): return "normal(mean: \(mean), sd: \(sd))"
        case .lognormal(let mu, let sigma): return "lognormal(median: \(exp(mu)), sigma: \(sigma))"
        case .pareto(let scale, let shape): return "pareto(scale: \(scale), shape: \(shape))"
        case .zipf(let sampler): return "zipf(n: \(sampler.n), exponent: \(sampler.exponent))"
        case .empirical(let values): return "empirical(\(values.count) values)"
        }
    }

    /// Box–Muller: one standard normal variate per call (the second is discarded so the stream
    /// position never depends on hidden state).
    static func standardNormal(using random: inout SeededRandom) -> Double {
        let u1 = random.nextOpenUnitInterval()
        let u2 = random.nextUnitInterval()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
