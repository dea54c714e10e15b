/// Any file `orrery run` and `orrery validate` take, read through the one document reader and
/// told apart by its sections: an experiment (`experiment:`), a single MapReduce job in the form
/// `orrery mapreduce` reads (`cluster:`, `job:`, `input:` at the top), or a world of any other
/// sections.
public enum ScenarioFile: Sendable {
    /// A world: any subset of network, servers, balancer or gateway, workload, mapreduce, log,
    /// object_store, backup, operations, faults, chaos, expect.
    case world(Scenario)
    /// One MapReduce job with its cluster, input and faults at the top level.
    case mapreduce(MapReduceScenario)
    /// An experiment (A-1 … A-4, mapreduce, backup).
    case experiment(ExperimentSpec)

    /// Reads the file at `path`.
    public static func load(path: String) throws(ScenarioError) -> ScenarioFile {
        try load(ScenarioDocument.load(path: path))
    }

    /// Reads a file's `bytes`, reporting positions against `file`.
    public static func load(bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioFile {
        try load(ScenarioDocument.parse(bytes: bytes, file: file))
    }

    private static func load(_ document: ScenarioDocument) throws(ScenarioError) -> ScenarioFile {
        if document.keys.contains("experiment") { return .experiment(try ScenarioLoader.experiment(from: document)) }
        if document.keys.contains("job") || document.keys.contains("cluster") {
            return .mapreduce(try MapReduceScenarioLoader.scenario(from: document))
        }
        return .world(try ScenarioLoader.scenario(from: document))
    }

    /// The name its reports are written under.
    public var name: String {
        switch self {
        case .world(let scenario): return scenario.name
        case .mapreduce(let scenario): return scenario.name
        case .experiment(let spec): return spec.name
        }
    }

    /// The file it was read from.
    public var file: String {
        switch self {
        case .world(let scenario): return scenario.file
        case .mapreduce(let scenario): return scenario.file
        case .experiment(let spec): return spec.file
        }
    }

    /// One line for `orrery validate`.
    public var validationSummary: String {
        switch self {
        case .world(let scenario):
            let parts = scenario.subsystems.map(\.rawValue).joined(separator: ", ")
            return "scenario '\(scenario.name)': \(parts.isEmpty ? "no subsystem" : parts), \(scenario.servers.count) server(s), \(scenario.expectations.count) expectation(s)"
        case .mapreduce(let scenario):
            return "MapReduce scenario '\(scenario.name)': job \(scenario.job.name), \(scenario.cluster.workers) worker(s), \(scenario.expectations.count) expectation(s)"
        case .experiment(let spec):
            return "experiment '\(spec.name)'"
        }
    }
}
