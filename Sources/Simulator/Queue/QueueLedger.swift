/// What the producers sent and the consumers received, recorded as it happens (outside the
/// simulated systems, which never read it): the evidence every queue property is checked on.
///
/// `@unchecked Sendable`: written on the simulation thread, read after the run.
public final class QueueLedger: @unchecked Sendable {
    /// An acknowledged append.
    public struct Acknowledgement: Sendable, Equatable {
        public let message: QueueMessage
        public let partition: TopicPartition
        public let offset: Int
        public let time: VirtualInstant
    }

    /// One record handed to a consumer.
    public struct Delivery: Sendable, Equatable {
        public let group: String
        public let consumer: String
        public let partition: TopicPartition
        public let offset: Int
        public let message: QueueMessage
        public let time: VirtualInstant
        /// Whether the group had been handed this record — this message at this offset — before.
        /// A different message at an offset handed before (read again after a truncation) is not.
        public let isDuplicate: Bool
        /// Whether the group's committed offset was at or below it when it came again — a
        /// redelivery the commit protocol allows. A duplicate below the committed offset would
        /// mean the protocol is broken.
        public let isAllowed: Bool
    }

    public private(set) var sent = 0
    /// Produce attempts a leader refused because the partition had fewer in-sync replicas than
    /// `min_insync_replicas` (NOT_ENOUGH_REPLICAS, before or after the append).
    public private(set) var notEnoughReplicas = 0
    /// Retries an idempotent producer's leader recognised by producer and sequence number and
    /// answered without appending them again.
    public private(set) var retriesDeduplicated = 0
    public private(set) var acknowledged: [Acknowledgement] = []
    /// Messages the producer gave up on: no attempt got them acknowledged, or their delivery
    /// timeout passed first (``QueueProducerSpec/deliveryTimeout``).
    public private(set) var unacknowledged: [QueueMessage] = []
    public private(set) var deliveries: [Delivery] = []
    /// A consumer sent back to an earlier position because the leader's log does not reach its own.
    public struct Reset: Sendable, Equatable {
        public let group: String
        public let consumer: String
        public let partition: TopicPartition
        public let from: Int
        public let to: Int
        public let time: VirtualInstant
    }

    public private(set) var resets: [Reset] = []
    /// The record each group was last handed at each offset, per partition (looked up once per
    /// fetch, never iterated).
    private var seen: [String: [TopicPartition: HandedRecords]] = [:]

    public init() {}

    func noteSent() { sent += 1 }

    func noteAcknowledged(_ message: QueueMessage, _ partition: TopicPartition, _ offset: Int, at time: VirtualInstant) {
        acknowledged.append(Acknowledgement(message: message, partition: partition, offset: offset, time: time))
    }

    func noteUnacknowledged(_ message: QueueMessage) { unacknowledged.append(message) }

    func noteNotEnoughReplicas() { notEnoughReplicas += 1 }

    func noteRetryDeduplicated() { retriesDeduplicated += 1 }

    /// `records`, fetched from `partition` in one go, are handed to `consumer` of `group`, whose
    /// committed offset of the partition is `committed`.
    func noteDelivered(_ records: [QueueRecord], of partition: TopicPartition, group: String, consumer: String, committed: Int,
                       at time: VirtualInstant) {
        seen[group, default: [:]][partition, default: HandedRecords()].withInserting(records) { record, inserted in
            deliveries.append(Delivery(group: group, consumer: consumer, partition: partition, offset: record.offset, message: record.message,
                                       time: time, isDuplicate: !inserted, isAllowed: inserted || record.offset >= committed))
        }
    }

    /// `consumer` of `group` went back from `from` to `to` in `partition`.
    func noteReset(of partition: TopicPartition, group: String, consumer: String, from: Int, to: Int, at time: VirtualInstant) {
        resets.append(Reset(group: group, consumer: consumer, partition: partition, from: from, to: to, time: time))
    }
}

/// The message a group was last handed at each offset (≥ 0) of one partition, in an array indexed
/// by offset: offsets start at 0 and mostly follow each other, where a `Set` hashed every record.
struct HandedRecords {
    private var messages: [QueueMessage?] = []

    /// Notes each record in order, calling `body` with the record and whether it is new — no
    /// record handed before at its offset, or a different message there (the log was truncated
    /// and written again since).
    mutating func withInserting(_ records: [QueueRecord], _ body: (QueueRecord, Bool) -> Void) {
        for record in records { body(record, insert(record)) }
    }

    /// Notes `record`; returns whether it is new at its offset.
    mutating func insert(_ record: QueueRecord) -> Bool {
        precondition(record.offset >= 0, "a record's offset is at least 0")
        if record.offset >= messages.count { messages.append(contentsOf: repeatElement(nil, count: record.offset - messages.count + 1)) }
        guard messages[record.offset] != record.message else { return false }
        messages[record.offset] = record.message
        return true
    }
}
