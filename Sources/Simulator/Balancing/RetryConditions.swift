/// When a failed forward is retried on another server and counts against the server's passive
/// health: nginx's `proxy_next_upstream error timeout http_5xx…`.
///
/// As in nginx, connect errors and timeouts always count as failures for passive health (`max_fails`)
/// even when they are not retried, while a 5xx answer counts only when `http5xx` is listed.
public struct RetryConditions: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The connection failed: refused (nothing listening) or unreachable.
    public static let error = RetryConditions(rawValue: 1 << 0)
    /// No answer within the per-try timeout.
    public static let timeout = RetryConditions(rawValue: 1 << 1)
    /// The server answered 500, 502, 503, 504 or any other 5xx.
    public static let http5xx = RetryConditions(rawValue: 1 << 2)

    /// nginx's default, `proxy_next_upstream error timeout`.
    public static let nginxDefault: RetryConditions = [.error, .timeout]

    /// Whether a forward that ended with `outcome` may be retried on another server.
    public func matches(_ outcome: ForwardOutcome) -> Bool {
        switch outcome {
        case .failed(.timeout): return contains(.timeout)
        case .failed: return contains(.error)
        case .answered(let status): return status >= 500 && contains(.http5xx)
        }
    }

    /// Whether `outcome` is an unsuccessful attempt for passive health: every connect error and
    /// timeout, and a 5xx only when 5xx answers are retried.
    public func isFailure(_ outcome: ForwardOutcome) -> Bool {
        switch outcome {
        case .failed: return true
        case .answered(let status): return status >= 500 && contains(.http5xx)
        }
    }
}
