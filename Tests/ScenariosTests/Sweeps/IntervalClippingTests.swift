import Testing
@testable import Scenarios

/// A sweep's interval of a mean is cut at the values its metric can take: a count's at 0, a
/// share's at 0 and 1. The t interval itself is the textbook one (``StatisticsTests``).
struct IntervalClippingTests {
    /// 0, 0, 0, 0, 0, 1 (one failed job in six seeds): mean 1/6, s = √(1/6), half-width
    /// t(0.975; 5) · s / √6 = 0.428430, so the t interval is −0.261763 … 0.595097.
    @Test func aCountsIntervalStopsAtZero() throws {
        let samples: [Double] = [0, 0, 0, 0, 0, 1]
        let textbook = try #require(SampleSummary(samples).interval)
        #expect(abs(textbook.lowerBound + 0.261763) < 1e-6 && abs(textbook.upperBound - 0.595097) < 1e-6)
        let clipped = SampleSummary(samples, within: 0...Double.infinity)
        let interval = try #require(clipped.interval)
        #expect(interval.lowerBound == 0)
        #expect(interval.upperBound == textbook.upperBound)
        #expect(clipped.isClipped)
        #expect(clipped.mean == SampleSummary(samples).mean)
        #expect(!SampleSummary(samples).isClipped)
    }

    /// 1, 1, 1, 1, 0.9: mean 0.98, half-width t(0.975; 4) · 0.044721 / √5 = 0.055529.
    @Test func aSharesIntervalStopsAtOne() throws {
        let summary = SampleSummary([1, 1, 1, 1, 0.9], within: 0...1)
        let interval = try #require(summary.interval)
        #expect(abs(interval.lowerBound - 0.924471) < 1e-6)
        #expect(interval.upperBound == 1)
        #expect(summary.isClipped)
    }

    @Test func anIntervalWithinThePossibleValuesIsLeftAlone() throws {
        let summary = SampleSummary([1, 2, 3, 4, 5], within: 0...Double.infinity)
        #expect(summary.interval == SampleSummary([1, 2, 3, 4, 5]).interval)
        #expect(!summary.isClipped)
        // A bootstrap interval lies between the samples: nothing to cut.
        #expect(!SampleSummary([0, 0, 0, 0, 0, 1], bootstrap: true, within: 0...Double.infinity).isClipped)
    }

    /// −1, −1, 0 against 0 … 1: the samples say the values reach −1, so the cut is there (the
    /// t interval, −2.100884 … 0.767551, would otherwise end above the mean −2/3).
    @Test func samplesOutsideThePossibleValuesWidenThem() throws {
        let summary = SampleSummary([-1, -1, 0], within: 0...1)
        let interval = try #require(summary.interval)
        #expect(interval.lowerBound == -1)
        #expect(abs(interval.upperBound - 0.767551) < 1e-6)
        #expect(interval.contains(summary.mean))
    }

    @Test(arguments: [("mapreduce.failed_jobs", "count", 0...Double.infinity), ("balancer.p99", "duration", 0...Double.infinity),
                      ("balancer.throughput", "rate", 0...Double.infinity), ("balancer.success_ratio", "ratio", 0...1),
                      ("balancer.cross_zone_share", "ratio", 0...1), ("balancer.imbalance", "ratio", 0...Double.infinity),
                      ("mapreduce.output_exact", "boolean", 0...1)])
    func eachMetricHasTheValuesItsUnitAllows(name: String, unit: String, values: ClosedRange<Double>) {
        #expect(SweepManifest.MetricEntry(name: name, unit: unit).possibleValues == values)
    }
}
