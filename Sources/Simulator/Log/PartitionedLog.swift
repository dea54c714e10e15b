/// A Kafka-style partitioned log on its own network node: topics split into partitions, each an
/// append-only sequence of records numbered by offset, plus consumer groups that share a topic's
/// partitions and commit how far they have read.
///
/// Records and committed offsets are durable (the system it models replicates them): a crash of
/// the log's node makes it unreachable until it restarts, and loses nothing. Clients reach it
/// through the network with ``LogProducer`` and ``LogConsumer``; the methods here are what runs
/// on the log's node when their calls arrive.
public actor PartitionedLog {
    /// The node the log runs on.
    public nonisolated let id: NodeID
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    /// How long a group member may stay silent (no fetch, no heartbeat) before the group evicts it
    /// and gives its partitions to the others.
    public nonisolated let sessionTimeout: Duration
    let simulation: Simulation
    /// Topics by name (looked up, never iterated).
    private var topics: [String: Topic] = [:]
    /// Consumer groups by name (looked up, never iterated).
    var groups: [String: ConsumerGroup] = [:]

    /// One topic: its partitions' records and where the next keyless record goes.
    struct Topic {
        var partitions: [[LogRecord]]
        var nextKeylessPartition = 0
    }

    /// Creates an empty log on node `id` of `network`.
    public init(_ id: NodeID = "log", network: Network, sessionTimeout: Duration = .seconds(10)) {
        self.id = id
        self.sessionTimeout = sessionTimeout
        simulation = network.simulation
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
        network.addNode(id)
    }

    // MARK: Topics

    /// Creates `topic` with `partitions` empty partitions.
    ///
    /// - Throws: ``LogError/topicExists(_:)`` or ``LogError/invalidPartitionCount(topic:count:)``.
    public func createTopic(_ topic: String, partitions: Int) throws(LogError) {
        guard topics[topic] == nil else { throw .topicExists(topic) }
        guard partitions > 0 else { throw .invalidPartitionCount(topic: topic, count: partitions) }
        topics[topic] = Topic(partitions: Array(repeating: [], count: partitions))
    }

    /// The number of partitions of `topic`.
    public func partitionCount(of topic: String) throws(LogError) -> Int {
        try existing(topic).partitions.count
    }

    /// The offset the next record of each partition of `topic` will get (its length), by partition.
    public func endOffsets(of topic: String) throws(LogError) -> [Int] {
        try existing(topic).partitions.map(\.count)
    }

    // MARK: Producing

    /// Appends `value` to `topic` and returns where it landed.
    ///
    /// A keyed record goes to partition `murmur3(key) mod partitions`, so every record with the
    /// same key lands in the same partition, in append order; a keyless record goes to the
    /// partitions in turn.
    ///
    /// - Complexity: O(key length), amortised.
    public func append(to topic: String, key: [UInt8]?, value: [UInt8]) throws(LogError) -> LogPosition {
        // The topic is mutated in place through the dictionary, never copied out: a copy alive
        // during the append would share the partition's buffer, and every append would copy it whole.
        guard let count = topics[topic]?.partitions.count else { throw .unknownTopic(topic) }
        let partition: Int
        if let key {
            partition = PartitionedLog.partition(forKey: key, partitions: count)
        } else {
            partition = topics[topic]!.nextKeylessPartition
            topics[topic]!.nextKeylessPartition = (partition + 1) % count
        }
        let offset = topics[topic]!.partitions[partition].count
        topics[topic]!.partitions[partition].append(LogRecord(
            topic: topic, partition: partition, offset: offset, key: key, value: value, timestamp: simulation.now))
        simulation.trace.record(.put, id.name, "\(topic)/\(partition)", value: Int64(offset))
        simulation.observeGauge(.log, id.name, "end offset", of: "\(topic)/\(partition)", Double(offset + 1))
        return LogPosition(partition: partition, offset: offset)
    }

    /// The partition a record with `key` goes to among `partitions`: MurmurHash3 (x86_32, seed 0)
    /// of the key's bytes, modulo the partition count.
    public nonisolated static func partition(forKey key: [UInt8], partitions: Int) -> Int {
        Int(MurmurHash3.x86_32(key) % UInt32(partitions))
    }

    // MARK: Reading

    /// Up to `maxRecords` records of `topic`/`partition` starting at `offset`, in offset order.
    /// Reading at the end offset returns no records.
    ///
    /// - Throws: ``LogError/unknownTopic(_:)``, ``LogError/unknownPartition(topic:partition:)`` or
    ///   ``LogError/offsetOutOfRange(topic:partition:offset:end:)``.
    public func read(topic: String, partition: Int, from offset: Int, maxRecords: Int) throws(LogError) -> [LogRecord] {
        let records = try partitionRecords(topic, partition)
        guard offset >= 0, offset <= records.count else {
            throw .offsetOutOfRange(topic: topic, partition: partition, offset: offset, end: records.count)
        }
        return Array(records[offset..<min(records.count, offset + max(0, maxRecords))])
    }

    // MARK: Lookup

    func existing(_ topic: String) throws(LogError) -> Topic {
        guard let entry = topics[topic] else { throw .unknownTopic(topic) }
        return entry
    }

    func partitionRecords(_ topic: String, _ partition: Int) throws(LogError) -> [LogRecord] {
        let entry = try existing(topic)
        guard entry.partitions.indices.contains(partition) else { throw .unknownPartition(topic: topic, partition: partition) }
        return entry.partitions[partition]
    }
}
