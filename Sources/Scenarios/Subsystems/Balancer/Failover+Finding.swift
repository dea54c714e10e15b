import Reports
import Simulator

/// How a run's failovers are found: its fault timeline matched with the balancer's events.
extension Failover {
    /// The failovers of a run: one per break of one of the balancer's `servers` (in join order),
    /// each matched with the balancer's events about that server up to its next break. A fault
    /// breaks a server when it strikes the node it runs on, or, for a partition, when it cuts the
    /// `balancer` off from it. A fault on a node no server runs on (a worker of a separate
    /// cluster, the balancer itself) is no failover: the balancer has nothing there to detect;
    /// nor is one the network ignored, a crash of a server already crashed or a pause of one not
    /// up (``FaultSchedule/noEffect(_:recorded:)``).
    ///
    /// A fault of a server joins the server's latest break, instead of opening a new one, when
    /// - the break was detected (marked down since its first fault), the server is not back in
    ///   rotation since, and it is out of rotation when the fault strikes (``RotationState``
    ///   over the balancer's events *before* the fault's instant: an event at the same instant
    ///   comes after the fault, as a mark-down at a fault's instant is its detection); or
    /// - the break was not detected yet, its first fault stops the server answering (a crash, a
    ///   restart, a hang, a pause, a partition cutting it off) and is not repaired yet (its repair
    ///   is after the fault's instant): the balancer is still finding the first outage. A slow or
    ///   erroring server never taken out does not take in a later crash: that crash is a break of
    ///   its own, with its own detection.
    /// So faults at the same instant join when the first stops the server answering; faults of one
    /// instant are taken in the file's order, but a slowdown or an error burst after those that
    /// stop the server answering. A pause or a hang is over at its end or at the next crash or
    /// restart of its node, whichever comes first. The break is repaired at the latest of its
    /// faults' repairs, a slowdown that joined it included (the server is whole again only once
    /// it is fast again); a server back in rotation before that (a slow one is not held out for
    /// being slow) is back at the repair itself, not at a later mark-up.
    ///
    /// Linear in the faults and events but for sorting: each fault's repair, each partition's
    /// reconnection, each break's detection and next break are found in one pass, each server's
    /// events walked once alongside the faults, not searched from every fault (100,000 crashes of
    /// one server took 16 s in a debug build at 20,000, growing with the square).
    static func find(in timeline: [FaultSchedule.Entry], events: [BalancerEvent], end: VirtualInstant,
                     servers: [NodeID], balancer: NodeID) -> [Failover] {
        // A crash of a server already crashed, or a pause of one not up, changed nothing: it
        // joins no break, and its end repairs nothing (a pause of a crashed server read
        // "repaired 3.500 s" though the server never came back).
        let timeline = FaultSchedule.struck(timeline)
        let members = Set(servers)
        let (repairs, cutShort) = repairs(in: timeline)
        // Each server's events in time order, and whether it was in rotation after each.
        var eventsOf: [String: [BalancerEvent]] = [:]
        var inRotationAfter: [String: [Bool]] = [:]
        var states: [String: RotationState] = [:]
        for event in events {
            eventsOf[event.subject, default: []].append(event)
            states[event.subject, default: RotationState()].apply(event.kind)
            inRotationAfter[event.subject, default: []].append(states[event.subject]!.inRotation)
        }
        var breaks = Breaks(timeline: timeline, eventsOf: eventsOf, inRotationAfter: inRotationAfter)
        var crashed: Set<NodeID> = []
        // The fault (in `breaks.parts`) each server a partition cut off is in, until a heal or a
        // partition joins it.
        var cutOff: [NodeID: Int] = [:]
        // Faults at one instant in the file's order, but a slowdown or an error burst after the
        // faults that stop the server answering: a crash written after a slowdown of the same
        // instant opened a row of its own, the slowdown's undetected one counting to the run's end.
        let order = timeline.indices.sorted { first, second in
            let (one, other) = (timeline[first], timeline[second])
            if one.at != other.at { return one.at < other.at }
            let (degrades, alsoDegrades) = (Self.degrades(one.fault), Self.degrades(other.fault))
            return degrades != alsoDegrades ? !degrades : first < second
        }
        // A fault at or after the run's end is no failover: the run never reached it, or ended as
        // it struck, with nothing left to detect it (chaos drawn up to the time limit opened 3,599
        // rows past a 11 s run's end, and joined hundreds to the row of a server still out).
        for index in order where timeline[index].at < end {
            let entry = timeline[index]
            if case .partition = entry.fault {
                // A partition breaks the servers it cuts off from the balancer, whichever nodes it names.
            } else if let node = entry.fault.nodes.first, !members.contains(node) {
                continue
            }
            switch entry.fault {
            case .crash(let node):
                crashed.insert(node)
                breaks.add(index, node, repairedAt: repairs[index])
            case .restart(let node, let boot):
                if crashed.remove(node) == nil { breaks.add(index, node, repairedAt: entry.at.advanced(by: boot)) }
            // A crash or restart of the node ends a pause or a hang before its written end.
            case .pause(let node, let duration):
                breaks.add(index, node, repairedAt: Self.earlier(entry.at.advanced(by: duration), cutShort[index]))
            case .hang(let node, let duration):
                breaks.add(index, node, repairedAt: duration.map { Self.earlier(entry.at.advanced(by: $0), cutShort[index]) } ?? repairs[index])
            case .errors(let node, let rate) where rate > 0:
                breaks.add(index, node, repairedAt: repairs[index])
            // Joining a break, a slowdown's end repairs it (README: "the latest of their repairs").
            // A slowdown holds no server out by itself: one back in rotation while still slow is
            // back at that end (a crashed server restarted while slow was back at 10.006 s; its row
            // read "never back" when only a mark-up after the slowdown's end at 17 s counted).
            case .slow(let node, let factor) where factor > 1:
                breaks.add(index, node, repairedAt: repairs[index])
            case .partition(let groups, _):
                let side = Self.sides(of: groups)
                let balancerSide = side[balancer] ?? -1
                // Joined again: the fault ends at this partition.
                for node in servers where (side[node] ?? -1) == balancerSide {
                    if let open = cutOff.removeValue(forKey: node) { breaks.repair(open, at: entry.at) }
                }
                for node in servers where (side[node] ?? -1) != balancerSide && cutOff[node] == nil {
                    cutOff[node] = breaks.add(index, node, repairedAt: nil)
                }
            case .heal:
                for open in cutOff.values.sorted() { breaks.repair(open, at: entry.at) }
                cutOff = [:]
            default:
                break
            }
        }
        breaks.finish(end: end)
        return breaks.rows.map { row in
            let start = timeline[breaks.parts[row.parts[0]].index].at
            let all = eventsOf[row.node.name] ?? []
            let inRotation = inRotationAfter[row.node.name] ?? []
            let repaired = row.unrepaired == 0 ? row.latestRepair : nil
            // Back once every mechanism let it go: a health check's mark-up while passive health
            // still held it is no return, nor is the end of the search the next break's start.
            var recovered: VirtualInstant?
            if let detected = row.detectedAt, let repaired {
                let after = max(repaired, detected)
                let from = Self.firstIndex(in: all, atOrAfter: after)
                // Already back when the repair came after the detection (the events before the
                // repair, the detection among them, left it in rotation): back at the repair.
                if repaired > detected, from > 0, inRotation[from - 1] { recovered = repaired }
                else { recovered = all.indices[from...].first { index in
                    switch all[index].kind {
                    case .markedUp, .backInRotation: inRotation[index]
                    default: false
                    }
                }.map { all[$0].at } }
            }
            let repairedInRun = repaired.flatMap { $0 > end ? nil : $0 }
            // One fault: its text. Several: when each joined one struck, and, when the break was
            // not repaired by the run's end, the repairs that did happen — a server restarted
            // twice in the run, crashed again each time before it was back, read "repaired —".
            let faults = row.parts.enumerated().map { position, part in
                let listed = breaks.parts[part]
                let entry = timeline[listed.index]
                guard row.parts.count > 1 else { return entry.fault.reportText }
                var notes: [String] = []
                // A level's length, as the `# Faults` list writes it (a pause's or hang's is in its text).
                let length = Self.isLengthedByRepair(entry.fault) ? listed.repairedAt.map { " for " + FaultSchedule.length(.nanoseconds($0.nanoseconds - entry.at.nanoseconds)) } ?? "" : ""
                if position > 0, entry.at != start { notes.append("at " + DurationFormat.seconds(entry.at.seconds, grouping: true)) }
                if repairedInRun == nil, let partRepair = listed.repairedAt, partRepair <= end {
                    notes.append("repaired " + DurationFormat.seconds(partRepair.seconds, grouping: true))
                }
                return entry.fault.reportText + length + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
            }
            return Failover(server: row.node.name, faults: faults,
                            at: start.seconds, detectedAt: row.detectedAt?.seconds,
                            repairedAt: repairedInRun?.seconds, recoveredAt: recovered?.seconds)
        }
    }

