extension ConsistentHashMap: KeyPlacement {
    /// The ids of the servers, in the order they were added.
    public var nodes: [Int] { servers.map(\.id) }

    /// Adds server `node` with its default hostname, `"Server <node>"`.
    ///
    /// - Throws: The errors of `addServer(id:hostname:)`.
    /// - Complexity: As `addServer(id:hostname:)`.
    public mutating func add(node: Int) throws(PlacementError) {
        try addServer(id: node, hostname: Self.defaultHostname(for: node))
    }

    /// Removes server `node`.
    ///
    /// - Throws: `PlacementError.unknownNode` if it is not on the map.
    /// - Complexity: As `removeServer(id:)`.
    public mutating func remove(node: Int) throws(PlacementError) {
        try removeServer(id: node)
    }

    /// The server for request id `key`; the key is not hashed beyond the map's own `H`.
    ///
    /// - Complexity: O(1); does not allocate.
    public func node(for key: UInt64) -> Int? {
        server(forRequest: key)
    }

    /// Each key's slot, `H(key) mod M`. The slot depends on the map's configuration, not on its
    /// servers, so every copy of a map with a server added or removed finds the same one, and a
    /// comparison of copies (``KeyMovement``) computes `H` and the division once per key instead
    /// of once per copy.
    ///
    /// - Complexity: `keys.count` hashes; allocates only when `positions` holds another number of elements.
    public func positions(of keys: ClosedRange<UInt64>, into positions: inout [UInt64]) {
        // A range of more keys than `Int` counts could not be held in an array anyway.
        let count = Int(keys.upperBound - keys.lowerBound) + 1
        positions.overwrite(count: count) { UInt64(slot(forRequest: keys.lowerBound &+ UInt64($0))) }
    }

    /// The server routing each slot of `positions` (from ``positions(of:into:)``), or `noNode`
    /// for every slot of a map without servers.
    ///
    /// - Complexity: `positions.count` array reads; allocates only when `nodes` holds another number of elements.
    public func lookUp(positions: [UInt64], into nodes: inout [Int], noNode: Int) {
        guard !routes.isEmpty else { return nodes.overwrite(count: positions.count) { _ in noNode } }
        nodes.overwrite(count: positions.count) { routes[Int(positions[$0])] }
    }
}
