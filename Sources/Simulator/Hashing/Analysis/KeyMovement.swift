/// How many keys change node when one node joins or leaves a placement, set against the least
/// any placement could move.
///
/// Consistent hashing is judged by this number: when a cache node joins or leaves, every key that
/// changes node is a miss. A node that joins `N` others must take about `1/(N + 1)` of the keys to
/// carry its share, and a node that leaves must hand over the keys it held; moving more than that
/// is pure cost. The excess shows up as `movedBetweenSurvivors`, keys that changed node although
/// neither their old nor their new node is the one that joined or left. It is 0 for the ring,
/// rendezvous hashing, the assignment's map and jump hash when its last node leaves, and not 0
/// for Maglev, which trades some movement for its near-perfect balance.
///
/// ```swift
/// let ring = try HashRing(nodes: 1...5)
/// let growth = try KeyMovement(adding: 6, to: ring, keys: 100_000...999_999)
/// growth.movedFraction          // 0.173: node 6 took a little more than the 1/6 it must
/// growth.idealFraction          // 0.1666…
/// growth.movedBetweenSurvivors  // 0: every key that moved went to node 6
/// ```
public struct KeyMovement: Sendable, Equatable {
    /// The membership change that was measured.
    public enum Change: Sendable, Equatable, CustomStringConvertible {
        /// `node` joined the placement.
        case added(node: Int)
        /// `node` left the placement.
        case removed(node: Int)

        /// The node that joined or left.
        public var node: Int {
            switch self {
            case let .added(node), let .removed(node): node
            }
        }

        /// For example `adding node 6` or `removing node 3`.
        public var description: String {
            switch self {
            case let .added(node): "adding node \(node)"
            case let .removed(node): "removing node \(node)"
            }
        }
    }

    /// The node that joined or left.
    public let change: Change
    /// `N`, the number of nodes before the change.
    public let nodeCountBefore: Int
    /// How many keys were looked up (each occurrence counts, so a sample may repeat keys).
    public let keyCount: Int
    /// Keys placed on a different node after the change than before.
    public let movedKeys: Int
    /// Keys on the changed node: after the change for an added node, before it for a removed one.
    /// Every one of them must move, so this is the least `movedKeys` can be for this outcome.
    public let keysOnChangedNode: Int
    /// Keys that moved although neither their old nor their new node is the changed one: movement
    /// the change did not require. 0 for minimally disruptive algorithms.
    public let movedBetweenSurvivors: Int

    /// Measures adding `node` to a copy of `placement`; `placement` itself is not changed.
    ///
    /// - Parameters:
    ///   - node: The id of the node that joins.
    ///   - placement: The placement before the change.
    ///   - keys: The keys to look up before and after, for example `100_000 ... 999_999`.
    /// - Throws: What `placement.add(node:)` throws, for example `duplicateNode`.
    /// - Complexity: One `add(node:)` plus two lookups per key; allocates nothing per key.
    public init<Placement: KeyPlacement>(
        adding node: Int,
        to placement: Placement,
        keys: some Sequence<UInt64>
    ) throws(PlacementError) {
        var after = placement
        try after.add(node: node)
        self.init(change: .added(node: node), before: placement, after: after, keys: keys)
    }

    /// Measures removing `node` from a copy of `placement`; `placement` itself is not changed.
    ///
    /// - Parameters:
    ///   - node: The id of the node that leaves.
    ///   - placement: The placement before the change.
    ///   - keys: The keys to look up before and after.
    /// - Throws: What `placement.remove(node:)` throws, for example `unknownNode`.
    /// - Complexity: One `remove(node:)` plus two lookups per key; allocates nothing per key.
    public init<Placement: KeyPlacement>(
        removing node: Int,
        from placement: Placement,
        keys: some Sequence<UInt64>
    ) throws(PlacementError) {
        var after = placement
        try after.remove(node: node)
        self.init(change: .removed(node: node), before: placement, after: after, keys: keys)
    }

