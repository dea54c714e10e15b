/// Where each partition's replicas live: the placement algorithm (any ``KeyPlacement`` over broker
/// numbers) puts the partition's first replica — its preferred leader — on the broker it maps the
/// partition's key to; replica r goes where the algorithm would map the key with the first r
/// brokers removed (a ring's next distinct successor, rendezvous's next highest weight, …).
public struct PartitionPlacement: Sendable, Equatable {
    /// The partitions, sorted.
    public let partitions: [TopicPartition]
    /// The replicas of each partition (in ``partitions`` order), preferred leader first.
    public let replicas: [[Int]]

    /// Places `partitions` with `replication` copies each (capped by the brokers `placement` has).
    ///
    /// - Throws: what the algorithm throws when a broker cannot be removed from a copy of it.
    /// - Complexity: O(p · r) lookups and removals for p partitions and r replicas.
    public init(_ partitions: [TopicPartition], replication: Int, placement: any KeyPlacement) throws(PlacementError) {
        let sorted = partitions.sorted()
        self.partitions = sorted
        let copies = min(max(replication, 1), placement.nodes.count)
        var replicas: [[Int]] = []
        replicas.reserveCapacity(sorted.count)
        for partition in sorted {
            var remaining = placement
            var chosen: [Int] = []
            while chosen.count < copies, let broker = remaining.node(for: partition.placementKey) {
                chosen.append(broker)
                if chosen.count < copies { try remaining.remove(node: broker) }
            }
            replicas.append(chosen)
        }
        self.replicas = replicas
    }

    /// The replicas of `partition`, preferred leader first; empty for an unknown partition.
    public func replicas(of partition: TopicPartition) -> [Int] {
        guard let index = index(of: partition) else { return [] }
        return replicas[index]
    }

    func index(of partition: TopicPartition) -> Int? {
        var low = 0, high = partitions.count
        while low < high {
            let middle = (low + high) / 2
            if partitions[middle] < partition { low = middle + 1 } else { high = middle }
        }
        return low < partitions.count && partitions[low] == partition ? low : nil
    }

    /// How many replicas each broker in `brokers` holds, in that order.
    public func replicaCounts(brokers: [Int]) -> [Int] {
        brokers.map { broker in replicas.reduce(0) { $0 + ($1.contains(broker) ? 1 : 0) } }
    }

    /// How many partitions each broker in `brokers` leads (first replica), in that order.
    public func leaderCounts(brokers: [Int]) -> [Int] {
        brokers.map { broker in replicas.reduce(0) { $0 + ($1.first == broker ? 1 : 0) } }
    }

    /// What changed from `before` to this placement of the same partitions.
    public func movement(from before: PartitionPlacement) -> Movement {
        var moved = 0, leaders = 0
        for (old, new) in zip(before.replicas, replicas) {
            moved += new.filter { !old.contains($0) }.count
            if old.first != new.first { leaders += 1 }
        }
        return Movement(replicasMoved: moved, leadersChanged: leaders, replicas: replicas.reduce(0) { $0 + $1.count })
    }

    /// Replicas copied to a broker that did not hold them, and partitions whose preferred leader
    /// changed, between two placements.
    public struct Movement: Sendable, Equatable {
        public let replicasMoved: Int
        public let leadersChanged: Int
        /// Replicas in the new placement.
        public let replicas: Int
    }
}
