import Reports
import Foundation
import Simulator

extension ScenarioLoader {
    /// The `queue:` section at `queueCursor`, strictly: every number in its documented range, every
    /// name and target checked against the topics. `duration` is how long the run lasts, which
    /// bounds the periodic work (heartbeats, polls) a file may ask for; `durationKey` is where the
    /// file sets it, as a refusal names it (`run.duration` in a world, `duration` in the queue experiment).
    static func parseQueueSection(_ queueCursor: YAMLCursor, duration: Duration, durationKey: String = "run.duration") throws(ScenarioError) -> QueueSection {
        let queue = try queueCursor.mapping(ScenarioSchema.queueSection)
        let brokers = try queue["brokers"]?.int(in: ScenarioSchema.queueBrokers) ?? ScenarioSchema.defaultBrokers
        let placement = queue["map"] == nil && queue["placement"] == nil
            ? PlacementSpec.ring(virtualNodes: HashRing.defaultVirtualNodesPerNode)
            : try parsePlacement(map: queue["map"], placement: queue["placement"], at: queueCursor)
        try checkPlacement(placement, counts: [brokers], noun: "brokers", at: queue["map"] ?? queue["placement"] ?? queueCursor)
        do throws(PlacementError) {
            _ = try placement.makeKeyPlacement(servers: brokers)
        } catch {
            throw (queue["map"] ?? queue["placement"] ?? queueCursor).error(.invalidValue("the placement cannot hold \(brokers) brokers: \(error)"))
        }
        let replication = try parseReplication(queue["replication"], brokers: brokers) ?? min(ScenarioSchema.queueDefaults.replication, brokers)
        var configuration = QueueConfiguration(replication: replication, acks: try queue["acks"]?.choice(QueueConfiguration.Acknowledgements.self) ?? ScenarioSchema.queueDefaults.acks)
        try parseDurability(queue, into: &configuration)
        if let value = try queue["heartbeat_interval"]?.duration(atLeast: YAMLCursor.shortestPeriod) { configuration.heartbeatInterval = value }
        if let value = try queue["session_timeout"]?.positiveDuration() { configuration.sessionTimeout = value }
        if let value = try queue["replica_timeout"]?.positiveDuration() { configuration.replicaTimeout = value }
        if let value = try queue["catch_up_interval"]?.positiveDuration() { configuration.catchUpInterval = value }
        try checkWakeUps(over: duration, every: configuration.catchUpInterval, times: brokers, most: ScenarioSchema.queueMostWakeUps, at: queue["catch_up_interval"] ?? queueCursor, what: "catch-up rounds")

        var topics: [QueueSection.Topic] = []
        var topicNames = DistinctNames()
        let topicItems = try queue.required("topics").list()
        guard !topicItems.isEmpty, topicItems.count <= ScenarioSchema.queueTopics.upperBound else {
            throw try queue.required("topics").error(.invalidValue("1 to \(NumberFormat.integer(ScenarioSchema.queueTopics.upperBound)) topics, got \(NumberFormat.integer(topicItems.count))"))
        }
        for item in topicItems {
            let fields = try item.mapping(ScenarioSchema.queueTopic)
            let nameCursor = try fields.required("name")
            let name = try queueName(nameCursor)
            // Each topic has rows, lag and series of its own, told apart by its name: by bytes and
            // by look-alikes, as every other list of names (the log's topics).
            try topicNames.add(name, at: nameCursor, kind: "topic",
                          remedy: "give each topic its own name: the report's rows and the metrics' series tell the topics apart by it")
            // Kafka refuses a topic whose name differs from another's only by '.' and '_'
            // (`Topic.hasCollision`: its metrics' names replace one by the other).
            let folded = name.replacingOccurrences(of: ".", with: "_")
            if let other = topics.first(where: { $0.name.replacingOccurrences(of: ".", with: "_") == folded }) {
                throw nameCursor.error(.invalidValue("topic '\(name.excerpt)' collides with topic '\(other.name.excerpt)': Kafka refuses names that differ only by '.' and '_'"))
            }
            topics.append(.init(name: name, partitions: try fields.required("partitions").int(in: ScenarioSchema.queuePartitions)))
        }

        var names: Set<String> = ["controller"]
        for number in 1...brokers { names.insert("broker-\(number)") }
        // Who took each client's name, for the error: a clash between two clients named the
        // brokers, which had nothing to do with it.
        var clientNames: [String: String] = [:]
        func clientName(_ cursor: YAMLCursor, _ role: String) throws(ScenarioError) -> NodeID {
            let name = try queueName(cursor)
            if let holder = clientNames[name] {
                throw cursor.error(.invalidValue("the node name '\(name.excerpt)' is taken by \(holder); every producer and consumer needs a name of its own (a consumer's group may be shared: set group)"))
            }
            guard names.insert(name).inserted else { throw cursor.error(.invalidValue("the node name '\(name.excerpt)' is taken (brokers are broker-1 … broker-\(brokers), and the controller is 'controller')")) }
            clientNames[name] = "\(role) at line \(cursor.line)"
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
                throw messagesCursor.error(.invalidValue("the producers send at most \(NumberFormat.integer(ScenarioSchema.queueTotalMessages)) messages in all"))
            }
            let rateCursor = try fields.required("rate")
            let rate = try rateCursor.positiveRate()
            let start = try fields["start"]?.duration() ?? ScenarioSchema.defaultQueueProducerStart
            // A queue world runs for run.duration: a producer whose last send comes after it kept
            // the run going far past what its periodic work was checked against.
            let lastSend = start.seconds + Double(messages - 1) / rate
            guard lastSend <= duration.seconds else {
                throw rateCursor.error(.invalidValue("\(NumberText.figure(Double(messages))) messages at \(NumberText.plain(rate))/s from \(DurationFormat.seconds(start.seconds, grouping: true)) end at \(DurationFormat.seconds(lastSend, grouping: true)), after the run's \(DurationFormat.seconds(duration.seconds, grouping: true)) (\(durationKey)); raise the rate or the duration"))
            }
            producers.append(QueueProducerSpec(
                id: try clientName(try fields.required("name"), "the producer"), targets: try targets(try fields.required("to"), topics: topics),
                messages: messages, rate: rate, start: start,
                keys: try fields["keys"]?.int(in: 1...1_000_000), timeout: try fields["timeout"]?.positiveDuration() ?? ScenarioSchema.defaultQueueClientTimeout,
                attempts: try fields["attempts"]?.int(in: 1...100) ?? ScenarioSchema.defaultQueueProducerAttempts))
        }
        var consumers: [QueueConsumerSpec] = []
        for item in try clients(queue["consumers"]) {
            let fields = try item.mapping(ScenarioSchema.queueConsumer)
            let id = try clientName(try fields.required("name"), "the consumer")
            let poll = try fields["poll_interval"]?.positiveDuration() ?? ScenarioSchema.defaultPollInterval
            try checkWakeUps(over: duration, every: poll, most: ScenarioSchema.queueMostWakeUps, at: fields["poll_interval"] ?? item, what: "polls")
            let maxPollInterval = try fields["max_poll_interval"]?.duration(atLeast: YAMLCursor.shortestPeriod) ?? ScenarioSchema.defaultMaxPollInterval
            guard poll < maxPollInterval else {
                throw (fields["max_poll_interval"] ?? fields["poll_interval"] ?? item).error(.invalidValue("a consumer polling every \(DurationFormat.seconds(poll.seconds, grouping: true)) leaves its group before each poll with max_poll_interval \(DurationFormat.seconds(maxPollInterval.seconds, grouping: true)); make max_poll_interval longer than poll_interval"))
            }
            consumers.append(QueueConsumerSpec(
                id: id, group: try fields["group"].map { cursor throws(ScenarioError) in try queueName(cursor) } ?? id.name,
                targets: try targets(try fields.required("from"), topics: topics), pollInterval: poll,
                maxRecords: try fields["max_records"]?.int(in: ScenarioSchema.queueMaxRecords) ?? ScenarioSchema.defaultMaxRecords,
                commitInterval: try fields["commit_interval"]?.duration() ?? ScenarioSchema.defaultCommitInterval, timeout: try fields["timeout"]?.positiveDuration() ?? ScenarioSchema.defaultQueueClientTimeout,
                maxPollInterval: maxPollInterval))
        }
        // Brokers and consumers heartbeat every heartbeat_interval.
        try checkWakeUps(over: duration, every: configuration.heartbeatInterval, times: brokers + consumers.count, most: ScenarioSchema.queueMostWakeUps,
                         at: queue["heartbeat_interval"] ?? queueCursor, what: "heartbeats")
        // Kafka refuses heartbeat.interval.ms ≥ session.timeout.ms: a member would be evicted
        // between two heartbeats, and its group would rebalance for good.
        if !consumers.isEmpty, configuration.heartbeatInterval >= configuration.sessionTimeout {
            throw (queue["heartbeat_interval"] ?? queue["session_timeout"] ?? queueCursor).error(.invalidValue("a consumer heartbeating every \(DurationFormat.seconds(configuration.heartbeatInterval.seconds, grouping: true)) is evicted between two heartbeats with session_timeout \(DurationFormat.seconds(configuration.sessionTimeout.seconds, grouping: true)) (Kafka refuses heartbeat.interval.ms ≥ session.timeout.ms); make heartbeat_interval shorter than session_timeout"))
        }

