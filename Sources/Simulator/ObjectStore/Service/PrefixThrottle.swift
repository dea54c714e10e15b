/// Per-prefix token buckets in virtual time: S3's request-rate limits.
///
/// Each (prefix, request class) has a bucket holding at most one second's worth of requests,
/// refilled continuously at the class's rate. A request takes one token or, if none is left, is
/// refused (the store answers `SlowDown`). Tokens are counted in token-nanoseconds (a token is
/// 10⁹ units, and the refill adds `rate` units per nanosecond), so the arithmetic is exact
/// integer arithmetic and a replay refuses exactly the same requests.
struct PrefixThrottle: Sendable {
    private struct BucketKey: Hashable {
        let prefix: String
        let kind: ObjectStoreAccess.Kind
    }

    private struct TokenBucket {
        var units: Int64
        var refilledAt: Int64
    }

    private static let unitsPerToken: Int64 = 1_000_000_000
    private let writesPerSecond: Int64
    private let readsPerSecond: Int64
    /// Only looked up, never iterated in an order that matters (pruning keeps a subset).
    private var buckets: [BucketKey: TokenBucket] = [:]

    /// A throttle admitting `writesPerSecond` writes and `readsPerSecond` reads per prefix.
    init(writesPerSecond: Int, readsPerSecond: Int) {
        self.writesPerSecond = Int64(writesPerSecond)
        self.readsPerSecond = Int64(readsPerSecond)
    }

    /// Takes a token for `access` at virtual time `now` (ns); false when the prefix is over its rate.
    mutating func admit(_ access: ObjectStoreAccess, now: Int64) -> Bool {
        let rate = access.kind == .write ? writesPerSecond : readsPerSecond
        let capacity = rate * Self.unitsPerToken
        let key = BucketKey(prefix: access.throttledPrefix, kind: access.kind)
        var bucket = buckets[key] ?? TokenBucket(units: capacity, refilledAt: now)
        // Past one second every bucket is full again; clamping first keeps the product in range.
        let elapsed = min(max(now - bucket.refilledAt, 0), Self.unitsPerToken)
        bucket.units = min(capacity, bucket.units + elapsed * rate)
        bucket.refilledAt = now
        let admitted = bucket.units >= Self.unitsPerToken
        if admitted { bucket.units -= Self.unitsPerToken }
        buckets[key] = bucket
        return admitted
    }

    /// Forgets buckets idle for a second or more: they are full, exactly like a bucket never used.
    mutating func prune(now: Int64) {
        buckets = buckets.filter { now - $0.value.refilledAt < Self.unitsPerToken }
    }

    /// Number of prefixes currently tracked (for tests of pruning).
    var trackedBucketCount: Int { buckets.count }
}
