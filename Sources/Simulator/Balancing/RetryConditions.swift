/// When a failed forward is retried on another server and counts against the server's passive
/// health: nginx's `proxy_next_upstream error timeout http_500 http_503 …`.
///
/// As in nginx, connect errors and timeouts always count as failures for passive health (`max_fails`)
/// even when they are not retried, while a server's answer counts only when its status is listed,
/// and then exactly that status: with `[.error, .timeout, .http503]` a 500 is neither retried nor
/// counted. A listed 404 is retried but, as nginx's `http_404`, never counts as a failure.
///
/// Orrery's servers answer 500 (errors, a hang's end, work lost in a crash), 503 (a full queue)
/// and 404 (a path they do not serve), never 502, 504, 403 or 429: nginx's `http_502` and
/// `http_504` are accepted and never met, and `http_403` and `http_429` are not offered.
public struct RetryConditions: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The connection failed: refused (nothing listening), reset or unreachable.
    public static let error = RetryConditions(rawValue: 1 << 0)
    /// No answer within the per-try timeout.
    public static let timeout = RetryConditions(rawValue: 1 << 1)
    /// The server answered 500 (nginx's `http_500`).
    public static let http500 = RetryConditions(rawValue: 1 << 2)
    /// The server answered 502 (nginx's `http_502`).
    public static let http502 = RetryConditions(rawValue: 1 << 3)
    /// The server answered 503 (nginx's `http_503`).
    public static let http503 = RetryConditions(rawValue: 1 << 4)
    /// The server answered 504 (nginx's `http_504`).
    public static let http504 = RetryConditions(rawValue: 1 << 5)
    /// The server answered 404 (nginx's `http_404`): retried, never a failure for passive health.
    public static let http404 = RetryConditions(rawValue: 1 << 6)
    /// A 5xx nginx has no word for (501, 505 …): only ``http5xx`` covers it.
    public static let otherHTTP5xx = RetryConditions(rawValue: 1 << 7)
    /// Every 5xx: Orrery's shorthand (`http_5xx`, like Envoy's `retry_on: 5xx`), not an nginx word.
    public static let http5xx: RetryConditions = [.http500, .http502, .http503, .http504, .otherHTTP5xx]

    /// nginx's default, `proxy_next_upstream error timeout`.
    public static let nginxDefault: RetryConditions = [.error, .timeout]

    /// The condition an answer with `status` meets, if any.
    static func condition(ofStatus status: Int) -> RetryConditions? {
        switch status {
        case 500: .http500
        case 502: .http502
        case 503: .http503
        case 504: .http504
        case 404: .http404
        case 500..<600: .otherHTTP5xx
        default: nil
        }
    }

    /// Whether a forward that ended with `outcome` may be retried on another server.
    public func matches(_ outcome: ForwardOutcome) -> Bool {
        switch outcome {
        case .failed(.timeout): return contains(.timeout)
        case .failed: return contains(.error)
        case .answered(let status): return RetryConditions.condition(ofStatus: status).map(contains) ?? false
        }
    }

    /// Whether `outcome` is an unsuccessful attempt for passive health: every connect error and
    /// timeout, and an answer whose status is listed, except a 404.
    public func isFailure(_ outcome: ForwardOutcome) -> Bool {
        switch outcome {
        case .failed: return true
        case .answered(404): return false
        case .answered: return matches(outcome)
        }
    }
}
