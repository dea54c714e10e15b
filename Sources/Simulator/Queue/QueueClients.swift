/// Where a producer writes or a consumer reads: one partition (`T1:P1`) or every partition of a
/// topic (`T1:*`).
public enum QueueTarget: Sendable, Equatable, CustomStringConvertible {
    case partition(TopicPartition)
    case topic(String)

    public var description: String {
        switch self {
        case .partition(let partition): return partition.description
        case .topic(let topic): return "\(topic):*"
        }
    }
}

/// A producer: `messages` messages at `rate` per second from `start`, each to the next of its
/// targets in turn; within a whole-topic target, by key (MurmurHash3 of the key modulo the
/// partitions, Kafka's default) when keyed, else to the topic's partitions in turn.
public struct QueueProducerSpec: Sendable, Equatable {
    public var id: NodeID
    public var targets: [QueueTarget]
    public var messages: Int
    public var rate: Double
    public var start: Duration
    /// Distinct keys, used in turn (`k0`, `k1`, …); nil for keyless messages.
    public var keys: Int?
    /// How long one attempt waits for the leader's answer.
    public var timeout: Duration
    /// Attempts per message before it counts as not acknowledged (and, idempotent, the producer
    /// starts a new epoch: whether the last attempt was appended is unknown).
    public var attempts: Int

    /// How long after its send — the instant its rate schedules it — a message may go
    /// unacknowledged before it expires and counts as not acknowledged, whether an attempt is in
    /// flight or it still waits behind the message in flight: Kafka's `delivery.timeout.ms`, at
    /// its default of 120 s, raised to `timeout` when that is longer (as Kafka raises an unset
    /// one to cover `request.timeout.ms`). A producer's last message is therefore settled by its
    /// send and this, however many of its messages an offline partition holds up.
    public var deliveryTimeout: Duration { max(Self.defaultDeliveryTimeout, timeout) }

    /// Kafka's default `delivery.timeout.ms`.
    public static let defaultDeliveryTimeout = Duration.seconds(120)

    public init(id: NodeID, targets: [QueueTarget], messages: Int, rate: Double, start: Duration = .zero, keys: Int? = nil,
                timeout: Duration = .seconds(1), attempts: Int = 3) {
        self.id = id
        self.targets = targets
        self.messages = messages
        self.rate = rate
        self.start = start
        self.keys = keys
        self.timeout = timeout
        self.attempts = attempts
    }
}

/// A consumer: a member of `group` reading its targets, polling every `pollInterval`, fetching up to
/// `maxRecords` per partition per poll, and committing how far it has handled each partition at
/// the end of a poll once `commitInterval` has passed since its last commit (zero: every poll;
/// Kafka's auto-commit waits 5 s), and before it revokes its partitions for a rebalance — what it
/// handled but had not committed when it crashed (or was cut off from the coordinator) is what
/// the group may see twice. Its heartbeats go from a loop of their own (KIP-62), every
/// ``QueueConfiguration/heartbeatInterval``; a poll that comes `maxPollInterval` after the last
/// one finds that it has left its group.
public struct QueueConsumerSpec: Sendable, Equatable {
    public var id: NodeID
    public var group: String
    public var targets: [QueueTarget]
    public var pollInterval: Duration
    public var maxRecords: Int
    public var commitInterval: Duration
    public var timeout: Duration
    /// The longest it may go between two polls — between the starts of two rounds of its loop,
    /// which a fetch or a commit that times out, partition after partition, can stretch — before
    /// its heartbeat loop leaves the group for it (Kafka's `max.poll.interval.ms`, default 5 min).
    public var maxPollInterval: Duration

    public init(id: NodeID, group: String, targets: [QueueTarget], pollInterval: Duration = .milliseconds(100),
                maxRecords: Int = 100, commitInterval: Duration = .zero, timeout: Duration = .seconds(1),
                maxPollInterval: Duration = .seconds(300)) {
        self.id = id
        self.group = group
        self.targets = targets
        self.pollInterval = pollInterval
        self.maxRecords = maxRecords
        self.commitInterval = commitInterval
        self.timeout = timeout
        self.maxPollInterval = maxPollInterval
    }
}
