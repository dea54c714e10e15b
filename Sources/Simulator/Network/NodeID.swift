/// The name of a node (a server, a balancer, a worker, a client host), with its stable hash
/// computed once so hot paths can fold it into the digest without rehashing the name.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The node's name, unique within a simulation.
    public let name: String
    /// FNV-1a of the name: the same in every process.
    public let stableHash: UInt64

    public init(_ name: String) {
        self.name = name
        stableHash = StableHash.fnv1a64(name)
    }

    public init(stringLiteral value: String) { self.init(value) }

    private init(name: String, stableHash: UInt64) {
        self.name = name
        self.stableHash = stableHash
    }

    /// `prefix` followed by `number` in decimal, e.g. `client-17`: the same node as
    /// `NodeID(prefix + String(number))`, its name and hash made from one buffer of its bytes.
    /// Converting the number (through `CustomStringConvertible`), appending it and hashing the
    /// result again were a third of what starting a closed-loop user cost, and a closed loop
    /// names a host per user (A-4's 40 worlds name 400,000).
    ///
    /// The bytes are written straight into the string's storage: a name of up to 15 bytes is a
    /// small string, which the standard library checks for ASCII a word at a time, where
    /// `String(decoding:as:)` validated it as UTF-8 byte by byte (~190 instructions a name).
    static func numbered(_ prefix: StaticString, _ number: Int) -> NodeID {
        precondition(prefix.hasPointerRepresentation && number >= 0, "a numbered node has a textual prefix and a number ≥ 0")
        let prefixCount = prefix.utf8CodeUnitCount
        var digits = 1, rest = number / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let count = prefixCount + digits
        var stableHash: UInt64 = 0
        let name = String(unsafeUninitializedCapacity: count) { bytes in
            bytes.baseAddress!.initialize(from: prefix.utf8Start, count: prefixCount)
            var value = number
            for position in stride(from: count - 1, through: prefixCount, by: -1) {
                bytes.initializeElement(at: position, to: UInt8(truncatingIfNeeded: 48 + value % 10))
                value /= 10
            }
            stableHash = FNV1a.hash64(UnsafeBufferPointer(rebasing: bytes[..<count]))
            return count
        }
        return NodeID(name: name, stableHash: stableHash)
    }

    public var description: String { name }

    /// By the names' UTF-8 bytes, which is their Unicode scalars' order, as `==` compares them:
    /// `String`'s `<` holds 'Å' (U+00C5) and 'A' U+030A for one text, so neither came before
    /// the other although they are two nodes. ASCII names sort as they did.
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { compareBytes(lhs.name, rhs.name) < 0 }
    /// Names that differ mostly differ in their hashes too, which compare in one instruction where
    /// two small strings that differ went through the standard library's comparison. The names
    /// then compare by their bytes, not by `String`'s canonical equivalence.
    public static func == (lhs: NodeID, rhs: NodeID) -> Bool {
        lhs.stableHash == rhs.stableHash && compareBytes(lhs.name, rhs.name) == 0
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(stableHash) }

    /// Negative, zero or positive as `lhs`'s UTF-8 bytes come before, equal or follow `rhs`'s.
    private static func compareBytes(_ lhs: String, _ rhs: String) -> Int {
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right -> Int in
                for index in 0..<min(left.count, right.count) where left[index] != right[index] {
                    return left[index] < right[index] ? -1 : 1
                }
                return left.count - right.count
            }
        }
        if let compared = compared ?? nil { return compared }
        // A name not stored contiguously (a bridged string): the same order, a byte at a time.
        if lhs.utf8.elementsEqual(rhs.utf8) { return 0 }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }
}
