/// How the balancer maps a request id to a server: the assignment's consistent hash map, or any
/// other ``KeyPlacement`` (ring, jump, Maglev, rendezvous, bounded loads) for experiment A-4.
public enum BalancerPlacement: Sendable {
    /// The assignment's map (M slots, K virtual servers, H and Φ, probing).
    case assignment(ConsistentHashMap)
    /// Any other stateless placement algorithm, keyed by request id (made with
    /// ``general(_:)``), in a box that is never changed in place: adding or removing a server puts
    /// a new box here.
    ///
    /// Boxed so that the enum stays loadable: an `any KeyPlacement` payload made it address-only,
    /// and routing a request copied the whole enum (the map's or the ring's arrays, retained and
    /// released) to look at its case.
    case other(SharedPlacement)
    /// Consistent hashing with bounded loads: a request counts against its server's capacity
    /// from routing until its answer, so the loads are the requests in flight.
    case boundedLoads(BoundedLoadRing)

    /// The server for `key`, skipping the servers in `excluded` (a retry after a failure): on the
    /// assignment map the next virtual server clockwise that belongs to another server; elsewhere
    /// the algorithm's answer for a remixed key.
    ///
    /// - Complexity: O(1) without exclusions; O(M) slots at worst with them on the assignment map.
    public func server(for key: UInt64, excluding excluded: [Int] = []) -> Int? {
        switch self {
        case .assignment(let map):
            guard let first = map.server(forRequest: key) else { return nil }
            if !excluded.contains(first) { return first }
            let start = map.slot(forRequest: key)
            let slots = map.configuration.slotCount
            for offset in 0..<slots {
                if let occupant = map.occupant(ofSlot: (start + offset) % slots), !excluded.contains(occupant.serverID) {
                    return occupant.serverID
                }
            }
            return nil
        case .boundedLoads(let ring):
            return Self.probe(ring, for: key, excluding: excluded)
        case .other(let box):
            return Self.probe(box.placement, for: key, excluding: excluded)
        }
    }

    /// Any other placement wraps `placement`.
    public static func general(_ placement: any KeyPlacement) -> BalancerPlacement {
        .other(SharedPlacement(placement))
    }

    /// `placement`'s node for `key`, or for the key remixed up to 15 times while the node is
    /// excluded; then its first node that is not.
    private static func probe(_ placement: some KeyPlacement, for key: UInt64, excluding excluded: [Int]) -> Int? {
        var probe = key
        for _ in 0..<16 {
            guard let node = placement.node(for: probe) else { return nil }
            if !excluded.contains(node) { return node }
            probe = StableHash.fold(probe, 0x5F35_6495)
        }
        return placement.nodes.first { !excluded.contains($0) }
    }

    /// The server for a request with `key` about to be forwarded; with bounded loads the request
    /// now counts against that server until ``release(_:)``.
    public mutating func acquire(_ key: UInt64, excluding excluded: [Int]) -> Int? {
        guard case .boundedLoads(var ring) = self, excluded.isEmpty else { return server(for: key, excluding: excluded) }
        let node = ring.assign(key)
        self = .boundedLoads(ring)
        return node
    }

    /// The request with `key` has been answered (bounded loads only; a no-op otherwise).
    public mutating func release(_ key: UInt64) {
        guard case .boundedLoads(var ring) = self else { return }
        ring.release(key)
        self = .boundedLoads(ring)
    }

    /// Adds server `id` named `hostname`.
    public mutating func add(id: Int, hostname: String) throws(PlacementError) {
        switch self {
        case .assignment(var map):
            try map.addServer(id: id, hostname: hostname)
            self = .assignment(map)
        case .other(let box):
            var placement = box.placement
            try placement.add(node: id)
            self = .general(placement)
        case .boundedLoads(var ring):
            try ring.add(node: id)
            self = .boundedLoads(ring)
        }
    }

    /// Removes server `id`.
    public mutating func remove(id: Int) throws(PlacementError) {
        switch self {
        case .assignment(var map):
            try map.removeServer(id: id)
            self = .assignment(map)
        case .other(let box):
            var placement = box.placement
            try placement.remove(node: id)
            self = .general(placement)
        case .boundedLoads(var ring):
            try ring.remove(node: id)
            self = .boundedLoads(ring)
        }
    }
}

/// A ``KeyPlacement`` of any kind, held by reference and never changed: what
/// ``BalancerPlacement/other(_:)`` carries.
public final class SharedPlacement: Sendable {
    /// The placement.
    public let placement: any KeyPlacement

    init(_ placement: any KeyPlacement) {
        self.placement = placement
    }
}
