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
}
