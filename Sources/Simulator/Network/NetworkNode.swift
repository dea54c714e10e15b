/// The liveness of one node as the network sees it.
public enum NodeState: String, Sendable, Equatable {
    /// Serving.
    case up
    /// Host down: nothing it receives is answered, and its volatile state is gone.
    case crashed
    /// Host up but not accepting connections yet (booting after a restart): callers are refused.
    case starting
    /// Frozen (a long GC pause, SIGSTOP): what it receives waits until it resumes.
    case paused
}

/// One node's liveness and health knobs, owned by the ``Network``.
///
/// `@unchecked Sendable`: touched only on the simulation thread.
public final class NetworkNode: @unchecked Sendable {
    /// The node's name.
    public let id: NodeID
    /// Its current state.
    @exclusivity(unchecked) public internal(set) var state: NodeState = .up
    /// Incremented at every crash, so work begun before a crash can tell it is stale.
    @exclusivity(unchecked) public internal(set) var incarnation: UInt64 = 0
    /// Service times on this node are multiplied by this (a `slow` fault).
    @exclusivity(unchecked) public internal(set) var slowFactor: Double = 1
    /// Extra probability that a request is answered 500 (an `errors` fault), on top of the
    /// server's own error rate.
    @exclusivity(unchecked) public internal(set) var extraErrorRate: Double = 0
    /// While set, the application accepts requests but answers none of them until this instant
    /// (a `hang` fault: a deadlock, an exhausted thread pool); `.max` for good.
    @exclusivity(unchecked) public internal(set) var hungUntil: VirtualInstant?
    /// While paused, when it resumes: what a process frozen with it (a group coordinator's
    /// session checks) waits for before it acts.
    @exclusivity(unchecked) public internal(set) var pausedUntil: VirtualInstant?
    /// While booting after a restart (``NodeState/starting``), when its boot ends: what waits
    /// for the boot (``Network/awaitBoot(of:)``) sleeps until then.
    @exclusivity(unchecked) var bootsUntil: VirtualInstant?
    /// What waits for a paused node's process to resume — requests reaching it, answers it owes
    /// or was sent, its own requests — in order: each is run with `true` at the resume, or with
    /// `false` when a crash ends the process first (it traces the loss, if its loss is traced).
    var heldWhilePaused: [(_ resumed: Bool) -> Void] = []
    /// The nanoseconds this node spent in pauses that are over (``frozenNanoseconds(at:)``).
    @exclusivity(unchecked) var pastPausesNanoseconds: Int64 = 0
    /// When the pause under way began.
    @exclusivity(unchecked) var pausedSince: VirtualInstant?
    /// Calls being handled here right now; a restart resets them in delivery order.
    @exclusivity(unchecked) var openCalls = OpenCalls()
    /// The number of the next delivery handled here.
    @exclusivity(unchecked) var nextCallNumber: UInt64 = 0
    /// The node whose process the calls sent from here belong to, when it is another: a
    /// balancer's point of presence in a zone sends its forwards on the balancer's behalf, so they
    /// end, and freeze, with the balancer's process (``Network/addPointOfPresence(_:of:)``).
    @exclusivity(unchecked) var processHost: NetworkNode?
    /// Called synchronously on the simulation thread when the node crashes (lose volatile state).
    var crashObservers: [() -> Void] = []
    /// Called synchronously when the node is up again after a restart.
    var restartObservers: [() -> Void] = []

    init(id: NodeID) { self.id = id }

    /// Whether the node answers what it receives right now.
    public var isServing: Bool { state == .up }

    /// The node's frozen clock: the nanoseconds it has spent paused up to `now`, the pause under
    /// way included. Work a process does here (a server's service, the store's latency) advances
    /// only while this stands still, as a SIGSTOPped process does no work.
    func frozenNanoseconds(at now: VirtualInstant) -> Int64 {
        guard let since = pausedSince else { return pastPausesNanoseconds }
        return pastPausesNanoseconds &+ (now.nanoseconds - since.nanoseconds)
    }

    /// Ends the pause under way (its resume, or a crash or restart that cuts it short) on the
    /// frozen clock.
    func endPause(at now: VirtualInstant) {
        guard let since = pausedSince else { return }
        pastPausesNanoseconds &+= now.nanoseconds - since.nanoseconds
        pausedSince = nil
    }

    /// Work begun on this node when its frozen clock read `frozenAtStart`, and due to end now had
    /// it run without a pause: nil if no pause froze it since (it is done), else when it ends —
    /// the time it was frozen later, counted from the resume if the node is paused now — and
    /// the frozen clock's reading to measure from then (the rest of the pause under way counted
    /// in: the work does not advance during it either). A later pause postpones it again.
    func postponedEnd(ofWorkFrozenAt frozenAtStart: Int64, now: VirtualInstant) -> (end: VirtualInstant, frozenAt: Int64)? {
        let frozenNow = frozenNanoseconds(at: now)
        let frozen = frozenNow &- frozenAtStart
        guard frozen > 0 else { return nil }
        if state == .paused, let resumes = pausedUntil, resumes > now {
            let rest = resumes.nanoseconds - now.nanoseconds
            return (VirtualInstant(nanoseconds: VirtualInstant.saturating(resumes.nanoseconds, plus: frozen)), frozenNow &+ rest)
        }
        return (VirtualInstant(nanoseconds: VirtualInstant.saturating(now.nanoseconds, plus: frozen)), frozenNow)
    }
}
