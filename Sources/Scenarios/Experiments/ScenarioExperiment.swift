import Reports

/// The experiments built from scenario files rather than from an experiment file: the seeds'
/// claims and the strategy comparison, loaded (so a bad file stops everything) before any runs.
enum ScenarioExperiment {
    case claims(seed003: Scenario, seed004: Scenario)
    case strategies(Scenario)

    /// Loads experiment `name` from `directory`, or returns nil when `name` is not one of these.
    static func load(_ name: ExperimentName, from directory: String) throws(ScenarioError) -> ScenarioExperiment? {
        switch name {
        case .claims:
            let (first, second) = try ClaimsExperiment.load(from: directory)
            return .claims(seed003: first, seed004: second)
        case .strategies:
            return .strategies(try StrategyComparison.load(from: directory))
        case .a1, .a2, .a3, .a4, .mapreduce, .backup:
            return nil
        }
    }

    var name: String {
        switch self {
        case .claims: return "claims"
        case .strategies: return "strategies"
        }
    }

    /// Runs it and returns its report files.
    func run(jobs: Int) -> ReportBundle {
        switch self {
        case .claims(let first, let second): return ClaimsExperiment.run(seed003: first, seed004: second, jobs: jobs).bundle()
        case .strategies(let base): return StrategyComparison.run(base, jobs: jobs).bundle()
        }
    }
}
