import Foundation
import Simulator

/// `orrery experiment claims`: the traffic and failover claims of seeds 003 and 004, each checked
/// by running its scenario file (`scenarios/seed-003-least-conn.yaml`,
/// `scenarios/seed-004-web-platform.yaml`) and variations of it, with a verdict and the reasons.
public struct ClaimsExperiment: Sendable {
    /// The scenario files the experiment reads, relative to the scenario directory.
    public static let files = ["seed-003-least-conn.yaml", "seed-004-web-platform.yaml"]

    /// Seed 003's claims and the runs behind them.
    public var seed003: Seed003Claims
    /// Seed 004's claims and the runs behind them.
    public var seed004: Seed004Claims

    /// Loads both scenario files from `directory`; any error stops everything before a run.
    public static func load(from directory: String) throws(ScenarioError) -> (Scenario, Scenario) {
        let paths = files.map { (directory as NSString).appendingPathComponent($0) }
        return (try StrategyComparison.loadTraffic(path: paths[0]), try StrategyComparison.loadTraffic(path: paths[1]))
    }

    /// Runs every analysis.
    public static func run(seed003 first: Scenario, seed004 second: Scenario, jobs: Int = 1) -> ClaimsExperiment {
        ClaimsExperiment(seed003: Seed003Claims.run(first, jobs: jobs), seed004: Seed004Claims.run(second, jobs: jobs))
    }
}
