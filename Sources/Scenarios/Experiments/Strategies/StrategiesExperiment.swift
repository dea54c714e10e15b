import Foundation
import Reports

/// `orrery experiment strategies` (`scenarios/strategies.yaml`): every balancing strategy against
/// the same traffic in four situations — see ``StrategyComparison``.
public struct StrategiesExperiment: Experiment {
    public static let name = "strategies"
    public static let summary = "every balancing strategy on identical, heterogeneous, slow and crashing servers"
    public static let files = ["strategies.yaml"]

    /// The traffic and servers every strategy faces, as loaded.
    public var base: Scenario

    public static func load(from directory: String) throws(ScenarioError) -> StrategiesExperiment {
        StrategiesExperiment(base: try StrategyComparison.loadBase(path: (directory as NSString).appendingPathComponent(files[0])))
    }

    public func run(jobs: Int) -> ReportBundle {
        StrategyComparison.run(base, jobs: jobs).bundle()
    }
}
