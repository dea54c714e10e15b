import Reports

/// What each subsystem contributes to the one pipeline: one type per subsystem, in its folder
/// (`Subsystems/<Name>/<Name>Part.swift`) beside its section (`<Name>Section`), its section loader
/// (`ScenarioLoader+<Name>`), its piece of the world (`World+<Name>`) and its metric catalog.
/// The world builds and starts the parts, a run result asks them for their metrics and their
/// report sections; nothing else knows which subsystems exist.
protocol SubsystemPart {
    /// Its `expect:` metrics (`log.*`, `store.*`, …).
    associatedtype Catalog: MetricCatalog
    /// Builds its piece of `world` before the run (actors on their nodes, setup tasks at time zero).
    static func build(in world: World)
    /// Starts its activities once every part is built (clients, producers, job submissions).
    static func start(in world: World)
    /// One of its metrics after a run, or nil when the run cannot say.
    static func value(of metric: Catalog, in result: RunResult) -> Double?
    /// Its section of the run's report (empty when the run has none of it).
    static func markdown(_ result: RunResult) -> String
    /// Its own files beside a composed world's report, in the formats asked for (given: none).
    static func addFiles(_ result: RunResult, formats: [ReportFormat], to bundle: inout ReportBundle, in directory: String)
    /// Its metrics, in catalog order (given).
    static var metrics: [Metric] { get }
    /// The value of any metric of its namespace (given: nil for a name not in its catalog).
    static func measure(_ metric: Metric, in result: RunResult) -> Double?
}

extension SubsystemPart {
    static func start(in world: World) {}

    static func addFiles(_ result: RunResult, formats: [ReportFormat], to bundle: inout ReportBundle, in directory: String) {}

    static var metrics: [Metric] { Catalog.metrics }

    static func measure(_ metric: Metric, in result: RunResult) -> Double? {
        Catalog(rawValue: metric.name).flatMap { value(of: $0, in: result) }
    }
}

extension Subsystem {
    /// The part that implements it.
    var part: any SubsystemPart.Type {
        switch self {
        case .balancer: return BalancerPart.self
        case .mapreduce: return MapReducePart.self
        case .log: return LogPart.self
        case .queue: return QueuePart.self
        case .store: return StorePart.self
        case .backup: return BackupPart.self
        }
    }

    /// Every metric this subsystem measures.
    public var metrics: [Metric] { part.metrics }
}
