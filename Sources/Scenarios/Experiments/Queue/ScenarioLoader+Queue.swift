import Foundation
import Simulator

extension ScenarioLoader {
    /// The queue experiment `document` describes, strictly: every number in its documented range,
    /// every name and target checked against the topics, with the file, line and column of the first
    /// problem.
    static func parseQueueExperiment(_ document: ScenarioDocument) throws(ScenarioError) -> QueueExperimentSpec {
        let top = try document.sections(ScenarioSchema.queueExperimentFile)
        let durationCursor = top["duration"]
        let duration = try durationCursor?.positiveDuration() ?? .seconds(30)
        if let durationCursor, duration > ScenarioSchema.queueLongestRun {
            throw durationCursor.error(.invalidValue("a queue run lasts at most 1 day, got \(duration.formattedSeconds)"))
        }
        let (defaultLink, links) = try parseNetwork(top["network"])
        let queueCursor = try top.required("queue")
        let queue = try queueCursor.mapping(ScenarioSchema.queueSection)
        let brokers = try queue["brokers"]?.int(in: ScenarioSchema.queueBrokers) ?? 3
        let placement = queue["map"] == nil && queue["placement"] == nil
            ? PlacementSpec.ring(virtualNodes: HashRing.defaultVirtualNodesPerNode)
            : try parsePlacement(map: queue["map"], placement: queue["placement"], at: queueCursor)
        try checkFits(placement, brokers: brokers, at: queue["map"] ?? queueCursor)
        let replication = try parseReplication(queue["replication"], brokers: brokers) ?? min(2, brokers)
        var configuration = QueueConfiguration(replication: replication, acks: try queue["acks"]?.choice(QueueConfiguration.Acknowledgements.self) ?? .all)
        if let value = try queue["heartbeat_interval"]?.positiveDuration() { configuration.heartbeatInterval = value }
        if let value = try queue["session_timeout"]?.positiveDuration() { configuration.sessionTimeout = value }
        if let value = try queue["replica_timeout"]?.positiveDuration() { configuration.replicaTimeout = value }
        if let value = try queue["catch_up_interval"]?.positiveDuration() { configuration.catchUpInterval = value }
        try checkWakeUps(duration, every: configuration.heartbeatInterval, times: brokers, at: queue["heartbeat_interval"] ?? queueCursor, what: "heartbeats")
        try checkWakeUps(duration, every: configuration.catchUpInterval, times: brokers, at: queue["catch_up_interval"] ?? queueCursor, what: "catch-up rounds")

        var topics: [QueueExperimentSpec.Topic] = []
        let topicItems = try queue.required("topics").list()
        guard !topicItems.isEmpty, topicItems.count <= ScenarioSchema.queueTopics.upperBound else {
            throw try queue.required("topics").error(.invalidValue("1 to \(ScenarioSchema.queueTopics.upperBound) topics, got \(topicItems.count)"))
        }
        for item in topicItems {
            let fields = try item.mapping(ScenarioSchema.queueTopic)
            let nameCursor = try fields.required("name")
            let name = try queueName(nameCursor)
            guard !topics.contains(where: { $0.name == name }) else { throw nameCursor.error(.invalidValue("topic '\(name)' is declared twice")) }
            topics.append(.init(name: name, partitions: try fields.required("partitions").int(in: ScenarioSchema.queuePartitions)))
        }

        var names: Set<String> = ["controller"]
        for number in 1...brokers { names.insert("broker-\(number)") }
        func clientName(_ cursor: YAMLCursor) throws(ScenarioError) -> NodeID {
            let name = try queueName(cursor)
            guard names.insert(name).inserted else { throw cursor.error(.invalidValue("the node name '\(name)' is taken (brokers are broker-1 … broker-\(brokers), and the controller is 'controller')")) }
            return NodeID(name)
        }
        var producers: [QueueProducerSpec] = []
        var totalMessages = 0
        for item in try clients(queue["producers"]) {
            let fields = try item.mapping(ScenarioSchema.queueProducer)
            let messagesCursor = try fields.required("messages")
            let messages = try messagesCursor.int(in: ScenarioSchema.queueMessages)
            totalMessages += messages
            guard totalMessages <= ScenarioSchema.queueTotalMessages else {
                throw messagesCursor.error(.invalidValue("the producers send at most \(ScenarioSchema.queueTotalMessages) messages in all"))
            }
            producers.append(QueueProducerSpec(
                id: try clientName(try fields.required("name")), targets: try targets(try fields.required("to"), topics: topics),
                messages: messages, rate: try fields.required("rate").positiveRate(), start: try fields["start"]?.duration() ?? .zero,
                keys: try fields["keys"]?.int(in: 1...1_000_000), timeout: try fields["timeout"]?.positiveDuration() ?? .seconds(1),
                attempts: try fields["attempts"]?.int(in: 1...100) ?? 3))
        }
        var consumers: [QueueConsumerSpec] = []
        for item in try clients(queue["consumers"]) {
            let fields = try item.mapping(ScenarioSchema.queueConsumer)
            let id = try clientName(try fields.required("name"))
            let poll = try fields["poll_interval"]?.positiveDuration() ?? .milliseconds(100)
            try checkWakeUps(duration, every: poll, times: 1, at: fields["poll_interval"] ?? item, what: "polls")
            consumers.append(QueueConsumerSpec(
                id: id, group: try fields["group"].map { cursor throws(ScenarioError) in try queueName(cursor) } ?? id.name,
                targets: try targets(try fields.required("from"), topics: topics), pollInterval: poll,
                maxRecords: try fields["max_records"]?.int(in: ScenarioSchema.queueMaxRecords) ?? 100,
                commitInterval: try fields["commit_interval"]?.duration() ?? .zero, timeout: try fields["timeout"]?.positiveDuration() ?? .seconds(1)))
        }

        let nodes = names.sorted().map { NodeID($0) }
        for (index, link) in links.enumerated() {
            for end in [link.from, link.to] where !nodes.contains(end) {
                let cursor = (try? top.required("network").mapping(ScenarioSchema.network)["links"]?.list()[index]) ?? top.cursor
                throw cursor.error(.invalidValue("unknown node '\(end.name.excerpt)' in a link; nodes: \(nodes.map(\.name).joined(separator: ", "))"))
            }
        }
        var runs: [QueueExperimentSpec.Run] = []
        if let list = top["runs"] {
            let items = try list.list()
            guard items.count <= ScenarioSchema.queueRuns.upperBound else { throw list.error(.invalidValue("at most \(ScenarioSchema.queueRuns.upperBound) runs, got \(items.count)")) }
            for item in items {
                let fields = try item.mapping(ScenarioSchema.queueRun)
                var faults: [FaultSchedule.Entry] = []
                if let faultList = fields["faults"] {
                    faults = try parseFaults(faultList, nodes: nodes).network
                    if let late = faults.first(where: { $0.at > .after(duration) }) {
                        throw faultList.error(.invalidValue("a fault at \(late.at) comes after the run's \(duration.formattedSeconds)"))
                    }
                }
                runs.append(.init(name: try fields.required("name").string(), acks: try fields["acks"]?.choice(QueueConfiguration.Acknowledgements.self),
                                  replication: try parseReplication(fields["replication"], brokers: brokers), faults: faults))
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
            let algorithmsCursor = try fields.required("algorithms")
            let items = try algorithmsCursor.list()
            guard !items.isEmpty, items.count <= 16 else { throw algorithmsCursor.error(.invalidValue("1 to 16 algorithms, got \(items.count)")) }
            for item in items {
                let variant = try item.mapping(ScenarioSchema.placementVariant)
                let spec = try parsePlacement(map: variant["map"], placement: variant["placement"], at: item)
                try checkFits(spec, brokers: counts.max()! + 1, at: item)
                algorithms.append(.init(label: try variant.required("name").string(), placement: spec))
            }
            analysis = .init(brokerCounts: counts, partitions: try fields.required("partitions").int(in: ScenarioSchema.queueAnalysisPartitions),
                             replication: try fields["replication"]?.int(in: ScenarioSchema.queueBrokers) ?? replication, algorithms: algorithms)
        }
        return QueueExperimentSpec(
            summary: document.summary, file: document.file, seed: document.seed ?? 1, duration: duration, defaultLink: defaultLink, links: links,
            brokers: brokers, placement: placement,
            configuration: configuration, topics: topics, producers: producers, consumers: consumers, runs: runs,
            swarmSeeds: try swarm?.required("seeds").int(in: ScenarioSchema.queueSwarmSeeds) ?? 0,
            swarmMessages: try swarm?["messages"]?.int(in: ScenarioSchema.queueMessages), analysis: analysis)
    }

    private static func queueName(_ cursor: YAMLCursor) throws(ScenarioError) -> String {
        let name = try cursor.string()
        guard (1...64).contains(name.count), name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.queueNameCharacters.contains($0)) }) else {
            throw cursor.error(.invalidValue("a name has 1 to 64 ASCII letters, digits, '.', '_' or '-', got '\(name.excerpt)'"))
        }
        return name
    }

    private static func clients(_ cursor: YAMLCursor?) throws(ScenarioError) -> [YAMLCursor] {
        guard let cursor else { return [] }
        let items = try cursor.list()
        guard items.count <= ScenarioSchema.queueClients.upperBound else {
            throw cursor.error(.invalidValue("at most \(ScenarioSchema.queueClients.upperBound) producers or consumers, got \(items.count)"))
        }
        return items
    }

    private static func parseReplication(_ cursor: YAMLCursor?, brokers: Int) throws(ScenarioError) -> Int? {
        guard let cursor else { return nil }
        let replication = try cursor.int(in: ScenarioSchema.queueBrokers)
        guard replication <= brokers else { throw cursor.error(.invalidValue("replication \(replication) needs at least \(replication) brokers; there are \(brokers)")) }
        return replication
    }

    /// `T1:P1`, `T1:1` or `T1:*`, naming a declared topic and one of its partitions.
    private static func targets(_ cursor: YAMLCursor, topics: [QueueExperimentSpec.Topic]) throws(ScenarioError) -> [QueueTarget] {
        let items = try cursor.list()
        guard !items.isEmpty, items.count <= 1_000 else { throw cursor.error(.invalidValue("1 to 1,000 targets, got \(items.count)")) }
        var targets: [QueueTarget] = []
        for item in items {
            let text = try item.string()
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw item.error(.invalidValue("a target is TOPIC:P<n> or TOPIC:*, got '\(text.excerpt)'")) }
            let topicName = String(parts[0])
            guard let topic = topics.first(where: { $0.name == topicName }) else {
                let suggestion = Suggestion.closest(to: topicName, among: topics.map(\.name))
                throw item.error(.invalidValue("unknown topic '\(topicName.excerpt)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; topics: \(topics.map(\.name).joined(separator: ", "))")))
            }
            if parts[1] == "*" {
                targets.append(.topic(topic.name))
                continue
            }
            var digits = Substring(parts[1])
            if digits.first == "P" || digits.first == "p" { digits = digits.dropFirst() }
            guard digits.count <= 4, let number = Int(digits), (1...topic.partitions).contains(number) else {
                throw item.error(.invalidValue("topic \(topic.name) has partitions P1 … P\(topic.partitions); got '\(parts[1])'"))
            }
            targets.append(.partition(TopicPartition(topic.name, number - 1)))
        }
        return targets
    }

    /// An assignment map must have room for every broker's virtual servers.
    private static func checkFits(_ placement: PlacementSpec, brokers: Int, at cursor: YAMLCursor) throws(ScenarioError) {
        if case .assignment(let configuration) = placement, configuration.virtualServersPerServer * brokers > configuration.slotCount {
            throw cursor.error(.invalidValue("\(brokers) brokers × \(configuration.virtualServersPerServer) virtual servers do not fit in \(configuration.slotCount) slots"))
        }
    }

    /// A periodic activity every `interval` for `duration`, `times` over, must stay within the budget.
    private static func checkWakeUps(_ duration: Duration, every interval: Duration, times: Int, at cursor: YAMLCursor, what: String) throws(ScenarioError) {
        let wakeUps = duration.seconds / interval.seconds * Double(times)
        guard wakeUps <= Double(ScenarioSchema.queueMostWakeUps) else {
            throw cursor.error(.invalidValue("\(Int(min(wakeUps, 1e18))) \(what) in \(duration.formattedSeconds) is more than the \(ScenarioSchema.queueMostWakeUps) a run may have; make the interval longer"))
        }
    }
}

extension CharacterSet {
    /// What queue topic, producer, consumer and group names may hold.
    static let queueNameCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
}
