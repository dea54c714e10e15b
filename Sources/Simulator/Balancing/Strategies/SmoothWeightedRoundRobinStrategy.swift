/// nginx's smooth weighted round robin (`ngx_http_upstream_get_peer`): every pick adds each
/// eligible server's effective weight to its current weight, takes the server with the largest
/// current weight (the first one on ties), and subtracts the total added from the winner.
///
/// Over any window of Σw picks each server is chosen exactly `w` times, and the choices of a heavy
/// server are spread out instead of bunched: weights 5, 1, 1 give a, a, b, a, c, a, a.
///
/// The weight added is nginx's `effective_weight`: a server's `weight` until passive health counts
/// a failure of it, which lowers it by `weight / max_fails` (integer division; not below 0,
/// ``passiveFailure(of:weight:maxFails:)``); every pick then raises it by one for each eligible
/// server, after adding it, until it is `weight` again. With weights 1 and `max_fails=1` a failed
/// server adds 0 at its first pick after `fail_timeout`, so it is not chosen there unless it is
/// the only one. A server in slow start (nginx Plus's `slow_start`, applied on top) adds that
/// same share of its slow-start weight: `effective_weight / weight` × the ramp's weight. Without
/// failures every server's effective weight is its weight, and the rotation is the plain one.
public struct SmoothWeightedRoundRobinStrategy: BalancingStrategy {
    /// Each server's place in the rotation, by id.
    private var peers = ServerIDMap<Peer>()

    /// A rotation with every current weight at zero.
    public init() {}

    public var name: String { "weighted_round_robin" }

    /// A server joins with its `effective_weight` at its weight and its current weight at 0
    /// (`ngx_http_upstream_init_round_robin`).
    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {
        peers[serverID] = nil
    }

    public mutating func serverRemoved(_ serverID: Int) {
        peers[serverID] = nil
    }

    public mutating func passiveFailure(of serverID: Int, weight: Int, maxFails: Int) {
        peers[serverID, default: Peer()].fail(weight: weight, maxFails: maxFails)
    }

    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        SmoothWeightedRoundRobinStrategy.step(&peers, among: servers) { servers[$0].isEligible }
    }

    /// One server's place in nginx's rotation: its `current_weight`, and how far its
    /// `effective_weight` is below its `weight`.
    struct Peer {
        /// nginx's `current_weight`.
        var current = 0.0
        /// `weight − effective_weight`: 0 but after failures, and never above `weight`. Kept as
        /// the shortfall so that a server with none needs no entry to know its weight.
        var shortfall = 0

        /// The weight this peer adds at a pick: `candidate`'s effective weight (its weight, or its
        /// slow-start weight) scaled by `effective_weight / weight`. With no shortfall it is the
        /// candidate's effective weight itself, bit for bit.
        @inline(__always)
        func weight(of candidate: UpstreamCandidate) -> Double {
            guard shortfall > 0 else { return candidate.effectiveWeight }
            let weight = candidate.weight
            return candidate.effectiveWeight * Double(Swift.max(0, weight - shortfall)) / Double(weight)
        }

        /// `ngx_http_upstream_free_round_robin_peer` for a failed forward: `effective_weight -=
        /// weight / max_fails`, then `effective_weight = 0` if below it.
        mutating func fail(weight: Int, maxFails: Int) {
            guard maxFails > 0 else { return }
            shortfall = Swift.min(weight, shortfall + weight / maxFails)
        }
    }

    /// One step of nginx's algorithm over the servers whose index `include` admits; shared with
    /// least connections, which breaks ties by it as nginx's `least_conn` does, and with
    /// `health_based`, whose peers are never told of a failure (their shortfall stays 0, so each
    /// adds its candidate's effective weight). Each admitted
    /// server adds its effective weight to its current weight and to the total, and then (nginx's
    /// `if (peer->effective_weight < peer->weight) peer->effective_weight++`) gets one closer to
    /// its weight.
    static func step(_ peers: inout ServerIDMap<Peer>, among servers: [UpstreamCandidate], include: (Int) -> Bool) -> Int? {
        var total = 0.0
        var best: Int?
        var bestWeight = -Double.infinity
        peers.update(servers, where: include, default: Peer()) { index, peer in
            let weight = peer.weight(of: servers[index])
            peer.current += weight
            total += weight
            if peer.shortfall > 0 { peer.shortfall -= 1 }
            if best == nil || peer.current > bestWeight {
                best = servers[index].serverID
                bestWeight = peer.current
            }
        }
        if let best { peers[best]?.current = bestWeight - total }
        return best
    }
}
