import Simulator

/// Everything one run needs, loaded from a scenario file: the cluster, the network, the
/// workload, the faults, the limits, and what must hold at the end.
public struct Scenario: Sendable {
    /// How long a run may go on, and when clients stop.
    public struct Limits: Sendable, Equatable {
        /// Clients stop issuing requests at this virtual time, if set.
        public var duration: Duration?
        /// Total requests the clients issue, if set.
        public var requests: Int?
        /// The run fails if its work is not done by this virtual time.
        public var timeLimit: Duration
        /// The run fails after this many events (jobs plus timer wake-ups).
        public var eventLimit: UInt64
    }

    /// One server replica.
    public struct Server: Sendable, Equatable {
        public var id: NodeID
        public var configuration: ServerConfiguration
        /// Its weight behind the balancer.
        public var weight: Int = 1
        /// Whether it is a backup (used only while no primary is up).
        public var isBackup: Bool = false
        /// Its own connection limit behind the balancer (`max_conns`).
        public var maxConnections: Int?
    }

    /// The load balancer clients go through, when the scenario has one.
    public struct Balancer: Sendable, Equatable {
        /// How it picks a server.
        public var strategy: BalancingStrategyKind
        /// Timeouts, retries, health checking, limits and the gateway.
        public var configuration: LoadBalancer.Configuration
    }

    /// A per-link override of the network's default profile.
    public struct Link: Sendable, Equatable {
        public var from: NodeID
        public var to: NodeID
        public var profile: LinkProfile
    }

    /// The scenario's name (its file name without extension unless set).
    public var name: String
    /// A sentence for the report.
    public var summary: String
    /// The file it came from.
    public var file: String
    /// The seed of the run (the command line may override it).
    public var seed: UInt64
    public var limits: Limits
    public var defaultLink: LinkProfile
    public var links: [Link]
    public var servers: [Server]
    /// Nil: clients talk to the servers directly, spreading requests round robin by request id.
    public var balancer: Balancer?
    public var workload: Workload
    public var faults: FaultSchedule
    public var expectations: [Expectation]
}
