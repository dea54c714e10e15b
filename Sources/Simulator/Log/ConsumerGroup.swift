import OrderedCollections

/// The log's record of one consumer group: who is in it and which topic each member reads, in
/// which generation, and how far the group has committed each partition of each topic.
///
/// As in Kafka, a group is not bound to a topic: its committed offsets are kept per topic and
/// partition, its members may subscribe to different topics, and each topic's partitions are
/// shared among the members that subscribe to it. The generation is the group's, so a member
/// joining any topic rebalances them all (Kafka's eager rebalance).
struct ConsumerGroup {
    /// One member: when it was last heard from and the topic it reads.
    struct Member {
        var lastSeen: VirtualInstant
        var topic: String
    }

    /// One partition of one topic, the key of a committed offset.
    struct TopicPartition: Hashable {
        var topic: String
        var partition: Int
    }

    /// Members by name, in join order.
    var members = OrderedDictionary<String, Member>()
    /// Incremented at every membership change (a rebalance).
    var generation = 0
    /// Committed offset by topic and partition (looked up, never iterated); absent means 0.
    var committed: [TopicPartition: Int] = [:]

    /// The names of the members, sorted: the assignment does not depend on the order in which
    /// members happened to join.
    var sortedMembers: [String] { members.keys.sorted() }

    /// The partitions of `member` among the `partitionCount` of the topic it reads: partition `p`
    /// goes to the member at index `p mod n` of the `n` sorted members reading that topic (round
    /// robin within the topic, as Kafka's assignors assign each topic among its subscribers).
    func partitions(of member: String, partitionCount: Int) -> [Int] {
        guard let topic = members[member]?.topic else { return [] }
        let readers = members.filter { $0.value.topic == topic }.keys.sorted()
        guard let index = readers.firstIndex(of: member) else { return [] }
        return (0..<partitionCount).filter { $0 % readers.count == index }
    }

    /// The committed offset of `topic`/`partition` (0 where the group never committed it: a
    /// group reads a topic new to it from the earliest offset).
    func committedOffset(_ topic: String, _ partition: Int) -> Int {
        committed[TopicPartition(topic: topic, partition: partition)] ?? 0
    }

    /// Drops members silent for longer than `timeout` at `now`; returns whether any left.
    mutating func evictSilentMembers(now: VirtualInstant, timeout: Duration) -> Bool {
        let silent = members.filter { $0.value.lastSeen.duration(to: now) > timeout }.map(\.key)
        for member in silent { members.removeValue(forKey: member) }
        if !silent.isEmpty { generation += 1 }
        return !silent.isEmpty
    }
}
