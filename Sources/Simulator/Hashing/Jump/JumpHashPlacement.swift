/// Nodes placed with jump consistent hash: bucket `b` is `nodes[b]`, buckets numbered in the order
/// the nodes were added, and a key goes to bucket `JumpHash.bucket(for: hash(key), …)` where the
/// hash is the first half of MurmurHash3 x64_128 of the key's 8 little-endian bytes.
///
/// Jump hash can only grow or shrink at the end. Adding a node, and removing the most recently
/// added one, move the minimum: only keys to or from that node. Removing any other node moves the
/// last node into the freed bucket, so that node's keys are scattered over the others and the
/// removed node's keys all go to it — about twice the minimal movement.
public struct JumpHashPlacement: HashedKeyPlacement {
    /// The node ids in bucket order: bucket `b` belongs to `nodes[b]`.
    public private(set) var nodes: [Int] = []

    /// Creates a placement with `nodes` in buckets `0, 1, …` in sequence order.
    ///
    /// - Throws: `PlacementError.duplicateNode` if an id repeats.
    /// - Complexity: O(*n²*) for *n* nodes, for the duplicate check.
    public init(nodes: some Sequence<Int> = []) throws(PlacementError) {
        for node in nodes {
            try add(node: node)
        }
    }

    /// Appends `node` as the last bucket.
    ///
    /// - Throws: `PlacementError.duplicateNode` if the node is present.
    /// - Complexity: O(*n*).
    public mutating func add(node: Int) throws(PlacementError) {
        guard !nodes.contains(node) else { throw .duplicateNode(node) }
        nodes.append(node)
    }

    /// Removes `node`; the last node takes over its bucket unless it was the last itself.
    ///
    /// - Throws: `PlacementError.unknownNode` if the node is absent.
    /// - Complexity: O(*n*).
    public mutating func remove(node: Int) throws(PlacementError) {
        guard let bucket = nodes.firstIndex(of: node) else { throw .unknownNode(node) }
        let last = nodes.removeLast()
        if bucket < nodes.count {
            nodes[bucket] = last
        }
    }

    /// The node in the bucket of the key whose hash is `position`.
    ///
    /// - Returns: The node id, or `nil` when there are no nodes.
    /// - Complexity: O(log *n*) expected; does not allocate.
    public func node(atPosition position: UInt64) -> Int? {
        guard !nodes.isEmpty else { return nil }
        return nodes[JumpHash.bucket(for: position, bucketCount: nodes.count)]
    }
}
