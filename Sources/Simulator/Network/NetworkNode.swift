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
    /// Deliveries waiting for a paused node to resume.
    var heldWhilePaused: [() -> Void] = []
    /// Calls being handled here right now; a restart resets them in delivery order.
    @exclusivity(unchecked) var openCalls = OpenCalls()
    /// The number of the next delivery handled here.
    @exclusivity(unchecked) var nextCallNumber: UInt64 = 0
    /// Called synchronously on the simulation thread when the node crashes (lose volatile state).
    var crashObservers: [() -> Void] = []
    /// Called synchronously when the node is up again after a restart.
    var restartObservers: [() -> Void] = []

    init(id: NodeID) { self.id = id }

    /// Whether the node answers what it receives right now.
    public var isServing: Bool { state == .up }
}
