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
    /// When the balancer marked it up again after the repair, if it did.
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
    static func find(in timeline: [FaultSchedule.Entry], events: [BalancerEvent], end: VirtualInstant,
                     servers: [NodeID], balancer: NodeID) -> [Failover] {
        var crashed: [NodeID] = []
        var cutOff: Set<NodeID> = []
        var breaks: [(index: Int, node: NodeID, repairedAt: VirtualInstant?)] = []
        for (index, entry) in timeline.enumerated() {
            if case .partition = entry.fault {
                // A partition breaks the servers it cuts off from the balancer, whichever nodes it names.
            } else if let node = entry.fault.nodes.first, !servers.contains(node) {
                continue
            }
            switch entry.fault {
            case .crash(let node):
                if !crashed.contains(node) { crashed.append(node) }
                breaks.append((index, node, repair(of: node, after: index, in: timeline)))
            case .restart(let node, let boot):
                if let position = crashed.firstIndex(of: node) {
                    crashed.remove(at: position)
                } else {
                    breaks.append((index, node, entry.at.advanced(by: boot)))
                }
            case .pause(let node, let duration):
                breaks.append((index, node, entry.at.advanced(by: duration)))
            case .hang(let node, let duration):
                breaks.append((index, node, duration.map { entry.at.advanced(by: $0) } ?? repair(of: node, after: index, in: timeline)))
            case .errors(let node, let rate) where rate > 0:
                breaks.append((index, node, repair(of: node, after: index, in: timeline)))
            case .slow(let node, let factor) where factor > 1:
                breaks.append((index, node, repair(of: node, after: index, in: timeline)))
            case .partition(let groups, _):
                let nowCut = Set(servers.filter { !reachable(balancer, $0, in: groups) })
                for node in servers where nowCut.contains(node) && !cutOff.contains(node) {
                    breaks.append((index, node, reconnection(of: node, to: balancer, after: index, in: timeline)))
                }
                cutOff = nowCut
            case .heal:
                cutOff = []
            default:
                break
            }
        }
        return breaks.enumerated().map { position, broken in
            let start = timeline[broken.index].at
            let nextBreak = breaks[(position + 1)...].first { $0.node == broken.node }.map { timeline[$0.index].at } ?? end
            let mine = events.filter { $0.subject == broken.node.name && $0.at >= start && $0.at < nextBreak }
            let detected = mine.first { if case .markedDown = $0.kind { return true } else { return false } }?.at
            let after = [broken.repairedAt, detected].compactMap { $0 }.max()
            let recovered = after.flatMap { after in
                mine.first { event in
                    if case .markedUp = event.kind { return event.at >= after } else { return false }
                }?.at
            }
            return Failover(server: broken.node.name, fault: timeline[broken.index].fault.description, at: start.seconds,
                            detectedAt: detected?.seconds, repairedAt: broken.repairedAt.map { $0 > end ? nil : $0.seconds } ?? nil,
                            recoveredAt: recovered?.seconds)
        }
    }

    /// When a later fault joins `node` and `balancer` again: a heal, or a partition that puts them
    /// on the same side.
    private static func reconnection(of node: NodeID, to balancer: NodeID, after index: Int,
                                     in timeline: [FaultSchedule.Entry]) -> VirtualInstant? {
        timeline[(index + 1)...].first { entry in
            switch entry.fault {
            case .heal: return true
            case .partition(let groups, _): return reachable(balancer, node, in: groups)
            default: return false
            }
        }?.at
    }

    /// Whether `a` and `b` can reach each other while the network is split into `groups`; as in
    /// ``Network/canReach(_:_:)``, the nodes no group names form one more group of their own.
    private static func reachable(_ a: NodeID, _ b: NodeID, in groups: [[NodeID]]) -> Bool {
        groups.firstIndex { $0.contains(a) } == groups.firstIndex { $0.contains(b) }
    }

    /// When a later fault repairs `node`: a restart (once booted), errors back to 0, speed back to 1.
    private static func repair(of node: NodeID, after index: Int, in timeline: [FaultSchedule.Entry]) -> VirtualInstant? {
        for entry in timeline[(index + 1)...] {
            switch entry.fault {
            case .restart(node, let boot): return entry.at.advanced(by: boot)
            case .errors(node, 0): return entry.at
            case .slow(node, let factor) where factor <= 1: return entry.at
            default: continue
            }
        }
        return nil
    }
}
