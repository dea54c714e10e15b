/// nginx's `least_conn`: the eligible server with the fewest active requests per unit of weight;
/// ties are broken by smooth weighted round robin among the tied servers, exactly as nginx does,
/// so an idle cluster still rotates instead of always choosing its first server.
///
/// Active requests are counted by the balancer (forwards in flight), so a server that has stopped
/// answering keeps its connections until they time out and is avoided meanwhile.
public struct LeastConnectionsStrategy: BalancingStrategy {
    private var current = ServerIDMap<Double>()

    /// A strategy with no history.
    public init() {}

    public var name: String { "least_conn" }

    public mutating func serverRemoved(_ serverID: Int) {
        current[serverID] = nil
    }

    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        var lowest: UpstreamCandidate?
        var ties = 0
        for server in servers where server.isEligible {
            guard let best = lowest else {
                lowest = server
                ties = 1
                continue
            }
            // a/wa < b/wb without dividing: a·wb < b·wa.
            let left = Double(server.activeRequests) * best.effectiveWeight
            let right = Double(best.activeRequests) * server.effectiveWeight
            if left < right {
                lowest = server
                ties = 1
            } else if left == right {
                ties += 1
            }
        }
        guard let lowest else { return nil }
        if ties == 1 { return lowest.serverID }
        return SmoothWeightedRoundRobinStrategy.step(&current, among: servers) { index in
            let server = servers[index]
            return server.isEligible
                && Double(server.activeRequests) * lowest.effectiveWeight == Double(lowest.activeRequests) * server.effectiveWeight
        }
    }
}
