import Simulator

extension FaultSchedule {
    /// For each of `faults` — each instant and fault (nil for a section's own, such as a storm),
    /// in the order the network applies them: time order, those of one instant in the order they
    /// were scheduled — why it changed nothing (`no effect: web1 already crashed`), or nil when it
    /// struck.
    ///
    /// The network ignores a crash of a node already crashed and a pause of a node that is not up
    /// (``NodeState/takesCrash``, ``NodeState/takesPause``): neither is traced nor counted in
    /// `orrery_faults_total`. The report listed them as if they struck, and a Failovers row took
    /// in a pause of a crashed server with its end as a repair ("repaired 3.500 s") though the
    /// server never came back. This replays each node's liveness from the schedule alone, as the
    /// network sets it — crashed until a restart, booting for the restart's `boot`, paused for the
    /// pause's length or until a crash or restart — so that every report follows the network's
    /// rule without the run recording anything (the digest is untouched). A fault at the very
    /// instant a pause or a boot ends finds it still in force: the faults are scheduled before the
    /// run, ahead of the resume or the boot's end set for that instant. Node state set outside the
    /// schedule (a deployment's restarts, a scale-in, MapReduce's attempt chaos) is not seen here.
    static func noEffect(_ faults: [(at: VirtualInstant, fault: Fault?)]) -> [String?] {
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
            default:
                return nil
            }
        }
    }

    /// The entries of `timeline` (in the order the network applies them) that struck: those
    /// ``noEffect(_:)`` finds changed nothing left out.
    static func struck(_ timeline: [Entry]) -> [Entry] {
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
