/// Why a queue request was refused.
public enum QueueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The broker asked is not the partition's leader (any more): the client must look again.
    case notLeader(TopicPartition)
    /// No in-sync replica of the partition is alive: it takes no writes and serves no reads.
    case offline(TopicPartition)
    /// A replication message from a leader of an older epoch: that leader has been replaced.
    case staleEpoch(TopicPartition, epoch: Int, current: Int)
    /// The follower's log ends before where the leader's message starts; it needs records from
    /// this offset first.
    case behind(TopicPartition, endOffset: Int)
    /// A consumer's position is past what the leader's log holds: past its end, or past where the
    /// epoch of the consumer's last record ends in it (the records read there were truncated).
    /// The consumer goes back to `resetTo` and reads on from there.
    case offsetOutOfRange(TopicPartition, resetTo: Int)
    /// A commit from a member of an older group generation, or for a partition it no longer owns.
    case fenced(group: String, member: String)
    /// With `acks=all`, the partition's in-sync set is smaller than `min_insync_replicas` (Kafka's
    /// NOT_ENOUGH_REPLICAS, or NOT_ENOUGH_REPLICAS_AFTER_APPEND when it shrank while the record
    /// was copied: the record is in the log but not acknowledged). The producer retries.
    case notEnoughReplicas(TopicPartition, afterAppend: Bool)
    /// An idempotent producer's record whose stamp does not follow the last one the leader has
    /// from it (OUT_OF_ORDER_SEQUENCE_NUMBER, or an older producer epoch): the producer starts a
    /// new epoch and retries.
    case outOfOrderSequence(TopicPartition)
    /// The broker a consumer asked does not coordinate its group (any more): the controller has
    /// moved the group's offsets partition to another broker since the consumer looked (Kafka's
    /// NOT_COORDINATOR). The consumer looks the coordinator up again at its next call.
    case notCoordinator(group: String)
    /// No broker the controller considers alive holds a replica of the group's offsets partition
    /// (Kafka's COORDINATOR_NOT_AVAILABLE): the group has no coordinator until one returns.
    case coordinatorNotAvailable(group: String)
    /// The call got no usable answer (lost, timed out, refused, unreachable).
    case network(NetworkError)

    public var description: String {
        switch self {
        case let .notLeader(p): return "this broker does not lead \(p)"
        case let .offline(p): return "\(p) has no live in-sync replica"
        case let .staleEpoch(p, epoch, current): return "\(p): epoch \(epoch) is older than the current \(current)"
        case let .behind(p, end): return "\(p): this replica's log ends at \(end)"
        case let .offsetOutOfRange(p, offset): return "\(p): the position is past this log; reset to \(offset)"
        case let .fenced(group, member): return "\(member) is not a current member of \(group)"
        case let .notEnoughReplicas(p, after): return "\(p): fewer in-sync replicas than min_insync_replicas" + (after ? " after the append" : "")
        case let .outOfOrderSequence(p): return "\(p): the producer's sequence number does not follow its last"
        case let .notCoordinator(group): return "this broker does not coordinate \(group)"
        case let .coordinatorNotAvailable(group): return "\(group) has no live coordinator"
        case let .network(error): return "network: \(error)"
        }
    }
}
