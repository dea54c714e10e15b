import Foundation
import Simulator
import Reports

extension ScenarioLoader {
    /// The fault actions the network carries out: on any node, but for `slow`, `hang` and
    /// `errors`, which only servers, MapReduce workers and the object store model.
    static let faultActions = ScenarioSchema.networkFaultActions.map(\.name)
    /// The fault actions only some sections have: a MapReduce worker's local disk wiped, an
    /// error storm on the object store.
    static let sectionFaultActions = [ScenarioSchema.loseIntermediate.name, ScenarioSchema.storm.name, ScenarioSchema.zoneOutage.name]
    /// The most faults one file may list.
    static let maximumFaults = 100_000

    /// The settings each fault action reads besides `at`: `factor: abc` on a crash or
    /// `boot_time` on a pause was accepted and never read. Every fault list, a world's, a queue
    /// run's and a single MapReduce job's, refuses another action's setting with this table.
    static let faultSettings = KindSettings(kinds: [
        ("crash", []),
        ("restart", ["boot_time"]),
        ("pause", ["for"]),
        ("slow", ["factor", "for"]),
        ("partition", ["for", "mode"]),
        ("heal", []),
        ("drop_rate", ["for"]),
        ("latency_spike", ["for"]),
        ("hang", ["for"]),
        ("errors", ["rate", "for"]),
        ("lose_intermediate", []),
        ("storm", ["rate", "code", "for"]),
        ("zone_outage", ["boot_time", "for"]),
    ]) { key, owners, kind, settings in
        "'\(key)' applies to \(KindSettings.plainList(owners)) faults, not to '\(kind)', which takes "
            + (settings.isEmpty ? "only 'at'" : KindSettings.quotedList(["at"] + settings))
    }

    /// The faults of a world, sorted by what carries them out.
    struct WorldFaults {
        /// Faults the network applies (to any node of any subsystem that models them).
        var network: [FaultSchedule.Entry] = []
        /// Faults only the MapReduce cluster can apply.
        var cluster: [MapReduce.ClusterFault.Entry] = []
        /// Error storms on the object store.
        var storms: [ObjectStore.ErrorStorm] = []
    }

