import Simulator

/// The shape of `experiment: queue` files: seed 002's sharded queue.
extension ScenarioSchema {
    static let queueBrokers = 1...64
    static let queueTopics = 1...100
    static let queuePartitions = 1...1_000
    static let queueClients = 1...100
    static let queueMessages = 1...1_000_000
    static let queueTotalMessages = 2_000_000
    static let queueMaxRecords = 1...100_000
    static let queueRuns = 0...20
    static let queueSwarmSeeds = 0...10_000
    static let queueAnalysisPartitions = 1...10_000
    /// The queue's settings when it does not say: three brokers, and ``QueueConfiguration``'s
    /// acks, heartbeats, timeouts and minimum in-sync replicas.
    static let defaultBrokers = 3
    static let queueDefaults = QueueConfiguration()
    /// A queue producer's settings when it does not say: it starts at once, each attempt waits
    /// 1 s, three attempts.
    static let defaultQueueProducerStart = Duration.zero
    static let defaultQueueClientTimeout = Duration.seconds(1)
    static let defaultQueueProducerAttempts = 3
    /// A consumer's settings when it does not say: a poll every 100 ms of up to 100 records a
    /// partition, a commit after every poll, and Kafka's max.poll.interval.ms of 5 minutes.
    static let defaultPollInterval = Duration.milliseconds(100)
    static let defaultMaxRecords = 100
    static let defaultCommitInterval = Duration.zero
    static let defaultMaxPollInterval = Duration.seconds(300)
    /// How long each run of the queue experiment lasts when its file does not say.
    static let defaultQueueExperimentDuration = Duration.seconds(30)
    /// The longest run: a day of virtual time.
    static let queueLongestRun = Duration.seconds(86_400)
    /// The most periodic wake-ups (polls, heartbeats, catch-up rounds) one run may need.
    static let queueMostWakeUps = 50_000_000

    static let queueExperimentFile = SchemaObject(commonProperties + [
        .required(experimentKey, .word(QueueExperiment.name)),
        .optional("duration", .duration(atMost: queueLongestRun, positive: true), "Virtual time each run lasts; at most 1 day; default 30s.", default: .duration(defaultQueueExperimentDuration)),
        .optional("network", .object(network), "The default link between nodes, and links that differ; default a LAN of 0.5 ms."),
        .required("queue", .object(queueSection), "The brokers, topics, producers and consumers."),
        .optional("runs", .list(of: .object(queueRun), maximum: queueRuns.upperBound), "Runs under faults, each compared with the run without."),
        .optional("swarm", .object(queueSwarm), "Many seeds under random faults, every property checked on each."),
        .optional("placement_analysis", .object(queueAnalysis), "Where partitions land, per placement algorithm, and what moves when a broker comes or goes."),
    ])

    /// `queue:`.
    static let queueSection = SchemaObject([
        .optional("brokers", .integer(in: queueBrokers), "Brokers broker-1 … broker-n; default 3.", default: .integer(defaultBrokers)),
        .optional("map", .object(assignmentMap), "Place partitions with the assignment's hash map."),
        .optional("placement", placementAlgorithm, "Place partitions with another algorithm; default ring.", default: .word("ring")),
        .optional("replication", .integer(in: queueBrokers), "Copies of each partition, at most the brokers; default 2.", default: .derived("2, or the brokers if fewer")),
        .optional("acks", .choice(QueueConfiguration.Acknowledgements.self), "leader (acks=1) or all in-sync replicas; default all.", default: .word(queueDefaults.acks.rawValue)),
        .optional("idempotent", .boolean, "Producers stamp records so a leader does not append a retry twice (Kafka's enable.idempotence); needs acks: all; default true with acks: all, else false.", default: .derived("true with acks: all, else false")),
        .optional("min_insync_replicas", .integer(in: queueBrokers), "With acks: all, appends to a partition with fewer in-sync replicas are refused (NOT_ENOUGH_REPLICAS); at most replication; default 1.", default: .integer(queueDefaults.minInSyncReplicas)),
        .optional("heartbeat_interval", .period, "How often the controller checks a broker, and each consumer heartbeats its group coordinator (from a loop of its own, whatever its fetches and commits do); shorter than session_timeout when there are consumers; default 1s.", default: .duration(queueDefaults.heartbeatInterval)),
        .optional("session_timeout", .positiveDuration, "Silence after which a broker is dead, and a group member without a heartbeat is evicted; default 3s.", default: .duration(queueDefaults.sessionTimeout)),
        .optional("replica_timeout", .positiveDuration, "How long a leader waits for a follower's copy; default 500ms.", default: .duration(queueDefaults.replicaTimeout)),
        .optional("catch_up_interval", .positiveDuration, "How often a lagging replica asks for what it misses; default 500ms.", default: .duration(queueDefaults.catchUpInterval)),
        .required("topics", .list(of: .object(queueTopic), minimum: 1, maximum: queueTopics.upperBound)),
        .optional("producers", .list(of: .object(queueProducer), maximum: queueClients.upperBound)),
        .optional("consumers", .list(of: .object(queueConsumer), maximum: queueClients.upperBound)),
    ], rules: [.notBoth("map", "placement")])

