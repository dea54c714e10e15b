/// The network's side record of every change it made to a node's liveness and speed: crashed,
/// booting, paused, up again, slowed, taken out of a replica set — whatever made it (a scheduled
/// fault, a deployment's restart, a scale-in, MapReduce's attempt chaos). The timeline draws each
/// node's outages from it, so a server a deployment restarted is drawn down until that restart
/// had booted, not until the schedule's own restart (the schedule alone drew it down 3–39 s where
/// the network had it back at 5 s). Like ``FaultsWithoutEffect`` it is neither traced nor folded
/// into the digest: a run records the same events with or without it.
public struct NodeStateChanges: Sendable {
    /// What changed.
    public enum Kind: Sendable, Equatable {
        /// The node's liveness became this (``NodeState``).
        case state(NodeState)
        /// Its service times are multiplied by this from now (1: normal speed again).
        case slow(Double)
        /// It was taken out of a balancer's replica set and stopped (``Network/retire(_:)``).
        case removed
    }

    /// One change, at one instant.
    public struct Change: Sendable, Equatable {
        public var at: VirtualInstant
        public var node: NodeID
        public var kind: Kind
    }

    /// Every change, in the order the network made them (time order).
    public private(set) var changes: [Change] = []
    /// Each node taken out of a replica set and not restarted since, with when: why a later fault
    /// on it changed nothing (``FaultsWithoutEffect/Ignored/removedAt``).
    private var removals: [NodeID: VirtualInstant] = [:]

    public init() {}

    /// Notes that `node` changed as `kind` says at `at`.
    mutating func note(_ node: NodeID, _ kind: Kind, at: VirtualInstant) {
        changes.append(Change(at: at, node: node, kind: kind))
        switch kind {
        case .removed: removals[node] = at
        case .state(let state) where state != .crashed: removals[node] = nil
        default: break
        }
    }

    /// When `node` was taken out of a replica set, if it was and has not been restarted since.
    func removal(of node: NodeID) -> VirtualInstant? {
        removals.isEmpty ? nil : removals[node]
    }
}
