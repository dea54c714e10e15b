import Simulator

/// Which incident each drawn crash and restart belongs to, following a node's liveness as the
/// network applies them (``Network/crash(_:)`` ignores a crash of a crashed node; a restart of a
/// running one kills its process and boots it, a fault complete in itself).
///
/// `mapreduce.chaos` draws each crash with a restart after its downtime, on any worker at any
/// time, so one worker's crashes overlap: crash, crash, restart, restart. Joined by "the last
/// crash takes the next restart", the first crash was kept alone and the second restart too, and
/// a shrink that removed the crash which struck turned the lone one — no effect in the original,
/// "already crashed" — into a permanent crash (seed 6 of checker D's world: 43 of 102 incidents
/// were a lone crash or restart). Here the crash that struck takes the restart that ends its
/// downtime; a crash while the node is down is no incident (it changed nothing, and kept alone
/// it would mean something else); and the restart drawn for such a crash, which finds the node
/// running again, joins the incident of the crash that swallowed it. Every incident therefore
/// finds its node in the state it found in the original in any subset of incidents: nothing
/// half-undone is tried, and nothing means what it did not mean.
struct CrashPairing {
    /// Each crashed node's incident: the crash that struck it, not yet restarted.
    private var down: [NodeID: Int] = [:]
    /// Each node's incidents that swallowed crashes whose restarts are still to come, oldest
    /// first, once per swallowed crash.
    private var owed: [NodeID: [Int]] = [:]

    /// Whether a crash of `node` strikes (the caller makes it incident `incident`), or changes
    /// nothing because the node is already down (the caller drops it).
    mutating func crash(_ node: NodeID, incident: Int) -> Bool {
        if let open = down[node] {
            owed[node, default: []].append(open)
            return false
        }
        down[node] = incident
        return true
    }

    /// The incident a restart of `node` joins: the crash it ends, else the oldest incident that
    /// swallowed a crash whose restart this is; nil for a restart of its own (a listed or drawn
    /// restart of a running node with no crash before it).
    mutating func restart(_ node: NodeID) -> Int? {
        if let open = down.removeValue(forKey: node) { return open }
        guard var waiting = owed[node], !waiting.isEmpty else { return nil }
        let oldest = waiting.removeFirst()
        owed[node] = waiting
        return oldest
    }
}
