extension BoundedLoadRing {
    /// Assigns `key` to the first node clockwise from it whose load is below `capacity`, and
    /// counts it there. A key that is already assigned stays where it is and is not counted again.
    ///
    /// - Returns: The node the key is on, or `nil` when there are no nodes.
    /// - Complexity: O(log(*n·V*)) plus one step per full node's point passed.
    @discardableResult
    public mutating func assign(_ key: UInt64) -> Int? {
        if let node = assignments[key] { return node }
        guard let node = candidate(for: key) else { return nil }
        assignments[key] = node
        loads[node, default: 0] += 1
        return node
    }

    /// Releases `key`, lowering its node's load. Other keys do not move.
    ///
    /// - Returns: The node the key was on, or `nil` if it was not assigned.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func release(_ key: UInt64) -> Int? {
        guard let node = assignments.removeValue(forKey: key) else { return nil }
        loads[node, default: 0] -= 1
        return node
    }

    /// Releases every key; the nodes stay.
    ///
    /// - Complexity: O(*n* + *m*).
    public mutating func reset() {
        assignments.removeAll()
        for node in ring.nodes {
            loads[node] = 0
        }
    }

    /// Adds `node` with no keys; assigned keys stay where they are.
    ///
    /// - Throws: `PlacementError.duplicateNode` if the node is present.
    /// - Complexity: O(*n·V·log(n·V)*).
    public mutating func add(node: Int) throws(PlacementError) {
        try ring.add(node: node)
        loads[node] = 0
    }

    /// Removes `node` and reassigns its keys, in ascending key order so the result is the same in
    /// every process, each under the capacity in force when it is reassigned. Other keys stay.
    ///
    /// - Throws: `PlacementError.unknownNode` if the node is absent.
    /// - Complexity: O(*n·V* + *m·log m*) plus the reassignments.
    public mutating func remove(node: Int) throws(PlacementError) {
        try ring.remove(node: node)
        loads[node] = nil
        let displaced = assignments.filter { $0.value == node }.keys.sorted()
        for key in displaced {
            assignments[key] = nil
        }
        for key in displaced {
            assign(key)
        }
    }
}
