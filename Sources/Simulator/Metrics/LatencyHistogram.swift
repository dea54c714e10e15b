import Histogram

/// Latencies in microseconds, recorded into an HdrHistogram (3 significant digits, 1 µs to
/// 1 hour), so percentiles are exact to 0.1 % however many requests a run makes.
///
/// The mean and the percentiles are computed here, with the package's inlinable iterator and
/// bucket arithmetic, rather than by its `mean` and `valueAtPercentile`: those are compiled
/// generic in their module and look up type metadata at every bucket (about 6 % of the strategy
/// comparison). The arithmetic and its order are the package's, so the figures are the same bits.
public struct LatencyHistogram: Sendable {
    private var histogram = Self.empty

    /// Every histogram starts as a copy of this one and copies its counts (one block copy) at its
    /// first record. The package's initialiser is compiled generic in its module and zeroes its
    /// ~23,000 counts one value-witness call at a time: ~1 % of A-4, which makes a histogram for
    /// every server of every world.
    private static let empty = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)

    public init() {}

    /// Records one latency.
    public mutating func record(_ latency: Duration) {
        record(nanoseconds: latency.nanoseconds)
    }

    /// Records one latency of `nanoseconds`.
    public mutating func record(nanoseconds: Int64) {
        let micros = Swift.max(1, nanoseconds / 1000)
        _ = histogram.record(UInt64(Swift.min(micros, 3_600_000_000)))
    }

    /// Number of latencies recorded.
    public var count: UInt64 { histogram.totalCount }

    /// The latency at `percentile` (0…100), or zero when empty.
    public func percentile(_ percentile: Double) -> Duration {
        count == 0 ? .zero : .microseconds(Int64(microseconds(atPercentile: percentile)))
    }

    /// The mean latency, or zero when empty.
    public var mean: Duration { count == 0 ? .zero : .seconds(double: meanMicroseconds / 1e6) }

    /// The latencies at each of `percentiles` (in that order) and the mean, from one walk over
    /// the recorded values where asking for each walked once per figure: a run's report asks
    /// five or six figures of every server's histogram. The figures are those of
    /// ``percentile(_:)`` and ``mean`` to the bit.
    ///
    /// - Complexity: One walk over the recorded buckets, plus sorting `percentiles`.
    public func summary(atPercentiles percentiles: [Double]) -> (percentiles: [Duration], mean: Duration) {
        guard count > 0 else { return (percentiles.map { _ in .zero }, .zero) }
        let walked = walk(percentiles: percentiles, mean: true)
        return (walked.microseconds.map { .microseconds(Int64($0)) }, .seconds(double: walked.meanMicroseconds / 1e6))
    }

    /// The largest latency recorded, or zero when empty.
    public var max: Duration { count == 0 ? .zero : .microseconds(Int64(histogram.max)) }

    /// HdrHistogram's `valueAtPercentile`: the highest value equivalent to the first bucket at
    /// which the running count reaches `percentile` of the total (rounded up, at least one),
    /// within the smallest and largest recorded values. Buckets without counts never end the
    /// search, so walking the recorded values finds the same bucket as walking every bucket.
    func microseconds(atPercentile percentile: Double) -> UInt64 {
        walk(percentiles: [percentile], mean: false).microseconds[0]
    }

    /// HdrHistogram's `mean`: each recorded bucket's median-equivalent value times its count,
    /// summed in bucket order, over the total count.
    var meanMicroseconds: Double {
        walk(percentiles: [], mean: true).meanMicroseconds
    }

    /// The percentiles' values (``microseconds(atPercentile:)``, in the order asked) and, when
    /// `mean`, the mean (``meanMicroseconds``), in one walk over the recorded buckets.
    ///
    /// The running count only grows along the walk, so the percentiles, sorted by the count
    /// they want, end at their buckets in that order: each at the bucket where it ends alone.
    private func walk(percentiles: [Double], mean: Bool) -> (microseconds: [UInt64], meanMicroseconds: Double) {
        var values = [UInt64](repeating: 0, count: percentiles.count)
        var waiting: [(wanted: UInt64, index: Int)] = []
        for (index, percentile) in percentiles.enumerated() {
            if percentile == 0 {
                values[index] = histogram.min
            } else if !(percentile < 100) {
                values[index] = histogram.maxRecorded
            } else {
                let requested = Swift.min(Swift.max(percentile.nextDown, 0), 100)
                let wanted = Swift.max(1, UInt64((requested * Double(histogram.totalCount) / 100).rounded(.up)))
                waiting.append((wanted, index))
            }
        }
        waiting.sort { $0.wanted < $1.wanted }
        guard histogram.totalCount > 0, mean || !waiting.isEmpty else { return (values, 0) }
        var next = 0
        var total: Double = 0
        for bucket in histogram.recordedValues() {
            while next < waiting.count, bucket.totalCountToThisValue >= waiting[next].wanted {
                values[waiting[next].index] = Swift.max(Swift.min(bucket.value, histogram.maxRecorded), histogram.min)
                next += 1
            }
            if mean {
                let median = histogram.lowestEquivalentForValue(bucket.value) + (histogram.sizeOfEquivalentRangeForValue(bucket.value) >> 1)
                total += Double(median) * Double(bucket.count)
            } else if next == waiting.count {
                break
            }
        }
        return (values, total / Double(histogram.totalCount))
    }
}
