import Simulator

/// One experiment of `orrery experiment`, as read from `scenarios/<name>.yaml`: the load balancer's
/// A-1 … A-4, the MapReduce experiment (whose setup is in ``mapReduce``), or the backup manager's
/// `backup` (whose setup is in ``backup``).
public struct ExperimentSpec: Sendable {
    /// A placement to compare, with its label in reports.
    public struct Variant: Sendable, Equatable {
        public var label: String
        public var placement: PlacementSpec

        public init(label: String, placement: PlacementSpec) {
            self.label = label
            self.placement = placement
        }
    }

    /// A-3's server failure and its detection and replacement.
    public struct Failover: Sendable, Equatable {
        /// Open-loop request rate while the failure happens.
        public var rate: Double
        /// How long traffic runs.
        public var duration: Duration
        /// When the server is killed, and which one.
        public var killAt: Duration
        public var killed: String
        public var heartbeat: ReplicaManager.Configuration
        public var clientTimeout: Duration
        public var forwardTimeout: Duration
        public var retries: Int
    }

    /// One balancer operation of A-3 with its input.
    public enum Operation: Sendable, Equatable {
        case rep
        case add(n: Int, hostnames: [String])
        case rm(n: Int, hostnames: [String])
        case route(path: String, requestID: UInt64)
    }

    /// The experiments an experiment file can describe.
    public enum Kind: String, Sendable, CaseIterable {
        case a1, a2, a3, a4, mapreduce, backup
    }

    /// Which experiment this is.
    public var kind: Kind
    /// `a1` … `a4`, `mapreduce` or `backup`.
    public var name: String { kind.rawValue }
    public var summary: String
    public var file: String
    public var seed: UInt64
    /// Server counts: one for A-1, several for.
    public var serverCounts: [Int]
    /// Requests per run.
    public var requests: Int
    /// The placements compared (one for A-1 … A-3).
    public var variants: [Variant]
    /// How each replica serves.
    public var server: ServerConfiguration
    /// A-3 only.
    public var operations: [Operation]
    public var failover: Failover?
    /// The MapReduce experiment's own setup; nil for the others.
    public var mapReduce: MapReduceExperimentSpec?
    /// The backup experiment's own setup; nil for the others.
    public var backup: BackupExperimentSpec? = nil

    public init(kind: Kind, summary: String, file: String, seed: UInt64, serverCounts: [Int], requests: Int, variants: [Variant],
                server: ServerConfiguration, operations: [Operation], failover: Failover?, mapReduce: MapReduceExperimentSpec? = nil,
                backup: BackupExperimentSpec? = nil) {
        self.kind = kind
        self.summary = summary
        self.file = file
        self.seed = seed
        self.serverCounts = serverCounts
        self.requests = requests
        self.variants = variants
        self.server = server
        self.operations = operations
        self.failover = failover
        self.mapReduce = mapReduce
        self.backup = backup
    }

    /// The experiment names `orrery experiment` knows.
    public static let names = Kind.allCases.map(\.rawValue)
}
