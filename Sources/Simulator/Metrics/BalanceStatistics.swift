/// How evenly work was spread over servers, computed from how many requests each server handled.
///
/// Every figure answers one question a load-balancing report asks, and each has a fixed meaning
/// for the degenerate cases so that tables, JSON and CSV never carry NaN: with no servers, or
/// with servers that handled nothing, the split is vacuously even (`coefficientOfVariation` 0,
/// `peakToAverage` 1, `jainFairnessIndex` 1, `maximumZScore` 0).
///
/// ```swift
/// let balance = BalanceStatistics(counts: [8_437, 1_354, 209])
/// balance.peakToAverage      // 2.53: the busiest server did 2.5 times its fair share
/// balance.jainFairnessIndex  // 0.46: as fair as an even split over 1.4 of the 3 servers
/// ```
///
/// Uses the standard library only, so the simulator core can compute it without Foundation.
public struct BalanceStatistics: Sendable, Equatable {
    /// What a perfectly random balancer would produce: every request independently picks one of
    /// the `n` servers with probability `1/n`, so each server's count is binomial — the marginal of
    /// the multinomial split of `total` requests with equal probabilities.
    ///
    /// Comparing with it separates skew the balancer causes from the noise any random split shows:
    /// 10,000 requests over 3 servers give counts of 3,333 ± 47, so 3,400 is noise and 8,000 is not.
    public struct UniformSplit: Sendable, Equatable {
        /// The expected count per server, `total / n`; 0 with no servers.
        public let mean: Double
        /// The standard deviation of one server's count, `√(total · (1/n) · (1 − 1/n))`; about two
        /// thirds of the servers of a fair random balancer fall within one of these of `mean`.
        /// 0 with no servers or one server (one server takes everything, without variation).
        public let standardDeviation: Double
    }

    /// The per-server counts the statistics were computed from, in the order given.
    public let counts: [Int]
    /// All requests handled, `Σx`.
    public let total: Int
    /// The number of servers, `n`, including servers that handled nothing.
    public let serverCount: Int
    /// The average count, `Σx / n`: what each server would handle under a perfect split.
    public let mean: Double
    /// The smallest count: a server far below `mean` is idle capacity. 0 with no servers.
    public let minimum: Int
    /// The largest count: the server that saturates first and sets the latency everyone sees.
    /// 0 with no servers.
    public let maximum: Int
    /// The population standard deviation, `√(Σ(x − mean)² / n)`: the typical distance of a
    /// server's count from the mean, in requests. Compare it with `uniform.standardDeviation` to
    /// tell whether the spread is more than random noise.
    public let standardDeviation: Double
    /// `standardDeviation / mean`: the spread as a fraction of the mean, comparable across runs of
    /// different sizes. 0 is perfectly even; 0.1 means servers typically differ from the mean by
    /// 10 %; values near or above 1 mean a few servers do most of the work.
    public let coefficientOfVariation: Double
    /// `maximum / mean`, the peak-to-average ratio: how many fair shares the busiest server took.
    /// 1 is ideal; `n` means one server took everything. Capacity must be sized for the peak, so
    /// this is the factor by which an uneven split wastes the cluster.
    public let peakToAverage: Double
    /// Jain's fairness index, `(Σx)² / (n · Σx²)`, between `1/n` and 1. 1 is a perfectly even
    /// split; `1/n` means one server took everything. Multiplied by `n` it is the number of
    /// servers the load is effectively spread over, so 0.5 over 4 servers is "as if 2 shared it
    /// evenly".
    public let jainFairnessIndex: Double
    /// The reference for the same total: the counts a perfectly random balancer would produce.
    public let uniform: UniformSplit
    /// How many of the reference's standard deviations the busiest server sits above the
    /// reference mean, `(maximum − uniform.mean) / uniform.standardDeviation`. The largest of a few
    /// random counts is typically 1–2 above; beyond 3 the busiest server's excess is not chance
    /// but the balancer. 0 when the reference has no spread (one server, or nothing handled),
    /// because the maximum then equals the mean exactly.
    public let maximumZScore: Double

    /// Computes every figure from per-server counts.
    ///
    /// - Parameter counts: How many requests each server handled; one entry per server, servers
    ///   that handled nothing included, since an idle server is part of the imbalance.
    /// - Precondition: No count is negative.
    /// - Complexity: O(*n*); allocates nothing beyond storing `counts`.
    public init(counts: [Int]) {
        precondition(counts.allSatisfy { $0 >= 0 }, "request counts must not be negative: \(counts)")
        self.counts = counts
        serverCount = counts.count
        total = counts.reduce(0, +)
        minimum = counts.min() ?? 0
        maximum = counts.max() ?? 0

        let n = Double(serverCount)
        let sum = Double(total)
        let mean = serverCount == 0 ? 0 : sum / n
        self.mean = mean

        // Two passes (mean first, then squared deviations) instead of Σx² − n·mean², which loses
        // every significant digit when the counts are large and nearly equal.
        let squaredDeviations = counts.reduce(0.0) { partial, count in
            let deviation = Double(count) - mean
            return partial + deviation * deviation
        }
        let standardDeviation = serverCount == 0 ? 0 : (squaredDeviations / n).squareRoot()
        self.standardDeviation = standardDeviation

        let vacuouslyEven = total == 0
        coefficientOfVariation = vacuouslyEven ? 0 : standardDeviation / mean
        peakToAverage = vacuouslyEven ? 1 : Double(maximum) / mean
        // Squares are summed in Double: Σx² overflows Int long before Σx does.
        let sumOfSquares = counts.reduce(0.0) { $0 + Double($1) * Double($1) }
        jainFairnessIndex = vacuouslyEven ? 1 : sum * sum / (n * sumOfSquares)

        let probability = serverCount == 0 ? 0 : 1 / n
        let uniform = UniformSplit(
            mean: mean,
            standardDeviation: (sum * probability * (1 - probability)).squareRoot())
        self.uniform = uniform
        maximumZScore = uniform.standardDeviation == 0
            ? 0
            : (Double(maximum) - uniform.mean) / uniform.standardDeviation
    }
}