    /// Compares two placements that differ by `change`, for changes made some other way than by
    /// one `add` or `remove` (a map rebuilt from scratch without the node, say).
    ///
    /// - Parameters:
    ///   - change: The node that joined or left between `before` and `after`.
    ///   - before: The placement before the change.
    ///   - after: The placement after the change.
    ///   - keys: The keys to look up in both.
    /// - Complexity: Two lookups per key; allocates nothing per key.
    public init(
        change: Change,
        before: some KeyPlacement,
        after: some KeyPlacement,
        keys: some Sequence<UInt64>
    ) {
        let noNode = Tally.noNode(avoiding: [before.nodes, after.nodes, [change.node]])
        var tally = Tally(changed: change, noNode: noNode)
        if let range = keys as? ClosedRange<UInt64> {
            // Looked up a block at a time, so that the loop stays fast even when this initialiser
            // runs unspecialised (placements opened from `any KeyPlacement`). Each placement finds
            // its own positions: `before` and `after` may be placements of different kinds.
            var positions: [UInt64] = [], old: [Int] = [], new: [Int] = []
            Self.forEachBlock(of: range) { block in
                before.positions(of: block, into: &positions)
                before.lookUp(positions: positions, into: &old, noNode: noNode)
                after.positions(of: block, into: &positions)
                after.lookUp(positions: positions, into: &new, noNode: noNode)
                tally.count(old: old, new: new)
            }
        } else {
            for key in keys { tally.count(old: before.node(for: key) ?? tally.noNode, new: after.node(for: key) ?? tally.noNode) }
        }
        self.init(tally, nodeCountBefore: before.nodes.count)
    }

    private init(_ tally: Tally, nodeCountBefore: Int) {
        change = tally.changed
        self.nodeCountBefore = nodeCountBefore
        keyCount = tally.keyCount
        movedKeys = tally.moved
        keysOnChangedNode = tally.onChanged
        movedBetweenSurvivors = tally.betweenSurvivors
    }

    /// Measures each of `changes` to `placement` in one pass over `keys`, as
    /// ``init(adding:to:keys:)`` and ``init(removing:from:keys:)`` would one by one: a key is
    /// hashed once (``KeyPlacement/positions(of:into:)``), then looked up once in `placement`
    /// and once in each changed copy, where measuring the changes one by one hashes and looks it
    /// up in `placement` again for every change.
    ///
    /// - Throws: What `add(node:)` or `remove(node:)` throws for a change; nothing is measured then.
    /// - Complexity: One `add` or `remove` per change plus `1 + changes.count` lookups per key;
    ///   allocates nothing per key (three buffers of one block of keys' positions and nodes in all).
    public static func measuring<Placement: KeyPlacement>(
        _ changes: [Change], of placement: Placement, keys: ClosedRange<UInt64>
    ) throws(PlacementError) -> [KeyMovement] {
        var afters: [Placement] = []
        for change in changes {
            var after = placement
            switch change {
            case .added(let node): try after.add(node: node)
            case .removed(let node): try after.remove(node: node)
            }
            afters.append(after)
        }
        // One id for "no node" in every comparison, since they share the lookups of `placement`.
        let noNode = Tally.noNode(avoiding: [placement.nodes, changes.map(\.node)] + afters.map(\.nodes))
        var tallies = changes.map { Tally(changed: $0, noNode: noNode) }
        var positions: [UInt64] = [], old: [Int] = [], new: [Int] = []
        Self.forEachBlock(of: keys) { block in
            // A key's position is the same in every copy: hashed once, looked up in each.
            placement.positions(of: block, into: &positions)
            placement.lookUp(positions: positions, into: &old, noNode: noNode)
            for change in tallies.indices {
                afters[change].lookUp(positions: positions, into: &new, noNode: noNode)
                tallies[change].count(old: old, new: new)
            }
        }
        return tallies.map { KeyMovement($0, nodeCountBefore: placement.nodes.count) }
    }

    /// Keys looked up at a time: enough that a generic caller's per-block costs vanish, few
    /// enough that the blocks' nodes stay in cache.
    private static let blockSize: UInt64 = 4_096

    /// Calls `body` with consecutive blocks of `keys`, in order, that together cover it.
    private static func forEachBlock(of keys: ClosedRange<UInt64>, _ body: (ClosedRange<UInt64>) -> Void) {
        var start = keys.lowerBound
        while true {
            let end = keys.upperBound - start < blockSize ? keys.upperBound : start + (blockSize - 1)
            body(start...end)
            if end == keys.upperBound { return }
            start = end + 1
        }
    }

    /// The running counts of one comparison.
    private struct Tally {
        let changed: Change
        /// The changed node, and whether it joined (its keys are counted after the change) or
        /// left (before it): ``changed`` taken apart once rather than matched at every key.
        private let changedNode: Int
        private let joined: Bool
        /// An id that is no node's (neither the changed node's nor any a lookup can give), which
        /// stands for "no node" (an empty placement's answer): keys are counted as plain `Int`s,
        /// where matching two `Int?`s and their tags cost ~36 instructions a key, and the
        /// placements write it straight into the blocks they look up.
        let noNode: Int
        var keyCount = 0
        var moved = 0
        var onChanged = 0
        var betweenSurvivors = 0

