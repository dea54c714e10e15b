/// A producer on its own node: appends records to a ``PartitionedLog`` across the network.
///
/// Sending is at-least-once: when an answer is lost the producer cannot tell whether the record
/// was appended, and a retry may append it twice (the log's own duplicate is visible to readers).
public struct LogProducer: Sendable {
    /// The producer's node.
    public let id: NodeID
    /// The log it writes to.
    public let log: PartitionedLog
    /// The network it sends over.
    public let network: Network

    /// A producer on node `id` (added to `network` if new) writing to `log`.
    public init(_ id: NodeID, log: PartitionedLog, network: Network) {
        self.id = id
        self.log = log
        self.network = network
        network.addNode(id)
    }

    /// Appends `value` with `key` (nil for round-robin placement) to `topic`.
    ///
    /// `appended`, when given, is called on the log's node with where the record landed, as it
    /// lands — whether or not the answer then gets back: the ground truth an audit counts copies
    /// with, which the producer itself cannot know.
    ///
    /// - Throws: ``LogClientError`` when the log cannot be reached or refuses.
    @discardableResult
    public func send(topic: String, key: [UInt8]?, value: [UInt8], timeout: Duration = .seconds(1),
                     appended: (@Sendable (LogPosition) -> Void)? = nil) async throws(LogClientError) -> LogPosition {
        try await network.callLog(from: id, log: log, timeout: timeout) { log throws(LogError) in
            let position = try log.append(to: topic, key: key, value: value)
            appended?(position)
            return position
        }
    }
}
