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
    /// How often the controller checks each broker.
    public var heartbeatInterval: Duration
    /// How long a broker may fail its checks before the controller declares it dead and moves the
    /// leadership of its partitions to another in-sync replica.
    public var sessionTimeout: Duration
    /// How long a leader waits for a follower to confirm a copy before dropping it from the
    /// in-sync set.
    public var replicaTimeout: Duration
    /// How often a replica outside the in-sync set asks its leader for what it misses.
    public var catchUpInterval: Duration

    public init(replication: Int = 2, acks: Acknowledgements = .all, heartbeatInterval: Duration = .seconds(1),
                sessionTimeout: Duration = .seconds(3), replicaTimeout: Duration = .milliseconds(500),
                catchUpInterval: Duration = .milliseconds(500)) {
        self.replication = replication
        self.acks = acks
        self.heartbeatInterval = heartbeatInterval
        self.sessionTimeout = sessionTimeout
        self.replicaTimeout = replicaTimeout
        self.catchUpInterval = catchUpInterval
    }
}
