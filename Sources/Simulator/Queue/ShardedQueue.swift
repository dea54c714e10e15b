/// The sharded queue of seed 002, assembled: brokers `broker-1` … `broker-n` on their own nodes,
/// partitions placed on them by a placement algorithm, the controller, and the producers and
/// consumers started on it. Everything runs on the simulation's executor.
public final class ShardedQueue: @unchecked Sendable {
    public let controller: QueueController
    public let brokers: [QueueBroker]
    public let ledger = QueueLedger()
    let network: Network
    /// Partition counts by topic (looked up, never iterated).
    let partitionCounts: [String: Int]
    /// Each producer started, in start order, with how far its messages got across its node's
    /// processes (``unfinishedProducers``).
    var producerSchedules: [(id: NodeID, schedule: ResumableSchedule)] = []

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
}
