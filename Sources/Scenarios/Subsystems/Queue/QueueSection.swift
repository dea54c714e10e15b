import Simulator

/// The `queue:` section (of a world, or of `experiment: queue`): seed 002's sharded queue — its
/// brokers, how partitions are placed on them and replicated, its topics, producers and consumers.
public struct QueueSection: Sendable, Equatable {
    public struct Topic: Sendable, Equatable {
        public var name: String
        public var partitions: Int
    }

    public var brokers: Int
    public var placement: PlacementSpec
    public var configuration: QueueConfiguration
    public var topics: [Topic]
    public var producers: [QueueProducerSpec]
    public var consumers: [QueueConsumerSpec]

    /// The consumer groups and the partitions each reads, in first-mention order.
    var groups: [(name: String, targets: [QueueTarget])] {
        var result: [(name: String, targets: [QueueTarget])] = []
        for consumer in consumers {
            if let index = result.firstIndex(where: { $0.name == consumer.group }) {
                result[index].targets += consumer.targets
            } else {
                result.append((consumer.group, consumer.targets))
            }
        }
        return result
    }

    /// Every node of the queue: the controller, the brokers, the producers and the consumers.
    var nodes: [NodeID] {
        ["controller"] + (1...brokers).map { NodeID("broker-\($0)") } + producers.map(\.id) + consumers.map(\.id)
    }

    /// Builds the queue on `network`, its producers and consumers started.
    func start(on network: Network) throws(PlacementError) -> ShardedQueue {
        let queue = try build(on: network)
        startClients(of: queue)
        return queue
    }

    /// The controller and the brokers on `network`, checking each other from time zero.
    func build(on network: Network) throws(PlacementError) -> ShardedQueue {
        try ShardedQueue(topics: topics.map { ($0.name, $0.partitions) }, brokers: brokers,
                         placement: try placement.makeEmptyKeyPlacement(), configuration: configuration, network: network)
    }

    /// Starts the producers and the consumers.
    func startClients(of queue: ShardedQueue) {
        for producer in producers { queue.startProducer(producer) }
        for consumer in consumers { queue.startConsumer(consumer) }
    }
}
