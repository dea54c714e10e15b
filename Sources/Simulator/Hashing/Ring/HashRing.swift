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

    /// The most points a ring holds (10,000 units of weight at ketama's 160 points each, 26 MB):
    /// a weight is a count of points, and one server of weight 10⁶ would have asked for 160 M.
    public static let maximumPoints = 1_600_000

    /// Adds `V` points for `node` (a weight of 1).
    ///
    /// - Throws: `PlacementError.duplicateNode` if the node is present.
    public mutating func add(node: Int) throws(PlacementError) {
        try add(node: node, weight: 1)
    }

    /// Adds `V · weight` points for `node`: as nginx's `hash … consistent` gives a server
    /// `160 · weight` points (`ngx_http_upstream_init_chash`), so that it owns a share of the
    /// circle proportional to its weight. Points `0 ..< V` are the same whatever the weight.
    ///
    /// - Throws: `PlacementError.duplicateNode` if the node is present; `invalidConfiguration`
    ///   for a weight below 1 or a ring that would hold more than ``maximumPoints``.
    /// - Complexity: O(*n·V·w* + *V·w·log(V·w)*): the new points sorted and merged in.
    public mutating func add(node: Int, weight: Int) throws(PlacementError) {
        guard !nodes.contains(node) else { throw .duplicateNode(node) }
        guard weight >= 1, weight <= (Self.maximumPoints - points.count) / virtualNodesPerNode else {
            throw .invalidConfiguration(reason: "weight \(weight) of node \(node) would give the ring more than \(Self.maximumPoints) points (\(virtualNodesPerNode) per unit of weight)")
        }
        nodes.append(node)
        var added: [(UInt64, Int)] = []
        added.reserveCapacity(virtualNodesPerNode * weight)
        for replica in 0..<virtualNodesPerNode * weight {
            added.append((Self.position(ofNode: node, replica: replica), node))
        }
        added.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var mergedPoints: [UInt64] = [], mergedOwners: [Int] = []
        mergedPoints.reserveCapacity(points.count + added.count)
        mergedOwners.reserveCapacity(points.count + added.count)
        var old = 0, new = 0
        while old < points.count || new < added.count {
            if new == added.count || (old < points.count && (points[old], owners[old]) < added[new]) {
                mergedPoints.append(points[old])
                mergedOwners.append(owners[old])
                old += 1
            } else {
                mergedPoints.append(added[new].0)
                mergedOwners.append(added[new].1)
                new += 1
            }
        }
        points = mergedPoints
        owners = mergedOwners
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
