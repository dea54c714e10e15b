import Foundation
import Histogram
import Testing

@testable import Simulator

/// `LatencyHistogram` keeps HdrHistogram's buckets in an array of its own and computes the
/// buckets' mean and the percentiles itself; they must agree to the bit with the
/// `hdrhistogram-swift` package's `mean`, `valueAtPercentile` and `max` over the same latencies —
/// and its own maximum and mean are the latencies' exactly.
struct LatencyHistogramTests {
    /// A package histogram with `LatencyHistogram`'s parameters.
    static func packageHistogram() -> Histogram<UInt64> {
        Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
    }

    static let percentiles: [Double] = [-1, 0, 1e-9, 0.001, 1, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100.0.nextDown, 100, 250]

    /// Latency samples in microseconds, of shapes that fill the histogram differently.
    static func samples(_ shape: Int, count: Int, random: inout SeededRandom) -> [UInt64] {
        (0..<count).map { _ in
            let u = random.nextOpenUnitInterval()
            switch shape {
            case 0: return 1 + random.next() % 2_000                                    // all in the first buckets
            case 1: return UInt64(25_000 * exp(0.6 * sqrt(-2 * log(u)) * cos(2 * .pi * random.nextUnitInterval())))  // lognormal
            case 2: return UInt64(-30_000_000 * log(u))                                  // exponential, wide
            case 3: return [1, 7, 2_049, 3_600_000_000][Int(random.next() % 4)]           // the edges, a few values
            default: return UInt64(exp(u * log(3_600_000_000.0)))                         // log-uniform over the whole range
            }
        }
    }

