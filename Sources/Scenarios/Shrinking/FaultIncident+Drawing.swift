import Simulator
import Yams

extension FaultIncident {
    /// Every incident of `scenario`'s faults for `seed`, in schedule order: the file's listed
    /// faults (a crash joined with the next restart of its node, a partition without `for:` with
    /// the next heal), then what the top-level `chaos:` draws node by node, then what
    /// `mapreduce.chaos` draws. Written back in this order, the explicit schedule expands to the
    /// same timeline the chaos run applied, less the drawn crashes that found their node already
    /// down and changed nothing (``CrashPairing``).
    ///
    /// - Parameter listed: the file's `faults:` list, if it has one.
    static func incidents(listed: Node?, scenario: Scenario, seed: UInt64) -> [FaultIncident] {
        var incidents = listedIncidents(listed)
        var position = incidents.reduce(0) { $0 + $1.items.count }
        if let chaos = scenario.faults.chaos {
            let horizon = VirtualInstant.after(scenario.limits.timeLimit)
            for node in chaos.nodes {
                var single = chaos
                single.nodes = [node]
                // Each node draws from its own stream, so drawing one node at a time draws the same.
                let drawn = FaultSchedule(chaos: single).timeline(seed: seed, horizon: horizon)
                incidents += chaosIncidents(drawn.map { ($0.at, $0.fault) }, origin: .chaos, position: &position)
            }
        }
        if let section = scenario.mapreduce, let chaos = section.chaos {
            let nodes = MapReduceScenario.nodes(of: section.cluster)
            let workers = nodes.filter { $0.name.hasPrefix("worker-") }
            let others = nodes.filter { $0.name == "log" || $0.name == "shuffle" }
            let drawn = chaos.timeline(seed: seed, workers: workers, coordinator: "coordinator", others: others)
            incidents += clusterIncidents(drawn, position: &position)
        }
        return incidents
    }

    /// The file's own faults, one incident per item except that a crash takes the next restart
    /// of its node and a partition without `for:` takes the next heal.
    private static func listedIncidents(_ listed: Node?) -> [FaultIncident] {
        guard case .sequence(let sequence)? = listed else { return [] }
        var incidents: [FaultIncident] = []
        var openCrash: [String: Int] = [:]
        var openPartition: Int?
        for (position, node) in sequence.enumerated() {
            let item = Item(position: position, node: node)
            let fields = node.mapping.map { mapping in mapping.compactMap { pair in pair.key.string.map { ($0, pair.value) } } } ?? []
            let action = fields.first { ScenarioLoader.faultActions.contains($0.0) || ScenarioLoader.sectionFaultActions.contains($0.0) }
            let lasting = fields.contains { $0.0 == "for" }
            switch (action?.0, action?.1.string) {
            case ("restart", let target?) where openCrash[target] != nil:
                incidents[openCrash.removeValue(forKey: target)!].items.append(item)
            case ("heal", _) where openPartition != nil:
                incidents[openPartition!].items.append(item)
                openPartition = nil
            default:
                incidents.append(FaultIncident(items: [item], origin: .listed))
                if action?.0 == "crash", let target = action?.1.string { openCrash[target] = incidents.count - 1 }
                if action?.0 == "partition", !lasting { openPartition = incidents.count - 1 }
            }
        }
        return incidents
    }

