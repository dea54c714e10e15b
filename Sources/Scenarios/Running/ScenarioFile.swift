/// Any file `orrery run` and `orrery validate` take, read through the one document reader and
/// told apart by its sections: an experiment (`experiment:`) or a world. A single MapReduce job
/// written the way `orrery mapreduce` files are (`cluster:`, `job:`, `input:` at the top) is read
/// by its own loader and becomes a world with one `mapreduce:` job, so it runs and reports like
/// any other.
public enum ScenarioFile: Sendable {
    /// A world: any subset of network, servers, balancer or gateway, workload, mapreduce, log,
    /// object_store, backup, operations, faults, chaos, expect.
    case world(Scenario)
    /// An experiment of ``ExperimentRegistry`` described by one file (A-1 … A-4, mapreduce, backup).
    case experiment(any ExperimentFile)

    /// Reads the file at `path`.
    public static func load(path: String) throws(ScenarioError) -> ScenarioFile {
        try load(ScenarioDocument.load(path: path))
    }

    /// Reads the file at `path` with some of its values replaced (`--set`, a sweep's `--vary`):
    /// an error about a replaced value says which `option` gave it.
    public static func load(path: String, overrides: [ScenarioOverride], option: String = "--set") throws(ScenarioError) -> ScenarioFile {
        try load(ScenarioDocument.load(path: path), overrides: overrides, option: option)
    }

    /// Reads `document` with some of its values replaced.
    static func load(_ document: ScenarioDocument, overrides: [ScenarioOverride], option: String) throws(ScenarioError) -> ScenarioFile {
        do {
            return try load(document.overriding(overrides, option: option))
        } catch {
            throw error.mentioning(overrides, option: option)
        }
    }

    /// Reads a file's `bytes`, reporting positions against `file`.
    public static func load(bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioFile {
        try load(ScenarioDocument.parse(bytes: bytes, file: file))
    }

    private static func load(_ document: ScenarioDocument) throws(ScenarioError) -> ScenarioFile {
        if document.keys.contains(ScenarioSchema.experimentKey) { return .experiment(try ExperimentRegistry.load(document)) }
        if document.keys.contains(where: ScenarioSchema.singleJobKeys.contains) {
            let world = try MapReduceScenarioLoader.scenario(from: document).world
            if let (section, message) = ResourceBudget(world).problem(eventLimit: world.limits.eventLimit) {
                let top = try document.root.openMapping()
                let key = section == "mapreduce.attempt_chaos" ? "attempt_chaos" : "input"
                throw (top[key] ?? document.root).error(.invalidValue(message))
            }
            return .world(world)
        }
        return .world(try ScenarioLoader.scenario(from: document))
    }

    /// The name its reports are written under.
    public var name: String {
        switch self {
        case .world(let scenario): return scenario.name
        case .experiment(let experiment): return type(of: experiment).name
        }
    }

    /// The file it was read from.
    public var file: String {
        switch self {
        case .world(let scenario): return scenario.file
        case .experiment(let experiment): return experiment.file
        }
    }

    /// One line for `orrery validate`.
    public var validationSummary: String {
        switch self {
        case .world(let scenario):
            // Clients talking to servers with no balancer section are the traffic subsystem too.
            let parts = scenario.subsystems.map { $0 == .balancer && scenario.balancer == nil ? "servers and clients (no balancer)" : $0.rawValue }
                .joined(separator: ", ")
            var summary = "scenario '\(scenario.name)': \(parts.isEmpty ? "no subsystem" : parts), \(scenario.servers.count) server(s)"
            if let jobs = scenario.mapreduce?.jobs, !jobs.isEmpty {
                var names: [String] = []
                for job in jobs where !names.contains(job.spec.name) { names.append(job.spec.name) }
                summary += ", \(jobs.count) job(s) (\(names.joined(separator: ", ")))"
            }
            return summary + ", \(scenario.expectations.count) expectation(s)"
        case .experiment(let experiment):
            return "experiment '\(type(of: experiment).name)': \(type(of: experiment).summary)"
        }
    }
}
