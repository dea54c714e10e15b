import Simulator
import Yams

/// Every `faults:` item a shrink would write for a world and seed — the file's own, what the
/// top-level `chaos:` draws, what `mapreduce.chaos` draws — before any is YAML, and the incident
/// each belongs to (or none: it changed nothing).
///
/// Counted before it is written: the file may list at most ``ScenarioLoader/maximumFaults``, and
/// the incidents built first and counted after took 1.1 GB for a world that drew 1.26 million
/// faults (some 7 YAML nodes each) only to be refused. A plan holds each fault as a few words.
///
/// One rule for listed and drawn faults, the network's (``FaultSchedule/noEffect(_:recorded:)``
/// replaying the schedule in the order the network applies it, with ``CrashPairing``): a crash
/// of a node already crashed and a pause of a node crashed, booting or paused changed nothing and
/// are no incident — kept alone, they would strike once the incident that swallowed them was
/// removed, and mean what they never meant; a restart joins the crash whose downtime it ends (or
/// that swallowed the crash it was drawn for). The file's own crash took the next restart of its
/// node in the file's order: of `crash a` at 1 s and 2 s and restarts at 3 s and 4 s, the first
/// crash was an incident alone — a permanent crash once shrunk — and the second restart too.
///
/// A listed `zone_outage` is one item made of several crashes and restarts (each server of its
/// zone at `at`, and after `for:`), under the same rule: it was an item apart that crashed no node
/// as far as the pairing knew, so a chaos crash inside it counted as striking and was an incident
/// of its own — no effect in the original, a crash once the outage was removed — and a pause in
/// it too. Now its crashes take its servers down, a crash or pause inside it is no incident, a
/// restart ending its downtime joins it, and an outage whose own restart ends another incident's
/// downtime is one incident with it (``IncidentSets``).
struct FaultPlan {
    /// One item, as the scenario language will write it.
    enum Written {
        /// The file's own item, as it wrote it.
        case listed(Node)
        case crash(NodeID)
        case restart(NodeID, boot: Duration)
        case pause(NodeID, lasting: Duration)
        /// A slowdown with its end, one item with `for:`.
        case slow(NodeID, factor: Double, lasting: Duration)
        /// A partition with its heal, one item with `for:`.
        case partition([[NodeID]], lasting: Duration)
        case loseIntermediate(NodeID)
    }

    /// One planned item.
    struct Planned {
        var at: VirtualInstant
        var written: Written
        var origin: FaultIncident.Origin
        /// The crash, restart or pause it is, which its node's liveness decides; nil for the rest.
        var liveness: Fault?
        /// A listed `zone_outage`'s crashes and restarts, as the loader schedules them; empty for
        /// every other item (no allocation for the many a chaos world draws).
        var outage: [FaultSchedule.Entry] = []
        /// A listed heal's partition (without `for:`, the latest before it in the file): the item
        /// it ends and joins.
        var heals: Int?
    }

    /// Every item, in the order they are written (the file's, then `chaos:` node by node, then
    /// `mapreduce.chaos`): faults of one instant keep the order the original run applied them in.
    private(set) var planned: [Planned] = []
    /// For each item the first item of its incident (itself when it begins one), nil for one that
    /// changed nothing and is not written.
    private(set) var incidentOf: [Int?] = []

    /// How many `faults:` items the plan writes: what the loader's limit is checked against.
    var faultCount: Int { incidentOf.count { $0 != nil } }

    /// The plan of `scenario`'s faults for `seed`; `listed` is the file's `faults:` list.
    init(listed: Node?, scenario: Scenario, seed: UInt64) {
        planned = Self.listed(listed, scenario: scenario)
        if let chaos = scenario.faults.chaos {
            let horizon = VirtualInstant.after(scenario.limits.timeLimit)
            for node in chaos.nodes {
                var single = chaos
                single.nodes = [node]
                // Each node draws from its own stream, so drawing one node at a time draws the same.
                for entry in FaultSchedule(chaos: single).timeline(seed: seed, horizon: horizon) {
                    guard let written = Self.written(entry.fault) else { preconditionFailure("chaos draws crashes, restarts and pauses, not \(entry.fault)") }
                    planned.append(Planned(at: entry.at, written: written, origin: .chaos, liveness: entry.fault))
                }
            }
        }
        if let section = scenario.mapreduce, let chaos = section.chaos {
            let nodes = MapReduceScenario.nodes(of: section.cluster)
            let workers = nodes.filter { $0.name.hasPrefix("worker-") }
            let others = nodes.filter { $0.name == "log" || $0.name == "shuffle" }
            planned += Self.cluster(chaos.timeline(seed: seed, workers: workers, coordinator: "coordinator", others: others))
        }
        incidentOf = Self.incidents(of: planned)
    }

