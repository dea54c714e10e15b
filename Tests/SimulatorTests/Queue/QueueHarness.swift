@testable import Simulator

/// Builds seed 002's queue (topics T1 and T2 with two partitions each on three brokers), runs it
/// with the given producers, consumers and faults, and audits it.
struct QueueHarness {
    var seed: UInt64 = 2
    var brokers = 3
    var configuration = QueueConfiguration()
    var producers: [QueueProducerSpec] = QueueHarness.seedProducers(messages: 200, rate: 100)
    var consumers: [QueueConsumerSpec] = QueueHarness.seedConsumers
    var faults: [FaultSchedule.Entry] = []
    var duration: Duration = .seconds(20)
    /// The link between any two brokers, when not the LAN's.
    var brokerLink: LinkProfile?
    var defaultLink = LinkProfile.lan

    static let topics: [(name: String, partitions: Int)] = [("T1", 2), ("T2", 2)]
    static let everything: [QueueTarget] = [.topic("T1"), .topic("T2")]

    static func seedProducers(messages: Int, rate: Double) -> [QueueProducerSpec] {
        ["producer-1", "producer-2"].map { QueueProducerSpec(id: NodeID($0), targets: everything, messages: messages, rate: rate) }
    }

    /// The seed's two consumers, each reading all four partitions on its own.
    static let seedConsumers = ["consumer-1", "consumer-2"].map { QueueConsumerSpec(id: NodeID($0), group: $0, targets: everything) }

    struct Outcome {
        let queue: ShardedQueue
        let audit: QueueAudit
        let digest: String
        /// The run's `custom` trace events (the controller's, the coordinators' and the
        /// consumers' decisions), in order.
        let decisions: [(time: VirtualInstant, subject: String, text: String)]

        /// When `subject` wrote `text`.
        func times(of text: String, by subject: String) -> [VirtualInstant] {
            decisions.filter { $0.subject == subject && $0.text == text }.map(\.time)
        }
    }

    func run() throws -> Outcome {
        let simulation = Simulation(seed: seed)
        let box = AuditBox()
        simulation.trace.sink = { event in
            if event.kind == .custom { box.decisions.append((event.time, event.subject, event.object)) }
        }
        let network = Network(simulation: simulation, defaultLink: defaultLink)
        if let brokerLink {
            for a in 1...brokers { for b in 1...brokers where a != b { network.setLink(from: NodeID("broker-\(a)"), to: NodeID("broker-\(b)"), brokerLink) } }
        }
        let queue = try ShardedQueue(topics: QueueHarness.topics, brokers: brokers, placement: try HashRing(virtualNodesPerNode: 160),
                                     configuration: configuration, network: network)
        for producer in producers { queue.startProducer(producer) }
        for consumer in consumers { queue.startConsumer(consumer) }
        FaultInjector.schedule(faults, on: network)
        try simulation.run(until: .after(duration))
        let groups = consumers.map { ($0.group, queue.partitions($0.targets)) }
        simulation.spawn("audit") { _ in box.audit = await QueueAudit.of(queue, groups: groups) }
        try simulation.run(until: .after(duration))
        simulation.tearDown()
        return Outcome(queue: queue, audit: box.audit!, digest: simulation.trace.digestHex, decisions: box.decisions)
    }
}

final class AuditBox: @unchecked Sendable {
    var audit: QueueAudit?
    var decisions: [(time: VirtualInstant, subject: String, text: String)] = []
}
