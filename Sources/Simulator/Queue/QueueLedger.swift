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
    /// Offsets each group has been handed, per partition (looked up, never iterated).
    private var seen: [String: [TopicPartition: Set<Int>]] = [:]

    public init() {}

    func noteSent() { sent += 1 }

    func noteAcknowledged(_ message: QueueMessage, _ partition: TopicPartition, _ offset: Int, at time: VirtualInstant) {
        acknowledged.append(Acknowledgement(message: message, partition: partition, offset: offset, time: time))
    }

    func noteUnacknowledged(_ message: QueueMessage) { unacknowledged.append(message) }

    func noteDelivered(_ record: QueueRecord, of partition: TopicPartition, group: String, consumer: String, committed: Int, at time: VirtualInstant) {
        let isDuplicate = seen[group, default: [:]][partition, default: []].insert(record.offset).inserted == false
        deliveries.append(Delivery(group: group, consumer: consumer, partition: partition, offset: record.offset, message: record.message,
                                   time: time, isDuplicate: isDuplicate, isAllowed: !isDuplicate || record.offset >= committed))
    }
}
