/// The sharded queue of seed 002, assembled: brokers `broker-1` … `broker-n` on their own nodes,
/// partitions placed on them by a placement algorithm, the controller, and the producers and
/// consumers started on it. Everything runs on the simulation's executor.
public final class ShardedQueue: @unchecked Sendable {
    public let controller: QueueController
    public let brokers: [QueueBroker]
    public let ledger = QueueLedger()
    let network: Network
    /// Partition counts by topic (looked up, never iterated).
    private let partitionCounts: [String: Int]

    /// A queue of `brokers` brokers holding `topics` (name and partition count) placed by
    /// `placement` (an empty placement: the brokers are added to it as 1 … n).
    ///
    /// - Throws: what the placement throws when a broker cannot be added.
    public init(topics: [(name: String, partitions: Int)], brokers count: Int, placement: any KeyPlacement,
                configuration: QueueConfiguration, network: Network) throws(PlacementError) {
        var placement = placement
        for number in 1...max(1, count) { try placement.add(node: number) }
        let partitions = topics.flatMap { topic in (0..<topic.partitions).map { TopicPartition(topic.name, $0) } }
        let controller = QueueController(placement: PartitionPlacement(partitions, replication: configuration.replication, placement: placement),
                                         configuration: configuration, network: network)
        self.controller = controller
        self.network = network
        self.brokers = (1...max(1, count)).map { QueueBroker(NodeID("broker-\($0)"), number: $0, controller: controller, network: network) }
        partitionCounts = Dictionary(topics.map { ($0.name, $0.partitions) }, uniquingKeysWith: { first, _ in first })
        controller.attach(self.brokers)
        for broker in self.brokers { broker.startCatchingUp() }
    }

    /// The partitions `targets` name, in order, without repeats.
    public func partitions(_ targets: [QueueTarget]) -> [TopicPartition] {
        var seen: Set<TopicPartition> = []
        var result: [TopicPartition] = []
        for target in targets {
            let named: [TopicPartition]
            switch target {
            case .partition(let partition): named = [partition]
            case .topic(let topic): named = (0..<(partitionCounts[topic] ?? 0)).map { TopicPartition(topic, $0) }
            }
            for partition in named where seen.insert(partition).inserted { result.append(partition) }
        }
        return result
    }

    // MARK: Producing

    /// Starts `spec`'s producer.
    public func startProducer(_ spec: QueueProducerSpec) {
        network.addNode(spec.id)
        let simulation = network.simulation
        simulation.spawn("queue.producer.\(spec.id.name)") { _ in
            var turns = [Int](repeating: 0, count: spec.targets.count)
            for sequence in 0..<spec.messages {
                await simulation.sleep(until: .after(spec.start + .seconds(double: Double(sequence) / spec.rate)))
                let targetIndex = sequence % max(1, spec.targets.count)
                let key = spec.keys.map { "k\(sequence % max(1, $0))" }
                let partition = self.partition(for: spec.targets[targetIndex], key: key, turn: &turns[targetIndex])
                let message = QueueMessage(producer: spec.id.name, sequence: sequence, key: key)
                self.ledger.noteSent()
                await self.send(message, to: partition, spec: spec)
            }
        }
    }

    private func partition(for target: QueueTarget, key: String?, turn: inout Int) -> TopicPartition {
        switch target {
        case .partition(let partition): return partition
        case .topic(let topic):
            let count = max(1, partitionCounts[topic] ?? 1)
            if let key { return TopicPartition(topic, Int(MurmurHash3.x86_32(key) % UInt32(count))) }
            defer { turn = (turn + 1) % count }
            return TopicPartition(topic, turn)
        }
    }

