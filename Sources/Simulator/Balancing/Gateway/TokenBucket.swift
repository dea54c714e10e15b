/// A token bucket: tokens accrue at `rate` per second up to `burst`; each request takes one, and a
/// request that finds the bucket empty is rejected with a 429. The balancer keeps one bucket per
/// client address (seed 001's gateway), so one noisy client cannot use up the servers' capacity.
///
/// This is Envoy's local rate limit (`token_bucket` with `max_tokens` = `burst`, refilled at
/// `rate`), which answers 429. It is not nginx's `limit_req … burst=B nodelay`: nginx admits B + 1
/// requests at once (so `burst` here is nginx's B + 1) and rejects with 503 unless
/// `limit_req_status` says otherwise.
public struct TokenBucket: Sendable, Equatable {
    /// The limit.
    public struct Configuration: Sendable, Equatable {
        /// Sustained requests per second a client may make.
        public var rate: Double
        /// How many requests a client may make at once after being quiet (the bucket's size).
        public var burst: Int

        /// `rate` requests per second with bursts of up to `burst`.
        public init(rate: Double, burst: Int) {
            precondition(rate > 0 && burst >= 1, "a rate limit needs a positive rate and a burst of at least 1")
            self.rate = rate
            self.burst = burst
        }
    }

    /// Tokens left (fractional tokens accrue between requests).
    public private(set) var tokens: Double
    /// When `tokens` was last brought up to date.
    public private(set) var updated: VirtualInstant

    /// A full bucket at `now`.
    public init(_ configuration: Configuration, now: VirtualInstant) {
        tokens = Double(configuration.burst)
        updated = now
    }

    /// Takes a token at `now` if there is one; returns whether the request may pass.
    public mutating func take(_ configuration: Configuration, at now: VirtualInstant) -> Bool {
        tokens = Swift.min(Double(configuration.burst), tokens + updated.duration(to: now).seconds * configuration.rate)
        updated = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
