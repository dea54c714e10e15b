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

    public var description: String { name }

    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.name < rhs.name }
    public static func == (lhs: NodeID, rhs: NodeID) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(stableHash) }
}