    /// Parses the `faults:` list. `slow`, `drop_rate`, `latency_spike` and `errors` with a `for:`
    /// are undone automatically when it ends, and `partition` healed (unless a later partition
    /// replaced it first: its heal would end that one); `pause` needs `for:`; `hang` without `for:` lasts
    /// until the node crashes or restarts; `slow`, `hang` and `errors` name only a node that models
    /// them (``refuseUnmodelledFault(_:on:at:mapreduce:store:servers:)``); `storm` needs `for:`
    /// and a `rate`. A `restart` of a running node crashes it first (a deploy). A partition may also name `client` and the workload's
    /// `clientHosts` client hosts `client-1` … (``clientHost(_:clientHosts:)``).
    static func parseFaults(_ cursor: YAMLCursor, nodes: [NodeID], clientHosts: Int = 0, mapreduce: MapReduceSection? = nil,
                            store: StoreSection? = nil, zones: ZonesSection? = nil, servers: [Scenario.Server] = []) throws(ScenarioError) -> WorldFaults {
        var world = WorldFaults()
        var entries: [FaultSchedule.Entry] = []
        var windows: [LevelWindows.Window] = []
        let items = try cursor.list()
        guard items.count <= maximumFaults else { throw cursor.error(.invalidValue("at most \(NumberFormat.integer(maximumFaults)) faults, got \(NumberFormat.integer(items.count))")) }
        for item in items {
            let fields = try item.mapping(ScenarioSchema.worldFault)
            let at = VirtualInstant.after(try fields.required("at").duration())
            let actions = fields.keys.filter { (faultActions + sectionFaultActions).contains($0) }
            guard actions.count == 1, let action = actions.first, let value = fields[action] ?? fields.entries.first(where: { $0.key == action })?.value else {
                throw item.error(.invalidValue("each fault names exactly one of: \((faultActions + sectionFaultActions).joined(separator: ", "))"))
            }
            try faultSettings.refuseForeign(in: fields, kind: action)
            func node(_ cursor: YAMLCursor) throws(ScenarioError) -> NodeID {
                let name = try cursor.string()
                guard nodes.contains(NodeID(name)) else {
                    if clientHost(name, clientHosts: clientHosts) != nil {
                        throw cursor.error(.invalidValue("'\(name.excerpt)' is a client host: only a 'partition' can name it (cut off its requests); the other faults name the world's nodes: \(nodes.map(\.name).joined(separator: ", "))"))
                    }
                    throw cursor.unknownNode(name, among: nodes.map(\.name))
                }
                return NodeID(name)
            }
            let lasting = try fields["for"]?.positiveDuration()
            func undo(_ fault: Fault) {
                if let lasting { entries.append(.init(at: at.advanced(by: lasting), fault: fault)) }
            }
            // A level set, and with `for:` set back (``LevelWindows``).
            func setLevel(_ fault: Fault, of target: String, undo undoing: Fault) {
                var window = LevelWindows.Window(target: target, start: .init(at: at.nanoseconds, index: entries.count))
                entries.append(.init(at: at, fault: fault))
                if let lasting {
                    window.end = .init(at: at.advanced(by: lasting).nanoseconds, index: entries.count)
                    undo(undoing)
                }
                windows.append(window)
            }
            switch action {
            case "crash":
                entries.append(.init(at: at, fault: .crash(try node(value))))
            case "restart":
                // A restart of a running node is a deploy: it crashes first, then boots.
                entries.append(.init(at: at, fault: .restart(try node(value), bootTime: try fields["boot_time"]?.duration() ?? ScenarioSchema.defaultBootTime)))
            case "lose_intermediate":
                guard let mapreduce else { throw value.error(.invalidValue("'lose_intermediate' wipes a MapReduce worker's disk; this scenario has no mapreduce section")) }
                let target = try node(value)
                guard mapreduce.nodes.contains(target), target.name.hasPrefix("worker-") else {
                    throw value.error(.invalidValue("'lose_intermediate' names a MapReduce worker, not '\(target)'"))
                }
                world.cluster.append(.init(at: at, .loseIntermediateData(target)))
            case "storm":
                guard let store else { throw value.error(.invalidValue("a storm fails object-store requests; this scenario has no object_store section")) }
                let target = try node(value)
                guard target == store.id else { throw value.error(.invalidValue("a storm hits the object store '\(store.id)', not '\(target)'")) }
                guard let lasting else { throw item.error(.missingKey("for")) }
                let code = try fields["code"]?.stormCode() ?? ScenarioSchema.defaultStormCode
                world.storms.append(.init(start: VirtualInstant.zero.duration(to: at), length: lasting,
                                          errorRate: try fields.required("rate").probability(), code: code))
            case "zone_outage":
                entries += try zoneOutage(value, at: at, lasting: lasting, bootTime: try fields["boot_time"]?.duration() ?? ScenarioSchema.defaultBootTime, zones: zones, servers: servers)
            case "pause":
                guard let lasting else { throw item.error(.missingKey("for")) }
                entries.append(.init(at: at, fault: .pause(try node(value), duration: lasting)))
            case "slow":
                let target = try node(value)
                try refuseUnmodelledFault(action, on: target, at: value, mapreduce: mapreduce, store: store, servers: servers)
                let factor = try fields.required("factor").positiveFactor()
                setLevel(.slow(target, factor: factor), of: "slow \(target)", undo: .slow(target, factor: 1))
            case "partition":
                // Client hosts (`client`, `client-N`) may be placed in a partition too.
                func member(_ cursor: YAMLCursor) throws(ScenarioError) -> NodeID {
                    guard let name = cursor.text, !nodes.contains(NodeID(name)), name == "client" || name.hasPrefix("client-") else { return try node(cursor) }
                    guard let host = clientHost(name, clientHosts: clientHosts) else {
                        let known = clientHosts >= 1 ? "client hosts are client-1 … client-\(clientHosts)" : "only client host is 'client'"
                        throw cursor.error(.invalidValue("unknown client host '\(name.excerpt)'; this world's \(known)"))
                    }
                    return host
                }
                // A later partition replaces it, and then its heal is left out (``LevelWindows``).
                var window = LevelWindows.Window.partition(start: .init(at: at.nanoseconds, index: entries.count))
                entries.append(.init(at: at, fault: .partition(try parsePartition(value, node: member), try fields["mode"]?.choice(PartitionMode.self, lead: "a partition's mode is") ?? ScenarioSchema.defaultPartitionMode)))
                if let lasting { window.end = .init(at: at.advanced(by: lasting).nanoseconds, index: entries.count) }
                undo(.heal)
                windows.append(window)
            case "heal":
                try value.healSwitch()
                entries.append(.init(at: at, fault: .heal))
            case "hang":
                let target = try node(value)
                // A server (one placed `on:` a MapReduce node too), a worker or the store takes the hang.
                try refuseUnmodelledFault(action, on: target, at: value, mapreduce: mapreduce, store: store, servers: servers)
                entries.append(.init(at: at, fault: .hang(target, duration: lasting)))
            case "errors":
                let target = try node(value)
                try refuseUnmodelledFault(action, on: target, at: value, mapreduce: mapreduce, store: store, servers: servers)
                setLevel(.errors(target, rate: try fields.required("rate").probability()), of: "errors \(target)", undo: .errors(target, rate: 0))
            case "drop_rate":
                setLevel(.dropRate(try value.probability()), of: "drop rate", undo: .dropRate(0))
            default:
                setLevel(.latencySpike(extra: try value.duration()), of: "latency spike", undo: .latencySpike(extra: .zero))
            }
        }
        // A level whose end is left out keeps its written `for:` for the report's list.
        let superseded = LevelWindows.superseded(windows)
        for window in windows {
            guard let end = window.end, superseded.contains(end.index) else { continue }
            entries[window.start.index].writtenLength = .nanoseconds(end.at - window.start.at)
        }
        world.network = LevelWindows.removing(superseded, from: entries)
        return world
    }

