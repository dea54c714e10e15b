/// Where each partition's replicas live. The placement algorithm (any ``KeyPlacement`` over broker
/// numbers) puts the first replica — the preferred leader — where it maps the partition's key, and
/// replica r where it maps the partition's r-th key (MurmurHash3 of the key and r), taking the next
/// such key while the broker drawn already holds a copy. Every replica is thus placed by the
/// algorithm itself, so it moves only as the algorithm moves keys; a "next node" rule would not be
/// fair to all of them (jump's removal relabels buckets, a successor list is a ring's own idea).
///
/// Bounded loads place each replica under the load cap (``BoundedLoadRing/assign(_:)``), in
/// partition order.
public struct PartitionPlacement: Sendable, Equatable {
    /// The partitions, sorted.
    public let partitions: [TopicPartition]
    /// The replicas of each partition (in ``partitions`` order), preferred leader first.
    public let replicas: [[Int]]

    /// Keys drawn per copy before the remaining brokers are taken in number order.
    static let drawsPerCopy = 64

    /// Places `partitions` with `replication` copies each (capped by the brokers `placement` has).
    ///
    /// - Complexity: O(p · r) lookups for p partitions and r replicas (expected; a draw that hits a
    ///   broker already holding a copy is repeated).
    public init(_ partitions: [TopicPartition], replication: Int, placement: any KeyPlacement) {
        let sorted = partitions.sorted()
        self.partitions = sorted
        let copies = min(max(replication, 1), placement.nodes.count)
        var bounded = placement as? BoundedLoadRing
        bounded?.reset()
        var replicas: [[Int]] = []
        replicas.reserveCapacity(sorted.count)
        for partition in sorted {
            var chosen: [Int] = []
            var draw: UInt64 = 0
            while chosen.count < copies, draw < UInt64(copies * Self.drawsPerCopy) {
                let key = draw == 0 ? partition.placementKey : MurmurHash3.x64_128(partition.placementKey, draw).h1
                draw += 1
                if bounded != nil {
                    guard let node = bounded!.assign(key) else { break }
                    if chosen.contains(node) { _ = bounded!.release(key) } else { chosen.append(node) }
                } else {
                    guard let node = placement.node(for: key) else { break }
                    if !chosen.contains(node) { chosen.append(node) }
                }
            }
            for node in placement.nodes.sorted() where chosen.count < copies && !chosen.contains(node) { chosen.append(node) }
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
