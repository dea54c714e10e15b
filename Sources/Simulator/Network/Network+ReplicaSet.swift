/// A balancer's replica set changing — an operation (`rm`, an `add`), or the replica manager
/// dropping a dead server and spawning its replacement — stops or starts a server's process as a
/// crash or a restart does, but is no fault: the network writes and folds the same `crash` and
/// `restart` lines (the digest is that of a run that had them as faults), and observes the change
/// under its own name, which metrics count in no `orrery_faults_total` and a Perfetto trace draws
/// as an operation on the server's track.
extension Network {
    /// Why a node's process ends (``crash(_:as:noted:)``).
    enum CrashCause {
        /// A `crash` fault (or chaos): written, folded and observed as `crash`.
        case fault
        /// The kill that starts a process restart: folded only; its `restart` stands for it.
        case restartKill
        /// The server's removal from a replica set: written and folded as `crash`, observed as
        /// ``removedFromReplicaSet``.
        case removal
    }

    /// What a server taken out of a balancer's replica set is observed as: an operation, no fault.
    public static let removedFromReplicaSet = "removed from the replica set"
    /// What a server added to a balancer's replica set is observed as: an operation, no fault.
    public static let addedToReplicaSet = "added to the replica set"

    /// Stops `id` as it is taken out of a balancer's replica set (a scale-in's `rm`, the replica
    /// manager dropping a dead server): a crash in the trace and the digest, observed as
    /// ``removedFromReplicaSet``, noted in ``stateChanges`` as a removal, so a later fault on it
    /// reads "removed from the replica set" rather than "already crashed". A node already crashed
    /// is only noted removed, and observed so.
    public func retire(_ id: NodeID) {
        if addNode(id).state.takesCrash {
            crash(id, as: .removal, noted: .removed)
        } else {
            stateChanges.note(id, .removed, at: simulation.now)
            simulation.observeInstant(.network, id.name, Self.removedFromReplicaSet)
        }
    }

    /// Starts `id` as it is added to a balancer's replica set: a node the network does not know
    /// yet comes up as added; one that is not up (removed earlier, or crashed) starts a fresh
    /// process, as the original's spawn does — a `restart` in the trace and the digest, as it
    /// always was. Either is observed as ``addedToReplicaSet``.
    public func enlist(_ id: NodeID) {
        if addNode(id).state != .up {
            restart(id, bootTime: .zero, observedAs: Self.addedToReplicaSet)
        } else {
            simulation.observeInstant(.network, id.name, Self.addedToReplicaSet)
        }
    }
}
