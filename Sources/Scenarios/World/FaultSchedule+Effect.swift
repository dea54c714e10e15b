import Simulator

extension FaultSchedule {
    /// For each of `faults` — each instant and fault (nil for a section's own, such as a storm),
    /// in the order the network applies them: time order, those of one instant in the order they
    /// were scheduled — why it changed nothing (`no effect: web1 already crashed`), or nil when it
    /// struck.
    ///
    /// The network ignores a crash of a node already crashed, a pause of a node that is not up
    /// and a hang of a crashed node (``NodeState/takesCrash``, ``NodeState/takesPause``,
    /// ``NodeState/takesHang``): none is traced nor counted in `orrery_faults_total`. A run's
    /// `recorded` faults without effect (``Network/faultsWithoutEffect``, noted where the network
    /// applies a scheduled fault, from the node's state then) say which: they see node state set
    /// outside the schedule too — a deployment's restarts, a scale-in, MapReduce's attempt chaos
    /// — which a replay of the schedule missed (a pause of a server a scale-in had removed was
    /// listed as struck, and one after a deployment had restarted a crashed server as "no
    /// effect"). A fault on a server taken out of the replica set (a scale-in's `rm`) says so:
    /// `no effect: Server 2 removed from the replica set at 1.000 s` (it read "already crashed",
    /// the crash the removal is made of).
    ///
    /// Without a record (a schedule no world ran: the queue experiment's, a unit test's), each
    /// node's liveness is replayed from the schedule alone, as the network sets it — crashed until
    /// a restart, booting for the restart's `boot`, paused for the pause's length or until a crash
    /// or restart. A fault at the very instant a pause or a boot ends finds it still in force: the
    /// faults are scheduled before the run, ahead of the resume or the boot's end set for that
    /// instant.
    static func noEffect(_ faults: [(at: VirtualInstant, fault: Fault?)], recorded: FaultsWithoutEffect? = nil) -> [String?] {
        if let recorded {
            return zip(faults, recorded.entries(of: faults)).map { listed, ignored in
                guard let ignored, let node = listed.fault?.nodes.first else { return nil }
                if let removedAt = ignored.removedAt { return "no effect: \(node) removed from the replica set at \(instant(removedAt))" }
                return Liveness.noEffect(on: node, ignored.state)
            }
        }
        var liveness: [NodeID: Liveness] = [:]
        return faults.map { at, fault in
            switch fault {
            case .crash(let node):
                let state = liveness[node, default: Liveness()].state(at: at)
                guard state.takesCrash else { return Liveness.noEffect(on: node, state) }
                liveness[node] = Liveness(state: .crashed)
                return nil
            case .restart(let node, let boot):
                liveness[node] = boot > .zero ? Liveness(state: .starting, until: at.advanced(by: boot)) : Liveness()
                return nil
            case .pause(let node, let duration):
                let state = liveness[node, default: Liveness()].state(at: at)
                guard state.takesPause else { return Liveness.noEffect(on: node, state) }
                liveness[node] = Liveness(state: .paused, until: at.advanced(by: duration))
                return nil
            case .hang(let node, _):
                let state = liveness[node, default: Liveness()].state(at: at)
                return state.takesHang ? nil : Liveness.noEffect(on: node, state)
            default:
                return nil
            }
        }
    }

    /// The entries of `timeline` (in the order the network applies them) that struck: those the
    /// network ignored left out — as the run marked them (``Entry/outcome``), or, in a timeline no
    /// run marked, as ``noEffect(_:recorded:)`` replays them.
    static func struck(_ timeline: [Entry]) -> [Entry] {
        if timeline.contains(where: { $0.outcome != nil }) {
            return timeline.filter { if case .noEffect = $0.outcome { false } else { true } }
        }
        let effects = noEffect(timeline.map { ($0.at, $0.fault) })
        return timeline.indices.compactMap { effects[$0] == nil ? timeline[$0] : nil }
    }
}

/// One node's liveness as the schedule has set it so far: a pause or a boot lasts `until`.
private struct Liveness {
    var state: NodeState = .up
    var until: VirtualInstant?

    /// Its state when a fault strikes at `instant`: a pause or a boot is over only after its end.
    func state(at instant: VirtualInstant) -> NodeState {
        if let until, until < instant { return .up }
        return state
    }

    /// Why a fault on `node` in `state` changed nothing, as the fault list writes it.
    static func noEffect(on node: NodeID, _ state: NodeState) -> String {
        switch state {
        case .crashed: "no effect: \(node) already crashed"
        case .starting: "no effect: \(node) still booting"
        case .paused: "no effect: \(node) already paused"
        case .up: "no effect"
        }
    }
}
