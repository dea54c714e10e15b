/// The idempotent producer's stamp on a record — Kafka's producer epoch and sequence number in a
/// record batch's header (KIP-98); the producer id is the producer's name, unique in the queue.
/// The leader appends a record only if its number follows the last one it has from that producer
/// in that partition, and answers a retry of one it has with the offset it got.
public struct ProducerSequence: Hashable, Sendable {
    /// The producer's epoch: bumped when it gave a record up without knowing whether it was
    /// appended, which starts its numbers again at 0 in every partition (KIP-360).
    public let epoch: Int
    /// Its number among the producer's records to one partition in this epoch, from 0.
    public let number: Int
}

/// The producer's side: the next number of each partition in the current epoch. A number is used
/// up once the record is acknowledged; a retry sends the same one.
struct ProducerSequences {
    private(set) var epoch = 0
    /// Looked up, never iterated.
    private var next: [TopicPartition: Int] = [:]

    /// The stamp of the record to send to `partition` now (a retry gets the same one).
    func next(for partition: TopicPartition) -> ProducerSequence {
        ProducerSequence(epoch: epoch, number: next[partition] ?? 0)
    }

    /// `sequence` was acknowledged in `partition`: the next record gets the next number.
    mutating func acknowledged(_ sequence: ProducerSequence, for partition: TopicPartition) {
        guard sequence.epoch == epoch else { return }
        next[partition] = sequence.number + 1
    }

    /// A record's outcome is unknown, or a leader refused a number out of order: a new epoch,
    /// every partition's numbers from 0.
    mutating func bumpEpoch() {
        epoch += 1
        next = [:]
    }
}

/// A replica's side (Kafka's `ProducerStateManager`): per producer, the epoch and the last
/// numbers of its records in this log with their offsets. Built from the log itself — every
/// record carries its stamp — so a follower that becomes leader knows the sequences of the
/// records it holds, and a truncated log rebuilds it from what remains.
struct ProducerStates {
    /// How many of a producer's last records are remembered, as Kafka keeps five batches (its
    /// `max.in.flight.requests.per.connection` for an idempotent producer is at most 5).
    static let retained = 5

    struct Entry {
        var epoch: Int
        /// The last numbers and their offsets, oldest first, at most ``ProducerStates/retained``.
        var last: [(number: Int, offset: Int)]
    }

    /// What a leader does with a stamped record.
    enum Verdict: Equatable {
        /// Its number follows the producer's last one (or starts a new epoch at 0): append it.
        case append
        /// A retry of a record this log has at `offset`: answer with that offset.
        case duplicate(offset: Int)
        /// An older epoch, a gap or a number older than those remembered: refuse it
        /// (OUT_OF_ORDER_SEQUENCE_NUMBER, INVALID_PRODUCER_EPOCH).
        case outOfOrder
    }

    /// By producer name; looked up, never iterated.
    private var entries: [String: Entry] = [:]

    /// What to do with `producer`'s record stamped `sequence`.
    func verdict(producer: String, _ sequence: ProducerSequence) -> Verdict {
        guard let entry = entries[producer], sequence.epoch <= entry.epoch else {
            return sequence.number == 0 ? .append : .outOfOrder
        }
        guard sequence.epoch == entry.epoch, let newest = entry.last.last else { return .outOfOrder }
        if sequence.number == newest.number + 1 { return .append }
        if let earlier = entry.last.first(where: { $0.number == sequence.number }) { return .duplicate(offset: earlier.offset) }
        return .outOfOrder
    }

    /// Notes `record`, just appended to the log.
    mutating func note(_ record: QueueRecord) {
        guard let sequence = record.producerSequence else { return }
        let producer = record.message.producer
        if entries[producer]?.epoch != sequence.epoch {
            entries[producer] = Entry(epoch: sequence.epoch, last: [])
        }
        entries[producer]!.last.append((sequence.number, record.offset))
        if entries[producer]!.last.count > Self.retained { entries[producer]!.last.removeFirst() }
    }
}
