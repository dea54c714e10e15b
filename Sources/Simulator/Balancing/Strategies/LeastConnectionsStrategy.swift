/// nginx's `least_conn`: the eligible server with the fewest active requests per unit of weight;
/// ties are broken by smooth weighted round robin among the tied servers, exactly as nginx does,
/// so an idle cluster still rotates instead of always choosing its first server.
///
/// Active requests are counted by the balancer (forwards in flight), so a server that has stopped
/// answering keeps its connections until they time out and is avoided meanwhile.
///
/// The tie break is nginx's rotation with its `effective_weight`
/// (``SmoothWeightedRoundRobinStrategy``): a failure counted by passive health lowers it, and
/// each pick among several tied servers raises it by one for each of them. A pick with a single
/// least-loaded server moves no weight at all, as in nginx, whose comparison of loads uses the
/// configured weights (here the slow-start weight, nginx Plus's `slow_start`), never
/// `effective_weight`.
public struct LeastConnectionsStrategy: BalancingStrategy {
    private var peers = ServerIDMap<SmoothWeightedRoundRobinStrategy.Peer>()

    /// A strategy with no history.
    public init() {}

    public var name: String { "least_conn" }

    /// A server joins with its `effective_weight` at its weight and its current weight at 0.
    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {
        peers[serverID] = nil
    }

    public mutating func serverRemoved(_ serverID: Int) {
        peers[serverID] = nil
    }

    public mutating func passiveFailure(of serverID: Int, weight: Int, maxFails: Int) {
        peers[serverID, default: .init()].fail(weight: weight, maxFails: maxFails)
    }

    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        // The lowest so far is kept as its index and its two figures, not as a copy of its candidate.
        var lowest = -1
        var lowestActive = 0.0, lowestWeight = 0.0
        var ties = 0
        for index in servers.indices where servers[index].isEligible {
            let active = Double(servers[index].activeRequests), weight = servers[index].effectiveWeight
            guard lowest >= 0 else {
                (lowest, lowestActive, lowestWeight, ties) = (index, active, weight, 1)
                continue
            }
            // a/wa < b/wb without dividing: a·wb < b·wa.
            let left = active * lowestWeight
            let right = lowestActive * weight
            if left < right {
                (lowest, lowestActive, lowestWeight, ties) = (index, active, weight, 1)
            } else if left == right {
                ties += 1
            }
        }
        guard lowest >= 0 else { return nil }
        if ties == 1 { return servers[lowest].serverID }
        return SmoothWeightedRoundRobinStrategy.step(&peers, among: servers) { index in
            servers[index].isEligible
                && Double(servers[index].activeRequests) * lowestWeight == lowestActive * servers[index].effectiveWeight
        }
    }
}