    @Test(arguments: 0..<5)
    func meanAndPercentilesAreThePackagesToTheBit(shape: Int) {
        var random = SeededRandom(seed: UInt64(shape), stream: "latency-histogram")
        var replay = random
        for count in [1, 2, 3, 10, 1_000, 50_000] {
            var ours = LatencyHistogram()
            var package = Self.packageHistogram()
            for micros in Self.samples(shape, count: count, random: &random) {
                ours.record(nanoseconds: Int64(micros) * 1_000)
                _ = package.record(Swift.max(1, micros))
            }
            let recorded = Self.samples(shape, count: count, random: &replay)
            #expect(ours.count == package.totalCount)
            #expect(ours.bucketMaxMicroseconds == package.max, "shape \(shape), \(count) samples")
            #expect(ours.max == .microseconds(Int64(recorded.max()!)), "shape \(shape), \(count) samples")
            #expect(ours.mean == .seconds(double: Double(recorded.reduce(0, +) * 1_000) / Double(count) / 1e9), "shape \(shape), \(count) samples")
            #expect(ours.meanMicroseconds.bitPattern == package.mean.bitPattern, "shape \(shape), \(count) samples")
            for percentile in Self.percentiles {
                #expect(ours.microseconds(atPercentile: percentile) == package.valueAtPercentile(percentile),
                        "shape \(shape), \(count) samples, percentile \(percentile)")
            }
            // All of them from one walk, asked out of order (and one twice): the package's too.
            let asked = Self.percentiles.reversed() + [99.9]
            let summary = ours.summary(atPercentiles: asked)
            #expect(summary.percentiles == asked.map { .microseconds(Int64(package.valueAtPercentile($0))) }, "shape \(shape), \(count) samples")
            #expect(summary.mean == ours.mean)
        }
    }

    /// Latencies are added to the counts a batch at a time (``LatencyHistogram/batchSize``): a
    /// histogram read in the middle of a batch reads every latency recorded so far, and a copy
    /// taken then is not changed by what the original records afterwards.
    @Test
    func readsInTheMiddleOfABatchSeeEveryLatency() {
        var random = SeededRandom(seed: 9, stream: "latency-histogram")
        let samples = Self.samples(1, count: 3 * LatencyHistogram.batchSize + 7, random: &random)
        var ours = LatencyHistogram()
        var package = Self.packageHistogram()
        var copies: [(ours: LatencyHistogram, package: Histogram<UInt64>)] = []
        for (recorded, micros) in samples.enumerated() {
            ours.record(nanoseconds: Int64(micros) * 1_000)
            _ = package.record(Swift.max(1, micros))
            if recorded % 97 == 0 || recorded % LatencyHistogram.batchSize == 0 {
                Self.expectAgreement(ours, package, "after \(recorded + 1) latencies")
                copies.append((ours, package))
            }
        }
        Self.expectAgreement(ours, package, "after every latency")
        for (number, copy) in copies.enumerated() { Self.expectAgreement(copy.ours, copy.package, "copy \(number)") }
        #expect(copies.count == 11)
    }

    /// Expects `ours` to read what `package` reads: count, maximum, mean and every percentile.
    private static func expectAgreement(_ ours: LatencyHistogram, _ package: Histogram<UInt64>, _ when: String) {
        #expect(ours.count == package.totalCount, "\(when)")
        #expect(ours.bucketMaxMicroseconds == package.max, "\(when)")
        #expect(ours.meanMicroseconds.bitPattern == package.mean.bitPattern, "\(when)")
        let summary = ours.summary(atPercentiles: percentiles)
        #expect(summary.percentiles == percentiles.map { .microseconds(Int64(package.valueAtPercentile($0))) }, "\(when)")
    }

    @Test
    func latenciesOutsideTheRangeCountAtItsEnds() {
        var ours = LatencyHistogram()
        var package = Self.packageHistogram()
        for nanoseconds: Int64 in [-5, 0, 999, Int64.max, 7_200_000_000_000] {
            ours.record(nanoseconds: nanoseconds)
        }
        for micros: UInt64 in [1, 1, 1, 3_600_000_000, 3_600_000_000] { _ = package.record(micros) }
        #expect(ours.count == 5 && ours.bucketMaxMicroseconds == package.max && ours.max == .nanoseconds(Int64.max))
        // Below the largest latency (Int64.max ns), a percentile is the bucket's, as the package's.
        #expect(ours.summary(atPercentiles: [0, 50, 60, 100]).percentiles == [0, 50, 60].map { .microseconds(Int64(package.valueAtPercentile($0))) } + [.nanoseconds(Int64.max)])
        #expect(ours.meanMicroseconds.bitPattern == package.mean.bitPattern)
    }

    @Test
    func anEmptyHistogramReadsZero() {
        let empty = LatencyHistogram()
        #expect(empty.mean == .zero && empty.percentile(99) == .zero && empty.max == .zero)
        #expect(empty.meanMicroseconds == 0 && empty.microseconds(atPercentile: 50) == 0)
        let summary = empty.summary(atPercentiles: [0, 50, 100])
        #expect(summary.percentiles == [.zero, .zero, .zero] && summary.mean == .zero)
    }

    @Test
    func oneLatencyIsEveryPercentileAndTheMean() {
        var histogram = LatencyHistogram()
        histogram.record(.milliseconds(5))
        for percentile in Self.percentiles { #expect(histogram.percentile(percentile) == .milliseconds(5)) }
        // 5,000 µs sits in a bucket of width 4 (values 5,000 … 5,003): its median equivalent is
        // 5,002, HdrHistogram's mean and the top 5,003 its maximum; ours are the latency's.
        #expect(histogram.meanMicroseconds == 5_002 && histogram.bucketMaxMicroseconds == 5_003)
        #expect(histogram.mean == .milliseconds(5) && histogram.max == .milliseconds(5))
    }

    /// A latency with a fraction of a microsecond counts at the microsecond above it, so no
    /// percentile reads below the latency it stands for; the maximum and mean are exact (R3:
    /// a constant 3.9999 ms read 3.999 ms at every percentile and as the maximum).
    @Test
    func aFractionOfAMicrosecondCountsUpAndTheExtremesAreExact() {
        var histogram = LatencyHistogram()
        for _ in 0..<10 { histogram.record(nanoseconds: 3_999_900) }
        #expect(histogram.percentile(50) == .nanoseconds(3_999_900) && histogram.percentile(99) == .nanoseconds(3_999_900))
        #expect(histogram.max == .nanoseconds(3_999_900) && histogram.mean == .nanoseconds(3_999_900))
        #expect(histogram.microseconds(atPercentile: 50) == 4_000)  // the bucket 4,000 … 4,001 capped at 4,000 µs
        var mixed = LatencyHistogram()
        for nanoseconds: Int64 in [1_500, 1_000, 2_000_001, 500] { mixed.record(nanoseconds: nanoseconds) }
        // Counted at 2, 1, 2,001 and 1 µs; the 50th percentile is the 2nd of 4: 1 µs.
        #expect(mixed.summary(atPercentiles: [50, 75, 100]).percentiles == [.microseconds(1), .microseconds(2), .nanoseconds(2_000_001)])
        #expect(mixed.mean == .seconds(double: 2_003_001 / 4 / 1e9) && mixed.max == .nanoseconds(2_000_001))
        var tiny = LatencyHistogram()
        tiny.record(nanoseconds: 300)
        #expect(tiny.percentile(50) == .nanoseconds(300) && tiny.max == .nanoseconds(300) && tiny.mean == .nanoseconds(300))
    }
}
