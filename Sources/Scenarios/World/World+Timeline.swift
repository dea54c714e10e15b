import Reports
import Simulator

extension World {
    /// Every subsystem's events on the one virtual clock: node outages from the faults (down until
    /// the restart has booted), each job's span and its attempts on the workers, producers at
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
        var downSince: [NodeID: Double] = [:]
        // Each node's last outage in `events` (a node's outages are disjoint and in time order, so
        // only its last can still be booting), and the outages a later one continued, dropped
        // once at the end: found by a scan of every earlier event and removed in place, they made
        // 180,000 chaos crashes quadratic (41 s of a 60 s world's 41 s).
        var lastOutage: [NodeID: Int] = [:]
        var continued: Set<Int> = []
        // A crash or restart that strikes a node still booting continues the outage it was in.
        func outageStillBooting(_ node: NodeID, at: VirtualInstant) -> Double? {
            guard let index = lastOutage[node], !continued.contains(index), events[index].end > at.seconds else { return nil }
            continued.insert(index)
            return events[index].start
        }
        let applied = networkFaults.map { ($0.at, $0.fault) } + clusterFaults.compactMap { entry -> (VirtualInstant, Fault)? in
            if case .network(let fault) = entry.fault { return (entry.at, fault) }
            return nil
        }
        // A fault the network ignored changed nothing, whatever had set its node's state (the
        // run's record, ``FaultSchedule/noEffect(_:recorded:)``): a pause of a crashed node draws
        // no "paused" bar, nor a hang of one a "hang" mark.
        let inOrder = applied.sorted(by: { $0.0 < $1.0 })
        let effects = FaultSchedule.noEffect(inOrder.map { (at: $0.0, fault: Optional($0.1)) }, recorded: network.faultsWithoutEffect)
        for ((at, fault), effect) in zip(inOrder, effects) where effect == nil {
            switch fault {
            case .crash(let node):
                if downSince[node] == nil { downSince[node] = outageStillBooting(node, at: at) ?? at.seconds }
            case .restart(let node, let boot):
                // Down until it has booted: a restart of a running node takes it down for the boot too.
                let start = downSince.removeValue(forKey: node) ?? outageStillBooting(node, at: at) ?? at.seconds
                lastOutage[node] = events.count
                events.append(.init(node: node.name, subsystem: subsystem(of: node), kind: "down", start: start,
                                    end: at.advanced(by: boot).seconds, label: "down"))
            case .pause(let node, let duration):
                events.append(.init(node: node.name, subsystem: subsystem(of: node), kind: "down", start: at.seconds,
                                    end: at.seconds + duration.seconds, label: "paused"))
            default:
                for node in fault.nodes {
                    events.append(.init(node: node.name, subsystem: subsystem(of: node), kind: "fault", start: at.seconds, end: at.seconds,
                                        label: fault.reportText))
                }
            }
        }
        if !continued.isEmpty {
            events = events.indices.filter { !continued.contains($0) }.map { events[$0] }
        }
        for (node, start) in downSince.sorted(by: { $0.key < $1.key }) {
            events.append(.init(node: node.name, subsystem: subsystem(of: node), kind: "down", start: start, end: end, label: "down"))
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