    /// The incidents, in the order their first items are written, each with its items in that
    /// order.
    func incidents() -> [FaultIncident] {
        var incidents: [FaultIncident] = []
        var incidentAt: [Int: Int] = [:]
        for index in planned.indices where incidentOf[index] == index {
            incidentAt[index] = incidents.count
            incidents.append(FaultIncident(items: [], origin: planned[index].origin))
        }
        var position = 0
        for index in planned.indices {
            guard let first = incidentOf[index], let incident = incidentAt[first] else { continue }
            incidents[incident].items.append(FaultIncident.Item(position: position, node: Self.node(planned[index]), at: planned[index].at))
            position += 1
        }
        return incidents
    }

    /// Which incident each item belongs to, deciding in the order the network applies them —
    /// time order, one instant's in the order written — what each crash, restart and pause did.
    /// An item that did nothing (each of its crashes and pauses found its node down or paused,
    /// and it has no restart) is no incident; one whose restart ends another's downtime is part
    /// of that incident.
    private static func incidents(of planned: [Planned]) -> [Int?] {
        // Each crash, restart and pause with its item: a zone outage is several, at two instants.
        var events: [(item: Int, at: VirtualInstant, fault: Fault)] = []
        for (index, item) in planned.enumerated() {
            if let fault = item.liveness { events.append((index, item.at, fault)) }
            for entry in item.outage { events.append((index, entry.at, entry.fault)) }
        }
        // Appended in the order written, so the index breaks a tie as the network's schedule does.
        let order = events.indices.sorted { (events[$0].at, $0) < (events[$1].at, $1) }
        let effects = FaultSchedule.noEffect(order.map { (at: events[$0].at, fault: Optional(events[$0].fault)) })
        var sets = IncidentSets(count: planned.count)
        // Whether the item changed anything itself: the rest, with no event, do.
        var acted = planned.map { $0.liveness == nil && $0.outage.isEmpty }
        var pairing = CrashPairing()
        for (event, effect) in zip(order, effects) {
            let index = events[event].item
            switch events[event].fault {
            case .crash(let node):
                // The same rule as `effect`'s: a crash of a node already crashed changes nothing.
                if pairing.crash(node, incident: index) { acted[index] = true }
            case .restart(let node, _):
                if let crash = pairing.restart(node) { sets.join(index, to: crash) } else { acted[index] = true }
            case .pause:
                if effect == nil { acted[index] = true }
            default:
                acted[index] = true
            }
        }
        for index in planned.indices {
            if let partition = planned[index].heals { sets.join(index, to: partition) }
        }
        return planned.indices.map { index in acted[index] || sets.joined(index) ? sets.incident(of: index) : nil }
    }

    /// The file's own items, in its order: its crashes, restarts and pauses with the faults they
    /// are, a heal with the latest partition without `for:` before it.
    private static func listed(_ listed: Node?, scenario: Scenario) -> [Planned] {
        guard case .sequence(let sequence)? = listed else { return [] }
        var planned: [Planned] = []
        var openPartition: Int?
        for node in sequence {
            let fields = node.mapping.map { mapping in mapping.compactMap { pair in pair.key.string.map { ($0, pair.value) } } } ?? []
            func value(_ key: String) -> YAMLCursor? { fields.first { $0.0 == key }.map { YAMLCursor(node: $0.1, file: "", path: key) } }
            // The file loaded: each value reads as the loader read it.
            let at = (try? value("at")?.duration()).map { VirtualInstant.after($0) } ?? .zero
            let action = fields.first { ScenarioLoader.faultActions.contains($0.0) || ScenarioLoader.sectionFaultActions.contains($0.0) }
            let target = action?.1.string.map { NodeID($0) }
            var item = Planned(at: at, written: .listed(node), origin: .listed)
            switch (action?.0, target) {
            case ("crash", let node?):
                item.liveness = .crash(node)
            case ("restart", let node?):
                item.liveness = .restart(node, bootTime: (try? value("boot_time")?.duration()) ?? .zero)
            case ("pause", let node?):
                if let lasting = try? value("for")?.positiveDuration() { item.liveness = .pause(node, duration: lasting) }
            case ("heal", _):
                item.heals = openPartition
                openPartition = nil
            case ("partition", _):
                if value("for") == nil { openPartition = planned.count }
            case ("zone_outage", _):
                // Its servers as the loader finds them, crashed at `at` and restarted after `for:`.
                item.outage = action.flatMap { action in
                    try? ScenarioLoader.zoneOutage(YAMLCursor(node: action.1, file: "", path: action.0), at: at,
                                                   lasting: try? value("for")?.positiveDuration(),
                                                   bootTime: (try? value("boot_time")?.duration()) ?? .zero,
                                                   zones: scenario.zones, servers: scenario.servers)
                } ?? []
            default:
                break
            }
            planned.append(item)
        }
        return planned
    }

