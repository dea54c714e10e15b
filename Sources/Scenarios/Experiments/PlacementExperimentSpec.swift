import Simulator

/// What an experiment's report header names: the experiment, the file it was read from, its seed
/// and its one-line setup. Every experiment's spec has one.
public protocol ExperimentIdentity: Sendable {
    /// The experiment's name on the command line and its directory under `results/`.
    var name: String { get }
    /// The file's `description:`.
    var summary: String { get }
    /// The file it was read from.
    var file: String { get }
    /// The seed its runs start from.
    var seed: UInt64 { get }
    /// The `--seed` and `--set` options the run was given, which its replay command repeats.
    var replayArguments: [String] { get }
}

/// The setup the load balancer's placement experiments share (A-1, A-2, A-4, and A-3's cluster):
/// how many replicas, how many requests, which placements, and how a replica serves.
public struct PlacementExperimentSpec: ExperimentIdentity, Equatable {
    /// A placement to compare, with its label in reports.
    public struct Variant: Sendable, Equatable {
        public var label: String
        public var placement: PlacementSpec

        public init(label: String, placement: PlacementSpec) {
            self.label = label
            self.placement = placement
        }
    }

    public var name: String
    public var summary: String
    public var file: String
    public var seed: UInt64
    /// The `--seed` and `--set` options `orrery run` gave the file (`["--seed", "7"]`), which its
    /// replay command repeats; none when read as written.
    public var replayArguments: [String] = []
    /// Server counts: one for, several for.
    public var serverCounts: [Int]
    /// Requests per run.
    public var requests: Int
    /// The placements compared (one for A-1 … A-3).
    public var variants: [Variant]
    /// How each replica serves.
    public var server: ServerConfiguration

    public init(name: String, summary: String, file: String, seed: UInt64, serverCounts: [Int], requests: Int, variants: [Variant],
                server: ServerConfiguration) {
        self.name = name
        self.summary = summary
        self.file = file
        self.seed = seed
        self.serverCounts = serverCounts
        self.requests = requests
        self.variants = variants
        self.server = server
    }
}
