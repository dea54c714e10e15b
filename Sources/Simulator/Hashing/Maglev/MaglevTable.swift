/// Maglev hashing (Eisenbud et al., "Maglev: A Fast and Reliable Software Network Load Balancer",
/// NSDI 2016): a lookup table of prime size `M` that every node fills in turn from its own
/// permutation of the entries, so that a key's node is one array read.
///
/// Node `n` hashes to `(h1, h2)`, the two halves of MurmurHash3 x64_128 of `n` then 0 (each 8
/// little-endian bytes); its permutation is `offset + j·skip mod M` with `offset = h1 mod M` and
/// `skip = h2 mod (M − 1) + 1`. Because `M` is prime every skip is coprime with it, so each
/// permutation visits every entry. Nodes take turns in ascending id order, so the table depends
/// only on the set of nodes. A key goes to entry `hash(key) mod M`, with the same key hash as
/// the ring.
///
/// Each node gets `⌊M/n⌋` or `⌈M/n⌉` entries. The price of that balance is that changing the
/// node set is not minimally disruptive: besides the keys that must move, some keys move between
/// nodes that stayed, because every node's later choices shift when one node's choices change.
public struct MaglevTable: HashedKeyPlacement {
    /// The table size the paper uses for its evaluation, prime and well above 100 entries per node
    /// for clusters of hundreds of nodes.
    public static let defaultTableSize = 65_537

    /// `M`, the number of entries; prime.
    public let tableSize: Int
    /// The node ids, in the order they were added (the table itself uses ascending id order).
    public private(set) var nodes: [Int] = []
    /// Entry → node id; empty while there are no nodes.
    var entries: [Int] = []

    /// Creates an empty table.
    ///
    /// - Parameter tableSize: `M`, a prime; 65,537 by default. The paper advises `M > 100·n` for
    ///   a spread within 1 % between nodes.
    /// - Throws: `PlacementError.invalidConfiguration` when `M` is not prime.
    public init(tableSize: Int = MaglevTable.defaultTableSize) throws(PlacementError) {
        guard Self.isPrime(tableSize) else {
            throw .invalidConfiguration(reason: "Maglev table size \(tableSize) must be prime")
        }
        self.tableSize = tableSize
    }

    /// Creates a table over `nodes`, populating it once.
    ///
    /// - Throws: `duplicateNode` if an id repeats, or `invalidConfiguration` when `M` is not prime.
    /// - Complexity: O(*M·log M*) expected, as analysed in the paper.
    public init(nodes: some Sequence<Int>, tableSize: Int = MaglevTable.defaultTableSize) throws(PlacementError) {
        try self.init(tableSize: tableSize)
        for node in nodes {
            guard !self.nodes.contains(node) else { throw .duplicateNode(node) }
            self.nodes.append(node)
        }
        repopulate()
    }

    /// Adds `node` and repopulates the table.
    ///
    /// - Throws: `PlacementError.duplicateNode` if the node is present.
    /// - Complexity: O(*M·log M*) expected.
    public mutating func add(node: Int) throws(PlacementError) {
        guard !nodes.contains(node) else { throw .duplicateNode(node) }
        nodes.append(node)
        repopulate()
    }

    /// Removes `node` and repopulates the table.
    ///
    /// - Throws: `PlacementError.unknownNode` if the node is absent.
    /// - Complexity: O(*M·log M*) expected.
    public mutating func remove(node: Int) throws(PlacementError) {
        guard let position = nodes.firstIndex(of: node) else { throw .unknownNode(node) }
        nodes.remove(at: position)
        repopulate()
    }

    /// The node owning the table entry of the key whose hash is `position`.
    ///
    /// - Returns: The node id, or `nil` when there are no nodes.
    /// - Complexity: O(1); does not allocate.
    public func node(atPosition position: UInt64) -> Int? {
        guard !entries.isEmpty else { return nil }
        return entries[Int(position % UInt64(tableSize))]
    }

    /// The node owning table entry `index`, or `nil` when there are no nodes.
    ///
    /// - Parameter index: An entry in `0 ..< M`.
    /// - Complexity: O(1).
    public func node(atEntry index: Int) -> Int? {
        precondition((0..<tableSize).contains(index), "entry \(index) is outside 0..<\(tableSize)")
        return entries.isEmpty ? nil : entries[index]
    }

    /// How many entries each node owns, by ascending node id.
    ///
    /// - Complexity: O(*M + n·log n*).
    public func entryCounts() -> [(node: Int, entries: Int)] {
        var counts: [Int: Int] = [:]
        for node in entries {
            counts[node, default: 0] += 1
        }
        return nodes.sorted().map { (node: $0, entries: counts[$0, default: 0]) }
    }

    static func isPrime(_ number: Int) -> Bool {
        guard number >= 2 else { return false }
        var divisor = 2
        while divisor <= number / divisor {
            if number % divisor == 0 { return false }
            divisor += 1
        }
        return true
    }
}
