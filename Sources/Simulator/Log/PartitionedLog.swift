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
        /// Each partition's name in the trace, `topic/partition`, and its stable hash: made once,
        /// not at every append (two strings and two hashes a record, a fifth of the MapReduce
        /// experiment's time when its input was published to the log).
        let labels: [TraceLabel]

        init(name: String, partitions: Int) {
            self.partitions = Array(repeating: [], count: partitions)
            labels = (0..<partitions).map { TraceLabel("\(name)/\($0)") }
        }

        /// Appends a record to the partition its key (or the keyless turn) picks and says where it
        /// landed. Changed in place, through one access: a copy of the topic alive during the append
        /// would share the partition's buffer, and every append would copy it whole.
        mutating func append(topic: String, key: [UInt8]?, value: [UInt8], at now: VirtualInstant) -> (position: LogPosition, label: TraceLabel) {
            let partition: Int
            if let key {
                partition = PartitionedLog.partition(forKey: key, partitions: partitions.count)
            } else {
                partition = nextKeylessPartition
                nextKeylessPartition = (partition + 1) % partitions.count
            }
            let offset = partitions[partition].count
            partitions[partition].append(LogRecord(topic: topic, partition: partition, offset: offset, key: key, value: value, timestamp: now))
            return (LogPosition(partition: partition, offset: offset), labels[partition])
        }
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

    /// Creates `topic` with `partitions` empty partitions, each observed at end offset 0.
    ///
    /// - Throws: ``LogError/topicExists(_:)`` or ``LogError/invalidPartitionCount(topic:count:)``.
    public func createTopic(_ topic: String, partitions: Int) throws(LogError) {
        guard topics[topic] == nil else { throw .topicExists(topic) }
        guard partitions > 0 else { throw .invalidPartitionCount(topic: topic, count: partitions) }
        let created = Topic(name: topic, partitions: partitions)
        topics[topic] = created
        // Kafka's end offset of an empty partition is 0 from its creation: each partition's
        // series starts here, not at its first append (a partition never written had none).
        for (partition, label) in created.labels.enumerated() {
            simulation.observeGauge(.log, id.name, "end offset", of: label.name, subject: Observation.Subject(topic: topic, partition: partition), 0)
        }
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
        guard let index = topics.index(forKey: topic) else { throw .unknownTopic(topic) }
        return append(to: index, key: key, value: value)
    }

    /// Appends keyless `values` to `topic` in order, as many ``append(to:key:value:)`` calls
    /// would, in one call: publishing a file line by line took an actor hop per line.
    ///
    /// - Throws: ``LogError/unknownTopic(_:)``, before appending anything.
    public func append(to topic: String, values: [[UInt8]]) throws(LogError) {
        guard let index = topics.index(forKey: topic) else { throw .unknownTopic(topic) }
        for value in values { _ = append(to: index, key: nil, value: value) }
    }

    /// ``append(to:key:value:)`` to the topic at `index` of ``topics``.
    private func append(to index: Dictionary<String, Topic>.Index, key: [UInt8]?, value: [UInt8]) -> LogPosition {
        let appended = topics.values[index].append(topic: topics.keys[index], key: key, value: value, at: simulation.now)
        simulation.trace.record(.put, subjectHash: id.stableHash, objectHash: appended.label.stableHash, value: Int64(appended.position.offset)) {
            TraceEvent(time: simulation.now, kind: .put, subject: id.name, object: appended.label.name, value: Int64(appended.position.offset))
        }
        simulation.observeGauge(.log, id.name, "end offset", of: appended.label.name,
                                subject: Observation.Subject(topic: topics.keys[index], partition: appended.position.partition), Double(appended.position.offset + 1))
        return appended.position
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
        return Array(records[try range(of: records, topic: topic, partition: partition, from: offset, maxRecords: maxRecords)])
    }

    /// The values alone of the records ``read(topic:partition:from:maxRecords:)`` returns, with
    /// the same errors: what a MapReduce map task reads. Copying whole records counted up and
    /// down their topic, key and value each; a value is counted once.
    public func readValues(topic: String, partition: Int, from offset: Int, maxRecords: Int) throws(LogError) -> [[UInt8]] {
        let records = try partitionRecords(topic, partition)
        return records[try range(of: records, topic: topic, partition: partition, from: offset, maxRecords: maxRecords)].map(\.value)
    }

    /// The values of the records ``readValues(topic:partition:from:maxRecords:)`` returns, with
    /// the same errors, copied back to back into one buffer: what a MapReduce map task reads.
    /// An array per record counted each record's storage up on the read and down when the map
    /// task dropped it, a cold cache line each time — a map task touches each value once here.
    public func readContiguousValues(topic: String, partition: Int, from offset: Int, maxRecords: Int) throws(LogError) -> LogValues {
        let records = try partitionRecords(topic, partition)
        let range = try range(of: records, topic: topic, partition: partition, from: offset, maxRecords: maxRecords)
        return records.withUnsafeBufferPointer { records in
            var size = 0
            for index in range { size += records[index].value.count }
            // Written in place into buffers of the final size: appending a value and its end at a
            // time checked both arrays' uniqueness and capacity per record.
            var ends = [Int](repeating: 0, count: range.count)
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                ends.withUnsafeMutableBufferPointer { ends in
                    var end = 0
                    for (position, index) in range.enumerated() {
                        end += records[index].value.withUnsafeBufferPointer { value in
                            if let source = value.baseAddress, let destination = buffer.baseAddress {
                                (destination + end).initialize(from: source, count: value.count)
                            }
                            return value.count
                        }
                        ends[position] = end
                    }
                    initialized = end
                }
            }
            return LogValues(bytes: bytes, ends: ends)
        }
    }

    /// The offsets a read of `records` from `offset` covers, at most `maxRecords` of them.
    private func range(of records: [LogRecord], topic: String, partition: Int, from offset: Int, maxRecords: Int) throws(LogError) -> Range<Int> {
        guard offset >= 0, offset <= records.count else {
            throw .offsetOutOfRange(topic: topic, partition: partition, offset: offset, end: records.count)
        }
        return offset..<min(records.count, offset + max(0, maxRecords))
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
