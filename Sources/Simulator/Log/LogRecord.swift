/// One record of a ``PartitionedLog`` partition: the bytes a producer appended, where they landed
/// and when.
public struct LogRecord: Sendable, Equatable {
    /// The topic the record belongs to.
    public let topic: String
    /// The partition within the topic.
    public let partition: Int
    /// The record's position in its partition: 0 for the first record, then consecutive.
    public let offset: Int
    /// The key the producer gave (it chose the partition), or nil for a keyless record.
    public let key: [UInt8]?
    /// The record's payload.
    public let value: [UInt8]
    /// Virtual time at which the log appended the record.
    public let timestamp: VirtualInstant

    /// Creates a record as the log stores it.
    public init(topic: String, partition: Int, offset: Int, key: [UInt8]?, value: [UInt8], timestamp: VirtualInstant) {
        self.topic = topic
        self.partition = partition
        self.offset = offset
        self.key = key
        self.value = value
        self.timestamp = timestamp
    }
}
