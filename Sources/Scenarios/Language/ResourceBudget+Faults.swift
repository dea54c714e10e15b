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
    /// entry: 20 events and 2 KiB (measured: about 1.4 KB held per drawn crash and its restart).
    mutating func addChaos(of scenario: Scenario) {
        guard let chaos = scenario.faults.chaos else { return }
        let drawn = (chaos.crashesPerHour + chaos.pausesPerHour) * Double(chaos.nodes.count) * scenario.limits.timeLimit.seconds / 3_600
        add(events: 20 * drawn, by: "chaos")
        add(bytes: 2_048 * drawn, by: "chaos")
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
                if sides.count > 1 { return ("faults", "the \(entry.fault.description) at \(at)") }
            case .dropRate(let rate) where rate > 0:
                return ("faults", "the \(entry.fault.description) at \(at)")
            case .heal, .dropRate, .latencySpike:
                break
            default:
                if entry.fault.nodes.contains(where: nodes.contains) { return ("faults", "the \(entry.fault.description) at \(at)") }
            }
        }
        if let chaos = scenario.faults.chaos, let node = chaos.nodes.first(where: nodes.contains) { return ("chaos", "the chaos, which may crash \(node)") }
        let profiles = [scenario.defaultLink] + scenario.links.map(\.profile)
        if let rate = profiles.first(where: { $0.dropRate > 0 })?.dropRate { return ("network", "the network's drop rate of \(NumberText.plain(rate))") }
        return nil
    }
}
