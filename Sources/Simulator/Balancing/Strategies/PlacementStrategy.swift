/// The assignment's routing as a strategy: the request key goes through a ``BalancerPlacement`` —
/// the assignment's consistent hash map, or any other ``KeyPlacement`` (ring, jump, Maglev,
/// rendezvous, bounded loads) — and a server that may not take the request is skipped the way that
/// placement skips: on the map, the next virtual server clockwise that belongs to another server.
///
/// Experiments A-1 … A-4 route through this strategy, and it draws nothing and changes nothing
/// else, so their results are exactly those of the balancer before strategies existed.
public struct PlacementStrategy: BalancingStrategy {
    /// The placement requests are routed through.
    public private(set) var placement: BalancerPlacement

    /// Routes through `placement` (servers are added by the balancer).
    public init(_ placement: BalancerPlacement) {
        self.placement = placement
    }

    public var name: String {
        switch placement {
        case .assignment: return "assignment_map"
        case .other: return "placement"
        case .boundedLoads: return "bounded_loads"
        }
    }

    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {
        try placement.add(id: serverID, hostname: hostname)
    }

    public mutating func serverRemoved(_ serverID: Int) {
        try? placement.remove(id: serverID)
    }

    /// Ineligible servers are the placement's exclusions; with none, the placement answers for
    /// the key alone (and, with bounded loads, counts the request against the server).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        var excluded: [Int] = []
        for server in servers where !server.isEligible { excluded.append(server.serverID) }
        return placement.acquire(request.key, excluding: excluded)
    }

    /// With bounded loads the request stops counting against its server.
    public mutating func forwardEnded(_ request: Request, serverID: Int, outcome: ForwardOutcome, latency: Duration) {
        placement.release(request.key)
    }
}
