import Reports
import Simulator

/// `orrery experiment queue` (`scenarios/queue.yaml`): seed 002's sharded queue — two producers and
/// two consumers on topics T1 and T2 with partitions P1 and P2 over three brokers — without faults
/// and under the file's faults, a swarm of seeds under random faults with every property checked,
/// and where partitions land and move under each placement algorithm.
public struct QueueExperiment: ExperimentFile {
    public static let name = "queue"
    public static let summary = "seed 002's sharded queue: producers and consumer groups on replicated partitions; failover, loss, duplicates, placement"

    public var spec: QueueExperimentSpec
    public var seed: UInt64 {
        get { spec.seed }
        set { spec.seed = newValue }
    }
    public var replayArguments: [String] {
        get { spec.replayArguments }
        set { spec.replayArguments = newValue }
    }
    public var file: String { spec.file }

    public init(spec: QueueExperimentSpec) { self.spec = spec }

    public static var shape: SchemaObject { ScenarioSchema.queueExperimentFile }

    public static func load(_ document: ScenarioDocument) throws(ScenarioError) -> QueueExperiment {
        QueueExperiment(spec: try ScenarioLoader.parseQueueExperiment(document))
    }

    public func run(jobs: Int) throws(ExperimentFailure) -> ReportBundle {
        do throws(PlacementError) { return try Self.run(spec, jobs: jobs).bundle(spec: spec) } catch { throw ExperimentFailure.placement(error) }
    }

    /// Runs everything `spec` asks for.
    public static func run(_ spec: QueueExperimentSpec, jobs: Int = 1) throws(PlacementError) -> QueueResult {
        let plain = QueueExperimentSpec.Run(name: "no faults", acks: nil, replication: nil, faults: [])
        let all = [plain] + spec.runs
        let runs = try ParallelWorlds.map(all.count, width: jobs) { index throws(PlacementError) in try QueueRunResult.run(spec, all[index], seed: spec.seed) }
        let swarm = try QueueSwarmResult.run(spec, jobs: jobs)
        let analysis = try spec.analysis.map { analysis throws(PlacementError) in try QueuePlacementAnalysis(analysis) }
        return QueueResult(runs: runs, swarm: swarm, analysis: analysis, membership: try membership(spec))
    }

    /// The file's partitions placed on its brokers, with one broker more, and without broker 1.
    static func membership(_ spec: QueueExperimentSpec) throws(PlacementError) -> [(label: String, placement: PartitionPlacement)] {
        let partitions = spec.topics.flatMap { topic in (0..<topic.partitions).map { TopicPartition(topic.name, $0) } }
        let replication = spec.configuration.replication
        var placement = try spec.placement.makeKeyPlacement(servers: spec.brokers)
        var result = [(NumberFormat.counted(spec.brokers, "broker"), PartitionPlacement(partitions, replication: replication, placement: placement))]
        try placement.add(node: spec.brokers + 1)
        result.append(("broker-\(spec.brokers + 1) added", PartitionPlacement(partitions, replication: replication, placement: placement)))
        try placement.remove(node: spec.brokers + 1)
        if spec.brokers > replication {
            try placement.remove(node: 1)
            result.append(("broker-1 removed", PartitionPlacement(partitions, replication: replication, placement: placement)))
        }
        return result
    }
}

/// Everything the queue experiment measured.
public struct QueueResult: Sendable {
    /// The run without faults first, then the file's runs.
    public let runs: [QueueRunResult]
    public let swarm: QueueSwarmResult?
    public let analysis: QueuePlacementAnalysis?
    /// The file's partitions on its brokers, then with a broker added and with broker 1 removed.
    public let membership: [(label: String, placement: PartitionPlacement)]
}