    /// Sends `message` to the partition's leader, retrying after a refusal or a lost answer (a retry
    /// after a lost answer may append it twice).
    private func send(_ message: QueueMessage, to partition: TopicPartition, spec: QueueProducerSpec) async {
        let simulation = network.simulation
        for attempt in 0..<max(1, spec.attempts) {
            if attempt > 0 { await simulation.sleep(for: spec.timeout) }
            guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader) else { continue }
            let answer: Result<Int, QueueError>
            do throws(NetworkError) {
                answer = try await network.call(from: spec.id, to: broker.id, timeout: spec.timeout) { () -> Result<Int, QueueError> in
                    do throws(QueueError) { return .success(try await broker.append(message, to: partition)) } catch { return .failure(error) }
                }
            } catch {
                answer = .failure(.network(error))
            }
            if case .success(let offset) = answer {
                ledger.noteAcknowledged(message, partition, offset, at: simulation.now)
                return
            }
        }
        ledger.noteUnacknowledged(message)
    }

    // MARK: Consuming

    /// Starts `spec`'s consumer. Its read positions and group generation are volatile: after its
    /// node crashes it resumes from the group's committed offsets.
    public func startConsumer(_ spec: QueueConsumerSpec) {
        let node = network.addNode(spec.id)
        let simulation = network.simulation
        let subscriptions = partitions(spec.targets)
        simulation.spawn("queue.consumer.\(spec.id.name)", daemon: true) { _ in
            var incarnation = node.incarnation
            var generation = -1
            var positions: [TopicPartition: Int] = [:]
            // The leader epoch of the last record read from each partition, sent with each fetch
            // so a leader can tell the consumer read records it does not have (KIP-320).
            var epochs: [TopicPartition: Int] = [:]
            var committed: [TopicPartition: Int] = [:]
            var lastCommit = simulation.now
            while await simulation.sleepUnlessTornDown(for: spec.pollInterval) {
                if node.incarnation != incarnation {
                    incarnation = node.incarnation
                    generation = -1
                }
                let view = await self.controller.callCoordinator(from: spec.id, timeout: spec.timeout) { [controller = self.controller] () throws(QueueError) in
                    controller.poll(group: spec.group, member: spec.id.name, subscriptions: subscriptions)
                }
                guard case .success(let assignment) = view, node.incarnation == incarnation else { continue }
                if assignment.generation != generation {
                    generation = assignment.generation
                    positions = Dictionary(uniqueKeysWithValues: assignment.owned.map { ($0.partition, $0.committed) })
                    epochs = [:]
                    committed = positions
                }
                let owned = assignment.owned.map(\.partition)
                for partition in owned {
                    guard let position = positions[partition] else { continue }
                    (positions[partition], epochs[partition]) = await self.fetch(partition, from: position, lastEpoch: epochs[partition], spec: spec)
                    guard node.incarnation == incarnation else { break }
                }
                guard node.incarnation == incarnation,
                      spec.commitInterval == .zero || lastCommit.duration(to: simulation.now) >= spec.commitInterval else { continue }
                lastCommit = simulation.now
                let current = generation
                for partition in owned {
                    guard let position = positions[partition], position != committed[partition] else { continue }
                    let answer = await self.controller.callCoordinator(from: spec.id, timeout: spec.timeout) { [controller = self.controller] () throws(QueueError) in
                        try controller.commit(group: spec.group, member: spec.id.name, generation: current, partition: partition, offset: position)
                    }
                    switch answer {
                    case .success: committed[partition] = position
                    case .failure(.fenced): positions[partition] = nil
                    case .failure: break
                    }
                }
            }
        }
    }

    /// One fetch of `partition` from `position` (the last record read before it of `lastEpoch`),
    /// its records handed to the consumer; returns the next position and its last record's epoch.
    ///
    /// A position the leader's log does not reach (its records were truncated at a failover)
    /// goes back to where the leader's log stops agreeing — its log end when the consumer knows
    /// no epoch — with Kafka's `auto.offset.reset` and KIP-320 truncation detection as models:
    /// reading on from there hands over every record appended at those offsets since, rather
    /// than waiting at the old position and skipping them.
    private func fetch(_ partition: TopicPartition, from position: Int, lastEpoch: Int?,
                       spec: QueueConsumerSpec) async -> (position: Int, lastEpoch: Int?) {
        let simulation = network.simulation
        guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader) else { return (position, lastEpoch) }
        let fetched = await network.callQueue(from: spec.id, to: broker, timeout: spec.timeout) { broker throws(QueueError) in
            try broker.fetch(partition, from: position, lastEpoch: lastEpoch, maxRecords: spec.maxRecords)
        }
        switch fetched {
        case .success(let (records, highWatermark)):
            let next = records.last.map { $0.offset + 1 } ?? position
            simulation.observeGauge(.queue, spec.id.name, "lag", of: "\(spec.group) \(partition)", Double(max(0, highWatermark - next)))
            guard let last = records.last else { return (position, lastEpoch) }
            ledger.noteDelivered(records, of: partition, group: spec.group, consumer: spec.id.name,
                                 committed: controller.committed(group: spec.group, partition: partition), at: simulation.now)
            return (next, last.epoch)
        case .failure(.offsetOutOfRange(_, let reset)):
            simulation.trace.record(.custom, spec.id.name, "reset \(partition) \(position) to \(reset)")
            simulation.observeInstant(.queue, spec.id.name, "offset reset", detail: "\(spec.group) \(partition) \(position) to \(reset)")
            ledger.noteReset(of: partition, group: spec.group, consumer: spec.id.name, from: position, to: reset, at: simulation.now)
            return (reset, nil)
        case .failure:
            return (position, lastEpoch)
        }
    }
}
