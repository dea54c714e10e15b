/// A ketama-style consistent-hash ring: every node is hashed to `V` points on a 64-bit circle and
/// a key belongs to the first point at or clockwise after the key's own hash.
///
/// Point `r` of node `n` is the first half of MurmurHash3 x64_128 of `n` then `r` (each 8
/// little-endian bytes), where ketama proper takes MD5 of `"hostname-r"`; keys are hashed with the
/// same function over their 8 bytes. Points are 64 bits wide so that collisions between nodes are
/// practically impossible; if one happens the smaller node id comes first.
///
/// Adding a node moves keys only to it, and removing one moves only its own keys: the points of
/// the other nodes do not depend on which nodes are present.
public struct HashRing: HashedKeyPlacement {
    /// The number of points per node used by ketama and by this type unless told otherwise.
    public static let defaultVirtualNodesPerNode = 160

    /// `V`, the number of points each node has on the ring.
    public let virtualNodesPerNode: Int
    /// The node ids, in the order they were added.
    public private(set) var nodes: [Int] = []
    /// The ring positions, ascending.
    private(set) var points: [UInt64] = []
    /// `owners[k]` is the node owning `points[k]`; kept apart from `points` so that the binary
    /// search touches only the positions.
    private(set) var owners: [Int] = []
    /// The circle cut into `2^b` equal arcs (about one per point): `arcStarts[a]` is the index of
    /// the first point at or after arc `a`'s start, and `arcStarts[2^b]` the point count, so that
    /// a lookup searches the points of its key's arc (one or two) instead of the whole ring.
    private(set) var arcStarts: [Int] = [0, 0]
    /// `64 − b`: a position's arc is its top `b` bits.
    private(set) var arcShift: UInt64 = 64

    /// Creates an empty ring.
    ///
    /// - Parameter virtualNodesPerNode: `V`, at least 1; 160 by default, as in ketama.
    /// - Throws: `PlacementError.invalidConfiguration` when `V < 1`.
    public init(virtualNodesPerNode: Int = HashRing.defaultVirtualNodesPerNode) throws(PlacementError) {
        guard virtualNodesPerNode >= 1 else {
            throw .invalidConfiguration(reason: "virtual nodes per node \(virtualNodesPerNode) must be at least 1")
        }
        self.virtualNodesPerNode = virtualNodesPerNode
    }

    /// Creates a ring holding `nodes`.
    ///
    /// - Parameters:
    ///   - nodes: Distinct node ids.
    ///   - virtualNodesPerNode: `V`, at least 1.
    /// - Throws: `duplicateNode` or `invalidConfiguration`.
    /// - Complexity: O(*n·V·log(n·V)*) for *n* nodes.
    public init(
        nodes: some Sequence<Int>,
        virtualNodesPerNode: Int = HashRing.defaultVirtualNodesPerNode
    ) throws(PlacementError) {
        try self.init(virtualNodesPerNode: virtualNodesPerNode)
        for node in nodes {
            try add(node: node)
        }
    }

    /// The ring position of point `replica` of `node`.
    ///
    /// - Complexity: O(1).
    public static func position(ofNode node: Int, replica: Int) -> UInt64 {
        PlacementHash.node(node, replica: replica).h1
    }

    /// The ring position of `key`.
    ///
    /// - Complexity: O(1).
    public static func position(ofKey key: UInt64) -> UInt64 {
        PlacementHash.key(key)
    }

    /// Adds `V` points for `node`.
    ///
    /// - Throws: `PlacementError.duplicateNode` if the node is present.
    /// - Complexity: O(*n·V·log(n·V)*).
    public mutating func add(node: Int) throws(PlacementError) {
        guard !nodes.contains(node) else { throw .duplicateNode(node) }
        nodes.append(node)
        var entries = Array(zip(points, owners))
        for replica in 0..<virtualNodesPerNode {
            entries.append((Self.position(ofNode: node, replica: replica), node))
        }
        entries.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        points = entries.map(\.0)
        owners = entries.map(\.1)
        (arcStarts, arcShift) = Self.arcIndex(of: points)
    }

    /// Removes `node`'s points.
    ///
    /// - Throws: `PlacementError.unknownNode` if the node is absent.
    /// - Complexity: O(*n·V*).
    public mutating func remove(node: Int) throws(PlacementError) {
        guard let position = nodes.firstIndex(of: node) else { throw .unknownNode(node) }
        nodes.remove(at: position)
        let kept = zip(points, owners).filter { $0.1 != node }
        points = kept.map(\.0)
        owners = kept.map(\.1)
        (arcStarts, arcShift) = Self.arcIndex(of: points)
    }

    /// The arc index of ascending `points` (see ``arcStarts``): 2^b arcs for the least b with
    /// 2^b ≥ the point count, at most 2^20.
    ///
    /// - Complexity: O(*n·V*).
    static func arcIndex(of points: [UInt64]) -> (starts: [Int], shift: UInt64) {
        let bits = points.count <= 1 ? 0 : min(20, Int.bitWidth - (points.count - 1).leadingZeroBitCount)
        let arcs = 1 << bits
        let shift = UInt64(64 - bits)
        var starts = [Int](repeating: points.count, count: arcs + 1)
        var index = 0
        for arc in 0..<arcs {
            let arcStart = UInt64(arc) << shift
            while index < points.count && points[index] < arcStart { index += 1 }
            starts[arc] = index
        }
        return (starts, shift)
    }
}
