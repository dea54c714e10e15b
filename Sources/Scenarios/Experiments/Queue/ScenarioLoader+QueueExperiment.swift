import Foundation
import Reports
import Simulator

extension ScenarioLoader {
    /// The queue experiment `document` describes, strictly, with the file, line and column of the
    /// first problem.
    static func parseQueueExperiment(_ document: ScenarioDocument) throws(ScenarioError) -> QueueExperimentSpec {
        let top = try document.sections(ScenarioSchema.queueExperimentFile)
        let durationCursor = top["duration"]
        let duration = try durationCursor?.positiveDuration() ?? ScenarioSchema.defaultQueueExperimentDuration
        if let durationCursor, duration > ScenarioSchema.queueLongestRun {
            throw durationCursor.error(.invalidValue("a queue run lasts at most 1 day, got \(DurationFormat.seconds(duration.seconds, grouping: true))"))
        }
        let (defaultLink, links) = try parseNetwork(top["network"])
        let queueCursor = try top.required("queue")
        let queue = try parseQueueSection(queueCursor, duration: duration, durationKey: "duration")
        let brokers = queue.brokers, replication = queue.configuration.replication
        let nodes = queue.nodes.sorted()
        for (index, link) in links.enumerated() {
            for end in [link.from, link.to] where !nodes.contains(end) {
                let cursor = (try? top.required("network").mapping(ScenarioSchema.network)["links"]?.list()[index]) ?? top.cursor
                throw cursor.error(.invalidValue("unknown node '\(end.name.excerpt)' in a link; nodes: \(nodes.map(\.name).joined(separator: ", "))"))
            }
        }
        var runs: [QueueExperimentSpec.Run] = []
        var runNames = DistinctNames()
        if let list = top["runs"] {
            let items = try list.list()
            guard items.count <= ScenarioSchema.queueRuns.upperBound else { throw list.error(.invalidValue("at most \(ScenarioSchema.queueRuns.upperBound) runs, got \(items.count)")) }
            for item in items {
                let fields = try item.mapping(ScenarioSchema.queueRun)
                var faults: [FaultSchedule.Entry] = []
                if let faultList = fields["faults"] {
                    faults = try parseFaults(faultList, nodes: nodes).network
                    try checkFaultsWithin(duration, faultList)
                    if let late = faults.first(where: { $0.at > .after(duration) }) {
                        throw faultList.error(.invalidValue("a fault at \(DurationFormat.seconds(late.at.seconds, grouping: true)) comes after the run's \(DurationFormat.seconds(duration.seconds, grouping: true))"))
                    }
                }
                let acks = try fields["acks"]?.choice(QueueConfiguration.Acknowledgements.self)
                let copies = try parseReplication(fields["replication"], brokers: brokers)
                // A run's overrides meet the queue's own rules, as the section's values do.
                if acks == .leader, queue.configuration.idempotence == true, let cursor = fields["acks"] {
                    throw cursor.error(.invalidValue("acks: leader in a run of a queue with idempotent: true: Kafka refuses an idempotent producer with acks=1; set idempotent: false in the queue section"))
                }
                if let copies, copies < queue.configuration.minInSyncReplicas, let cursor = fields["replication"] {
                    throw cursor.error(.invalidValue("replication \(copies) is less than the queue's min_insync_replicas \(queue.configuration.minInSyncReplicas): every acks=all append would be refused"))
                }
                // Each run has a heading and rows of its own, told apart by its name.
                let nameCursor = try fields.required("name")
                let runName = try nameCursor.name()
                try runNames.add(runName, at: nameCursor, kind: "run",
                                 remedy: "give each run its own name: the report's headings and rows tell the runs apart by it")
                runs.append(.init(name: runName, acks: acks, replication: copies, faults: faults))
            }
        }
        let swarm = try top["swarm"]?.mapping(ScenarioSchema.queueSwarm)
        var analysis: QueueExperimentSpec.Analysis?
        if let analysisCursor = top["placement_analysis"] {
            let fields = try analysisCursor.mapping(ScenarioSchema.queueAnalysis)
            let countsCursor = try fields.required("brokers")
            var counts: [Int] = []
            for item in try countsCursor.list() { counts.append(try item.int(in: ScenarioSchema.queueBrokers)) }
            guard !counts.isEmpty, counts.count <= 16 else { throw countsCursor.error(.invalidValue("1 to 16 broker counts, got \(counts.count)")) }
            var algorithms: [PlacementExperimentSpec.Variant] = []
            var algorithmNames = DistinctNames()
            let algorithmsCursor = try fields.required("algorithms")
            let items = try algorithmsCursor.list()
            guard !items.isEmpty, items.count <= 16 else { throw algorithmsCursor.error(.invalidValue("1 to 16 algorithms, got \(items.count)")) }
            // Every algorithm is built for every count (and one more broker): they share one budget.
            var steps = 0.0
            for item in items {
                let variant = try item.mapping(ScenarioSchema.placementVariant)
                let spec = try parsePlacement(map: variant["map"], placement: variant["placement"], at: item)
                steps += try checkPlacement(spec, counts: counts, adding: 1, noun: "brokers", at: item)
                let nameCursor = try variant.required("name")
                let label = try nameCursor.name()
                try algorithmNames.add(label, at: nameCursor, kind: "algorithm",
                                       remedy: "give each algorithm its own name: the analysis' tables tell the algorithms apart by it")
                algorithms.append(.init(label: label, placement: spec))
            }
            guard steps <= mostPlacementSetupSteps else {
                throw algorithmsCursor.error(.invalidValue("building these \(items.count) algorithms for every broker count takes about \(placementSetupStepsText(steps).steps) steps, more than the \(placementSetupStepsText(steps).most) a run may take; use fewer algorithms, broker counts or \(algorithms.map(\.placement.setupKnob).first ?? "smaller placements")"))
            }
            // Each partition's copies go to distinct brokers, so every count must hold them all.
            let copies = try fields["replication"]?.int(in: ScenarioSchema.queueBrokers) ?? replication
            if let fewest = counts.min(), copies > fewest {
                throw (fields["replication"] ?? countsCursor).error(.invalidValue("replication \(copies) needs at least \(copies) brokers; the analysis counts \(fewest)"))
            }
            analysis = .init(brokerCounts: counts, partitions: try fields.required("partitions").int(in: ScenarioSchema.queueAnalysisPartitions),
                             replication: copies, algorithms: algorithms)
        }
        let spec = QueueExperimentSpec(
            summary: document.summary, file: document.file, seed: document.seed ?? ScenarioSchema.defaultSeed, duration: duration, defaultLink: defaultLink, links: links,
            queue: queue, runs: runs,
            swarmSeeds: try swarm?.required("seeds").int(in: ScenarioSchema.queueSwarmSeeds) ?? 0,
            swarmMessages: try swarm?["messages"]?.int(in: ScenarioSchema.queueMessages), analysis: analysis)
        try checkQueueExperimentWork(spec, swarm: top["swarm"], runs: top["runs"], at: top.cursor)
        return spec
    }

