/// Latencies counted in the buckets of an HdrHistogram of microseconds with 3 significant digits
/// from 1 µs to 1 hour, so percentiles are exact to 0.1 % however many requests a run makes, and
/// the largest latency and the sum of all kept to the nanosecond.
///
/// A latency is counted at the whole microsecond at or above it (3.9999 ms as 4,000 µs), so that
/// a percentile — the highest value of its bucket — is never below the latency it stands for; and
/// a percentile is capped at the largest latency recorded, exactly. The maximum and the mean are
/// exact: the largest latency as it was, and the sum of the latencies in nanoseconds over their
/// count (a constant 5 ms reads 5 ms, where HdrHistogram's mean of its buckets' middles read
/// 5.002 ms and its maximum, the top of the largest latency's bucket, 5.003 ms).
///
/// The bucket layout, the percentiles and the buckets' mean (``meanMicroseconds``) are HdrHistogram's (the `hdrhistogram-swift`
/// package's, which the tests hold this type to, bit for bit), kept here over a plain array of
/// counts: the package's `record` cost ~150 instructions per latency behind its generic
/// wrappers, a new histogram copied its 23,552 counts (184 KiB) at its first record, and its
/// iterator over the recorded values took ~50 instructions for every bucket it stepped over,
/// empty or not, five walks of ~11,000 buckets per world of the strategy comparison. Here the
/// counts grow as far as the largest latency recorded and a walk skips empty buckets with one
/// comparison each.
///
/// A latency's sub-bucket is counted with the batch it is recorded in, not at once
/// (``pendingIndices``): the counts of a world's histograms are tens of kilobytes each, and a run
/// records into them one latency every few thousand instructions, so each count added alone was
/// a cache miss that stopped the processor; a batch's additions are independent of each other,
/// and their misses overlap. Measured on `orrery run scenarios/strategies.yaml` (40 runs each,
/// alternating, with a 0.7 % cut in instructions elsewhere): CPU time minimum 114.0 → 108.5 ms,
/// median 189.0 → 179.2 ms, where the records' instructions are under 1 % of the run (callgrind
/// counts instructions, not the waits).
///
/// The layout: 2,048 sub-buckets of width 1 for 0 … 2,047 µs, then buckets of 1,024 sub-buckets
/// each twice as wide as the last's (2,048 … 4,095 µs in steps of 2, 4,096 … 8,191 in steps of
/// 4, …), 22 buckets to cover an hour.
public struct LatencyHistogram: Sendable {
    /// The count in each sub-bucket, by index (``index(of:)``), up to the largest index recorded.
    private var counts: [UInt64] = []
    /// Latencies recorded.
    private var totalCount: UInt64 = 0
    /// The largest latency recorded, in microseconds (0 when none).
    private var maxValue: UInt64 = 0
    /// The smallest latency recorded, in microseconds (`UInt64.max` when none).
    private var minNonZeroValue: UInt64 = .max
    /// The largest latency recorded, in nanoseconds (below zero counts as zero).
    private var maxNanoseconds: Int64 = 0
    /// The latencies recorded, in nanoseconds, summed (below zero counts as zero): 128 bits, so
    /// that no run's latencies can overflow it.
    private var sumNanoseconds: Int128 = 0
    /// The sub-bucket indices of the latencies recorded since the last batch was added to
    /// ``counts``, at most ``batchSize``: a read counts them in as it walks.
    private var pendingIndices: [UInt32] = []

    /// Latencies counted together: enough for their misses to overlap, few enough that the
    /// batch stays in the nearest cache.
    static let batchSize = 256

    /// The largest latency counted, in microseconds: one hour. Longer ones count as one hour.
    static let highestTrackableValue: UInt64 = 3_600_000_000
    /// log2 of the sub-buckets of one bucket past the first (1,024): 3 significant digits need
    /// 2,000 distinct values below the first doubling, so 2,048 sub-buckets, half of them new in
    /// each later bucket.
    private static let subBucketHalfCountMagnitude = 10
    private static let subBucketHalfCount = 1 << subBucketHalfCountMagnitude
    /// Values below 2,048 all fall in bucket 0.
    private static let subBucketMask: UInt64 = (1 << (subBucketHalfCountMagnitude + 1)) - 1
    /// 64 minus log2 of the sub-bucket count: a value's bucket from its leading zeros.
    private static let leadingZeroCountBase = 64 - (subBucketHalfCountMagnitude + 1)

