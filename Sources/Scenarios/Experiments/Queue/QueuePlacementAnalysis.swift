import Simulator

/// Where each placement algorithm puts a topic's partitions (replicas per broker against the
/// uniform split, with the statistics A-1 uses), and what moves when a broker is added or the first
/// one removed, against the least any placement must move.
public struct QueuePlacementAnalysis: Sendable {
    public struct Cell: Sendable {
        public let algorithm: String
        public let brokers: Int
        public let replicasPerBroker: BalanceStatistics
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
                                  leadersPerBroker: BalanceStatistics(counts: base.leaderCounts(brokers: numbers)),
                                  added: grown.movement(from: base), idealAdded: Double(total) / Double(brokers + 1),
                                  removed: removed, idealRemoved: held))
            }
        }
        self.cells = cells
    }
}
