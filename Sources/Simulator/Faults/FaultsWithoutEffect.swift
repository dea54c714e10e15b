/// The network's side record of the scheduled faults it ignored, and why: a crash of a node
/// already crashed, a pause of one not up, a hang of one crashed (``NodeState/takesCrash``,
/// ``NodeState/takesPause``, ``NodeState/takesHang``). It is written where a scheduled fault is
/// applied (``Network/apply(_:)``), from the node's state at that moment — whatever set it: an
/// earlier fault, a deployment's restart, a scale-in, MapReduce's attempt chaos — so a report's
/// list of struck faults follows what the network did rather than a replay of the schedule,
/// which sees none of those. It is neither traced nor folded into the digest: a run records the
/// same events with or without it.
public struct FaultsWithoutEffect: Sendable {
    /// One scheduled fault the network ignored.
    public struct Ignored: Sendable, Equatable {
        public var at: VirtualInstant
        public var fault: Fault
        /// Which of the equal faults applied at `at` it was, from 0 in the order applied: of two
        /// `crash web1` at one instant, the second is ignored when the first struck.
        public var occurrence: Int
        /// The node's state that made it change nothing.
        public var state: NodeState
        /// When the node was taken out of the replica set (``Network/retire(_:)``), if that is why
        /// it was crashed: the report says "removed", not "already crashed", of a fault on it.
        public var removedAt: VirtualInstant? = nil
    }

    /// Every scheduled fault ignored, in the order applied.
    public private(set) var ignored: [Ignored] = []
    /// The instant of the last fault noted, and the faults of each node noted at it (only those
    /// that can be ignored): what ``Ignored/occurrence`` counts.
    private var instant: VirtualInstant?
    private var notedAtInstant: [NodeID: [Fault]] = [:]

    public init() {}

    /// Notes that `fault` is applied at `at` to a node in `state`: recorded when the state makes
    /// it change nothing. Only a crash, a pause or a hang can (``Fault/livenessTarget``).
    /// `removedAt` is when the node was taken out of the replica set, if it was and is still down.
    mutating func note(_ fault: Fault, at: VirtualInstant, state: NodeState, removedAt: VirtualInstant? = nil) {
        guard let node = fault.livenessTarget else { return }
        if at != instant {
            instant = at
            notedAtInstant.removeAll(keepingCapacity: true)
        }
        let occurrence = notedAtInstant[node, default: []].count { $0 == fault }
        notedAtInstant[node, default: []].append(fault)
        if fault.changesNothing(on: state) {
            ignored.append(Ignored(at: at, fault: fault, occurrence: occurrence, state: state, removedAt: state == .crashed ? removedAt : nil))
        }
    }

    /// For `faults` — every scheduled fault of a run, in the order the network applied them up to
    /// a permutation of equal faults at one instant (nil for one that is not the network's, such
    /// as a storm) — the state each one the network ignored found, nil for one that struck or
    /// never came (after the run's end).
    public func states(of faults: [(at: VirtualInstant, fault: Fault?)]) -> [NodeState?] {
        entries(of: faults).map { $0?.state }
    }

    /// For `faults` (as ``states(of:)`` takes them), the record of each one the network ignored,
    /// nil for one that struck or never came.
    public func entries(of faults: [(at: VirtualInstant, fault: Fault?)]) -> [Ignored?] {
        guard !ignored.isEmpty else { return Array(repeating: nil, count: faults.count) }
        var byKey: [Key: [Ignored]] = [:]
        for entry in ignored { byKey[Key(at: entry.at, node: entry.fault.livenessTarget!), default: []].append(entry) }
        var seen: [Key: [Fault]] = [:]
        return faults.map { at, fault in
            guard let fault, let node = fault.livenessTarget else { return nil }
            let key = Key(at: at, node: node)
            guard let candidates = byKey[key] else { return nil }
            let occurrence = seen[key, default: []].count { $0 == fault }
            seen[key, default: []].append(fault)
            return candidates.first { $0.fault == fault && $0.occurrence == occurrence }
        }
    }

    /// `timeline` — a schedule the network applied, in time order — each with its
    /// ``FaultSchedule/Entry/outcome`` from this record.
    public func outcomes(of timeline: [FaultSchedule.Entry]) -> [FaultSchedule.Entry] {
        let found = states(of: timeline.map { ($0.at, $0.fault) })
        return zip(timeline, found).map { entry, state in
            var marked = entry
            marked.outcome = state.map(FaultOutcome.noEffect) ?? .struck
            return marked
        }
    }

    private struct Key: Hashable {
        var at: VirtualInstant
        var node: NodeID
    }
}

/// What the network did with one scheduled fault, as its record says (``FaultsWithoutEffect``).
public enum FaultOutcome: Sendable, Equatable {
    /// It was applied (or, after the run's end, never came: the report marks it not reached).
    case struck
    /// The network ignored it, its node being in this state.
    case noEffect(NodeState)
}

extension Fault {
    /// The node whose liveness decides whether this fault changes anything: a crash's, a pause's,
    /// a hang's; nil for every other fault, which always applies (a `slow` or an `errors` of a
    /// crashed node holds once it is restarted).
    var livenessTarget: NodeID? {
        switch self {
        case .crash(let node), .pause(let node, _), .hang(let node, _): node
        default: nil
        }
    }

    /// Whether the network ignores this fault on a node in `state`.
    func changesNothing(on state: NodeState) -> Bool {
        switch self {
        case .crash: !state.takesCrash
        case .pause: !state.takesPause
        case .hang: !state.takesHang
        default: false
        }
    }
}
