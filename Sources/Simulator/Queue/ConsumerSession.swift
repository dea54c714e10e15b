/// What a consumer's poll loop and its heartbeat loop share of its standing in its group (the
/// state Kafka's consumer keeps in `AbstractCoordinator` for its heartbeat thread and `poll()`):
/// whether it is a member, when the coordinator last answered it as one, what its heartbeats have
/// told it, and when it last polled. Volatile: each process of the consumer's node has its own
/// (``ShardedQueue/startConsumer(_:)``), so a restarted consumer starts with a new one.
///
/// `@unchecked Sendable`: touched only on the simulation thread (by the two tasks of one consumer
/// process, both on the simulation's serial executor).
final class ConsumerSession: @unchecked Sendable {
    /// Whether the coordinator has answered a join of this process and the consumer has not
    /// left or been told it is not a member since: its heartbeat loop heartbeats only then.
    private(set) var isMember = false
    /// When the last heartbeat or join the coordinator answered as from a member was sent: the
    /// coordinator saw the member no earlier, so it cannot evict it for silence before a session
    /// timeout from then.
    private(set) var lastContact: VirtualInstant
    /// When its poll loop last started a round (Kafka's `poll()`).
    private(set) var lastPoll: VirtualInstant
    /// The generation of the partitions it holds, which its heartbeats carry; nil while it holds none.
    private(set) var generation: Int?
    /// Bumped at every change of standing (a join answered, partitions adopted or given up, the
    /// group left): an answer to a heartbeat sent before is about a standing it no longer has.
    private(set) var standing = 0
    /// A heartbeat said a rebalance is being prepared: its next poll commits, revokes and rejoins.
    private(set) var mustRejoin = false
    /// It left its group, or a heartbeat said the group no longer has it (or its generation): its
    /// next poll gives every partition up without committing (`onPartitionsLost`) and rejoins.
    private(set) var mustGiveUp = false

    init(now: VirtualInstant) {
        lastContact = now
        lastPoll = now
    }

    /// Whether, at `now`, the coordinator cannot have evicted the member, and it has not left:
    /// past that its partitions may be another member's, and it hands over and commits nothing.
    func isInTouch(at now: VirtualInstant, sessionTimeout: Duration) -> Bool {
        isMember && !mustGiveUp && lastContact.duration(to: now) < sessionTimeout
    }

    func polled(at now: VirtualInstant) { lastPoll = now }

    /// The coordinator answered a join sent at `sent`.
    func joined(sentAt sent: VirtualInstant) {
        isMember = true
        mustGiveUp = false
        lastContact = max(lastContact, sent)
        standing += 1
    }

    /// It holds the partitions of `generation` now (nil: none).
    func holds(_ generation: Int?) {
        self.generation = generation
        if generation != nil { mustRejoin = false }
        standing += 1
    }

    /// The coordinator answered a heartbeat sent at `sent`.
    func heard(_ answer: QueueController.HeartbeatAnswer, sentAt sent: VirtualInstant) {
        switch answer {
        case .stable:
            lastContact = max(lastContact, sent)
        case .rebalancing:
            lastContact = max(lastContact, sent)
            mustRejoin = true
        case .fenced:
            isMember = false
            mustGiveUp = true
            standing += 1
        }
    }

    /// Its poll gave every partition up, as ``mustGiveUp`` asked.
    func gaveUp() {
        mustGiveUp = false
        generation = nil
        standing += 1
    }

    /// Its polls stopped for its `max.poll.interval`: it leaves its group.
    func leave() {
        isMember = false
        mustGiveUp = true
        standing += 1
    }
}
