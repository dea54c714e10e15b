/// How a call across the network failed, as the caller sees it.
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer by the caller's deadline: the request or the response was dropped, or the
    /// destination is crashed, paused or too slow. Raised exactly at the deadline.
    case timeout
    /// No route: the caller and the destination are on different sides of a partition, or the
    /// destination is unknown. Raised after one link latency (the router's answer).
    case unreachable
    /// The destination host is up but nothing is accepting connections (it is still booting after
    /// a restart). Raised after one round trip.
    case refused

    public var description: String {
        switch self {
        case .timeout: return "timeout"
        case .unreachable: return "unreachable"
        case .refused: return "refused"
        }
    }

    /// What happened, in the words of a caller that gave `peer` (`the log`, `the shuffle store`)
    /// `limit` to answer: `the log did not answer within 1.000s`, `no route to the log (a network
    /// partition)`, `the log refused the connection (it was restarting)`.
    public func explanation(of peer: String, within limit: Duration) -> String {
        switch self {
        case .timeout: return "\(peer) did not answer within \(limit.formattedSeconds)"
        case .unreachable: return "no route to \(peer) (a network partition)"
        case .refused: return "\(peer) refused the connection (it was restarting)"
        }
    }
}