    public init() {}

    /// Records one latency.
    public mutating func record(_ latency: Duration) {
        record(nanoseconds: latency.nanoseconds)
    }

    /// Records one latency of `nanoseconds`: counted at the whole microsecond at or above it (at
    /// least 1 µs, at most ``highestTrackableValue``), kept exactly in the maximum and the sum.
    public mutating func record(nanoseconds: Int64) {
        let exact = Swift.max(0, nanoseconds)
        let microseconds = exact / 1000 + (exact % 1000 == 0 ? 0 : 1)
        let value = UInt64(Swift.min(Swift.max(1, microseconds), Int64(Self.highestTrackableValue)))
        sumNanoseconds &+= Int128(exact)
        if exact > maxNanoseconds { maxNanoseconds = exact }
        let index = Self.index(of: value)
        if index >= counts.count { grow(toInclude: index) }
        if pendingIndices.count == Self.batchSize { countPending() }
        pendingIndices.append(UInt32(truncatingIfNeeded: index))
        totalCount &+= 1
        if value > maxValue { maxValue = value }
        if value < minNonZeroValue { minNonZeroValue = value }
    }

    /// Adds the pending batch to ``counts``.
    private mutating func countPending() {
        counts.withUnsafeMutableBufferPointer { counts in
            pendingIndices.withUnsafeBufferPointer { batch in
                for index in batch { counts[Int(index)] &+= 1 }
            }
        }
        pendingIndices.removeAll(keepingCapacity: true)
    }

    /// Makes room for sub-bucket `index`: at least doubling, so a run's histogram grows a few
    /// times at most. The first time, it makes room for a whole batch too (one allocation, where
    /// appending to an empty batch grew it step by step).
    private mutating func grow(toInclude index: Int) {
        if counts.isEmpty { pendingIndices.reserveCapacity(Self.batchSize) }
        let length = Swift.max(index + 1, Swift.min(counts.count * 2, Self.index(of: Self.highestTrackableValue) + 1), 4_096)
        counts.append(contentsOf: repeatElement(0, count: length - counts.count))
    }

    /// Number of latencies recorded.
    public var count: UInt64 { totalCount }

    /// The latency at `percentile` (0…100): the highest value of its bucket, at most the largest
    /// latency recorded; zero when empty.
    public func percentile(_ percentile: Double) -> Duration {
        count == 0 ? .zero : capped(microseconds(atPercentile: percentile))
    }

    /// The mean latency, exact to the nanosecond's fraction (the sum over the count), or zero when empty.
    public var mean: Duration { count == 0 ? .zero : .seconds(double: Double(sumNanoseconds) / Double(totalCount) / 1e9) }

    /// `microseconds`, a bucket's highest value, as a latency no longer than the largest recorded:
    /// in the largest latency's microsecond (or past the hour the buckets reach), that latency.
    private func capped(_ microseconds: UInt64) -> Duration {
        microseconds >= maxValue ? .nanoseconds(maxNanoseconds) : .nanoseconds(Swift.min(Int64(microseconds) * 1000, maxNanoseconds))
    }

    /// The latencies at each of `percentiles` (in that order) and the mean, from one walk over
    /// the recorded values where asking for each walked once per figure: a run's report asks
    /// five or six figures of every server's histogram. The figures are those of
    /// ``percentile(_:)`` and ``mean`` to the bit.
    ///
    /// - Complexity: One walk over the sub-buckets up to the largest latency, plus sorting
    ///   `percentiles`.
    public func summary(atPercentiles percentiles: [Double]) -> (percentiles: [Duration], mean: Duration) {
        guard count > 0 else { return (percentiles.map { _ in .zero }, .zero) }
        return (walk(percentiles: percentiles, mean: false).microseconds.map(capped), mean)
    }

    /// The largest latency recorded, exactly, or zero when empty.
    public var max: Duration { count == 0 ? .zero : .nanoseconds(maxNanoseconds) }

    /// HdrHistogram's `max`: the highest value of the largest latency's bucket, in microseconds.
    var bucketMaxMicroseconds: UInt64 { count == 0 ? 0 : Self.highestEquivalent(maxValue) }