    /// Incidents of a drawn timeline of one node: each crash with the restart that follows it
    /// (none when the restart falls past the horizon), each pause alone (``CrashPairing``).
    private static func chaosIncidents(_ drawn: [(VirtualInstant, Fault)], origin: Origin, position: inout Int) -> [FaultIncident] {
        var incidents: [FaultIncident] = []
        var pairing = CrashPairing()
        func next(_ node: Node) -> Item {
            defer { position += 1 }
            return Item(position: position, node: node)
        }
        for (at, fault) in drawn {
            switch fault {
            case .crash(let node):
                // One node's next fault is drawn after its downtime: no crash finds it down.
                guard pairing.crash(node, incident: incidents.count) else { continue }
                incidents.append(FaultIncident(items: [next(item(at: at, [("crash", scalar(node.name))]))], origin: origin))
            case .restart(let node, let boot):
                var fields = [("restart", scalar(node.name))]
                if boot != .zero { fields.append(("boot_time", scalar(seconds(boot)))) }
                let restart = next(item(at: at, fields))
                if let open = pairing.restart(node) {
                    incidents[open].items.append(restart)
                } else {
                    incidents.append(FaultIncident(items: [restart], origin: origin))
                }
            case .pause(let node, let duration):
                incidents.append(FaultIncident(items: [next(item(at: at, [("pause", scalar(node.name)), ("for", scalar(seconds(duration)))]))], origin: origin))
            default:
                preconditionFailure("chaos draws crashes, restarts and pauses, not \(fault)")
            }
        }
        return incidents
    }

    /// Incidents of `mapreduce.chaos`'s draws: the crash that struck with the restarts it owes
    /// (``CrashPairing``; a crash of a node already down is dropped), pauses, slowdowns and
    /// partitions with their undo as one `for:` item, lost intermediate data alone.
    private static func clusterIncidents(_ drawn: [MapReduce.ClusterFault.Entry], position: inout Int) -> [FaultIncident] {
        // First match each undo (a slowdown back to factor 1, a heal) to the fault it ends.
        var openSlow: [NodeID: (index: Int, at: VirtualInstant, factor: Double)] = [:]
        var openPartition: (index: Int, at: VirtualInstant, groups: [[NodeID]])?
        var lasting: [Int: Node] = [:]
        for (index, entry) in drawn.enumerated() {
            guard case .network(let fault) = entry.fault else { continue }
            switch fault {
            case .slow(let node, let factor) where factor == 1:
                guard let open = openSlow.removeValue(forKey: node) else { continue }
                lasting[open.index] = item(at: open.at, [("slow", scalar(node.name)), ("factor", scalar(String(open.factor))),
                                                         ("for", scalar(seconds(open.at.duration(to: entry.at))))])
            case .slow(let node, let factor):
                openSlow[node] = (index, entry.at, factor)
            case .heal:
                guard let open = openPartition else { continue }
                let groups = Node.sequence(Node.Sequence(open.groups.map { group in
                    Node.sequence(Node.Sequence(group.map { scalar($0.name) }, tag(), .flow))
                }, tag(), .flow))
                lasting[open.index] = item(at: open.at, [("partition", groups), ("for", scalar(seconds(open.at.duration(to: entry.at))))])
                openPartition = nil
            case .partition(let groups, _):
                openPartition = (index, entry.at, groups)
            default:
                continue
            }
        }
        var incidents: [FaultIncident] = []
        var pairing = CrashPairing()
        func add(_ node: Node, joining open: Int? = nil) {
            let written = Item(position: position, node: node)
            position += 1
            if let open { incidents[open].items.append(written) } else { incidents.append(FaultIncident(items: [written], origin: .clusterChaos)) }
        }
        for (index, entry) in drawn.enumerated() {
            switch entry.fault {
            case .loseIntermediateData(let node):
                add(item(at: entry.at, [("lose_intermediate", scalar(node.name))]))
            case .network(.crash(let node)):
                // Crashes overlap here (any worker, any time): one of a node already down is dropped.
                guard pairing.crash(node, incident: incidents.count) else { continue }
                add(item(at: entry.at, [("crash", scalar(node.name))]))
            case .network(.restart(let node, let boot)):
                var fields = [("restart", scalar(node.name))]
                if boot != .zero { fields.append(("boot_time", scalar(seconds(boot)))) }
                add(item(at: entry.at, fields), joining: pairing.restart(node))
            case .network(.pause(let node, let duration)):
                add(item(at: entry.at, [("pause", scalar(node.name)), ("for", scalar(seconds(duration)))]))
            case .network:
                // A slowdown or a partition is written once, with its undo as `for:`.
                if let written = lasting[index] { add(written) }
            }
        }
        return incidents
    }
}
