/// The queue's properties checked after a run, from the ledger and the final logs: per-partition
/// order, acknowledged messages lost, records never handed to a group, records handed to a group
/// and then lost, and duplicates split into those the commit protocol allows and those it does not.
///
/// Deliveries are judged by record — the message at its offset — not by offset alone: a group
/// handed offset 397 holding one message has not been handed a different message written at 397
/// after a truncation.
public struct QueueAudit: Sendable, Equatable {
    /// One partition at the end: its leader (or, while offline, its last in-sync replica) and its
    /// log up to the high watermark.
    public struct PartitionLog: Sendable, Equatable {
        public let partition: TopicPartition
        public let leader: Int?
        public let replicas: [Int]
        public let inSync: [Int]
        public let records: [QueueRecord]
        /// The holder's records past the high watermark: in its log, not yet known to be on every
        /// in-sync replica (a new leader whose followers have not confirmed its tail yet).
        public let beyondHighWatermark: [QueueRecord]
    }

    public let logs: [PartitionLog]
    public let sent: Int
    public let acknowledged: Int
    /// Acknowledged messages not in their partition's final log — its holder's whole log: one
    /// past the holder's high watermark is committed, not lost (see ``acknowledgedBeyondHighWatermark``).
    public let lostAcknowledged: Int
    /// Acknowledged messages the holder has only past its high watermark at the end: a leader
    /// elected after they were acknowledged, whose followers had not yet confirmed its tail when
    /// the run stopped (Kafka's new leader raises its watermark at its followers' next fetch).
    public let acknowledgedBeyondHighWatermark: Int
    /// Records in the logs whose message had already been appended to the same partition (a
    /// producer's retry after a lost answer).
    public let duplicateAppends: Int
    /// Produce attempts refused for too few in-sync replicas (``QueueLedger/notEnoughReplicas``).
    public let notEnoughReplicas: Int
    /// Retries not appended again (``QueueLedger/retriesDeduplicated``).
    public let retriesDeduplicated: Int
    /// Pairs of consecutive records of one producer in one partition's log whose numbers fall.
    public let orderViolations: Int
    /// Per group, records of its partitions' final logs it was never handed (that message at that
    /// offset).
    public let undelivered: [String: Int]
    /// Per group, distinct records it was handed that are not in the final log at their offset
    /// (the holder's whole log, past the high watermark too): a consumer read a record that was
    /// not committed — whatever the acknowledgement level, a broken promise.
    public let lostAfterDelivery: [String: Int]
    /// Per group, deliveries in all and distinct offsets delivered.
    public let delivered: [String: Int]
    /// Per group, deliveries of an offset it had been handed before.
    public let duplicates: [String: Int]
    /// Per group, duplicates at or above the committed offset when they came (allowed).
    public let allowedDuplicates: [String: Int]
    /// Acknowledged messages lost, per partition (``logs`` order).
    public let lostAcknowledgedByPartition: [Int]
    /// Per group, duplicates per partition (``logs`` order).
    public let duplicatesByPartition: [String: [Int]]
    /// Each group's committed offsets at the end, groups in name order (``ConsumerLag``,
    /// QueueController+Lag.swift); set by ``of(_:groups:)``.
    public internal(set) var consumerLag: [GroupLag] = []

    /// Audits `queue` at the end of a run; `groups` are the consumer groups with the partitions each reads.
    public static func of(_ queue: ShardedQueue, groups: [(name: String, partitions: [TopicPartition])]) async -> QueueAudit {
        var logs: [PartitionLog] = []
        for (partition, replicas) in zip(queue.controller.placement.partitions, queue.controller.placement.replicas) {
            let state = queue.controller.state(of: partition)
            let holder = state?.leader ?? state?.inSync.first ?? replicas.first
            var records: [QueueRecord] = [], beyond: [QueueRecord] = []
            if let holder, let broker = queue.controller.broker(holder) {
                let all = await broker.records(of: partition)
                let highWatermark = await broker.highWatermark(of: partition)
                records = Array(all.prefix(highWatermark))
                beyond = Array(all.dropFirst(highWatermark))
            }
            logs.append(PartitionLog(partition: partition, leader: state?.leader, replicas: replicas, inSync: state?.inSync ?? [],
                                     records: records, beyondHighWatermark: beyond))
        }
        var audit = QueueAudit(logs: logs, ledger: queue.ledger, groups: groups)
        audit.consumerLag = GroupLag.of(groups, logs: logs, placement: queue.controller.placement) {
            queue.controller.committedOffset(group: $0, partition: $1)
        }
        return audit
    }

