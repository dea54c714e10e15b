import OrderedCollections

/// The log's record of one consumer group: who is in it, in which generation, and how far the
/// group has committed each partition of its topic.
struct ConsumerGroup {
    /// The one topic the group consumes.
    let topic: String
    /// Members by name with the last time each was heard from, in join order.
    var lastSeen = OrderedDictionary<String, VirtualInstant>()
    /// Incremented at every membership change (a rebalance).
    var generation = 0
    /// Committed offset by partition (looked up, never iterated); absent means 0.
    var committed: [Int: Int] = [:]

    init(topic: String) { self.topic = topic }

    /// The members in assignment order: sorted by name, so the assignment does not depend on the
    /// order in which members happened to join.
    var sortedMembers: [String] { lastSeen.keys.sorted() }

    /// The partitions of `member` among `partitionCount`: partition `p` goes to the member at
    /// index `p mod n` of the sorted members (round robin).
    func partitions(of member: String, partitionCount: Int) -> [Int] {
        let members = sortedMembers
        guard let index = members.firstIndex(of: member) else { return [] }
        return (0..<partitionCount).filter { $0 % members.count == index }
    }

    /// Drops members silent for longer than `timeout` at `now`; returns whether any left.
    mutating func evictSilentMembers(now: VirtualInstant, timeout: Duration) -> Bool {
        let silent = lastSeen.filter { $0.value.duration(to: now) > timeout }.map(\.key)
        for member in silent { lastSeen.removeValue(forKey: member) }
        if !silent.isEmpty { generation += 1 }
        return !silent.isEmpty
    }
}
