/// A rule that places 64-bit keys on a changing set of nodes.
///
/// Nodes are named by plain `Int` ids (a server id, say) so that every algorithm can be swapped for
/// any other behind a balancer without translating identities; an algorithm that needs more per
/// node (a hostname, a weight) keeps it itself.
///
/// Conformers are value types: a placement is copied, changed and compared freely, and two copies
/// never affect each other. None of them depends on `Hasher`, so placements are identical from one
/// process to the next.
public protocol KeyPlacement: Sendable {
    /// The ids of the nodes that keys are placed on, in the order they were added unless the
    /// conformer documents another order.
    var nodes: [Int] { get }

    /// Adds a node, which from now on receives its share of keys.
    ///
    /// - Parameter node: The id of the node; it must not be present already.
    /// - Throws: `PlacementError.duplicateNode` if it is, or an algorithm-specific error when the
    ///   node cannot be placed (a full assignment map, say); the placement is then unchanged.
    /// - Complexity: Documented by each conformer.
    mutating func add(node: Int) throws(PlacementError)

    /// Removes a node; the keys it held move to the remaining nodes.
    ///
    /// - Parameter node: The id of a node that is present.
    /// - Throws: `PlacementError.unknownNode` if it is not; the placement is then unchanged.
    /// - Complexity: Documented by each conformer.
    mutating func remove(node: Int) throws(PlacementError)

    /// The node that `key` is placed on, or `nil` when there are no nodes.
    ///
    /// - Parameter key: The key, for example a request id.
    /// - Complexity: Documented by each conformer; never allocates.
    func node(for key: UInt64) -> Int?

    /// Replaces the contents of `positions` with where each key of `keys` lands before any node
    /// is consulted: the hash every lookup of that key starts from, for
    /// ``lookUp(positions:into:noNode:)``.
    ///
    /// A position must not depend on the nodes, so that a key has the same position in every
    /// copy of a placement however their nodes differ: comparing copies (``KeyMovement``) then
    /// hashes each key once instead of once per copy. The default position is the key itself;
    /// ``HashedKeyPlacement`` gives its conformers the key's ``PlacementHash/key(_:)``, and
    /// ``ConsistentHashMap`` the key's slot.
    ///
    /// - Complexity: `keys.count` hashes; allocates only when `positions` holds another number of elements.
    func positions(of keys: ClosedRange<UInt64>, into positions: inout [UInt64])

    /// Looks up keys already turned into positions by ``positions(of:into:)``, replacing the
    /// contents of `nodes` with their nodes: the same nodes ``node(for:)`` gives the keys,
    /// with `noNode` where it gives `nil` (no nodes at all).
    ///
    /// The nodes are plain `Int`s, not `Int?`s, because a comparison of copies
    /// (``KeyMovement``) reads two per key for millions of keys, and unwrapping the optionals was
    /// about half of what a key that stayed on its node cost. The caller picks `noNode`, so that
    /// it can be an id no node of the placements it compares has.
    ///
    /// - Parameters:
    ///   - positions: The keys' positions, from ``positions(of:into:)``.
    ///   - nodes: Replaced by each position's node, in order.
    ///   - noNode: What to write for a key that has no node; it should be no node's id.
    /// - Complexity: `positions.count` lookups without hashing; allocates only when `nodes` holds another number of elements.
    func lookUp(positions: [UInt64], into nodes: inout [Int], noNode: Int)
}

extension KeyPlacement {
    public func positions(of keys: ClosedRange<UInt64>, into positions: inout [UInt64]) {
        positions.removeAll(keepingCapacity: true)
        positions.append(contentsOf: keys)
    }

    public func lookUp(positions: [UInt64], into nodes: inout [Int], noNode: Int) {
        nodes.overwrite(count: positions.count) { node(for: positions[$0]) ?? noNode }
    }
}