    /// The breaks of a run as its faults come in timeline order, each server's events walked up
    /// to each fault of it to tell whether the fault joins the server's latest break.
    private struct Breaks {
        /// One fault that broke a server.
        struct Part {
            /// Its entry in the timeline.
            var index: Int
            /// When it was repaired; nil if never, or, for a partition, not yet.
            var repairedAt: VirtualInstant?
            /// Its break, in `rows`.
            var row: Int
        }
        /// One break: its faults and what the walk found so far.
        struct Row {
            var node: NodeID
            /// Its faults, in `parts`, the first first.
            var parts: [Int]
            /// The first mark-down at or after its first fault and before its next break.
            var detectedAt: VirtualInstant?
            /// The latest repair of its repaired faults, and how many are not repaired (yet).
            var latestRepair: VirtualInstant = .zero
            var unrepaired = 0
            /// Whether the walk saw the server back in rotation after the repair and the detection.
            var recovered = false
        }
        let timeline: [FaultSchedule.Entry]
        let eventsOf: [String: [BalancerEvent]]
        let inRotationAfter: [String: [Bool]]
        private(set) var parts: [Part] = []
        private(set) var rows: [Row] = []
        /// Each server's latest break, and the first of its events the walk has not taken in.
        private var latest: [NodeID: Int] = [:]
        private var walked: [NodeID: Int] = [:]

