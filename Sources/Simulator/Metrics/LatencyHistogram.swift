import Histogram

/// Latencies in microseconds, recorded into an HdrHistogram (3 significant digits, 1 µs to
/// 1 hour), so percentiles are exact to 0.1 % however many requests a run makes.
public struct LatencyHistogram: Sendable {
    private var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)

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
        count == 0 ? .zero : .microseconds(Int64(histogram.valueAtPercentile(percentile)))
    }

    /// The mean latency, or zero when empty.
    public var mean: Duration { count == 0 ? .zero : .seconds(double: histogram.mean / 1e6) }

    /// The largest latency recorded, or zero when empty.
    public var max: Duration { count == 0 ? .zero : .microseconds(Int64(histogram.max)) }
}
