#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exponential backoff with jitter, as the AWS SDKs retry throttled and failed requests.
///
/// Before retry `n` (1 for the first retry) the client waits `min(maxDelay, baseDelay × 2ⁿ⁻¹)`
/// scaled by a factor drawn uniformly from `[1 − jitter, 1]`, so clients that failed together do
/// not retry together. Jitter comes from the caller's seeded stream, so a replay waits the same.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; 1 means never retry.
    public var maxAttempts: Int
    /// The backoff before the first retry (before jitter).
    public var baseDelay: Duration
    /// The longest backoff (before jitter).
    public var maxDelay: Duration
    /// The share of each backoff that is random: 0 waits exactly, 1 is "full jitter".
    public var jitter: Double

    /// Creates a policy; by default 5 attempts, 100 ms doubling to at most 20 s, half of it jittered.
    public init(maxAttempts: Int = 5, baseDelay: Duration = .milliseconds(100), maxDelay: Duration = .seconds(20), jitter: Double = 0.5) {
        precondition(maxAttempts >= 1, "at least one attempt")
        precondition((0...1).contains(jitter), "jitter is a share of the delay")
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
    }

    /// One attempt and no retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The backoff before retry number `retry` (1-based), before jitter.
    public func ceiling(beforeRetry retry: Int) -> Duration {
        let exponential = baseDelay.seconds * pow(2, Double(max(retry, 1) - 1))
        return .seconds(double: min(exponential, maxDelay.seconds))
    }

    /// The backoff before retry number `retry` (1-based), jittered from `random`.
    public func delay(beforeRetry retry: Int, using random: inout SeededRandom) -> Duration {
        let ceiling = ceiling(beforeRetry: retry).seconds
        return .seconds(double: ceiling * (1 - jitter * random.nextUnitInterval()))
    }
}