        init(timeline: [FaultSchedule.Entry], eventsOf: [String: [BalancerEvent]], inRotationAfter: [String: [Bool]]) {
            self.timeline = timeline
            self.eventsOf = eventsOf
            self.inRotationAfter = inRotationAfter
        }

        /// Takes in the fault of `timeline[index]` breaking `node`, to be repaired at `repairedAt`;
        /// returns its position in `parts`.
        @discardableResult
        mutating func add(_ index: Int, _ node: NodeID, repairedAt: VirtualInstant?) -> Int {
            let at = timeline[index].at
            let inRotation = walk(node, before: at)
            let position = parts.count
            let row: Int
            if let open = latest[node], joins(open, at: at, inRotation: inRotation) {
                row = open
                rows[row].parts.append(position)
            } else {
                row = rows.count
                rows.append(Row(node: node, parts: [position]))
                latest[node] = row
            }
            parts.append(Part(index: index, repairedAt: nil, row: row))
            rows[row].unrepaired += 1
            if let repairedAt { repair(position, at: repairedAt) }
            return position
        }

        /// Records the repair of the fault at `position` in `parts`.
        mutating func repair(_ position: Int, at instant: VirtualInstant) {
            parts[position].repairedAt = instant
            let row = parts[position].row
            rows[row].unrepaired -= 1
            rows[row].latestRepair = max(rows[row].latestRepair, instant)
        }

