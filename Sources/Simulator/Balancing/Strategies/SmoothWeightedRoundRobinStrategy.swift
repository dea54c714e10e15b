/// nginx's smooth weighted round robin (`ngx_http_upstream_get_peer`): every pick adds each
/// eligible server's weight to its current weight, takes the server with the largest current
/// weight (the first one on ties), and subtracts the total weight from the winner.
///
/// Over any window of Σw picks each server is chosen exactly `w` times, and the choices of a heavy
/// server are spread out instead of bunched: weights 5, 1, 1 give a, a, b, a, c, a, a. The weight
/// used is the effective one, so a server in slow start gets proportionally fewer requests.
public struct SmoothWeightedRoundRobinStrategy: BalancingStrategy {
    /// Each server's current weight, by id.
    private var current = ServerIDMap<Double>()

    /// A rotation with every current weight at zero.
    public init() {}

    public var name: String { "weighted_round_robin" }

    public mutating func serverRemoved(_ serverID: Int) {
        current[serverID] = nil
    }

    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        SmoothWeightedRoundRobinStrategy.step(&current, among: servers) { servers[$0].isEligible }
    }

    /// One step of the algorithm over the servers whose index `include` admits; shared with the
    /// strategies that break ties by it as nginx's least connections does.
    static func step(_ current: inout ServerIDMap<Double>, among servers: [UpstreamCandidate], include: (Int) -> Bool) -> Int? {
        var total = 0.0
        var best: Int?
        var bestWeight = -Double.infinity
        current.update(servers, where: include, default: 0) { index, value in
            let weight = servers[index].effectiveWeight
            value += weight
            total += weight
            if best == nil || value > bestWeight {
                best = servers[index].serverID
                bestWeight = value
            }
        }
        if let best { current[best] = bestWeight - total }
        return best
    }
}
