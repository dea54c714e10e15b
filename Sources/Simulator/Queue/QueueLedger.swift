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
        /// Whether the group had been handed this offset before.
        public let isDuplicate: Bool
        /// Whether the group's committed offset was at or below it when it came again — a
        /// redelivery the commit protocol allows. A duplicate below the committed offset would
        /// mean the protocol is broken.
        public let isAllowed: Bool
    }

    public private(set) var sent = 0
    public private(set) var acknowledged: [Acknowledgement] = []
    /// Messages no attempt got acknowledged.
    public private(set) var unacknowledged: [QueueMessage] = []
    public private(set) var deliveries: [Delivery] = []
    /// Offsets each group has been handed, per partition (looked up once per fetch, never
    /// iterated).
    private var seen: [String: [TopicPartition: OffsetSet]] = [:]

    public init() {}

    func noteSent() { sent += 1 }

    func noteAcknowledged(_ message: QueueMessage, _ partition: TopicPartition, _ offset: Int, at time: VirtualInstant) {
        acknowledged.append(Acknowledgement(message: message, partition: partition, offset: offset, time: time))
    }

    func noteUnacknowledged(_ message: QueueMessage) { unacknowledged.append(message) }

    /// `records`, fetched from `partition` in one go, are handed to `consumer` of `group`, whose
    /// committed offset of the partition is `committed`.
    func noteDelivered(_ records: [QueueRecord], of partition: TopicPartition, group: String, consumer: String, committed: Int,
                       at time: VirtualInstant) {
        seen[group, default: [:]][partition, default: OffsetSet()].withInserting(records) { record, inserted in
            deliveries.append(Delivery(group: group, consumer: consumer, partition: partition, offset: record.offset, message: record.message,
                                       time: time, isDuplicate: !inserted, isAllowed: inserted || record.offset >= committed))
        }
    }
}

/// A set of offsets (≥ 0) as one bit each: a consumer group's handed offsets, which start at 0
/// and mostly follow each other, where a `Set<Int>` hashed every offset.
struct OffsetSet {
    private var words: [UInt64] = []

    /// Inserts each record's offset in order, calling `body` with the record and whether its
    /// offset was new.
    mutating func withInserting(_ records: [QueueRecord], _ body: (QueueRecord, Bool) -> Void) {
        for record in records { body(record, insert(record.offset)) }
    }

    /// Inserts `offset`; returns whether it was not in the set.
    mutating func insert(_ offset: Int) -> Bool {
        precondition(offset >= 0, "a record's offset is at least 0")
        let word = offset >> 6, bit = UInt64(1) << UInt64(offset & 63)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        return true
    }
}
