import Reports
import Simulator

/// The same cluster and traffic under four ways of deploying a new version: the file's graceful
/// rolling deployment, the same without drain, every server restarted at once, and a bad release
/// that fails requests but passes its health checks.
public struct DeployComparison: Sendable {
    /// One way of deploying and its run.
    public struct Variant: Sendable {
        /// Short name, for tables, charts and file rows.
        public var name: String
        /// What differs from the file, for the report.
        public var summary: String
        public var scenario: Scenario
        public var result: TrafficResult

        /// The deployment's figures (every variant has a deployment).
        public var deployment: DeploymentFigures? { result.deployment }
        /// Requests that got no successful answer.
        public var failed: Int { result.completed - result.succeeded }
        /// Requests the balancer sent to another server after a failed forward.
        public var retried: Int { result.balancer?.retried ?? 0 }
        /// Forwards that failed (refused, reset, timed out).
        public var failedForwards: Int { result.balancer?.failedForwards ?? 0 }
        /// Requests in flight to a server when its process was restarted.
        public var reset: Int { deployment?.steps.reduce(0) { $0 + $1.resetAtRestart } ?? 0 }

        /// The whole virtual seconds the deployment covered while the clients were sending.
        var deploymentSeconds: Range<Int> {
            guard let started = deployment?.started else { return 0..<0 }
            let end = min(deployment?.ended ?? result.virtualSeconds, scenario.limits.duration?.seconds ?? .infinity)
            return Int(started)..<max(Int(started) + 1, Int(end.rounded(.up)))
        }

        /// The whole virtual seconds from the deployment's start to the end of the clients'
        /// traffic (the run's `duration`, else its end): what its outage is counted over. A
        /// restart can keep servers out of rotation after the deployment has ended — passive
        /// health held an all-at-once restart's servers out until 41 s, 22 s after it ended at
        /// 19 s, and counted over the deployment alone the outage read 10 s, not 31.
        var secondsSinceDeployment: Range<Int> {
            guard let started = deployment?.started else { return 0..<0 }
            let end = scenario.limits.duration?.seconds ?? result.virtualSeconds
            return Int(started)..<max(Int(started) + 1, Int(end.rounded(.up)))
        }

        /// Seconds from the deployment's start to the end of the traffic in which no request
        /// succeeded: the outage.
        public var secondsWithoutAnswer: Int {
            secondsSinceDeployment.filter { $0 >= result.completionsPerSecond.count || result.completionsPerSecond[$0] == 0 }.count
        }

        /// Successful answers per second during the deployment.
        public var throughputDuring: Double {
            let seconds = deploymentSeconds
            guard !seconds.isEmpty else { return 0 }
            let answered = seconds.reduce(0) { $0 + ($1 < result.completionsPerSecond.count ? result.completionsPerSecond[$1] : 0) }
            return Double(answered) / Double(seconds.count)
        }
    }

    /// The share of requests the bad release answers 500 (when the file's release has none).
    static let badReleaseErrorRate = 0.5

    /// The scenario file as loaded.
    public var base: Scenario
    /// The variants, in the report's order.
    public var variants: [Variant]

    /// Loads `path`: a balancer, servers, a workload and a `deploy:` section.
    static func loadBase(path: String) throws(ScenarioError) -> Scenario {
        let base = try StrategyComparison.loadTraffic(path: path)
        let scenario = base.scenario
        guard scenario.balancer != nil, scenario.deployment != nil else {
            throw base.error(at: "", .missingKey(scenario.balancer == nil ? "balancer" : "deploy"))
        }
        try ScenarioLoader.checkExperimentWorlds(variants(scenario).map { ($0.name, $0.scenario) }, of: base, experiment: "deployment comparison")
        return scenario
    }

    /// The four ways of deploying, built from the file's plan.
    static func variants(_ base: Scenario) -> [(name: String, summary: String, scenario: Scenario)] {
        guard let plan = base.deployment else { return [] }
        func with(_ change: (inout DeploymentPlan) -> Void) -> Scenario {
            var copy = base
            var changed = plan
            change(&changed)
            copy.deployment = changed
            return copy
        }
        let badRate = plan.releaseErrorRate > 0 ? plan.releaseErrorRate : badReleaseErrorRate
        return [
            ("graceful rolling", "one server at a time, each drained before its restart", with { $0.strategy = .rolling; $0.drain = true; $0.releaseErrorRate = 0 }),
            ("rolling without drain", "one server at a time, restarted with its requests in flight", with { $0.strategy = .rolling; $0.drain = false; $0.releaseErrorRate = 0 }),
            ("all at once", "every server restarted together, without drain", with { $0.strategy = .allAtOnce; $0.drain = false; $0.releaseErrorRate = 0 }),
            ("bad release", "graceful rolling, but the new version answers \(NumberFormat.writtenPercent(badRate, minimumDecimals: 0)) of requests with 500", with { $0.strategy = .rolling; $0.drain = true; $0.releaseErrorRate = badRate }),
        ]
    }

    /// Runs every variant of `base`, `jobs` worlds at a time.
    static func run(_ base: Scenario, jobs: Int) -> DeployComparison {
        let specs = variants(base)
        let results = ParallelWorlds.map(specs.map(\.scenario), width: jobs) { ScenarioRunner.runTraffic($0) }
        return DeployComparison(base: base, variants: zip(specs, results).map { spec, result in
            Variant(name: spec.name, summary: spec.summary, scenario: spec.scenario, result: result)
        })
    }

    /// The variant called `name`.
    func variant(_ name: String) -> Variant? {
        variants.first { $0.name == name }
    }
}