    static func parseChaos(_ cursor: YAMLCursor, nodes: [NodeID]) throws(ScenarioError) -> FaultSchedule.Chaos {
        let fields = try cursor.mapping(ScenarioSchema.chaos)
        var targets = nodes
        if let list = fields["nodes"] {
            targets = []
            for item in try list.list(atMost: ScenarioSchema.maximumChaosNodes, of: "nodes") {
                let name = try item.string()
                guard nodes.contains(NodeID(name)) else { throw item.unknownNode(name, among: nodes.map(\.name)) }
                targets.append(NodeID(name))
            }
        }
        return FaultSchedule.Chaos(
            nodes: targets,
            crashesPerHour: try fields["crashes_per_hour"]?.double(in: ScenarioSchema.chaosPerHour) ?? 0,
            downtime: try fields["downtime"]?.durationDistribution() ?? ScenarioSchema.defaultChaosDowntime,
            pausesPerHour: try fields["pauses_per_hour"]?.double(in: ScenarioSchema.chaosPerHour) ?? 0,
            pauseLength: try fields["pause_length"]?.durationDistribution() ?? ScenarioSchema.defaultChaosPauseLength)
    }
}

extension YAMLCursor {
    /// `heal: true`, the only way a heal is written: the key is a switch, and `heal: false` or
    /// `heal:` with no value healed every partition as `true` did.
    func healSwitch() throws(ScenarioError) {
        guard text == "true" else { throw error(.wrongType(expected: "true (a heal is written 'heal: true')", found: kindDescription)) }
        // As every boolean, not quoted.
        _ = try bool()
    }
}
