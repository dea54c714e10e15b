/// A placement that hashes every key with ``PlacementHash/key(_:)`` and then finds the node for
/// that hash: the ring, jump hash, Maglev and rendezvous hashing.
///
/// A conformer gives ``node(atPosition:)``; looking up a key, a block of keys' positions and a
/// block of positions all derive from it, so a key's position is the same in every copy of a
/// placement however its nodes change, and ``KeyMovement`` hashes each key once.
public protocol HashedKeyPlacement: KeyPlacement {
    /// The node for a key whose ``PlacementHash/key(_:)`` is `position`, or `nil` when there are
    /// no nodes.
    ///
    /// - Complexity: Documented by each conformer; never allocates.
    func node(atPosition position: UInt64) -> Int?
}

extension HashedKeyPlacement {
    /// The node for `key`'s hash.
    public func node(for key: UInt64) -> Int? {
        node(atPosition: PlacementHash.key(key))
    }

    /// Each key's ``PlacementHash/key(_:)``.
    public func positions(of keys: ClosedRange<UInt64>, into positions: inout [UInt64]) {
        // A range of more keys than `Int` counts could not be held in an array anyway.
        let count = Int(keys.upperBound - keys.lowerBound) + 1
        positions.overwrite(count: count) { PlacementHash.key(keys.lowerBound &+ UInt64($0)) }
    }

    /// The node for each position (`noNode` for none), without hashing.
    public func lookUp(positions: [UInt64], into nodes: inout [Int], noNode: Int) {
        nodes.overwrite(count: positions.count) { node(atPosition: positions[$0]) ?? noNode }
    }
}
