import Simulator

/// Where each placement algorithm puts a topic's partitions (replicas per broker against a random
/// placement), and what moves when a broker is added or the first one removed, against the least
/// any placement must move.
public struct QueuePlacementAnalysis: Sendable {
    /// What a random placement gives one broker: each partition's `copies` copies on that many
    /// distinct brokers drawn at random, so a broker holds each partition with probability
    /// copies / brokers, independently of the other partitions: Binomial(partitions, copies / brokers).
    /// Not A-1's Binomial(partitions × copies, 1 / brokers), which lets two copies of a partition
    /// land on one broker: that overstates the spread by √((brokers − 1) / (brokers − copies)).
    public struct RandomPlacement: Sendable, Equatable {
        /// partitions × copies / brokers.
        public let mean: Double
        /// √(partitions · p · (1 − p)), p = copies / brokers; 0 when every broker holds every partition.
        public let standardDeviation: Double

        /// `copies` is capped by `brokers`, as the placement caps it.
        public init(partitions: Int, copies: Int, brokers: Int) {
            guard brokers > 0 else {
                mean = 0
                standardDeviation = 0
                return
            }
            let share = Double(min(max(copies, 1), brokers)) / Double(brokers)
            mean = Double(partitions) * share
            standardDeviation = (Double(partitions) * share * (1 - share)).squareRoot()
        }

        /// How many standard deviations `count` sits above the mean; 0 without spread (the count is then the mean).
        public func zScore(_ count: Int) -> Double {
            standardDeviation == 0 ? 0 : (Double(count) - mean) / standardDeviation
        }
    }

    public struct Cell: Sendable {
        public let algorithm: String
        public let brokers: Int
        /// Replicas per broker; its `uniform` and `maximumZScore` are A-1's one-request-one-server
        /// reference, which does not fit copies on distinct brokers: use ``random`` and ``busiestZScore``.
        public let replicasPerBroker: BalanceStatistics
        /// A random placement of the same partitions and copies on these brokers.
        public let random: RandomPlacement
        /// The busiest broker's replicas against ``random``, in its standard deviations.
        public var busiestZScore: Double { random.zScore(replicasPerBroker.maximum) }
        public let leadersPerBroker: BalanceStatistics
        /// Adding broker n + 1: replicas moved, and the ideal (its fair share, total / (n + 1)).
        public let added: PartitionPlacement.Movement
        public let idealAdded: Double
        /// Removing broker 1 (when more brokers than copies remain): replicas moved, and the ideal
        /// (exactly the replicas it held).
        public let removed: PartitionPlacement.Movement?
        public let idealRemoved: Int
    }

    public let partitions: Int
    public let replication: Int
    public let cells: [Cell]

    init(_ analysis: QueueExperimentSpec.Analysis) throws(PlacementError) {
        partitions = analysis.partitions
        replication = analysis.replication
        let keys = (0..<analysis.partitions).map { TopicPartition("T", $0) }
        var cells: [Cell] = []
        for algorithm in analysis.algorithms {
            for brokers in analysis.brokerCounts {
                var placement = try algorithm.placement.makeKeyPlacement(servers: brokers)
                let base = PartitionPlacement(keys, replication: analysis.replication, placement: placement)
                let numbers = Array(1...brokers)
                try placement.add(node: brokers + 1)
                let grown = PartitionPlacement(keys, replication: analysis.replication, placement: placement)
                try placement.remove(node: brokers + 1)
                var removed: PartitionPlacement.Movement?
                let held = base.replicaCounts(brokers: [1])[0]
                if brokers > analysis.replication {
                    try placement.remove(node: 1)
                    removed = PartitionPlacement(keys, replication: analysis.replication, placement: placement).movement(from: base)
                }
                let total = base.replicas.reduce(0) { $0 + $1.count }
                cells.append(Cell(algorithm: algorithm.label, brokers: brokers,
                                  replicasPerBroker: BalanceStatistics(counts: base.replicaCounts(brokers: numbers)),
                                  random: RandomPlacement(partitions: analysis.partitions, copies: analysis.replication, brokers: brokers),
                                  leadersPerBroker: BalanceStatistics(counts: base.leaderCounts(brokers: numbers)),
                                  added: grown.movement(from: base), idealAdded: Double(total) / Double(brokers + 1),
                                  removed: removed, idealRemoved: held))
            }
        }
        self.cells = cells
    }
}
