import Simulator

/// One server fault and the balancer's reaction: when the fault began, when the balancer took the
/// server out of rotation (detection), when the fault was repaired, and when the server was back
/// in rotation (recovery).
public struct Failover: Sendable, Equatable {
    /// The server's hostname.
    public var server: String
    /// The fault as scheduled, e.g. `crash s2`.
    public var fault: String
    /// Virtual seconds at which the fault began.
    public var at: Double
    /// When the balancer marked the server down, if it did before the server's next fault.
    public var detectedAt: Double?
    /// When the server was whole again: restarted and booted, hang or pause over, errors or
    /// slowness ended; nil if it never was during the run.
    public var repairedAt: Double?
    /// When it was back in rotation after the repair — the first instant at or after both the
    /// repair and the detection at which no mechanism held it down any longer
    /// (``RotationState``), even if another fault of it began meanwhile — if it was by the run's
    /// end; nil too for a fault the balancer never detected (the server never left rotation).
    public var recoveredAt: Double?

    /// Fault to detection.
    public var detectionTime: Double? { detectedAt.map { $0 - at } }
    /// Repair to recovery.
    public var recoveryTime: Double? {
        guard let recoveredAt, let repairedAt else { return nil }
        return recoveredAt - repairedAt
    }

    /// The failovers of a run: one per fault that broke one of the balancer's `servers` (in join
    /// order) or cut the `balancer` off from it, matched with the balancer's events about that
    /// server up to its next fault. A fault on a node no server runs on (a worker of a separate
    /// cluster, the balancer itself) is no failover: the balancer has nothing there to detect.
    ///
    /// Linear in the faults and events but for sorting: each fault's repair, each partition's
    /// reconnection and each break's next break are found in one pass, not by a search from every
    /// fault (100,000 crashes of one server took 16 s in a debug build at 20,000, growing with the
    /// square).
    static func find(in timeline: [FaultSchedule.Entry], events: [BalancerEvent], end: VirtualInstant,
                     servers: [NodeID], balancer: NodeID) -> [Failover] {
        let members = Set(servers)
        let repairs = repairs(in: timeline)
        var crashed: Set<NodeID> = []
        var breaks: [(index: Int, node: NodeID, repairedAt: VirtualInstant?)] = []
        // The break each server a partition cut off is in, until a heal or a partition joins it.
        var cutOff: [NodeID: Int] = [:]
        for (index, entry) in timeline.enumerated() {
            if case .partition = entry.fault {
                // A partition breaks the servers it cuts off from the balancer, whichever nodes it names.
            } else if let node = entry.fault.nodes.first, !members.contains(node) {
                continue
            }
            switch entry.fault {
            case .crash(let node):
                crashed.insert(node)
                breaks.append((index, node, repairs[index]))
            case .restart(let node, let boot):
                if crashed.remove(node) == nil { breaks.append((index, node, entry.at.advanced(by: boot))) }
            case .pause(let node, let duration):
                breaks.append((index, node, entry.at.advanced(by: duration)))
            case .hang(let node, let duration):
                breaks.append((index, node, duration.map { entry.at.advanced(by: $0) } ?? repairs[index]))
            case .errors(let node, let rate) where rate > 0:
                breaks.append((index, node, repairs[index]))
            case .slow(let node, let factor) where factor > 1:
                breaks.append((index, node, repairs[index]))
            case .partition(let groups, _):
                let side = Self.sides(of: groups)
                let balancerSide = side[balancer] ?? -1
                // Joined again: the break ends at this partition.
                for (node, open) in cutOff where (side[node] ?? -1) == balancerSide {
                    breaks[open].repairedAt = entry.at
                    cutOff[node] = nil
                }
                for node in servers where (side[node] ?? -1) != balancerSide && cutOff[node] == nil {
                    cutOff[node] = breaks.count
                    breaks.append((index, node, nil))
                }
            case .heal:
                for open in cutOff.values { breaks[open].repairedAt = entry.at }
                cutOff = [:]
            default:
                break
            }
        }
        // Each server's events in time order, whether it was in rotation after each, and each
        // break's next break of the same server.
        var eventsOf: [String: [BalancerEvent]] = [:]
        var inRotationAfter: [String: [Bool]] = [:]
        var states: [String: RotationState] = [:]
        for event in events {
            eventsOf[event.subject, default: []].append(event)
            states[event.subject, default: RotationState()].apply(event.kind)
            inRotationAfter[event.subject, default: []].append(states[event.subject]!.inRotation)
        }
        var nextBreakAt = [VirtualInstant](repeating: end, count: breaks.count)
        var laterBreak: [NodeID: VirtualInstant] = [:]
        for position in breaks.indices.reversed() {
            let broken = breaks[position]
            nextBreakAt[position] = laterBreak[broken.node] ?? end
            laterBreak[broken.node] = timeline[broken.index].at
        }
        return breaks.enumerated().map { position, broken in
            let start = timeline[broken.index].at
            let nextBreak = nextBreakAt[position]
            let all = eventsOf[broken.node.name] ?? []
            let inRotation = inRotationAfter[broken.node.name] ?? []
            let first = Self.firstIndex(in: all, atOrAfter: start)
            let mine = all[first...].prefix { $0.at < nextBreak }
            let detected = mine.first { if case .markedDown = $0.kind { return true } else { return false } }?.at
            // Back once every mechanism let it go: a health check's mark-up while passive health
            // still held it is no return, nor is the end of the search the next fault's start.
            var recovered: VirtualInstant?
            if let detected, let repaired = broken.repairedAt {
                let after = max(repaired, detected)
                let from = Self.firstIndex(in: all, atOrAfter: after)
                recovered = all.indices[from...].first { index in
                    switch all[index].kind {
                    case .markedUp, .backInRotation: inRotation[index]
                    default: false
                    }
                }.map { all[$0].at }
            }
            return Failover(server: broken.node.name, fault: timeline[broken.index].fault.description, at: start.seconds,
                            detectedAt: detected?.seconds, repairedAt: broken.repairedAt.map { $0 > end ? nil : $0.seconds } ?? nil,
                            recoveredAt: recovered?.seconds)
        }
    }

