/// One thing that goes wrong, as data: faults are scheduled, stored in scenario files and
/// replayed exactly.
public enum Fault: Sendable, Equatable, CustomStringConvertible {
    /// The node's host goes down: no answers, volatile state lost, in-flight work discarded.
    case crash(NodeID)
    /// The node comes back (crashing it first if it is running), refusing connections for
    /// `bootTime` while it boots; only durable state survives.
    case restart(NodeID, bootTime: Duration)
    /// The node freezes for `duration` (a stop-the-world pause): what reaches it waits.
    case pause(NodeID, duration: Duration)
    /// The node's service times are multiplied by `factor` (1 restores it).
    case slow(NodeID, factor: Double)
    /// The network splits into groups that cannot reach each other; `mode` says what becomes of
    /// a message sent across it.
    case partition([[NodeID]], PartitionMode = .reject)
    /// Any partition ends.
    case heal
    /// Every link loses an extra `rate` of its messages (0 ends it).
    case dropRate(Double)
    /// Every one-way latency grows by `extra` (zero ends it).
    case latencySpike(extra: Duration)
    /// The node's application accepts requests but answers none for `duration` (nil: until it
    /// crashes or restarts); held requests are answered 500 when the hang ends.
    case hang(NodeID, duration: Duration?)
    /// The node answers an extra share `rate` of its requests with 500 (0 ends it).
    case errors(NodeID, rate: Double)

    public var description: String {
        switch self {
        case .crash(let node): return "crash \(node)"
        case .restart(let node, let boot): return "restart \(node) (boot \(boot.formattedSeconds))"
        case .pause(let node, let duration): return "pause \(node) for \(duration.formattedSeconds)"
        case .slow(let node, let factor): return "slow \(node) ×\(factor)"
        case .partition(let groups, let mode):
            return "partition " + groups.map { "[" + $0.map(\.name).joined(separator: ", ") + "]" }.joined(separator: " | ")
                + (mode == .drop ? " (dropping)" : "")
        case .heal: return "heal"
        case .dropRate(let rate): return "drop rate \(rate)"
        case .latencySpike(let extra): return "latency spike +\(extra.formattedSeconds)"
        case .hang(let node, let duration): return "hang \(node)" + (duration.map { " for \($0.formattedSeconds)" } ?? "")
        case .errors(let node, let rate): return "errors \(node) rate \(rate)"
        }
    }

    /// The nodes this fault names (for validation against the scenario's nodes).
    public var nodes: [NodeID] {
        switch self {
        case .crash(let node), .restart(let node, _), .pause(let node, _), .slow(let node, _), .hang(let node, _), .errors(let node, _): return [node]
        case .partition(let groups, _): return groups.flatMap { $0 }
        case .heal, .dropRate, .latencySpike: return []
        }
    }
}

extension Network {
    /// Applies `fault` now: a scheduled fault (``FaultInjector``, a cluster's schedule). One its
    /// node's state makes change nothing is noted in ``faultsWithoutEffect`` for the reports.
    public func apply(_ fault: Fault) {
        if let node = fault.livenessTarget {
            faultsWithoutEffect.note(fault, at: simulation.now, state: self.node(node)?.state ?? .up, removedAt: stateChanges.removal(of: node))
        }
        switch fault {
        case .crash(let node): crash(node)
        case .restart(let node, let bootTime): restart(node, bootTime: bootTime)
        case .pause(let node, let duration): pause(node, for: duration)
        case .slow(let node, let factor): slow(node, factor: factor)
        case .partition(let groups, let mode): partition(groups, mode: mode)
        case .heal: heal()
        case .dropRate(let rate): setExtraDropRate(rate)
        case .latencySpike(let extra): setExtraLatency(extra)
        case .hang(let node, let duration): hang(node, for: duration)
        case .errors(let node, let rate): setErrorRate(node, rate)
        }
    }
}
