/// How a ``LoadBalancer`` chooses the server for each request: round robin, smooth weighted round
/// robin, least connections, random, power of two choices, health-based, IP hash, consistent hash
/// (with or without bounded loads), or the assignment's consistent hash map.
///
/// A strategy only chooses. The balancer decides beforehand which servers may take the request —
/// healthy ones (or every primary in panic mode), those not yet tried for this request, the
/// primaries unless none is up (then the backups), those below their connection limit — and marks
/// the others ineligible in the list it hands over. Health checking, retries, queueing, slow start
/// and the gateway in front of the servers are therefore the same whatever the strategy.
///
/// Conformers are value types held by the balancer actor: they are copied (a trial copy validates
/// an `add` before it is committed) and never shared, so they need no locking. A strategy that
/// draws random numbers uses only the `random` stream it is handed, which the balancer keeps apart
/// from its own, so switching strategies never changes what anything else draws.
public protocol BalancingStrategy: Sendable {
    /// The strategy's name as scenario files and reports spell it, e.g. `least_conn`.
    var name: String { get }

    /// A server joined the balancer with `weight` (at least 1).
    ///
    /// - Throws: ``PlacementError`` when the strategy cannot take the server (the assignment's map
    ///   has no free slot, say). The strategy must then be unchanged.
    mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError)

    /// A server left the balancer; the strategy forgets it.
    mutating func serverRemoved(_ serverID: Int)

    /// Chooses the server for `request`.
    ///
    /// - Parameters:
    ///   - request: The request; hashing strategies read its key or its client.
    ///   - servers: Every member of the balancer in the order it joined, eligible or not, so that
    ///     hashing strategies see a stable set; only servers with `isEligible` may be returned.
    ///   - random: The strategy's own seeded stream.
    /// - Returns: The id of an eligible server, or nil when the strategy finds none.
    mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int?

    /// Chooses the server for `request` at the virtual instant `now`: what the balancer calls.
    /// Strategies whose state ages with time (`health_based`) read `now`; the others keep the
    /// default, which is ``pick(_:from:random:)``.
    mutating func pick(_ request: Request, from servers: [UpstreamCandidate], at now: VirtualInstant, random: inout SeededRandom) -> Int?

    /// A forward that this strategy picked has ended — answered or failed — after `latency`.
    /// Called exactly once per successful pick, right after the forward ends (so at the pick's
    /// instant plus `latency`: the balancer starts the forward at the instant it picks),
    /// for every forward the balancer made (retries included).
    mutating func forwardEnded(_ request: Request, serverID: Int, outcome: ForwardOutcome, latency: Duration)

    /// Passive health counted a failed forward to `serverID`, a server of `weight` behind a
    /// balancer with `max_fails` = `maxFails` (at least 1): nginx's
    /// `ngx_http_upstream_free_round_robin_peer` with `NGX_PEER_FAILED`. The strategies that
    /// keep nginx's `effective_weight` (smooth weighted round robin, and least connections for
    /// its ties) lower it by `weight / maxFails` (integer division), not below zero. Not called
    /// for a lone server (`peers->single`), whose failures nginx does not count.
    mutating func passiveFailure(of serverID: Int, weight: Int, maxFails: Int)
}

extension BalancingStrategy {
    /// Strategies that keep no per-server state accept every server.
    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {}

    /// Strategies that keep no per-server state have nothing to forget.
    public mutating func serverRemoved(_ serverID: Int) {}

    /// Strategies whose choice does not depend on time ignore `now`.
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], at now: VirtualInstant, random: inout SeededRandom) -> Int? {
        pick(request, from: servers, random: &random)
    }

    /// Strategies that do not learn from outcomes ignore them.
    public mutating func forwardEnded(_ request: Request, serverID: Int, outcome: ForwardOutcome, latency: Duration) {}

    /// Strategies that keep no `effective_weight` ignore passive health's failures.
    public mutating func passiveFailure(of serverID: Int, weight: Int, maxFails: Int) {}
}

/// One server as a ``BalancingStrategy`` sees it at the moment of a pick.
public struct UpstreamCandidate: Sendable, Equatable {
    /// The server's id (`i` of the assignment's hash functions).
    public var serverID: Int
    /// Its configured weight, at least 1.
    public var weight: Int
    /// Its weight right now: `weight`, or less while it slow-starts after a recovery. (nginx's
    /// `effective_weight`, which failures lower, is kept by the strategies that use it: it
    /// moves at their picks.)
    public var effectiveWeight: Double
    /// Forwards to it that are in flight right now (its active connections).
    public var activeRequests: Int
    /// Whether it may take this request: healthy (or the balancer is in panic), not already tried
    /// for this request, in the tier that serves now, and below its connection limit.
    public var isEligible: Bool

    /// A candidate; `effectiveWeight` defaults to `weight`.
    public init(serverID: Int, weight: Int = 1, effectiveWeight: Double? = nil, activeRequests: Int = 0, isEligible: Bool = true) {
        self.serverID = serverID
        self.weight = weight
        self.effectiveWeight = effectiveWeight ?? Double(weight)
        self.activeRequests = activeRequests
        self.isEligible = isEligible
    }

    /// Active requests per unit of weight: what weighted least-connections compares.
    @inline(__always)
    var loadPerWeight: Double { Double(activeRequests) / Swift.max(effectiveWeight, .leastNormalMagnitude) }
}

/// How one forward from the balancer to a server ended.
public enum ForwardOutcome: Sendable, Equatable {
    /// The server answered with `status`.
    case answered(status: Int)
    /// No answer: the network error the balancer saw (a connect error or the per-try timeout).
    case failed(NetworkError)

    /// Whether it counts as an error for strategies that learn from outcomes: a 5xx or no answer.
    public var isError: Bool {
        switch self {
        case .answered(let status): return status >= 500
        case .failed: return true
        }
    }
}
