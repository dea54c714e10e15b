/// Something the balancer decided about a server or about the whole upstream, with when: the
/// record that failover detection and recovery times are read from.
public struct BalancerEvent: Sendable, Equatable {
    /// Which mechanism acted.
    public enum Cause: String, Sendable, Equatable {
        /// nginx's `max_fails` / `fail_timeout`.
        case passive = "passive health"
        /// Active health checks (`interval`, `rise`, `fall`).
        case active = "health check"
        /// Outlier detection (consecutive errors).
        case outlier = "outlier detection"
        /// The balancer's process restarted: the new one believes every server up
        /// (``LoadBalancer/processBooted(forgetting:)``); only ever a mark-up, of a server the
        /// crashed process held out of rotation, by any mechanism or a deployment's drain.
        case restart = "balancer restart"
    }

    /// What happened.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// The server stopped taking requests.
        case markedDown(Cause)
        /// The server takes requests again.
        case markedUp(Cause)
        /// A server marked down by passive health got its one probe request after `fail_timeout`.
        case probe
        /// The gateway's circuit breaker changed state.
        case circuit(CircuitBreaker.Transition)
        /// Too few primaries were healthy: health was ignored (true) or is heeded again (false).
        case panic(Bool)
        /// A deployment took the server out of rotation to drain it.
        case drainStarted
        /// A deployment put the server back in rotation.
        case backInRotation

        public var description: String {
            switch self {
            case .markedDown(let cause): return "marked down (\(cause.rawValue))"
            case .markedUp(let cause): return "marked up (\(cause.rawValue))"
            case .probe: return "probed after fail_timeout"
            case .circuit(let transition): return "circuit breaker \(transition.rawValue)"
            case .panic(let started): return started ? "panic: routing to every server" : "panic over"
            case .drainStarted: return "draining for a deployment"
            case .backInRotation: return "back in rotation after a deployment"
            }
        }
    }

    /// When.
    public var at: VirtualInstant
    /// The server's hostname, or `upstream` for the whole balancer.
    public var subject: String
    public var kind: Kind

    /// An event.
    public init(at: VirtualInstant, subject: String, kind: Kind) {
        self.at = at
        self.subject = subject
        self.kind = kind
    }
}
