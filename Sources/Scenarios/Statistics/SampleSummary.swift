import Simulator

/// What a set of independent samples of one figure says — one value per seed of a sweep: its
/// centre, its spread, and a 95 % confidence interval for its mean.
///
/// The interval is Student's t for most figures; for a tail percentile (a p99 per run), whose
/// samples are skewed, it is a percentile bootstrap of the mean with a fixed seed, so the same
/// samples always give the same interval.
public struct SampleSummary: Sendable, Equatable {
    /// How the interval was computed.
    public enum Method: String, Sendable, Equatable {
        /// mean ± t(0.975; n − 1) · s / √n.
        case studentT = "t"
        /// The 2.5th and 97.5th percentiles of the means of ``SampleSummary/bootstrapResamples``
        /// resamples.
        case bootstrap
    }

    /// How many samples.
    public let count: Int
    /// The mean: exactly, when it is a `Double` (``ExactMean``: samples that cancel give 0, not
    /// `-4.4e-20`); else from the samples' deviations from the least, so that samples all equal
    /// give exactly their value (20 samples of 1.0002 summed and divided gave 1.0001999999999998,
    /// with a spread of 2.3e-16 and an interval that held none of them).
    public let mean: Double
    /// The sample standard deviation (divisor n − 1): exactly 0 when every sample is equal; nil
    /// for one sample, whose spread is undefined (not 0).
    public let standardDeviation: Double?
    /// The 95 % confidence interval of the mean; nil for fewer than two samples. Within the
    /// figure's possible values when they were given (``isClipped`` says whether that narrowed it).
    public let interval: ClosedRange<Double>?
    public let method: Method
    /// Whether the interval reached past the figure's possible values and was cut at them.
    public let isClipped: Bool
    public let minimum: Double
    /// The middle sample (the mean of the middle two for an even count).
    public let median: Double
    public let maximum: Double

    /// Resamples drawn for a bootstrap interval.
    public static let bootstrapResamples = 2_000
    /// The confidence level of every interval.
    public static let confidence = 0.95

    /// Summarises `samples` (at least one, all finite).
    ///
    /// - Parameters:
    ///   - bootstrap: use a percentile bootstrap for the interval (tail percentiles).
    ///   - possible: the values the figure can take (a count is never negative, a share never
    ///     above 1): the interval is cut at them. The mean of a few 0/1 counts has a t interval
    ///     reaching below 0 (`-0.262 … 0.595`), which no mean of counts can be. Widened to the
    ///     samples if one lies outside, so the interval always holds the mean.
    public init(_ samples: [Double], bootstrap: Bool = false, within possible: ClosedRange<Double>? = nil) {
        precondition(!samples.isEmpty, "a summary needs at least one sample")
        let n = Double(samples.count)
        let sorted = samples.sorted()
        count = samples.count
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        // Summed in ascending order, as the bootstrap draws: the same samples in another order
        // (`--seeds 13..24,1..12` rather than `1..24`) gave a standard deviation that differed in
        // its last bits.
        let first = sorted[0]
        let mean = ExactMean.of(sorted) ?? min(max(first + sorted.reduce(0) { $0 + ($1 - first) } / n, minimum), maximum)
        self.mean = mean
        let squares = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let spread = (squares / (n - 1)).squareRoot()
        standardDeviation = samples.count > 1 ? spread : nil
        median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        method = bootstrap ? .bootstrap : .studentT
        guard samples.count > 1 else {
            interval = nil
            isClipped = false
            return
        }
        let computed: ClosedRange<Double>
        if bootstrap {
            computed = Self.bootstrapInterval(sorted)
        } else {
            let half = StudentT(degreesOfFreedom: n - 1).quantile(0.5 + Self.confidence / 2) * spread / n.squareRoot()
            computed = (mean - half)...(mean + half)
        }
        guard let possible else {
            interval = computed
            isClipped = false
            return
        }
        let bounds = min(possible.lowerBound, minimum)...max(possible.upperBound, maximum)
        interval = computed.clamped(to: bounds)
        isClipped = interval != computed
    }

    /// The percentile bootstrap interval of the mean, from a generator with a fixed seed, of
    /// `samples` in ascending order: a resample draws by position, so samples in another order
    /// (`--seeds 13..24,1..12` rather than `1..24`, the very same worlds) drew other resamples
    /// and gave another interval.
    static func bootstrapInterval(_ samples: [Double]) -> ClosedRange<Double> {
        var random = SeededRandom(seed: 0, stream: "statistics.bootstrap")
        let n = samples.count
        // Each resample's mean as the summary's own: from deviations from the first (the least) sample.
        let first = samples[0]
        var means: [Double] = []
        means.reserveCapacity(bootstrapResamples)
        for _ in 0..<bootstrapResamples {
            var sum = 0.0
            for _ in 0..<n { sum += samples[Int(random.next() % UInt64(n))] - first }
            means.append(first + sum / Double(n))
        }
        means.sort()
        let tail = (1 - confidence) / 2
        let low = means[Int((tail * Double(bootstrapResamples)).rounded(.down))]
        let high = means[min(bootstrapResamples - 1, Int(((1 - tail) * Double(bootstrapResamples)).rounded(.down)))]
        return low...high
    }
}