    static let queueName = SchemaNode.text(pattern: "^[A-Za-z0-9._-]{1,64}$")
    /// `T1:P1`, `T1:1` or `T1:*`.
    static let queueTarget = SchemaNode.named("queue_target", summary: "A partition (T1:P1, or T1:1) or every partition of a topic (T1:*).",
                                              .text(pattern: "^[A-Za-z0-9._-]{1,64}:([Pp]?[0-9]{1,4}|\\*)$"))

    static let queueTopic = SchemaObject([
        .required("name", queueName, "Letters, digits, '.', '_' and '-'."),
        .required("partitions", .integer(in: queuePartitions)),
    ])

    static let queueProducer = SchemaObject([
        .required("name", queueName, "Its node."),
        .required("to", .list(of: queueTarget, minimum: 1, maximum: 1_000), "Targets written in turn."),
        .required("messages", .integer(in: queueMessages)),
        .required("rate", .positiveRate, "Messages per second."),
        .optional("start", .duration, "When it starts; default 0.", default: .duration(defaultQueueProducerStart)),
        .optional("keys", .integer(in: 1...1_000_000), "Distinct keys used in turn; without it, messages are keyless (round robin)."),
        .optional("timeout", .positiveDuration, "How long one attempt waits; default 1s.", default: .duration(defaultQueueClientTimeout)),
        .optional("attempts", .integer(in: 1...100), "Attempts per message; default 3.", default: .integer(defaultQueueProducerAttempts)),
    ])

    static let queueConsumer = SchemaObject([
        .required("name", queueName, "Its node."),
        .optional("group", queueName, "Its consumer group; default its own name (it reads alone).", default: .derived("its own name: it reads alone")),
        .required("from", .list(of: queueTarget, minimum: 1, maximum: 1_000), "What it subscribes to."),
        .optional("poll_interval", .positiveDuration, "Default 100ms.", default: .duration(defaultPollInterval)),
        .optional("max_records", .integer(in: queueMaxRecords), "Per partition per poll; default 100.", default: .integer(defaultMaxRecords)),
        .optional("commit_interval", .duration, "0 commits after every poll; default 0.", default: .duration(defaultCommitInterval)),
        .optional("timeout", .positiveDuration, "Default 1s.", default: .duration(defaultQueueClientTimeout)),
        .optional("max_poll_interval", .period, "Longest time between two polls (a round of fetches and commits that time out can take that long) before the consumer leaves its group (Kafka's max.poll.interval.ms); at least 1ms and longer than poll_interval; default 5min.", default: .duration(defaultMaxPollInterval)),
    ])

    static let queueRun = SchemaObject([
        .required("name", .anyText),
        .optional("acks", .choice(QueueConfiguration.Acknowledgements.self), "Overrides the queue's acks."),
        .optional("replication", .integer(in: queueBrokers), "Overrides the queue's replication."),
        .optional("faults", .list(of: .object(worldFault), maximum: ScenarioLoader.maximumFaults)),
    ])

    static let queueSwarm = SchemaObject([
        .required("seeds", .integer(in: queueSwarmSeeds), "Seeds 1 … n, each with its own random faults."),
        .optional("messages", .integer(in: queueMessages), "Messages per producer in each swarm run; default the producers' own.", default: .derived("the producers' own")),
    ])

    static let queueAnalysis = SchemaObject([
        .required("brokers", .list(of: .integer(in: queueBrokers), minimum: 1, maximum: 16), "Broker counts to place on."),
        .required("partitions", .integer(in: queueAnalysisPartitions), "Partitions placed (one topic)."),
        .optional("replication", .integer(in: queueBrokers), "Default the queue's.", default: .derived("the queue's")),
        .required("algorithms", .list(of: .object(placementVariant), minimum: 1, maximum: 16)),
    ])
}
