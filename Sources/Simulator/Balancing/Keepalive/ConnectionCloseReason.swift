/// Why a balancer→server connection was closed (or, for `refused`, never opened).
public enum ConnectionCloseReason: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Freed into a worker's full cache: the least recently used idle connection is closed.
    case evicted
    /// It carried `keepalive_requests` requests.
    case requestLimit
    /// It stayed idle for `keepalive_timeout`.
    case idleTimeout
    /// Its setup or its forward failed (timeout, unreachable, reset): closed, never pooled.
    case failure
    /// Taken from the cache after its server's process had crashed or restarted: the request
    /// sent on it met a reset (or nothing).
    case stale
    /// The server was at its connection limit and refused the setup.
    case refused
    /// No cache (`keepalive 0`): closed after its one request.
    case notPooled
    /// The balancer's process crashed (or was killed for a restart): its sockets went with it,
    /// idle, in use or being set up (``ConnectionPools/dropAll()``).
    case crash

    /// The reason's name in reports and metric names.
    public var description: String {
        switch self {
        case .evicted: return "evicted"
        case .requestLimit: return "request_limit"
        case .idleTimeout: return "idle_timeout"
        case .failure: return "failure"
        case .stale: return "stale"
        case .refused: return "refused"
        case .notPooled: return "not_pooled"
        case .crash: return "crash"
        }
    }
}