    /// HdrHistogram's `valueAtPercentile`: the highest value equivalent to the first bucket at
    /// which the running count reaches `percentile` of the total (rounded up, at least one),
    /// within the smallest and largest recorded values.
    func microseconds(atPercentile percentile: Double) -> UInt64 {
        walk(percentiles: [percentile], mean: false).microseconds[0]
    }

    /// HdrHistogram's `mean`: each recorded bucket's median-equivalent value times its count,
    /// summed in bucket order, over the total count (the buckets' mean, not ``mean``).
    var meanMicroseconds: Double {
        walk(percentiles: [], mean: true).meanMicroseconds
    }

    /// The percentiles' values (``microseconds(atPercentile:)``, in the order asked) and, when
    /// `mean`, the mean (``meanMicroseconds``), in one walk over the recorded sub-buckets.
    ///
    /// The running count only grows along the walk, so the percentiles, sorted by the count
    /// they want, end at their buckets in that order: each at the bucket where it ends alone.
    private func walk(percentiles: [Double], mean: Bool) -> (microseconds: [UInt64], meanMicroseconds: Double) {
        var values = [UInt64](repeating: 0, count: percentiles.count)
        // Every latency is at least 1 µs, so sub-bucket 0 stays empty: HdrHistogram's `min` is
        // then the smallest value recorded.
        let min = totalCount == 0 ? 0 : minNonZeroValue
        var waiting: [(wanted: UInt64, index: Int)] = []
        for (index, percentile) in percentiles.enumerated() {
            if percentile == 0 {
                values[index] = min
            } else if !(percentile < 100) {
                values[index] = maxValue
            } else {
                let requested = Swift.min(Swift.max(percentile.nextDown, 0), 100)
                let wanted = Swift.max(1, UInt64((requested * Double(totalCount) / 100).rounded(.up)))
                waiting.append((wanted, index))
            }
        }
        waiting.sort { $0.wanted < $1.wanted }
        guard totalCount > 0, mean || !waiting.isEmpty else { return (values, 0) }
        var next = 0
        var total: Double = 0
        var running: UInt64 = 0
        // The pending batch in index order, counted in as the walk passes each index.
        let pending = pendingIndices.sorted()
        var nextPending = 0
        counts.withUnsafeBufferPointer { counts in
            for index in 0...Self.index(of: maxValue) {
                var count = counts[index]
                while nextPending < pending.count, pending[nextPending] == index {
                    count &+= 1
                    nextPending += 1
                }
                if count == 0 { continue }
                running &+= count
                let value = Self.highestEquivalent(Self.value(at: index))
                while next < waiting.count, running >= waiting[next].wanted {
                    values[waiting[next].index] = Swift.max(Swift.min(value, maxValue), min)
                    next += 1
                }
                if mean {
                    let median = Self.lowestEquivalent(value) + (Self.sizeOfEquivalentRange(value) >> 1)
                    total += Double(median) * Double(count)
                } else if next == waiting.count {
                    break
                }
            }
        }
        return (values, total / Double(totalCount))
    }
}

extension LatencyHistogram {
    /// The bucket of `value`: 0 below 2,048, then one more for each doubling.
    @inline(__always)
    private static func bucket(of value: UInt64) -> Int {
        leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
    }

    /// The sub-bucket index of `value` in ``counts``.
    @inline(__always)
    static func index(of value: UInt64) -> Int {
        let bucket = bucket(of: value)
        let subBucket = Int(truncatingIfNeeded: value >> UInt64(bucket))
        return ((bucket + 1) << subBucketHalfCountMagnitude) + subBucket - subBucketHalfCount
    }

    /// The lowest value of sub-bucket `index`.
    @inline(__always)
    static func value(at index: Int) -> UInt64 {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket)
    }

    /// The lowest value counted with `value`.
    @inline(__always)
    static func lowestEquivalent(_ value: UInt64) -> UInt64 {
        let bucket = bucket(of: value)
        return (value >> UInt64(bucket)) << UInt64(bucket)
    }

    /// How many values are counted with `value`: its sub-bucket's width.
    @inline(__always)
    static func sizeOfEquivalentRange(_ value: UInt64) -> UInt64 {
        1 << UInt64(bucket(of: value))
    }

    /// The highest value counted with `value`.
    @inline(__always)
    static func highestEquivalent(_ value: UInt64) -> UInt64 {
        lowestEquivalent(value) + sizeOfEquivalentRange(value) - 1
    }
}
