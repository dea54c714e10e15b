/// The strategies a scenario can name, as values: what `balancer.strategy` in a scenario file
/// reads into and what the strategy comparison iterates over.
public enum BalancingStrategyKind: Sendable, Equatable, CustomStringConvertible {
    /// ``RoundRobinStrategy``.
    case roundRobin
    /// ``SmoothWeightedRoundRobinStrategy``.
    case weightedRoundRobin
    /// ``LeastConnectionsStrategy``.
    case leastConnections
    /// ``RandomStrategy``.
    case random
    /// ``PowerOfTwoChoicesStrategy``.
    case leastRequest
    /// ``HealthBasedStrategy`` with its default averaging.
    case healthBased
    /// ``IPHashStrategy``.
    case ipHash
    /// ``ConsistentHashStrategy`` on `key`, bounded to `balanceFactor` times the average load
    /// when one is given.
    case consistentHash(key: ConsistentHashStrategy.Key, balanceFactor: Double?)

    /// The names scenario files use, in the order reports list them.
    public static let names = ["round_robin", "weighted_round_robin", "least_conn", "random", "least_request", "health_based", "ip_hash", "hash", "hash_bounded"]

    /// The strategy's name: one of ``names``.
    public var name: String {
        switch self {
        case .roundRobin: return "round_robin"
        case .weightedRoundRobin: return "weighted_round_robin"
        case .leastConnections: return "least_conn"
        case .random: return "random"
        case .leastRequest: return "least_request"
        case .healthBased: return "health_based"
        case .ipHash: return "ip_hash"
        case .consistentHash(_, let factor): return factor == nil ? "hash" : "hash_bounded"
        }
    }

    /// Whether its picks read a server's slow-start weight (``UpstreamCandidate/effectiveWeight``),
    /// so that `slow_start` changes anything: smooth weighted round robin, least connections,
    /// random and least request draw or compare by it, health based divides its cost by it, and a
    /// bounded hash caps a server's load by it. Round robin ignores weights, IP hash walks the
    /// configured weights, and a plain hash keeps each key on its ring point's server (the ring is
    /// built from the configured weights): nginx refuses `slow_start` with `hash` and `ip_hash`.
    public var usesSlowStartWeight: Bool {
        switch self {
        case .weightedRoundRobin, .leastConnections, .random, .leastRequest, .healthBased: return true
        case .consistentHash(_, let factor): return factor != nil
        case .roundRobin, .ipHash: return false
        }
    }

    /// The names of the strategies that use a slow-start weight (``usesSlowStartWeight``), in the
    /// order of ``names``.
    public static let slowStartNames = ["weighted_round_robin", "least_conn", "random", "least_request", "health_based", "hash_bounded"]

    public var description: String {
        switch self {
        case .consistentHash(let key, let factor):
            let on = key == .request ? "request key" : "client address"
            return factor.map { "\(name) (on the \(on), balance factor \($0))" } ?? "\(name) (on the \(on))"
        default:
            return name
        }
    }

    /// A fresh strategy of this kind, with no servers.
    ///
    /// - Throws: ``PlacementError/invalidConfiguration(reason:)`` for a balance factor not above 1.
    public func makeStrategy() throws(PlacementError) -> any BalancingStrategy {
        switch self {
        case .roundRobin: return RoundRobinStrategy()
        case .weightedRoundRobin: return SmoothWeightedRoundRobinStrategy()
        case .leastConnections: return LeastConnectionsStrategy()
        case .random: return RandomStrategy()
        case .leastRequest: return PowerOfTwoChoicesStrategy()
        case .healthBased: return HealthBasedStrategy()
        case .ipHash: return IPHashStrategy()
        case .consistentHash(let key, let factor): return try ConsistentHashStrategy(key: key, balanceFactor: factor)
        }
    }
}
