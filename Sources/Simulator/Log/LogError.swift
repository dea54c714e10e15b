/// Why the partitioned log refused an operation.
public enum LogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No topic of that name exists.
    case unknownTopic(String)
    /// A topic of that name already exists.
    case topicExists(String)
    /// A topic needs at least one partition.
    case invalidPartitionCount(topic: String, count: Int)
    /// The partition number is outside `0..<partitions` of the topic.
    case unknownPartition(topic: String, partition: Int)
    /// A read asked for an offset below zero or past the end of the partition.
    case offsetOutOfRange(topic: String, partition: Int, offset: Int, end: Int)
    /// The member is not (or no longer) in the group: it never joined, left, or was evicted after
    /// missing its session timeout. It must join again.
    case unknownMember(group: String, member: String)
    /// The group rebalanced since the member joined: its assignment and positions are stale, so
    /// its commit is refused (it must rejoin and resume from the committed offsets).
    case staleGeneration(group: String, member: String, generation: Int, current: Int)
    /// The member tried to read or commit a partition the group did not assign to it.
    case notAssigned(group: String, member: String, partition: Int)
    /// A commit from outside the group (a batch job's) while members are consuming: it would
    /// move offsets under their feet.
    case groupActive(group: String, members: [String])

    /// A one-line human-readable form.
    public var description: String {
        switch self {
        case .unknownTopic(let topic):
            return "unknown topic '\(topic)'"
        case .topicExists(let topic):
            return "topic '\(topic)' already exists"
        case .invalidPartitionCount(let topic, let count):
            return "topic '\(topic)' needs at least one partition, got \(count)"
        case .unknownPartition(let topic, let partition):
            return "topic '\(topic)' has no partition \(partition)"
        case .offsetOutOfRange(let topic, let partition, let offset, let end):
            return "offset \(offset) is out of range for \(topic)/\(partition) (valid: 0...\(end))"
        case .unknownMember(let group, let member):
            return "'\(member)' is not a member of group '\(group)'; join again"
        case .staleGeneration(let group, let member, let generation, let current):
            return "'\(member)' of group '\(group)' is at generation \(generation) but the group rebalanced to \(current); rejoin"
        case .notAssigned(let group, let member, let partition):
            return "partition \(partition) is not assigned to '\(member)' in group '\(group)'"
        case .groupActive(let group, let members):
            return "group '\(group)' has active members (\(members.joined(separator: ", "))); only they may commit"
        }
    }
}