        return QueueSection(brokers: brokers, placement: placement, configuration: configuration, topics: topics,
                            producers: producers, consumers: consumers)
    }

    /// `idempotent` and `min_insync_replicas`, with Kafka's rules: idempotence needs `acks: all`
    /// (Kafka refuses `enable.idempotence=true` with other acks), and `min_insync_replicas` is read
    /// with `acks: all` only, at least 1 and at most `replication`.
    private static func parseDurability(_ queue: YAMLMapping, into configuration: inout QueueConfiguration) throws(ScenarioError) {
        if let cursor = queue["idempotent"] {
            let idempotent = try cursor.bool()
            guard !idempotent || configuration.acks == .all else {
                throw cursor.error(.invalidValue("an idempotent producer needs acks: all (Kafka refuses enable.idempotence=true with acks=1); remove idempotent or set acks: all"))
            }
            configuration.idempotence = idempotent
        }
        if let cursor = queue["min_insync_replicas"] {
            let least = try cursor.int(in: ScenarioSchema.queueBrokers)
            // Kafka reads it only for acks=all: with acks: leader it would be ignored.
            guard configuration.acks == .all else {
                throw cursor.error(.invalidValue("min_insync_replicas applies to acks: all only (a leader acknowledges alone with acks: leader, whatever the in-sync set); remove it or set acks: all"))
            }
            guard least <= configuration.replication else {
                throw cursor.error(.invalidValue("min_insync_replicas \(least) is more than the \(configuration.replication) copies of each partition (replication): every append would be refused"))
            }
            configuration.minInSyncReplicas = least
        }
    }

    /// A queue's topic, producer, consumer or group name: 1 to 64 of Kafka's topic characters
    /// (`[a-zA-Z0-9._-]`, Kafka's `Topic.validate`, which allows 249). A narrower rule than
    /// ``YAMLCursor/name()``'s on purpose: a topic Kafka would refuse is refused, and clients
    /// and groups take the same characters, one rule for every name of the queue (Kafka's group
    /// and client ids allow more; nothing here depends on the narrower rule: the metrics take
    /// names from ``Observation/subject``, never from a detail's words). `.` and `..` are
    /// refused as Kafka's `Topic.validate` refuses them (they would name its log directory's own
    /// entries).
    private static func queueName(_ cursor: YAMLCursor) throws(ScenarioError) -> String {
        let name = try cursor.string()
        guard (1...64).contains(name.count), name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.queueNameCharacters.contains($0)) }) else {
            throw cursor.error(.invalidValue("a name has 1 to 64 ASCII letters, digits, '.', '_' or '-', got '\(name.excerpt)'"))
        }
        guard name != ".", name != ".." else {
            throw cursor.error(.invalidValue("a name cannot be '.' or '..', as Kafka's Topic.validate refuses them"))
        }
        return name
    }

    private static func clients(_ cursor: YAMLCursor?) throws(ScenarioError) -> [YAMLCursor] {
        guard let cursor else { return [] }
        let items = try cursor.list()
        guard items.count <= ScenarioSchema.queueClients.upperBound else {
            throw cursor.error(.invalidValue("at most \(NumberFormat.integer(ScenarioSchema.queueClients.upperBound)) producers or consumers, got \(NumberFormat.integer(items.count))"))
        }
        return items
    }

    static func parseReplication(_ cursor: YAMLCursor?, brokers: Int) throws(ScenarioError) -> Int? {
        guard let cursor else { return nil }
        let replication = try cursor.int(in: ScenarioSchema.queueBrokers)
        guard replication <= brokers else { throw cursor.error(.invalidValue("replication \(replication) needs at least \(replication) brokers; there are \(brokers)")) }
        return replication
    }

    /// `T1:P1`, `T1:1` or `T1:*`, naming a declared topic and one of its partitions.
    private static func targets(_ cursor: YAMLCursor, topics: [QueueSection.Topic]) throws(ScenarioError) -> [QueueTarget] {
        let items = try cursor.list()
        guard !items.isEmpty, items.count <= 1_000 else { throw cursor.error(.invalidValue("1 to 1,000 targets, got \(NumberFormat.integer(items.count))")) }
        var targets: [QueueTarget] = []
        for item in items {
            let text = try item.string()
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw item.error(.invalidValue("a target is TOPIC:P<n> or TOPIC:*, got '\(text.excerpt)'")) }
            let topicName = String(parts[0])
            // By bytes, as the log's producers name their topic: `==` took a look-alike in other
            // code points for the topic (the Kelvin sign U+212A for 'K', canonically equivalent).
            guard let topic = topics.first(where: { $0.name.utf8.elementsEqual(topicName.utf8) }) else {
                if let refusal = item.unknownLookAlike(topicName, among: topics.map(\.name), kind: "topic") { throw refusal }
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
}

extension CharacterSet {
    /// What queue topic, producer, consumer and group names may hold.
    static let queueNameCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
}
