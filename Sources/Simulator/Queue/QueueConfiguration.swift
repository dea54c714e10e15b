/// How a sharded queue replicates and detects failures.
public struct QueueConfiguration: Sendable, Equatable {
    /// When a leader answers an append.
    public enum Acknowledgements: String, Sendable, Equatable, CaseIterable {
        /// Once the leader has the record (Kafka's `acks=1`): a leader lost before its followers
        /// copied the record loses an acknowledged record.
        case leader
        /// Once every in-sync replica has it (`acks=all`): an acknowledged record survives any
        /// failure that leaves one in-sync replica.
        case all
    }

    /// Copies of each partition, leader included (1 … number of brokers).
    public var replication: Int
    public var acks: Acknowledgements
    /// How often the controller checks each broker, and how often each consumer heartbeats its
    /// group coordinator (Kafka's `heartbeat.interval.ms`; one value for both, as the file has
    /// one `heartbeat_interval`).
    public var heartbeatInterval: Duration
    /// How long a broker may fail its checks before the controller declares it dead and moves the
    /// leadership of its partitions to another in-sync replica; and how long the group
    /// coordinator waits for a member's heartbeat before it evicts it (`session.timeout.ms`).
    public var sessionTimeout: Duration
    /// How long a leader waits for a follower to confirm a copy before dropping it from the
    /// in-sync set.
    public var replicaTimeout: Duration
    /// How often a replica outside the in-sync set asks its leader for what it misses.
    public var catchUpInterval: Duration
    /// Whether producers are idempotent as set (Kafka's `enable.idempotence`); nil: Kafka's
    /// default (KIP-679, Kafka 3.0), on with `acks=all`, off otherwise.
    public var idempotence: Bool?
    /// With `acks=all`, the fewest in-sync replicas (leader included) a partition takes appends
    /// with (Kafka's `min.insync.replicas`, default 1).
    public var minInSyncReplicas: Int

    /// Whether producers stamp their records with a producer epoch and sequence numbers, so a
    /// leader does not append a retry twice. Kafka needs `acks=all` for it: set without it, the
    /// loader refuses the file; defaulted, it is off.
    public var isIdempotent: Bool { acks == .all && (idempotence ?? true) }

    public init(replication: Int = 2, acks: Acknowledgements = .all, heartbeatInterval: Duration = .seconds(1),
                sessionTimeout: Duration = .seconds(3), replicaTimeout: Duration = .milliseconds(500),
                catchUpInterval: Duration = .milliseconds(500), idempotence: Bool? = nil, minInSyncReplicas: Int = 1) {
        self.replication = replication
        self.acks = acks
        self.heartbeatInterval = heartbeatInterval
        self.sessionTimeout = sessionTimeout
        self.replicaTimeout = replicaTimeout
        self.catchUpInterval = catchUpInterval
        self.idempotence = idempotence
        self.minInSyncReplicas = minInSyncReplicas
    }
}
