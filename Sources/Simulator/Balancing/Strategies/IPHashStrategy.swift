/// nginx's `ip_hash`: the client's address decides the server, so a client keeps reaching the same
/// server while the set of servers and their health do not change (session persistence without
/// shared session state).
///
/// The client address (the client host's name, hashed with FNV-1a) is mixed, reduced modulo the
/// total weight of all members and mapped to a server by walking the weights; if that server is
/// ineligible the hash is remixed and the walk repeated, up to 20 times as in nginx, after which
/// the request goes where nginx's fallback (`ngx_http_upstream_get_round_robin_peer`) sends it:
/// the next pick of smooth weighted round robin over the eligible servers (a plain rotation
/// once ignored the weights there), whose `effective_weight` a failure lowers as in nginx. All
/// members take part in the modulus, eligible or not, so a server going down moves only its own
/// clients.
public struct IPHashStrategy: BalancingStrategy {
    /// nginx's limit on rehashing before it falls back to round robin.
    static let maximumRehashes = 20
    private var fallback = SmoothWeightedRoundRobinStrategy()

    /// A strategy with no state beyond its fallback rotation.
    public init() {}

    public var name: String { "ip_hash" }

    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {
        try fallback.serverAdded(serverID, hostname: hostname, weight: weight)
    }

    public mutating func serverRemoved(_ serverID: Int) {
        fallback.serverRemoved(serverID)
    }

    /// nginx frees an `ip_hash` peer with the round robin's `ngx_http_upstream_free_round_robin_peer`,
    /// so a failure lowers its `effective_weight` there too; only the fallback rotation reads it.
    public mutating func passiveFailure(of serverID: Int, weight: Int, maxFails: Int) {
        fallback.passiveFailure(of: serverID, weight: weight, maxFails: maxFails)
    }

    /// The hash of a client address that the walk starts from.
    static func hash(ofClient client: NodeID) -> UInt64 {
        StableHash.fold(client.stableHash, 0x1F_5A11_D0C4)
    }

    /// - Complexity: O(*n*) per rehash, at most 20 rehashes.
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        let totalWeight = servers.reduce(0) { $0 + UInt64($1.weight) }
        guard totalWeight > 0 else { return nil }
        var hash = IPHashStrategy.hash(ofClient: request.client)
        for attempt in 0..<IPHashStrategy.maximumRehashes {
            var point = hash % totalWeight
            for server in servers {
                let weight = UInt64(server.weight)
                if point < weight {
                    if server.isEligible { return server.serverID }
                    break
                }
                point -= weight
            }
            hash = StableHash.fold(hash, UInt64(attempt + 1))
        }
        return fallback.pick(request, from: servers, random: &random)
    }
}