    /// The position of the first of `events` (in time order) at or after `instant`.
    private static func firstIndex(in events: [BalancerEvent], atOrAfter instant: VirtualInstant) -> Int {
        var low = 0, high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].at < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// For each entry of `timeline`, when a later fault repairs what it broke on its node: a
    /// crash or a hang without end by a restart (once booted), errors by errors back to 0,
    /// slowness by speed back to 1 — each by its own undo, found walking back. The end of an
    /// error burst on a crashed server did not repair the crash (its row read repaired at the
    /// burst's end, six seconds before the restart).
    private static func repairs(in timeline: [FaultSchedule.Entry]) -> [VirtualInstant?] {
        var repairs = [VirtualInstant?](repeating: nil, count: timeline.count)
        var nextRestart: [NodeID: VirtualInstant] = [:]
        var nextErrorsEnd: [NodeID: VirtualInstant] = [:]
        var nextSlowEnd: [NodeID: VirtualInstant] = [:]
        for index in timeline.indices.reversed() {
            let entry = timeline[index]
            guard let node = entry.fault.nodes.first else { continue }
            switch entry.fault {
            case .partition: continue
            case .crash, .hang: repairs[index] = nextRestart[node]
            case .errors: repairs[index] = nextErrorsEnd[node]
            case .slow: repairs[index] = nextSlowEnd[node]
            default: break
            }
            switch entry.fault {
            case .restart(_, let boot): nextRestart[node] = entry.at.advanced(by: boot)
            case .errors(_, 0): nextErrorsEnd[node] = entry.at
            case .slow(_, let factor) where factor <= 1: nextSlowEnd[node] = entry.at
            default: break
            }
        }
        return repairs
    }

    /// The group each node a partition names is in; nodes it does not name are on side -1
    /// together, as ``Network/canReach(_:_:)`` has it.
    private static func sides(of groups: [[NodeID]]) -> [NodeID: Int] {
        var side: [NodeID: Int] = [:]
        for (index, group) in groups.enumerated() { for node in group { side[node] = index } }
        return side
    }
}
