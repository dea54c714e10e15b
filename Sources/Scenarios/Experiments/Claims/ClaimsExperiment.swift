import Reports
import Foundation
import Simulator

/// `orrery experiment claims`: the traffic and failover claims of seeds 003 and 004, each checked
/// by running its scenario file (`scenarios/seed-003-least-conn.yaml`,
/// `scenarios/seed-004-web-platform.yaml`) and variations of it, with a verdict and the reasons;
/// seed 003's maintenance claims by the deployments of `scenarios/deploy.yaml`.
public struct ClaimsExperiment: Experiment {
    public static let name = "claims"
    public static let summary = "the traffic and failover claims of seeds 003 and 004"
    public static let files = ["seed-003-least-conn.yaml", "seed-004-web-platform.yaml", DeployExperiment.files[0]]

    /// Seed 003's scenario, as loaded.
    public var seed003: Scenario
    /// Seed 004's scenario, as loaded.
    public var seed004: Scenario
    /// Seed 003's cluster with a deployment, as loaded.
    public var deploy: Scenario

    /// Loads both scenario files from `directory`; any error stops everything before a run.
    public static func load(from directory: String) throws(ScenarioError) -> ClaimsExperiment {
        let paths = files.map { (directory as NSString).appendingPathComponent($0) }
        return ClaimsExperiment(seed003: try StrategyComparison.loadTraffic(path: paths[0]).scenario, seed004: try StrategyComparison.loadTraffic(path: paths[1]).scenario,
                                deploy: try DeployComparison.loadBase(path: paths[2]))
    }

    public func run(jobs: Int) -> ReportBundle {
        run(jobs: jobs, studySeeds: SeedStudy.seedCount).bundle()
    }

    /// Every run of both seeds, then the runs behind the verdicts again over `studySeeds` seeds.
    public func run(jobs: Int, studySeeds: Int) -> ClaimsResult {
        let claims003 = Seed003Claims.run(seed003, deploy: deploy, jobs: jobs), claims004 = Seed004Claims.run(seed004, jobs: jobs)
        // The study's first seed is each scenario's own: the worlds of it that the claims ran are read, not run again.
        return ClaimsResult(seed003: claims003, seed004: claims004,
                            seedStudy: ClaimsSeedStudy.run(seed003: seed003, seed004: seed004, count: studySeeds, jobs: jobs, claims: (claims003, claims004)))
    }
}

/// The claims of seeds 003 and 004, each with its verdict and the runs behind it.
public struct ClaimsResult: Sendable {
    /// Seed 003's claims and the runs behind them.
    public var seed003: Seed003Claims
    /// Seed 004's claims and the runs behind them.
    public var seed004: Seed004Claims
    /// The runs behind the verdicts over many seeds.
    public var seedStudy: ClaimsSeedStudy
}
