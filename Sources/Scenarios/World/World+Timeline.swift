import Reports
import Simulator

extension World {
    /// Every subsystem's events on the one virtual clock: node outages and slowdowns as the
    /// network made them (``outages(subsystem:end:)``), the other faults' marks, each job's span and its attempts on the workers, producers at
    /// work, store storms, backups and restores, the balancer's failovers. The clock stops where
    /// the run did: a fault scheduled later never struck (the fault list marks it not reached) and
    /// draws nothing, and an outage or a storm still under way ends at the run's end.
    func timeline(_ result: RunResult) -> [TimelineEvent] {
        var events: [TimelineEvent] = []
        let end = result.virtualSeconds
        // A queue's brokers, controller, producers and consumers are the queue's (they were filed
        // under the balancer, a world's default).
        let queueNodes = Set(scenario.queue?.nodes ?? [])
        func subsystem(of node: NodeID) -> Subsystem {
            if queueNodes.contains(node) { return .queue }
            if node.name == "coordinator" || node.name.hasPrefix("worker-") || node.name == "shuffle" || node == jobClientID { return .mapreduce }
            if node.name == "log" || producers.contains(where: { $0.producer.id == node }) { return .log }
            if node == scenario.store?.id { return .store }
            if node == scenario.backup?.host { return .backup }
            return .balancer
        }
        events += outages(subsystem: subsystem, end: end)
        let applied = networkFaults.map { ($0.at, $0.fault) } + clusterFaults.compactMap { entry -> (VirtualInstant, Fault)? in
            if case .network(let fault) = entry.fault { return (entry.at, fault) }
            return nil
        }
        // A fault the network ignored changed nothing, whatever had set its node's state (the
        // run's record, ``FaultSchedule/noEffect(_:recorded:)``): a hang of a crashed node draws
        // no "hang" mark. Crashes, restarts, pauses and slowdowns are drawn from what the network
        // did, above.
        let inOrder = applied.sorted(by: { $0.0 < $1.0 })
        let effects = FaultSchedule.noEffect(inOrder.map { (at: $0.0, fault: Optional($0.1)) }, recorded: network.faultsWithoutEffect)
        for ((at, fault), effect) in zip(inOrder, effects) where effect == nil {
            switch fault {
            case .crash, .restart, .pause, .slow: continue
            default:
                for node in fault.nodes {
                    events.append(.init(node: node.name, subsystem: subsystem(of: node), kind: "fault", start: at.seconds, end: at.seconds,
                                        label: fault.reportText))
                }
            }
        }
        for job in result.jobs {
            let report = job.result.run.report
            if let submitted = job.submittedAt {
                events.append(.init(node: "jobs", subsystem: .mapreduce, kind: "job", start: submitted,
                                    end: report?.finishedAt?.seconds ?? end, label: job.id))
            }
            for attempt in report?.attempts ?? [] {
                events.append(.init(node: attempt.worker.name, subsystem: .mapreduce, kind: JobTimelineChart.category(of: attempt), start: attempt.start.seconds,
                                    end: attempt.end?.seconds ?? end, label: attempt.task.description))
            }
        }
        for producer in producers {
            events.append(.init(node: producer.producer.id.name, subsystem: .log, kind: "producing", start: producer.producer.start.seconds,
                                end: producer.finishedAt?.seconds ?? end, label: producer.producer.topic))
        }
        if let store = scenario.store {
            for storm in store.configuration.errorStorms {
                events.append(.init(node: store.id.name, subsystem: .store, kind: "storm", start: storm.start.seconds,
                                    end: (storm.start + storm.length).seconds, label: storm.code.rawValue))
            }
        }
        if let backup = result.backup, let host = scenario.backup?.host {
            for record in backup.backups {
                events.append(.init(node: host.name, subsystem: .backup, kind: "backup", start: Double(record.takenAt) / 1e9,
                                    end: Double(record.completedAt) / 1e9, label: record.name))
            }
            for restore in backup.restores {
                events.append(.init(node: host.name, subsystem: .backup, kind: "restore", start: restore.at, end: restore.finishedAt,
                                    label: restore.backup ?? restore.selection))
            }
        }
        for gap in result.traffic?.balancer?.outOfRotation ?? [] {
            // On the server's own row: how long the balancer kept it out of rotation, whatever
            // took it out (a fault's detection, errors of its own, a deployment's drain) and
            // until every mechanism holding it had let it go.
            events.append(.init(node: gap.server, subsystem: .balancer, kind: "out of rotation",
                                start: gap.start, end: gap.end ?? end, label: "out of rotation"))
        }
        return events.compactMap { event in
            guard event.start <= end else { return nil }
            var clipped = event
            clipped.end = min(event.end, end)
            return clipped
        }
    }
}

extension World {
    /// Each node's outages and slowdowns as the network's record has them
    /// (``Network/stateChanges``): `down` while crashed or booting
    /// (one bar from the crash until the restart that followed had booted, whatever made them —
    /// a fault, a deployment's restart, MapReduce's attempt chaos), `paused` while paused (a crash
    /// during a pause ends the pause's bar and begins a down one), and a `fault` bar while slowed,
    /// labelled as the fault list writes the slowdown (`slow web1 ×3.0`), each listed as it ends
    /// (those under way at the run's end last, by node). Drawn from the schedule,
    /// a server a deployment had restarted at 4 s (booted at 5 s) was drawn down from its crash
    /// at 3 s to the schedule's restart at 39 s. A node taken out of a replica set ends its bars
    /// there; whatever is still under way at the run's end is drawn up to `end`.
    func outages(subsystem: (NodeID) -> Subsystem, end: Double) -> [TimelineEvent] {
        var events: [TimelineEvent] = []
        // Each node's open outage and open slowdown, listed once over (in the order they end, as
        // the schedule's drawing listed an outage at its restart; those still under way at the
        // end last, by node).
        var outage: [NodeID: TimelineEvent] = [:]
        var slowdown: [NodeID: TimelineEvent] = [:]
        func close(_ open: inout [NodeID: TimelineEvent], _ node: NodeID, at: Double) {
            guard var event = open.removeValue(forKey: node) else { return }
            event.end = at
            events.append(event)
        }
        func begin(_ open: inout [NodeID: TimelineEvent], _ node: NodeID, at: Double, kind: String, label: String) {
            open[node] = .init(node: node.name, subsystem: subsystem(node), kind: kind, start: at, end: end, label: label)
        }
        for change in network.stateChanges.changes {
            let node = change.node, at = change.at.seconds
            switch change.kind {
            case .state(.crashed), .state(.starting):
                // A restart of a crashed node, or a crash of a booting one, continues the outage.
                if outage[node]?.label == "down" { continue }
                close(&outage, node, at: at)
                begin(&outage, node, at: at, kind: "down", label: "down")
            case .state(.paused):
                close(&outage, node, at: at)
                begin(&outage, node, at: at, kind: "down", label: "paused")
            case .state(.up):
                close(&outage, node, at: at)
            case .slow(let factor):
                close(&slowdown, node, at: at)
                if factor != 1 { begin(&slowdown, node, at: at, kind: "fault", label: Fault.slow(node, factor: factor).reportText) }
            case .removed:
                close(&outage, node, at: at)
                close(&slowdown, node, at: at)
            }
        }
        for open in [outage, slowdown] {
            events += open.sorted { $0.key < $1.key }.map(\.value)
        }
        return events
    }
}
