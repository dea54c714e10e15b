import Simulator

/// The `log:` section: the partitioned log (node `log`), its topics, and producers that append to
/// them during the run.
public struct LogSection: Sendable, Equatable {
    /// A topic and its number of partitions.
    public struct Topic: Sendable, Equatable {
        public var name: String
        public var partitions: Int
    }

    /// A producer host appending synthetic log lines to a topic at a steady rate.
    public struct Producer: Sendable, Equatable {
        /// Its node.
        public var id: NodeID
        /// The topic it appends to (keyless: the log spreads records round robin).
        public var topic: String
        /// How many records it sends.
        public var records: Int
        /// Records per virtual second.
        public var rate: Double
        /// When it starts.
        public var start: Duration
        /// The seed of its lines (``MapReduce/SyntheticLogGenerator``).
        public var seed: UInt64
        /// How long one send waits for the log's answer.
        public var timeout: Duration
        /// Sends tried per record before the record counts as an error.
        public var attempts: Int

        /// When its last record is due.
        public var end: Duration { start + .seconds(double: Double(max(records - 1, 0)) / rate) }
    }

    public var topics: [Topic]
    public var producers: [Producer]
}
