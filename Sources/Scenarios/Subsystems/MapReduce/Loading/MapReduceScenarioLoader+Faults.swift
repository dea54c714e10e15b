import Simulator

extension MapReduceScenarioLoader {
    /// The fault actions of a MapReduce scenario: the network's, plus `lose_intermediate` (a
    /// worker's local disk is wiped while it keeps running).
    static let clusterFaultActions = ScenarioLoader.faultActions + [ScenarioSchema.loseIntermediate.name]
    /// The settings each of those actions reads: a world's table, without the actions only a
    /// world has.
    static let clusterFaultSettings = ScenarioLoader.faultSettings.only(clusterFaultActions)

    /// Parses `faults:`. As in balancer scenarios, `slow`, `partition`, `drop_rate` and
    /// `latency_spike` with a `for:` are undone when it ends (a partition's heal left out when a
    /// later partition replaced it first), `pause` needs `for:`, and a partition's groups are read
    /// as a world's (``ScenarioLoader/parsePartition(_:node:)``).
    /// `hang` stops a worker answering (``MapReduce/Worker``); `errors` is refused, since no
    /// MapReduce node answers requests with a status a share of which could fail.
    static func parseClusterFaults(_ cursor: YAMLCursor, nodes: [NodeID]) throws(ScenarioError) -> [MapReduce.ClusterFault.Entry] {
        var entries: [MapReduce.ClusterFault.Entry] = []
        var windows: [LevelWindows.Window] = []
        for item in try cursor.list(atMost: ScenarioLoader.maximumFaults, of: "faults") {
            let fields = try item.mapping(ScenarioSchema.clusterFault)
            let at = VirtualInstant.after(try fields.required("at").duration())
            let actions = fields.keys.filter { clusterFaultActions.contains($0) }
            guard actions.count == 1, let action = actions.first,
                  let value = fields.entries.first(where: { $0.key == action })?.value else {
                throw item.error(.invalidValue("each fault names exactly one of: \(clusterFaultActions.joined(separator: ", "))"))
            }
            try clusterFaultSettings.refuseForeign(in: fields, kind: action)
            func node(_ cursor: YAMLCursor) throws(ScenarioError) -> NodeID {
                let name = try cursor.string()
                guard nodes.contains(NodeID(name)) else { throw cursor.unknownNode(name, among: nodes.map(\.name)) }
                return NodeID(name)
            }
            let lasting = try fields["for"]?.positiveDuration()
            // `level` names what a level set sets (``LevelWindows``); a partition is one too.
            func add(_ fault: Fault, undo: Fault? = nil, level: String? = nil) {
                let start = LevelWindows.Window.Key(at: at.nanoseconds, index: entries.count)
                var window = level.map { LevelWindows.Window(target: $0, start: start) }
                if case .partition = fault { window = .partition(start: start) }
                entries.append(.init(at: at, .network(fault)))
                if let lasting, let undo {
                    window?.end = .init(at: at.advanced(by: lasting).nanoseconds, index: entries.count)
                    entries.append(.init(at: at.advanced(by: lasting), .network(undo)))
                }
                if let window { windows.append(window) }
            }
            switch action {
            case "crash":
                add(.crash(try node(value)))
            case "restart":
                add(.restart(try node(value), bootTime: try fields["boot_time"]?.duration() ?? ScenarioSchema.defaultBootTime))
            case "pause":
                guard let lasting else { throw item.error(.missingKey("for")) }
                add(.pause(try node(value), duration: lasting))
            case "slow":
                let target = try node(value)
                // Only a worker's work has a service time to stretch (as in a world file).
                guard target.name.hasPrefix("worker-") else { throw value.error(.invalidValue(ScenarioLoader.slowNeedsAServiceTime(target))) }
                add(.slow(target, factor: try fields.required("factor").positiveFactor()), undo: .slow(target, factor: 1), level: "slow \(target)")
            case "partition":
                // The job's client host may be cut off too.
                func member(_ cursor: YAMLCursor) throws(ScenarioError) -> NodeID {
                    cursor.text == "client" ? "client" : try node(cursor)
                }
                add(.partition(try ScenarioLoader.parsePartition(value, node: member), try fields["mode"]?.choice(PartitionMode.self, lead: "a partition's mode is") ?? ScenarioSchema.defaultPartitionMode), undo: .heal)
            case "heal":
                try value.healSwitch()
                add(.heal)
            case "drop_rate":
                add(.dropRate(try value.probability()), undo: .dropRate(0), level: "drop rate")
            case "latency_spike":
                add(.latencySpike(extra: try value.duration()), undo: .latencySpike(extra: .zero), level: "latency spike")
            case "hang":
                let target = try node(value)
                guard target.name.hasPrefix("worker-") else { throw value.error(.invalidValue(hangOnlyOnWorkers(target))) }
                entries.append(.init(at: at, .network(.hang(target, duration: lasting))))
            case "errors":
                throw value.error(.invalidValue(errorsNeedAServer(try node(value))))
            case ScenarioSchema.loseIntermediate.name:
                entries.append(.init(at: at, .loseIntermediateData(try node(value))))
            default:
                throw item.error(.invalidValue("'\(action)' is not a fault of a MapReduce file"))
            }
        }
        // A level whose end is left out keeps its written `for:` for the report's list, as a
        // world's does (``FaultSchedule/Entry/writtenLength``).
        let superseded = LevelWindows.superseded(windows)
        for window in windows {
            guard let end = window.end, superseded.contains(end.index) else { continue }
            entries[window.start.index].writtenLength = .nanoseconds(end.at - window.start.at)
        }
        return LevelWindows.removing(superseded, from: entries)
    }

