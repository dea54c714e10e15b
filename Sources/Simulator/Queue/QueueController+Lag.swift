/// Consumer lag as Kafka's `kafka-consumer-groups --describe` reports it (CURRENT-OFFSET,
/// LOG-END-OFFSET, LAG) and kafka-exporter exports it (`kafka_consumergroup_lag`): per group and
/// partition, the offset the group committed against the latest offset a consumer can read —
/// the partition's high watermark, as its holder knows it. Read-only: asking changes nothing.
extension QueueController {
    /// The offset `group` committed for `partition`, or nil when it has committed none: Kafka's
    /// tool prints "-" for it (``committed(group:partition:)`` says 0, where a consumer of the
    /// group starts reading).
    public func committedOffset(group: String, partition: TopicPartition) -> Int? {
        groups[group]?.committed[partition]
    }
}

/// One group's committed offsets at the end of a run, on the partitions it reads, kept compact
/// (indices and offsets: a world may have 100 groups each reading 100,000 partitions); its rows
/// are ``QueueAudit/consumerLag(of:)``.
public struct GroupLag: Sendable, Equatable {
    public let group: String
    /// The partitions it reads, as indices of the audit's ``QueueAudit/logs``, sorted by topic,
    /// then partition.
    public let partitions: [Int]
    /// The committed offset of each (same order), -1 before the group's first commit.
    let committedOffsets: [Int]

    /// `groups` (each with the partitions it reads), in name order, against `logs` (in
    /// `placement` order).
    static func of(_ groups: [(name: String, partitions: [TopicPartition])], logs: [QueueAudit.PartitionLog], placement: PartitionPlacement,
                   committed: (String, TopicPartition) -> Int?) -> [GroupLag] {
        var seen: Set<String> = []
        return groups.sorted { $0.name < $1.name }.compactMap { group in
            guard seen.insert(group.name).inserted else { return nil }
            var indices: [Int] = []
            var taken: Set<Int> = []
            for partition in group.partitions {
                if let index = placement.index(of: partition), index < logs.count, taken.insert(index).inserted { indices.append(index) }
            }
            indices.sort { logs[$0].partition < logs[$1].partition }
            return GroupLag(group: group.name, partitions: indices,
                            committedOffsets: indices.map { committed(group.name, logs[$0].partition) ?? -1 })
        }
    }
}

/// One group's lag on one partition at the end of a run: a row of `kafka-consumer-groups --describe`.
public struct ConsumerLag: Sendable, Equatable {
    public let group: String
    public let partition: TopicPartition
    /// The group's committed offset (the next record it will process), nil before its first
    /// commit (Kafka's tool prints "-").
    public let committed: Int?
    /// The partition's high watermark at its holder — its leader, or while it is offline its
    /// last in-sync replica, which leads it again when it returns: the audit's holder, whose
    /// records below it are the report's "records below the high watermark".
    public let highWatermark: Int

    public init(group: String, partition: TopicPartition, committed: Int?, highWatermark: Int) {
        self.group = group
        self.partition = partition
        self.committed = committed
        self.highWatermark = highWatermark
    }

    /// Records the group has yet to process: the high watermark minus the committed offset —
    /// minus 0 before any commit, where the group's consumers start (Orrery's logs keep every
    /// record and its consumers read from the earliest, Kafka's `auto.offset.reset=earliest`;
    /// Kafka's tool shows "-" there and kafka-exporter -1, left out of its sum). Never negative:
    /// a committed offset past the high watermark (a holder elected since, whose followers have
    /// not yet confirmed its tail, or records handed over and then lost) leaves nothing to read
    /// (kafka-exporter does not clamp: it would export the negative difference).
    public var lag: Int { Self.lag(committed: committed ?? 0, highWatermark: highWatermark) }

    /// Whether the committed offset is past the high watermark (see ``lag``).
    public var isAheadOfHighWatermark: Bool { (committed ?? 0) > highWatermark }

    static func lag(committed: Int, highWatermark: Int) -> Int { max(0, highWatermark - committed) }
}

extension QueueAudit {
    /// The consumer lag rows of every group, sorted by group, then topic, then partition. Every
    /// group's row of every partition it reads: use ``consumerLagSum`` and ``maxConsumerLag``
    /// for the figures of a large queue.
    public var consumerLagRows: [ConsumerLag] { consumerLag.flatMap { consumerLag(of: $0) } }

    /// `group`'s rows, in partition order.
    public func consumerLag(of group: GroupLag) -> [ConsumerLag] {
        zip(group.partitions, group.committedOffsets).map { index, committed in
            ConsumerLag(group: group.group, partition: logs[index].partition, committed: committed < 0 ? nil : committed,
                        highWatermark: logs[index].records.count)
        }
    }

    /// Lag summed over every group and partition (kafka-exporter's `kafka_consumergroup_lag_sum`
    /// over all groups, but for never-committed partitions, counted from 0 where kafka-exporter
    /// leaves them out).
    public var consumerLagSum: Int {
        consumerLag.reduce(0) { total, group in
            zip(group.partitions, group.committedOffsets).reduce(total) { $0 + ConsumerLag.lag(committed: max(0, $1.1), highWatermark: logs[$1.0].records.count) }
        }
    }

    /// The largest lag of one group on one partition (0 with no group).
    public var maxConsumerLag: Int {
        consumerLag.reduce(0) { most, group in
            zip(group.partitions, group.committedOffsets).reduce(most) { Swift.max($0, ConsumerLag.lag(committed: max(0, $1.1), highWatermark: logs[$1.0].records.count)) }
        }
    }
}
