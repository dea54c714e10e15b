import Simulator

extension QueueEvent {
    /// A controller decision as report.json gives it (a world's `queue.events`, the queue
    /// experiment's runs' `events`).
    struct Document: Encodable {
        var seconds: Double
        var kind: String
        var partition: String?
        var broker: Int
    }

    var document: Document { Document(seconds: time.seconds, kind: kind.rawValue, partition: partition?.description, broker: broker) }
}

extension QueueAudit {
    /// One partition at the end as report.json gives it — a world's `queue.partitions` and the
    /// queue experiment's runs' `partitions` alike: `records` below the high watermark, the
    /// records past it, the log's end offset, `lostAcknowledged`, `duplicatesByGroup`.
    struct PartitionDocument: Encodable {
        var partition: String
        var replicas: [Int]
        /// Nil while the partition is offline.
        var leader: Int?
        var inSync: [Int]
        /// Records below the high watermark: the high watermark itself, the records consumers may read.
        var records: Int
        /// Records in the holder's log past the high watermark.
        var beyondHighWatermark: Int
        /// The offset the holder's next record would take (Kafka's log-end offset).
        var logEndOffset: Int
        var lostAcknowledged: Int
        var duplicatesByGroup: [String: Int]
    }

    /// ``PartitionDocument`` of the partition at `index` of ``logs``, with the duplicates of `groups`.
    func partitionDocument(_ index: Int, groups: [String]) -> PartitionDocument {
        let log = logs[index]
        return PartitionDocument(
            partition: log.partition.description, replicas: log.replicas, leader: log.leader, inSync: log.inSync,
            records: log.records.count, beyondHighWatermark: log.beyondHighWatermark.count,
            logEndOffset: log.records.count + log.beyondHighWatermark.count, lostAcknowledged: lostAcknowledgedByPartition[index],
            duplicatesByGroup: Dictionary(groups.map { ($0, duplicatesByPartition[$0]?[index] ?? 0) }, uniquingKeysWith: { first, _ in first }))
    }
}

extension RunResult.QueueFigures {
    /// report.json's `queue`: what report.md's "Sharded queue" section shows — the audit's
    /// counts, the per-group table (keyed by group, as the queue experiment's report.json keys
    /// them), the partitions, the consumer lag and the controller's decisions — each list bounded
    /// by ``ReportListBound`` (a file may declare 100,000 partitions; decisions grow with chaos).
    struct Detail: Encodable {
        /// One group's lag on one partition at the end (`kafka-consumer-groups --describe`'s row).
        struct Lag: Encodable {
            var group: String
            var partition: String
            /// Nil before the group's first commit.
            var committedOffset: Int?
            var highWatermark: Int
            var lag: Int
        }
        var sent: Int
        var acknowledged: Int
        var lostAcknowledged: Int
        var acknowledgedBeyondHighWatermark: Int
        var appendedTwice: Int
        var orderViolations: Int
        var notEnoughReplicas: Int
        var retriesDeduplicated: Int
        /// The consumer groups, in first-mention order; the figures below are keyed by them
        /// (empty without a group: nothing was read).
        var groups: [String]
        var delivered: [String: Int]
        var undelivered: [String: Int]
        var lostAfterDelivery: [String: Int]
        var duplicates: [String: Int]
        var allowedDuplicates: [String: Int]
        var lag: [String: Int]
        /// Past the bound, the notable partitions first and then the others, in index order, as
        /// report.md's table chooses them (``RunResult/QueueFigures/listedPartitions(most:)``).
        var partitions: [QueueAudit.PartitionDocument]
        var partitionsLeftOut: Int?
        /// Every group's row of every partition it reads, group by group in name order.
        var consumerLag: [Lag]
        var consumerLagLeftOut: Int?
        var events: [QueueEvent.Document]
        var eventsLeftOut: Int?
    }

    var detail: Detail {
        func byGroup(_ figure: [String: Int]) -> [String: Int] {
            Dictionary(groups.map { ($0, figure[$0] ?? 0) }, uniquingKeysWith: { first, _ in first })
        }
        let partitions = listedPartitions(most: ReportListBound.most)
        let partitionsLeftOut = audit.logs.count - partitions.count
        // Only the rows listed are made: a wide queue read by many groups has millions.
        var lags: [Detail.Lag] = [], rows = 0
        for group in audit.consumerLag {
            rows += group.partitions.count
            guard lags.count < ReportListBound.most else { continue }
            for row in audit.consumerLag(of: group).prefix(ReportListBound.most - lags.count) {
                lags.append(.init(group: row.group, partition: row.partition.description, committedOffset: row.committed,
                                  highWatermark: row.highWatermark, lag: row.lag))
            }
        }
        let events = ReportListBound.split(self.events)
        return Detail(
            sent: audit.sent, acknowledged: audit.acknowledged, lostAcknowledged: audit.lostAcknowledged,
            acknowledgedBeyondHighWatermark: audit.acknowledgedBeyondHighWatermark, appendedTwice: audit.duplicateAppends,
            orderViolations: audit.orderViolations, notEnoughReplicas: audit.notEnoughReplicas, retriesDeduplicated: audit.retriesDeduplicated,
            groups: groups, delivered: byGroup(audit.delivered), undelivered: byGroup(audit.undelivered),
            lostAfterDelivery: byGroup(audit.lostAfterDelivery), duplicates: byGroup(audit.duplicates),
            allowedDuplicates: byGroup(audit.allowedDuplicates),
            lag: Dictionary(groups.map { ($0, QueuePart.lag(of: $0, in: audit)) }, uniquingKeysWith: { first, _ in first }),
            partitions: partitions.map { audit.partitionDocument($0, groups: groups) }, partitionsLeftOut: partitionsLeftOut > 0 ? partitionsLeftOut : nil,
            consumerLag: lags, consumerLagLeftOut: rows > lags.count ? rows - lags.count : nil,
            events: events.listed.map(\.document), eventsLeftOut: events.leftOut)
    }
}
