/// How the balancer maps a request id to a server: the assignment's consistent hash map, or any
/// other ``KeyPlacement`` (ring, jump, Maglev, rendezvous, bounded loads) for experiment A-4.
public enum BalancerPlacement: Sendable {
    /// The assignment's map (M slots, K virtual servers, H and Φ, probing).
    case assignment(ConsistentHashMap)
    /// Any other placement algorithm, keyed by request id.
    case general(any KeyPlacement)

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
        case .general(let placement):
            var probe = key
            for _ in 0..<16 {
                guard let node = placement.node(for: probe) else { return nil }
                if !excluded.contains(node) { return node }
                probe = StableHash.fold(probe, 0x5F35_6495)
            }
            return placement.nodes.first { !excluded.contains($0) }
        }
    }

    /// Adds server `id` named `hostname`.
    public mutating func add(id: Int, hostname: String) throws(PlacementError) {
        switch self {
        case .assignment(var map):
            try map.addServer(id: id, hostname: hostname)
            self = .assignment(map)
        case .general(var placement):
            try placement.add(node: id)
            self = .general(placement)
        }
    }

    /// Removes server `id`.
    public mutating func remove(id: Int) throws(PlacementError) {
        switch self {
        case .assignment(var map):
            try map.removeServer(id: id)
            self = .assignment(map)
        case .general(var placement):
            try placement.remove(node: id)
            self = .general(placement)
        }
    }
}
