import Foundation
import Reports

/// `orrery experiment deploy` (`scenarios/deploy.yaml`): seed 003's cluster under its traffic
/// while a new version is rolled out gracefully, without drain, all at once, and as a bad
/// release that the error check rolls back — see ``DeployComparison``.
public struct DeployExperiment: Experiment {
    public static let name = "deploy"
    public static let summary = "rolling deployment with drain, without drain, all at once, and a bad release rolled back, on seed 003's traffic"
    public static let files = ["deploy.yaml"]

    /// The cluster, its traffic and the deployment as written, as loaded.
    public var base: Scenario

    public static func load(from directory: String) throws(ScenarioError) -> DeployExperiment {
        DeployExperiment(base: try DeployComparison.loadBase(path: (directory as NSString).appendingPathComponent(files[0])))
    }

    public func run(jobs: Int) -> ReportBundle {
        DeployComparison.run(base, jobs: jobs).bundle()
    }
}
