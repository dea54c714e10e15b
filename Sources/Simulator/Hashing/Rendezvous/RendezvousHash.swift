/// Rendezvous, or highest-random-weight, hashing (Thaler and Ravishankar, 1996): every node scores
/// every key and the key goes to the node with the highest score.
///
/// The score of node `n` for key `k` is `fmix64(hash(k) ^ hash(n))`, with MurmurHash3's 64-bit
/// finalizer and the same key and node hashes as the ring; equal scores go to the smaller node id.
/// Because a node's score never depends on the other nodes, adding a node moves keys only to it
/// and removing one moves only its own keys, with no virtual nodes and perfect expected balance,
/// at the price of a lookup that visits every node.
public struct RendezvousHash: HashedKeyPlacement {
    /// The node ids, in the order they were added.
    public private(set) var nodes: [Int] = []
    /// `nodeHashes[k]` is the hash of `nodes[k]`, computed once per node rather than per lookup.
    private var nodeHashes: [UInt64] = []

    /// Creates a placement over `nodes`.
    ///
    /// - Throws: `PlacementError.duplicateNode` if an id repeats.
    /// - Complexity: O(*n²*) for *n* nodes, for the duplicate check.
    public init(nodes: some Sequence<Int> = []) throws(PlacementError) {
        for node in nodes {
            try add(node: node)
        }
    }

    /// The score of `node` for `key`; the key goes to the node with the highest.
    ///
    /// - Complexity: O(1).
    public static func score(ofNode node: Int, forKey key: UInt64) -> UInt64 {
        score(keyHash: PlacementHash.key(key), nodeHash: nodeHash(node))
    }

    static func nodeHash(_ node: Int) -> UInt64 {
        PlacementHash.node(node, replica: 0).h1
    }

    static func score(keyHash: UInt64, nodeHash: UInt64) -> UInt64 {
        MurmurHash3.fmix64(keyHash ^ nodeHash)
    }

    /// Adds `node`.
    ///
    /// - Throws: `PlacementError.duplicateNode` if the node is present.
    /// - Complexity: O(*n*).
    public mutating func add(node: Int) throws(PlacementError) {
        guard !nodes.contains(node) else { throw .duplicateNode(node) }
        nodes.append(node)
        nodeHashes.append(Self.nodeHash(node))
    }

    /// Removes `node`.
    ///
    /// - Throws: `PlacementError.unknownNode` if the node is absent.
    /// - Complexity: O(*n*).
    public mutating func remove(node: Int) throws(PlacementError) {
        guard let position = nodes.firstIndex(of: node) else { throw .unknownNode(node) }
        nodes.remove(at: position)
        nodeHashes.remove(at: position)
    }

    /// The node with the highest score for the key whose hash is `keyHash`.
    ///
    /// - Returns: The node id, or `nil` when there are no nodes.
    /// - Complexity: O(*n*); does not allocate.
    public func node(atPosition keyHash: UInt64) -> Int? {
        guard var bestNode = nodes.first else { return nil }
        var bestScore = Self.score(keyHash: keyHash, nodeHash: nodeHashes[0])
        for position in nodes.indices.dropFirst() {
            let node = nodes[position]
            let score = Self.score(keyHash: keyHash, nodeHash: nodeHashes[position])
            if score > bestScore || (score == bestScore && node < bestNode) {
                bestScore = score
                bestNode = node
            }
        }
        return bestNode
    }
}
