import Simulator
import Reports

extension ResourceBudget {
    /// The labels of the faults the file lists on the timeline: a fault is drawn once for every
    /// node it names, each time labelled with its whole description, so a partition naming n
    /// nodes holds n labels of about 8n bytes — 28,000 groups held 5.4 GB. A partition names
    /// each node once (``ScenarioLoader/parsePartition(_:node:)``), but a world may have 10⁶
    /// client hosts, and a file 100,000 faults.
    mutating func addFaultLabels(of scenario: Scenario) {
        let clusterFaults = scenario.mapreduce?.faults.compactMap { entry -> Fault? in
            if case .network(let fault) = entry.fault { fault } else { nil }
        } ?? []
        var bytes = 0.0
        for fault in scenario.faults.entries.map(\.fault) + clusterFaults {
            guard case .partition(let groups, _) = fault else { continue }
            let names = groups.reduce(0) { $0 + $1.count }
            bytes += Double(names) * Double(fault.description.utf8.count)
        }
        if bytes > 0 { add(bytes: bytes, by: "faults") }
    }

    /// The top-level `chaos:`: drawn up to the run's time limit, not its duration
    /// (``FaultSchedule/timeline(seed:horizon:)``: a 60 s run's default limit of 180 s drew three
    /// times the faults its duration gives), each drawn fault a timer, a report line and a fault
    /// entry: 20 events and 2 KiB. A node's next fault is drawn only once its crash or pause is
    /// over (``FaultSchedule/Chaos``'s draw: the gap, then the downtime or the pause), so a node
    /// draws one fault every gap and mean length — counting the gaps alone estimated 1,000
    /// servers crashing and pausing 3,600 times an hour each (5 s downtimes, 1 s pauses) over a
    /// 900 s limit at 1.8 × 10⁶ faults, 3.4 GiB, where they drew 2.6 × 10⁵ and held 404 MB.
    /// Measured over that limit, the slope over no chaos: about 930 bytes held per drawn crash
    /// and its restart, 660 per pause.
    mutating func addChaos(of scenario: Scenario) {
        guard let chaos = scenario.faults.chaos else { return }
        add(events: 20 * Self.drawnChaosFaults(chaos, over: scenario.limits.timeLimit.seconds), by: "chaos")
        add(bytes: 2_048 * Self.drawnChaosFaults(chaos, over: scenario.limits.timeLimit.seconds), by: "chaos")
    }

    /// The faults `chaos` draws over `horizon` seconds, on average: every node draws one every
    /// gap (exponential, of mean 3,600 s ÷ its crashes and pauses an hour) and the crash's
    /// downtime or the pause's length that follows it.
    static func drawnChaosFaults(_ chaos: FaultSchedule.Chaos, over horizon: Double) -> Double {
        let perHour = chaos.crashesPerHour + chaos.pausesPerHour
        guard perHour > 0 else { return 0 }
        let crashShare = chaos.crashesPerHour / perHour
        let cycle = 3_600 / perHour + crashShare * max(chaos.downtime.mean ?? 0, 0) + (1 - crashShare) * max(chaos.pauseLength.mean ?? 0, 0)
        return Double(chaos.nodes.count) * horizon / cycle
    }

    /// The first thing the file lists that can keep `nodes` from answering one another or
    /// their clients — a fault naming one of them (a crash, pause, hang, restart…), a
    /// partition that puts them on different sides (the nodes no group names on one of their
    /// own), messages lost (a link's drop rate or a scheduled one), the chaos striking one of
    /// them — described for a message, or nil when nothing can.
    /// Returns where it is written (`faults`, `chaos`, `network`) and what it is.
    static func faultStriking(_ nodes: Set<NodeID>, in scenario: Scenario) -> (section: String, what: String)? {
        for entry in scenario.faults.entries {
            let at = DurationFormat.seconds(entry.at.seconds, grouping: true)
            switch entry.fault {
            case .partition(let groups, _):
                let sides = Set(nodes.map { node in groups.firstIndex { $0.contains(node) } ?? -1 })
                if sides.count > 1 { return ("faults", "the \(entry.fault.reportText) at \(at)") }
            case .dropRate(let rate) where rate > 0:
                return ("faults", "the \(entry.fault.reportText) at \(at)")
            case .heal, .dropRate, .latencySpike:
                break
            default:
                if entry.fault.nodes.contains(where: nodes.contains) { return ("faults", "the \(entry.fault.reportText) at \(at)") }
            }
        }
        if let chaos = scenario.faults.chaos, let node = chaos.nodes.first(where: nodes.contains) { return ("chaos", "the chaos, which may crash \(node)") }
        let profiles = [scenario.defaultLink] + scenario.links.map(\.profile)
        if let rate = profiles.first(where: { $0.dropRate > 0 })?.dropRate { return ("network", "the network's drop rate of \(NumberText.plain(rate))") }
        return nil
    }
}

extension ResourceBudget {
    /// Bytes a MapReduce cluster's chaos partition holds for each pair of the cluster's nodes:
    /// it cuts a random half of them off (``MapReduce/ClusterChaos/timeline(seed:workers:coordinator:others:)``),
    /// and every node it cuts is labelled with the whole partition's description — n/2 labels
    /// of n/2 names. Measured (600 partitions a minute for the default 60 s, the slope over no
    /// chaos): 10.4 bytes a pair with 300 workers (562 MB), 8.8 with 1,000 (5.27 GB, 51 s) —
    /// where the flat 8 KiB a fault had estimated 4.9 MB; 12 with a margin.
    static let bytesPerChaosPartitionPair = 12.0

    /// The cluster chaos's partitions, over `nodes` (coordinator, workers, services): each holds
    /// ``bytesPerChaosPartitionPair`` for every pair of nodes, and its time grows with them alike.
    mutating func addChaosPartitions(of chaos: MapReduce.ClusterChaos, nodes: Int) {
        let partitions = chaos.partitionsPerMinute * chaos.horizon.seconds / 60
        guard partitions > 0 else { return }
        let pairs = Double(nodes) * Double(nodes)
        add(bytes: Self.bytesPerChaosPartitionPair * pairs * partitions, by: "mapreduce.chaos", at: "mapreduce.chaos.partitions_per_minute")
    }
}
