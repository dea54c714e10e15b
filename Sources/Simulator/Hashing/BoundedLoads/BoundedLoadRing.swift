/// Consistent hashing with bounded loads (Mirrokni, Thorup and Zadimoghaddam, SODA 2018): a
/// `HashRing` whose nodes refuse keys once they hold their capacity, so that a key walks
/// clockwise past full nodes to the first one with room.
///
/// With `m` keys assigned and `n` nodes, the next key may go only to a node holding fewer than
/// `⌈(1 + ε)·(m + 1)/n⌉` keys. Those capacities add up to more than `m`, so some node always has
/// room, and no node ever holds more than `(1 + ε)` times the average (rounded up) once its key
/// arrives.
///
/// Unlike the other placements this one is stateful: it remembers which node each key was
/// assigned to until the key is released, because where a key goes depends on the loads at the
/// time. Keys stay where they were assigned when nodes are added or keys released; so after
/// releases a node can hold more than the (now smaller) capacity until its keys drain.
public struct BoundedLoadRing: KeyPlacement {
    /// `ε` = 0.25: no node takes more than 1.25 times the average load (rounded up).
    public static let defaultEpsilon = 0.25

    /// `ε`, how far above the average load a node may go.
    public let epsilon: Double
    /// The ring that orders candidate nodes for each key.
    public internal(set) var ring: HashRing
    /// Node → number of keys it holds; every present node has an entry.
    var loads: [Int: Int] = [:]
    /// Key → the node it was assigned to.
    var assignments: [UInt64: Int] = [:]

    /// Creates an empty placement.
    ///
    /// - Parameters:
    ///   - epsilon: `ε`, finite and at least 0.
    ///   - virtualNodesPerNode: The ring's points per node.
    /// - Throws: `PlacementError.invalidConfiguration` for a negative or non-finite `ε` or fewer
    ///   than one point per node.
    public init(
        epsilon: Double = BoundedLoadRing.defaultEpsilon,
        virtualNodesPerNode: Int = HashRing.defaultVirtualNodesPerNode
    ) throws(PlacementError) {
        guard epsilon.isFinite, epsilon >= 0 else {
            throw .invalidConfiguration(reason: "epsilon \(epsilon) must be finite and at least 0")
        }
        self.epsilon = epsilon
        self.ring = try HashRing(virtualNodesPerNode: virtualNodesPerNode)
    }

    /// Creates a placement over `nodes` with no keys assigned.
    ///
    /// - Throws: `duplicateNode` or `invalidConfiguration`.
    /// - Complexity: O(*n·V·log(n·V)*) per node.
    public init(
        nodes: some Sequence<Int>,
        epsilon: Double = BoundedLoadRing.defaultEpsilon,
        virtualNodesPerNode: Int = HashRing.defaultVirtualNodesPerNode
    ) throws(PlacementError) {
        try self.init(epsilon: epsilon, virtualNodesPerNode: virtualNodesPerNode)
        for node in nodes {
            try add(node: node)
        }
    }

    /// The node ids, in the order they were added.
    public var nodes: [Int] { ring.nodes }

    /// How many keys are assigned.
    public var assignedKeyCount: Int { assignments.count }

    /// The capacity in force for the next key: a node holding this many keys or more is skipped.
    /// `⌈(1 + ε)·(m + 1)/n⌉` for `m` assigned keys and `n` nodes; 0 when there are no nodes.
    ///
    /// - Complexity: O(1).
    public var capacity: Int {
        guard !ring.nodes.isEmpty else { return 0 }
        let average = Double(assignments.count + 1) / Double(ring.nodes.count)
        return Int(capacityRoundingUp: (1 + epsilon) * average)
    }

    /// How many keys `node` holds; 0 for an absent node.
    ///
    /// - Complexity: O(1).
    public func load(of node: Int) -> Int {
        loads[node, default: 0]
    }

    /// The node `key` is assigned to, or `nil` if it is not assigned.
    ///
    /// - Complexity: O(1).
    public func assignedNode(of key: UInt64) -> Int? {
        assignments[key]
    }

    /// Where `key` is: its assigned node if it has one, otherwise where `assign` would put it now.
    ///
    /// - Returns: The node id, or `nil` when there are no nodes.
    /// - Complexity: O(log(*n·V*)) plus one step per full node's point passed; does not allocate.
    public func node(for key: UInt64) -> Int? {
        if let node = assignments[key] { return node }
        return candidate(for: key)
    }

    /// ``node(for:)`` for each key of `keys` (this placement's positions are its keys), with the
    /// capacity worked out once and, while no node is full, each key placed by the ring alone: a
    /// key movement over a million keys asked two hash-table lookups (its assignment, its node's
    /// load) and the capacity's division of every key.
    ///
    /// - Complexity: O(*k*·log(*n·V*)) for *k* keys while no node is full; allocates nothing per key.
    public func lookUp(positions keys: [UInt64], into nodes: inout [Int], noNode: Int) {
        guard !ring.points.isEmpty else {
            nodes.overwrite(count: keys.count) { _ in noNode }
            return
        }
        let capacity = capacity
        let someNodeIsFull = loads.values.contains { $0 >= capacity }
        let hasAssignments = !assignments.isEmpty
        nodes.overwrite(count: keys.count) { index in
            let key = keys[index]
            if hasAssignments, let node = assignments[key] { return node }
            // Not `nil`: the ring has points.
            if someNodeIsFull { return candidate(for: key) ?? noNode }
            return ring.owners[ring.successorIndex(of: HashRing.position(ofKey: key))]
        }
    }

    /// The first node clockwise from `key` whose load is below the current capacity.
    func candidate(for key: UInt64) -> Int? {
        guard !ring.points.isEmpty else { return nil }
        let capacity = capacity
        var index = ring.successorIndex(of: HashRing.position(ofKey: key))
        // Terminates: n nodes of capacity ⌈(1 + ε)(m + 1)/n⌉ can hold at least m + 1 keys, so
        // some node holds fewer than its capacity, and every node has a point on the ring.
        while loads[ring.owners[index], default: 0] >= capacity {
            index = (index + 1) % ring.owners.count
        }
        return ring.owners[index]
    }
}
