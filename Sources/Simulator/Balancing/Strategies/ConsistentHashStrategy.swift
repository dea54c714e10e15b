/// nginx's `hash $key consistent` (ketama), optionally with HAProxy's `hash-balance-factor`
/// (consistent hashing with bounded loads): the request key — or the client's address — is placed
/// on a ring of 160 points per unit of a server's weight (nginx's `npoints = weight · 160`) and
/// goes to the first eligible server clockwise.
///
/// Without a balance factor a hot key always lands on the same server, however busy it is. With
/// factor `c` (> 1) a server of weight `w` may take a new request only while its active requests
/// are below `⌈c · (A + 1) · w / W⌉`, where `A` is the active requests over the eligible servers
/// and `W` their weight (`⌈c · (A + 1) / m⌉` for `m` equal ones; HAProxy scales the bound by each
/// server's weight likewise); a request whose server is full walks on clockwise to the next one
/// with room. Loads then stay within `c`
/// times the average while most keys still land where they always do (Mirrokni, Thorup and
/// Zadimoghaddam; HAProxy and Envoy implement it this way).
///
/// An ineligible server is skipped by walking on, so only its own keys move while it is down.
public struct ConsistentHashStrategy: BalancingStrategy {
    /// What is hashed.
    public enum Key: String, Sendable, Equatable, CaseIterable {
        /// The request's key (a URI, a user id, the assignment's request id).
        case request
        /// The client's address: consistent IP hashing.
        case client
    }

    /// What is hashed.
    public let key: Key
    /// The bound on a server's load as a multiple of the average, or nil for plain consistent hashing.
    public let balanceFactor: Double?
    private var ring: HashRing

    /// A ring with `virtualNodes` points per server.
    ///
    /// - Throws: ``PlacementError/invalidConfiguration(reason:)`` for fewer than one point per
    ///   server or a balance factor that is not above 1.
    public init(key: Key = .request, virtualNodes: Int = HashRing.defaultVirtualNodesPerNode, balanceFactor: Double? = nil) throws(PlacementError) {
        if let balanceFactor, !(balanceFactor > 1 && balanceFactor.isFinite) {
            throw .invalidConfiguration(reason: "balance factor \(balanceFactor) must be greater than 1")
        }
        self.key = key
        self.balanceFactor = balanceFactor
        ring = try HashRing(virtualNodesPerNode: virtualNodes)
    }

    public var name: String { balanceFactor == nil ? "hash" : "hash_bounded" }

    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {
        try ring.add(node: serverID, weight: weight)
    }

    public mutating func serverRemoved(_ serverID: Int) {
        try? ring.remove(node: serverID)
    }

    /// - Complexity: O(log(*n·V*)) to find the key's point, plus O(*n*) per point walked past.
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        let owners = ring.owners
        guard !owners.isEmpty else { return nil }
        // The bound per unit of weight, c · (A + 1) / W; nil without a balance factor.
        var boundPerWeight: Double?
        if let balanceFactor {
            var weight = 0.0, active = 0
            for server in servers where server.isEligible {
                weight += server.effectiveWeight
                active += server.activeRequests
            }
            guard weight > 0 else { return nil }
            boundPerWeight = balanceFactor * Double(active + 1) / weight
        }
        let hashed = key == .request ? request.key : request.client.stableHash
        let start = ring.successorIndex(of: HashRing.position(ofKey: hashed))
        for step in 0..<owners.count {
            let owner = owners[(start + step) % owners.count]
            guard let server = servers.first(where: { $0.serverID == owner }), server.isEligible else { continue }
            guard let boundPerWeight else { return owner }
            if server.activeRequests < Int(capacityRoundingUp: boundPerWeight * server.effectiveWeight) { return owner }
        }
        return nil
    }
}
