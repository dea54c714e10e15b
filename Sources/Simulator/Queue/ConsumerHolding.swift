/// What one consumer holds of its group: the generation its partitions were assigned in, and
/// for each its read position, the leader epoch of the last record read and the offset committed.
/// Volatile: a restart, or a revocation for a rebalance, empties it.
struct ConsumerHolding {
    /// The generation of its partitions; nil while it holds none (before its first assignment,
    /// after a restart, once it has revoked them for a rebalance).
    private(set) var generation: Int?
    /// Its partitions, sorted.
    private(set) var owned: [TopicPartition] = []
    var positions: [TopicPartition: Int] = [:]
    /// The leader epoch of the last record read from each partition, sent with each fetch so a
    /// leader can tell the consumer read records it does not have (KIP-320).
    var epochs: [TopicPartition: Int] = [:]
    var committed: [TopicPartition: Int] = [:]

    /// Whether it reads partitions of some generation.
    var isHolding: Bool { generation != nil }

    /// Takes the partitions of `view`'s generation, each from the group's committed offset.
    mutating func adopt(_ view: QueueController.GroupView) {
        generation = view.generation
        owned = view.owned.map(\.partition)
        positions = Dictionary(uniqueKeysWithValues: view.owned.map { ($0.partition, $0.committed) })
        epochs = [:]
        committed = positions
    }

    /// Gives every partition up (Kafka's `onPartitionsRevoked` in the eager protocol): it reads
    /// nothing until the next generation's assignment.
    mutating func revokeAll() { self = ConsumerHolding() }
}
