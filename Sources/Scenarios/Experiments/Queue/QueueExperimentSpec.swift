import Simulator

/// `scenarios/queue.yaml` as loaded: seed 002's sharded queue, the runs under faults compared with
/// the run without, the swarm, and the placement analysis.
public struct QueueExperimentSpec: ExperimentIdentity, Equatable {
    public var name: String { QueueExperiment.name }
    public var summary: String
    public var file: String
    public var seed: UInt64
    /// The `--seed` and `--set` options `orrery run` gave the file (`["--seed", "7"]`), which its
    /// replay command repeats; none when read as written.
    public var replayArguments: [String] = []
    public var duration: Duration
    public var defaultLink: LinkProfile
    public var links: [Scenario.Link]
    public var queue: QueueSection
    public var runs: [Run]
    /// Seeds of the swarm (0: none) and messages per producer in each of its runs.
    public var swarmSeeds: Int
    public var swarmMessages: Int?
    public var analysis: Analysis?

    /// A run under faults, with its own acknowledgement level or replication if it says so.
    public struct Run: Sendable, Equatable {
        public var name: String
        public var acks: QueueConfiguration.Acknowledgements?
        public var replication: Int?
        public var faults: [FaultSchedule.Entry]
    }

    public struct Analysis: Sendable, Equatable {
        public var brokerCounts: [Int]
        public var partitions: Int
        public var replication: Int
        public var algorithms: [PlacementExperimentSpec.Variant]
    }

    public var brokers: Int { queue.brokers }
    public var placement: PlacementSpec { queue.placement }
    public var configuration: QueueConfiguration { queue.configuration }
    public var topics: [QueueSection.Topic] { queue.topics }
    public var producers: [QueueProducerSpec] { queue.producers }
    public var consumers: [QueueConsumerSpec] { queue.consumers }
    var groups: [(name: String, targets: [QueueTarget])] { queue.groups }
}