    init(logs: [PartitionLog], ledger: QueueLedger, groups: [(name: String, partitions: [TopicPartition])]) {
        self.logs = logs
        sent = ledger.sent
        acknowledged = ledger.acknowledged.count
        notEnoughReplicas = ledger.notEnoughReplicas
        retriesDeduplicated = ledger.retriesDeduplicated
        var present: [TopicPartition: Set<QueueMessage>] = [:]
        var duplicateAppends = 0, orderViolations = 0
        for log in logs {
            var messages: Set<QueueMessage> = []
            var lastSequence: [String: Int] = [:]
            for record in log.records {
                if !messages.insert(record.message).inserted { duplicateAppends += 1; continue }
                if let last = lastSequence[record.message.producer], record.message.sequence < last { orderViolations += 1 }
                lastSequence[record.message.producer] = record.message.sequence
            }
            present[log.partition] = messages
        }
        // An acknowledged record the holder has past its high watermark is not lost: every in-sync
        // replica had it when it was acknowledged, so it is committed — a leader elected since
        // learns that when its followers confirm its tail, which the run may end before.
        var pending: [TopicPartition: Set<QueueMessage>] = [:]
        for log in logs { pending[log.partition] = Set(log.beyondHighWatermark.map(\.message)) }
        let lost = ledger.acknowledged.filter {
            present[$0.partition]?.contains($0.message) != true && pending[$0.partition]?.contains($0.message) != true
        }
        lostAcknowledged = lost.count
        acknowledgedBeyondHighWatermark = ledger.acknowledged.filter {
            present[$0.partition]?.contains($0.message) != true && pending[$0.partition]?.contains($0.message) == true
        }.count
        // Counted by partition once, not searched for each partition: linear in a large queue.
        var lostIn: [TopicPartition: Int] = [:]
        for acknowledgement in lost { lostIn[acknowledgement.partition, default: 0] += 1 }
        lostAcknowledgedByPartition = logs.map { lostIn[$0.partition] ?? 0 }
        self.duplicateAppends = duplicateAppends
        self.orderViolations = orderViolations
        var undelivered: [String: Int] = [:], lostAfterDelivery: [String: Int] = [:], delivered: [String: Int] = [:], duplicates: [String: Int] = [:], allowed: [String: Int] = [:]
        var duplicatesByPartition: [String: [Int]] = [:]
        let whole = Dictionary(logs.map { ($0.partition, $0.records + $0.beyondHighWatermark) }, uniquingKeysWith: { first, _ in first })
        // Each group's deliveries found by index from one pass over the ledger (in ledger order),
        // not the whole ledger filtered once a group: linear in deliveries, whatever the groups,
        // and one group's records copied at a time. A fetch hands a group its records one after
        // another, so the ledger is filed a run of one group's deliveries at a time: a group's
        // name is hashed once a run, not once a delivery (that hashing was ~1 % of the queue
        // experiment's instructions).
        let allDeliveries = ledger.deliveries
        var deliveryIndices: [String: [Int]] = [:]
        var runGroup: String?, runStart = 0
        for (index, delivery) in allDeliveries.enumerated() where delivery.group != runGroup {
            if let runGroup { deliveryIndices[runGroup, default: []].append(contentsOf: runStart..<index) }
            runGroup = delivery.group
            runStart = index
        }
        if let runGroup { deliveryIndices[runGroup, default: []].append(contentsOf: runStart..<allDeliveries.count) }
        for group in groups {
            let deliveries = (deliveryIndices[group.name] ?? []).map { allDeliveries[$0] }
            delivered[group.name] = deliveries.count
            duplicates[group.name] = deliveries.filter(\.isDuplicate).count
            allowed[group.name] = deliveries.filter { $0.isDuplicate && $0.isAllowed }.count
            var duplicatesIn: [TopicPartition: Int] = [:]
            for delivery in deliveries where delivery.isDuplicate { duplicatesIn[delivery.partition, default: 0] += 1 }
            duplicatesByPartition[group.name] = logs.map { duplicatesIn[$0.partition] ?? 0 }
            let handed = Set(deliveries.map { HandedRecord(partition: $0.partition, offset: $0.offset, message: $0.message) })
            let read = Set(group.partitions)
            undelivered[group.name] = logs.filter { read.contains($0.partition) }.reduce(0) { sum, log in
                sum + log.records.filter { !handed.contains(HandedRecord(partition: log.partition, offset: $0.offset, message: $0.message)) }.count
            }
            lostAfterDelivery[group.name] = handed.filter { record in
                guard let log = whole[record.partition], record.offset < log.count else { return true }
                return log[record.offset].message != record.message
            }.count
        }
        self.undelivered = undelivered
        self.lostAfterDelivery = lostAfterDelivery
        self.delivered = delivered
        self.duplicates = duplicates
        self.allowedDuplicates = allowed
        self.duplicatesByPartition = duplicatesByPartition
    }

    /// Whether every property the configuration promises holds: order, no unexplained duplicate,
    /// every record delivered to every group, nothing lost after it was delivered, and (when
    /// `noLoss`) no acknowledged message lost.
    public func holds(noLoss: Bool) -> Bool {
        orderViolations == 0 && (!noLoss || lostAcknowledged == 0)
            && undelivered.values.allSatisfy { $0 == 0 } && lostAfterDelivery.values.allSatisfy { $0 == 0 }
            && duplicates.keys.allSatisfy { duplicates[$0] == allowedDuplicates[$0] }
    }
}

/// One record as a group was handed it: what "handed over" and "lost after delivery" compare.
private struct HandedRecord: Hashable {
    let partition: TopicPartition
    let offset: Int
    let message: QueueMessage
}
