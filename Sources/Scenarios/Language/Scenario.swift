import Simulator

/// Everything one run needs, loaded from a scenario file: one world whose sections compose in a
/// single simulation — the network, servers behind a balancer or gateway and the workload that
/// drives them, a MapReduce cluster and its jobs, a partitioned log and its producers, an object
/// store, a backup manager, explicit store operations — with the faults that hit any of their
/// nodes, the limits, and what must hold at the end. Any subset of the sections is a scenario.
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

        /// `run.max_events` when the file gives none: about three minutes of running at the
        /// engine's ~11 × 10⁶ events a second on a laptop core, so a world that loads within it
        /// runs for minutes at most (a file wanting more says so with `max_events`).
        public static let defaultEventLimit: UInt64 = 2_000_000_000
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
        /// Connections it accepts from the balancer at most (`connection_limit`, with keepalive).
        public var connectionLimit: Int?
        /// Its zone, when the world has `zones:`.
        public var zone: String? = nil
    }

    /// The load balancer (or API gateway) clients go through, when the scenario has one.
    public struct Balancer: Sendable, Equatable {
        /// Its node: `balancer`, or `gateway` when the file calls it one.
        public var id: NodeID = "balancer"
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
    /// The clients, when the scenario has traffic.
    public var workload: Workload?
    /// The MapReduce cluster and its jobs.
    public var mapreduce: MapReduceSection?
    /// The partitioned log's topics and producers.
    public var log: LogSection?
    /// The object store.
    public var store: StoreSection?
    /// The backup manager.
    public var backup: BackupSection?
    /// Seed 002's sharded queue: brokers, replicated partitions, producers and consumer groups.
    public var queue: QueueSection? = nil
    /// Explicit object-store requests, in order.
    public var operations: OperationsSection?
    /// Faults at fixed instants and seeded chaos on any node of any subsystem.
    public var faults: FaultSchedule
    public var expectations: [Expectation]
    /// The documents' claims, checked and reported but never failing the run.
    public var claims: [Claim] = []
    /// A new version rolled out to the servers behind the balancer, when the file has `deploy:`.
    public var deployment: DeploymentPlan?
    /// The zones servers and clients sit in, when the file has `zones:`.
    public var zones: ZonesSection? = nil

    /// The subsystems present, in the order their report sections appear.
    public var subsystems: [Subsystem] {
        var present: [Subsystem] = []
        if workload != nil || balancer != nil { present.append(.balancer) }
        if mapreduce != nil { present.append(.mapreduce) }
        if log != nil { present.append(.log) }
        if queue != nil { present.append(.queue) }
        if store != nil || operations != nil { present.append(.store) }
        if backup != nil { present.append(.backup) }
        return present
    }
}

/// A part of the world that loads its section, runs its piece, measures its metrics and writes
/// its report section; its raw value is the namespace of its metrics (`balancer.p99`).
public enum Subsystem: String, Sendable, CaseIterable, Comparable {
    /// The servers, the balancer or gateway in front of them, and the clients' traffic.
    case balancer
    /// The MapReduce cluster and its jobs.
    case mapreduce
    /// The partitioned log.
    case log
    /// The sharded queue.
    case queue
    /// The object store.
    case store
    /// The backup manager.
    case backup

    public static func < (a: Subsystem, b: Subsystem) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension Scenario {
    /// Twice the largest mean link latency: the least time a log or queue producer waits for
    /// each record's acknowledgement before it sends the next.
    var acknowledgementRoundTrip: Double {
        2 * (([defaultLink] + links.map(\.profile)).compactMap(\.latency.mean).max() ?? 0)
    }
}
