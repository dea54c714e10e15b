/// One partition of one topic of the sharded queue, written `T1:P1` (partitions are numbered
/// from 1 in files and reports, from 0 in code).
public struct TopicPartition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The topic's name.
    public let topic: String
    /// The partition's index, from 0.
    public let index: Int

    public init(_ topic: String, _ index: Int) {
        self.topic = topic
        self.index = index
    }

    /// `T1:P1` for partition index 0 of topic `T1`.
    public var description: String { "\(topic):\(partitionName)" }

    /// `P1` for partition index 0, whatever the topic: how reports and metrics name it.
    public var partitionName: String { "P\(index + 1)" }

    /// The key the placement algorithms place this partition by: the first half of MurmurHash3
    /// x64_128 of its name, so a partition lands on the same brokers in every process.
    public var placementKey: UInt64 { MurmurHash3.x64_128(description).h1 }

    public static func < (lhs: TopicPartition, rhs: TopicPartition) -> Bool {
        (lhs.topic, lhs.index) < (rhs.topic, rhs.index)
    }
}

extension Observation.Subject {
    /// An observation about `partition`, of `group` when one is given.
    init(_ partition: TopicPartition, group: String? = nil) {
        self.init(topic: partition.topic, partition: partition.index, group.map(Named.group))
    }
}