        /// The least id in none of `ids`: a ``noNode`` for placements whose nodes, and changed
        /// nodes, are among `ids`.
        static func noNode(avoiding ids: [[Int]]) -> Int {
            var noNode = Int.min
            while ids.contains(where: { $0.contains(noNode) }) { noNode &+= 1 }
            return noNode
        }

        /// The counts of `changed`, with `noNode` (from ``noNode(avoiding:)``) for "no node".
        init(changed: Change, noNode: Int) {
            self.changed = changed
            changedNode = changed.node
            if case .added = changed { joined = true } else { joined = false }
            self.noNode = noNode
        }

        /// Counts a block of keys: `old[i]` and `new[i]` are key `i`'s nodes before and after.
        /// The counts run in locals over the two buffers (no bounds check, no store to the tally
        /// per key) and are added once per block; the keys are counted by the block's length.
        /// A loop of its own for a joined and for a left node, so that which node a key is
        /// counted on is not chosen at every key.
        mutating func count(old: [Int], new: [Int]) {
            precondition(old.count == new.count, "a block's nodes before and after differ in number")
            let block = old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    joined ? Self.count(old: old, new: new, changedNode: changedNode, noNode: noNode, joined: true)
                        : Self.count(old: old, new: new, changedNode: changedNode, noNode: noNode, joined: false)
                }
            }
            keyCount += old.count
            moved += block.moved
            onChanged += block.onChanged
            betweenSurvivors += block.betweenSurvivors
        }

        /// The counts of the keys whose nodes are `old` and `new` (``noNode`` for none) when
        /// `changedNode` `joined` or left. A key that stayed on its node (most keys) is only
        /// counted on the changed node or not: it did not move, so not between survivors either.
        @inline(__always)
        private static func count(old: UnsafeBufferPointer<Int>, new: UnsafeBufferPointer<Int>, changedNode: Int, noNode: Int,
                                  joined: Bool) -> (moved: Int, onChanged: Int, betweenSurvivors: Int) {
            var moved = 0, onChanged = 0, betweenSurvivors = 0
            for index in 0..<old.count {
                let old = old[index], new = new[index]
                guard old != new else {
                    onChanged &+= one(old == changedNode)
                    continue
                }
                moved &+= 1
                onChanged &+= one((joined ? new : old) == changedNode)
                // A key that had no node (an empty placement) or has none now (the last node
                // left) moved because of the change, not between survivors.
                betweenSurvivors &+= one(old != noNode && new != noNode && old != changedNode && new != changedNode)
            }
            return (moved, onChanged, betweenSurvivors)
        }

        /// Counts one key whose nodes before and after are `old` and `new` (``noNode`` for none).
        @inline(__always)
        mutating func count(old: Int, new: Int) {
            keyCount &+= 1
            onChanged &+= Self.one((joined ? new : old) == changedNode)
            let movedKey = old != new
            moved &+= Self.one(movedKey)
            let survivors = old != noNode && new != noNode && old != changedNode && new != changedNode
            betweenSurvivors &+= Self.one(movedKey) & Self.one(survivors)
        }

        @inline(__always)
        private static func one(_ condition: Bool) -> Int { condition ? 1 : 0 }
    }

    /// The fraction of keys that changed node; 0 when no keys were looked up.
    public var movedFraction: Double { fraction(movedKeys) }

    /// The fraction of keys that moved between nodes that stayed; 0 when no keys were looked up.
    public var movedBetweenSurvivorsFraction: Double { fraction(movedBetweenSurvivors) }

    /// The fraction of keys on the changed node (after joining, or before leaving).
    public var changedNodeShare: Double { fraction(keysOnChangedNode) }

    /// The least fraction a change of this kind should move: `1/(N + 1)` when a node joins `N`
    /// others, which is the share a new node must take for the nodes to stay even, and the
    /// leaving node's actual share when one leaves, since exactly its keys must find a new home.
    public var idealFraction: Double {
        switch change {
        case .added: 1 / Double(nodeCountBefore + 1)
        case .removed: changedNodeShare
        }
    }

    /// An even split's share of the changed node: `1/(N + 1)` when a node joins, `1/N` when one
    /// leaves. For a removal it tells whether the ideal was small because the node held little.
    public var evenShare: Double {
        switch change {
        case .added: 1 / Double(nodeCountBefore + 1)
        case .removed: nodeCountBefore == 0 ? 0 : 1 / Double(nodeCountBefore)
        }
    }

    private func fraction(_ count: Int) -> Double {
        keyCount == 0 ? 0 : Double(count) / Double(keyCount)
    }
}
