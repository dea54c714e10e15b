/// What a producer sends: who sent it and its number among that producer's messages, so every
/// property (order, loss, duplicates) can be checked against exactly what was sent.
public struct QueueMessage: Hashable, Sendable {
    /// The producer's name.
    public let producer: String
    /// The producer's own number for the message, from 0, rising in the order it sends them.
    public let sequence: Int
    /// The key the partition was chosen by, if the producer is keyed.
    public let key: String?

    public init(producer: String, sequence: Int, key: String?) {
        self.producer = producer
        self.sequence = sequence
        self.key = key
    }
}

/// A message as one partition's log holds it: its offset, and the leader epoch it was appended
/// in — what a returning replica compares to find where its log diverged from the leader's — and,
/// from an idempotent producer, its stamp (replicated with it, as Kafka's batch header is).
public struct QueueRecord: Hashable, Sendable {
    public let offset: Int
    public let epoch: Int
    public let message: QueueMessage
    public let producerSequence: ProducerSequence?

    public init(offset: Int, epoch: Int, message: QueueMessage, producerSequence: ProducerSequence? = nil) {
        self.offset = offset
        self.epoch = epoch
        self.message = message
        self.producerSequence = producerSequence
    }
}

/// One broker's copy of one partition: the records and how far they are known to be on every
/// in-sync replica (the high watermark, the end of what consumers may read).
///
/// The copy is durable: a broker's crash keeps it (the log is on disk); what a returning broker
/// may have to drop is the suffix the partition's new leader never had.
struct PartitionReplica {
    private(set) var records: [QueueRecord] = []
    var highWatermark = 0
    /// The idempotent producers' last sequences in this log.
    private(set) var producers = ProducerStates()

    /// The offset the next record will get.
    var endOffset: Int { records.count }

    /// The epoch of the last record, or -1 for an empty log.
    var lastEpoch: Int { records.last?.epoch ?? -1 }

    /// The first offset whose record was appended in an epoch later than `epoch` (the end of
    /// `epoch` as this log sees it): where a replica whose last record is from `epoch` stops
    /// agreeing with this log.
    ///
    /// - Complexity: O(log n).
    func endOffset(ofEpoch epoch: Int) -> Int {
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].epoch <= epoch { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Appends `appended`, which start at the log end.
    mutating func append(contentsOf appended: some Collection<QueueRecord>) {
        for record in appended { producers.note(record) }
        records.append(contentsOf: appended)
    }

    /// Drops every record from `offset` on, and what the producers' sequences knew of them
    /// (rebuilt from the records that remain, as Kafka rebuilds its producer state on truncation).
    mutating func truncate(to offset: Int) {
        guard offset < records.count else { return }
        records.removeSubrange(max(0, offset)...)
        highWatermark = min(highWatermark, records.count)
        producers = ProducerStates()
        for record in records { producers.note(record) }
    }
}