    /// `mapreduce.chaos`'s draws: a slowdown and a partition each one item with its undo as
    /// `for:` (one whose undo was not drawn is left out), the rest as drawn. One whose undo the
    /// draw left out for a later one of its target (``LevelWindows``) is written with its drawn
    /// length, which the loader leaves out again: of partitions drawn at 43.044 s for 10.680 s and
    /// at 46.255 s for 9.244 s, both are written, and the first's heal ends neither.
    private static func cluster(_ drawn: [MapReduce.ClusterFault.Entry]) -> [Planned] {
        // First match each undo (a slowdown back to factor 1, a heal) to the fault it ends.
        var openSlow: [NodeID: (index: Int, at: VirtualInstant, factor: Double)] = [:]
        var openPartition: (index: Int, at: VirtualInstant, groups: [[NodeID]])?
        var lasting: [Int: Written] = [:]
        for (index, entry) in drawn.enumerated() {
            guard case .network(let fault) = entry.fault else { continue }
            switch fault {
            case .slow(let node, let factor) where factor == 1:
                guard let open = openSlow.removeValue(forKey: node) else { continue }
                lasting[open.index] = .slow(node, factor: open.factor, lasting: open.at.duration(to: entry.at))
            case .slow(let node, let factor):
                if let length = entry.writtenLength {
                    lasting[index] = .slow(node, factor: factor, lasting: length)
                } else {
                    openSlow[node] = (index, entry.at, factor)
                }
            case .heal:
                guard let open = openPartition else { continue }
                lasting[open.index] = .partition(open.groups, lasting: open.at.duration(to: entry.at))
                openPartition = nil
            case .partition(let groups, _):
                if let length = entry.writtenLength {
                    lasting[index] = .partition(groups, lasting: length)
                } else {
                    openPartition = (index, entry.at, groups)
                }
            default:
                continue
            }
        }
        return drawn.enumerated().compactMap { index, entry -> Planned? in
            switch entry.fault {
            case .loseIntermediateData(let node):
                return Planned(at: entry.at, written: .loseIntermediate(node), origin: .clusterChaos)
            case .network(let fault):
                if let crashOrPause = Self.written(fault) {
                    return Planned(at: entry.at, written: crashOrPause, origin: .clusterChaos, liveness: fault)
                }
                // A slowdown or a partition is written once, with its undo as `for:`.
                return lasting[index].map { Planned(at: entry.at, written: $0, origin: .clusterChaos) }
            }
        }
    }

    /// A drawn crash, restart or pause as written.
    private static func written(_ fault: Fault) -> Written? {
        switch fault {
        case .crash(let node): .crash(node)
        case .restart(let node, let boot): .restart(node, boot: boot)
        case .pause(let node, let duration): .pause(node, lasting: duration)
        default: nil
        }
    }

    /// An item as a `faults:` item.
    private static func node(_ planned: Planned) -> Node {
        typealias Incident = FaultIncident
        let at = planned.at
        switch planned.written {
        case .listed(let node):
            return node
        case .crash(let node):
            return Incident.item(at: at, [("crash", Incident.scalar(node.name))])
        case .restart(let node, let boot):
            var fields = [("restart", Incident.scalar(node.name))]
            if boot != .zero { fields.append(("boot_time", Incident.scalar(Incident.seconds(boot)))) }
            return Incident.item(at: at, fields)
        case .pause(let node, let lasting):
            return Incident.item(at: at, [("pause", Incident.scalar(node.name)), ("for", Incident.scalar(Incident.seconds(lasting)))])
        case .slow(let node, let factor, let lasting):
            return Incident.item(at: at, [("slow", Incident.scalar(node.name)), ("factor", Incident.scalar(String(factor))),
                                          ("for", Incident.scalar(Incident.seconds(lasting)))])
        case .partition(let groups, let lasting):
            let written = Node.sequence(Node.Sequence(groups.map { group in
                Node.sequence(Node.Sequence(group.map { Incident.scalar($0.name) }, Incident.tag(), .flow))
            }, Incident.tag(), .flow))
            return Incident.item(at: at, [("partition", written), ("for", Incident.scalar(Incident.seconds(lasting)))])
        case .loseIntermediate(let node):
            return Incident.item(at: at, [("lose_intermediate", Incident.scalar(node.name))])
        }
    }
}