        /// Walks every server's events to the run's end, for the detection of its latest break.
        mutating func finish(end: VirtualInstant) {
            for row in rows.indices where latest[rows[row].node] == row { _ = walk(rows[row].node, before: end) }
        }

        /// Whether a fault at `at` joins the break `row` (see ``Failover/find(in:events:end:servers:balancer:)``).
        private func joins(_ row: Int, at: VirtualInstant, inRotation: Bool) -> Bool {
            let open = rows[row]
            if open.detectedAt != nil { return !inRotation && !open.recovered }
            let first = parts[open.parts[0]]
            guard Self.stopsAnswering(timeline[first.index].fault) else { return false }
            return first.repairedAt.map { $0 > at } ?? true
        }

        /// Takes in `node`'s events before `instant` for its latest break — its detection, its
        /// return to rotation — and returns whether the node is in rotation after them.
        private mutating func walk(_ node: NodeID, before instant: VirtualInstant) -> Bool {
            let all = eventsOf[node.name] ?? []
            let inRotation = inRotationAfter[node.name] ?? []
            var next = walked[node] ?? 0
            while next < all.count, all[next].at < instant {
                if let row = latest[node] {
                    switch all[next].kind {
                    case .markedDown:
                        if rows[row].detectedAt == nil { rows[row].detectedAt = all[next].at }
                    case .markedUp, .backInRotation:
                        if inRotation[next], rows[row].detectedAt != nil, rows[row].unrepaired == 0, rows[row].latestRepair <= all[next].at {
                            rows[row].recovered = true
                        }
                    default:
                        break
                    }
                }
                next += 1
            }
            walked[node] = next
            return next == 0 || inRotation[next - 1]
        }

        /// Whether `fault` stops the server answering (rather than making it slow or err).
        private static func stopsAnswering(_ fault: Fault) -> Bool {
            switch fault {
            case .crash, .restart, .hang, .pause, .partition: true
            default: false
            }
        }
    }

    /// The earlier of a fault's written end and the instant something cut it short.
    private static func earlier(_ end: VirtualInstant, _ cutShort: VirtualInstant?) -> VirtualInstant {
        cutShort.map { min($0, end) } ?? end
    }

    /// Whether `fault`'s text leaves out its length, which its repair gives: a slowdown, an
    /// error burst or a partition (a pause or a hang writes its own).
    private static func isLengthedByRepair(_ fault: Fault) -> Bool {
        switch fault {
        case .slow, .errors, .partition: true
        default: false
        }
    }

    /// Whether `fault` makes a server slow or err rather than stop answering.
    private static func degrades(_ fault: Fault) -> Bool {
        switch fault {
        case .slow, .errors: true
        default: false
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
    /// burst's end, six seconds before the restart). And for each pause or hang, the next crash or
    /// restart of its node, which ends it (`cutShort`).
    private static func repairs(in timeline: [FaultSchedule.Entry]) -> (repairs: [VirtualInstant?], cutShort: [VirtualInstant?]) {
        var repairs = [VirtualInstant?](repeating: nil, count: timeline.count)
        var cutShort = [VirtualInstant?](repeating: nil, count: timeline.count)
        var nextKill: [NodeID: VirtualInstant] = [:]
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
            case .pause, .hang: cutShort[index] = nextKill[node]
            default: break
            }
            switch entry.fault {
            case .crash: nextKill[node] = entry.at
            case .restart(_, let boot):
                nextKill[node] = entry.at
                nextRestart[node] = entry.at.advanced(by: boot)
            case .errors(_, 0): nextErrorsEnd[node] = entry.at
            case .slow(_, let factor) where factor <= 1: nextSlowEnd[node] = entry.at
            default: break
            }
        }
        return (repairs, cutShort)
    }

    /// The group each node a partition names is in; nodes it does not name are on side -1
    /// together, as ``Network/canReach(_:_:)`` has it.
    private static func sides(of groups: [[NodeID]]) -> [NodeID: Int] {
        var side: [NodeID: Int] = [:]
        for (index, group) in groups.enumerated() { for node in group { side[node] = index } }
        return side
    }
}