    /// Refuses a run's fault that starts, or (with `for:`) ends, after the run's `duration`, at
    /// the value that puts it there: `at` or `for` of the fault (a run's list is parsed by
    /// ``parseFaults(_:nodes:clientHosts:mapreduce:store:zones:servers:)``, which already
    /// checked every item).
    static func checkFaultsWithin(_ duration: Duration, _ faultList: YAMLCursor) throws(ScenarioError) {
        let end = VirtualInstant.after(duration)
        for (index, item) in try faultList.list().enumerated() {
            let fields = try item.openMapping()
            guard let atCursor = fields["at"] else { continue }
            let at = VirtualInstant.after(try atCursor.duration())
            if at > end {
                throw atCursor.error(.invalidValue("fault \(index + 1) at \(DurationFormat.seconds(at.seconds, grouping: true)) comes after the run's \(DurationFormat.seconds(duration.seconds, grouping: true)) and would never happen; move it earlier or raise duration"))
            }
            if let forCursor = fields["for"], case let until = at.advanced(by: try forCursor.positiveDuration()), until > end {
                throw forCursor.error(.invalidValue("fault \(index + 1) would end at \(DurationFormat.seconds(until.seconds, grouping: true)), after the run's \(DurationFormat.seconds(duration.seconds, grouping: true)); shorten its for or raise duration"))
            }
        }
    }
}