    /// Why `hang` cannot name `node`, a MapReduce node other than a worker.
    static func hangOnlyOnWorkers(_ node: NodeID) -> String {
        "'hang' stops a MapReduce worker answering; '\(node)' is not a worker — use 'pause:' (with 'for:') or 'crash:' instead"
    }

    /// Why `errors` cannot name `node`, a MapReduce node with no server on it.
    static func errorsNeedAServer(_ node: NodeID) -> String {
        "'errors' makes a server answer a share of its requests with 500; '\(node)' runs no server, and a MapReduce "
            + "node's failures are whole — use 'crash:', 'pause:' (with 'for:') or 'hang:' instead"
    }

    /// Parses `chaos:` into seeded random faults. Every rate defaults to zero, so a scenario
    /// gets exactly the kinds of fault it names; lengths default to ``MapReduce/ClusterChaos``'s.
    static func parseClusterChaos(_ cursor: YAMLCursor) throws(ScenarioError) -> MapReduce.ClusterChaos {
        let fields = try cursor.mapping(ScenarioSchema.clusterChaos)
        let defaults = MapReduce.ClusterChaos()
        func rate(_ key: String) throws(ScenarioError) -> Double { try fields[key]?.double(in: ScenarioSchema.clusterChaosPerMinute) ?? ScenarioSchema.defaultClusterChaosRate }
        func length(_ key: String, _ fallback: Distribution) throws(ScenarioError) -> Distribution {
            try fields[key]?.durationDistribution() ?? fallback
        }
        let chaos = MapReduce.ClusterChaos(
            horizon: try fields["horizon"]?.positiveDuration() ?? defaults.horizon,
            workerCrashesPerMinute: try rate("worker_crashes_per_minute"), workerDowntime: try length("worker_downtime", defaults.workerDowntime),
            pausesPerMinute: try rate("pauses_per_minute"), pauseLength: try length("pause_length", defaults.pauseLength),
            slowdownsPerMinute: try rate("slowdowns_per_minute"), slowFactor: try length("slow_factor", defaults.slowFactor),
            slowLength: try length("slow_length", defaults.slowLength),
            partitionsPerMinute: try rate("partitions_per_minute"), partitionLength: try length("partition_length", defaults.partitionLength),
            lostIntermediatePerMinute: try rate("lost_intermediate_per_minute"),
            coordinatorRestartsPerMinute: try rate("coordinator_restarts_per_minute"),
            coordinatorDowntime: try length("coordinator_downtime", defaults.coordinatorDowntime))
        // The faults are drawn up front, one record each: their expected number sizes the schedule.
        let expected = chaos.expectedFaults
        guard expected <= Double(ScenarioSchema.maximumClusterChaosFaults) else {
            let figures = NumberText.figures(expected, against: Double(ScenarioSchema.maximumClusterChaosFaults))
            throw (fields["horizon"] ?? cursor).error(.invalidValue(
                "these rates draw about \(figures.value) faults over the horizon, more than \(figures.limit); shorten 'horizon' or lower the rates"))
        }
        return chaos
    }
}
