import Simulator

/// The queue over many seeds, each under its own random faults (``QueueChaos``): how many seeds
/// kept each property, and the first seeds that did not.
public struct QueueSwarmResult: Sendable {
    public struct Seed: Sendable {
        public let seed: UInt64
        public let orderKept: Bool
        public let nothingAcknowledgedLost: Bool
        public let everythingDelivered: Bool
        /// No record handed to a group and then missing from the final log.
        public let nothingLostAfterDelivery: Bool
        public let duplicatesExplained: Bool
        public let elections: Int
        public let duplicates: Int
        public let lostAcknowledged: Int
    }

    public let seeds: [Seed]
    /// Whether the configuration promises no acknowledged loss (acks=all with replication ≥ 2).
    public let promisesNoLoss: Bool
    public let messagesPerProducer: Int

    static func run(_ spec: QueueExperimentSpec, jobs: Int) throws(PlacementError) -> QueueSwarmResult? {
        guard spec.swarmSeeds > 0 else { return nil }
        let producers = spec.producers.map { producer in
            var producer = producer
            if let messages = spec.swarmMessages { producer.messages = messages }
            return producer
        }
        let others = [NodeID("controller")] + producers.map(\.id)
        let seeds = try ParallelWorlds.map(spec.swarmSeeds, width: jobs) { index throws(PlacementError) -> Seed in
            let seed = UInt64(index + 1)
            let faults = QueueChaos.faults(seed: seed, brokers: spec.brokers, consumers: spec.consumers.map(\.id), others: others, horizon: spec.duration)
            let result = try QueueRunResult.run(spec, .init(name: "seed \(seed)", acks: nil, replication: nil, faults: faults), seed: seed, producers: producers)
            let audit = result.audit
            return Seed(seed: seed, orderKept: audit.orderViolations == 0, nothingAcknowledgedLost: audit.lostAcknowledged == 0,
                        everythingDelivered: audit.undelivered.values.allSatisfy { $0 == 0 },
                        nothingLostAfterDelivery: audit.lostAfterDelivery.values.allSatisfy { $0 == 0 },
                        duplicatesExplained: audit.duplicates.keys.allSatisfy { audit.duplicates[$0] == audit.allowedDuplicates[$0] },
                        elections: result.elections, duplicates: audit.duplicates.values.reduce(0, +), lostAcknowledged: audit.lostAcknowledged)
        }
        return QueueSwarmResult(seeds: seeds, promisesNoLoss: spec.configuration.acks == .all && spec.configuration.replication >= 2,
                                messagesPerProducer: producers.first?.messages ?? 0)
    }

    /// Seeds that kept every property the configuration promises.
    public var passed: Int {
        seeds.filter { $0.orderKept && $0.everythingDelivered && $0.nothingLostAfterDelivery && $0.duplicatesExplained && (!promisesNoLoss || $0.nothingAcknowledgedLost) }.count
    }
}
