/// Every experiment Orrery reproduces, in the order `all` runs them: the one list `orrery
/// experiment --list`, `--help`, `all` and `orrery run <experiment file>` are made from.
public enum ExperimentRegistry {
    public static let all: [any Experiment.Type] = [
        A1Experiment.self, A2Experiment.self, A3Experiment.self, A4Experiment.self,
        MapReduceExperiment.self, BackupExperiment.self, ClaimsExperiment.self, StrategiesExperiment.self, DeployExperiment.self, QueueExperiment.self,
        KeepaliveExperiment.self, ZonesExperiment.self,
    ]

    /// Their names, in order.
    public static var names: [String] { all.map { $0.name } }

    /// The experiment called `name`, if there is one.
    public static func named(_ name: String) -> (any Experiment.Type)? {
        all.first { $0.name == name }
    }

    /// The experiments a file describes (`experiment: a1` …), in order: the ones
    /// ``ScenarioSchema`` gives a file shape.
    static var files: [any ExperimentFile.Type] { all.compactMap { $0 as? any ExperimentFile.Type } }

    /// The experiment a document with `experiment:` describes, loaded; an unknown name is an error
    /// at that key.
    static func load(_ document: ScenarioDocument) throws(ScenarioError) -> any ExperimentFile {
        let top = try document.root.openMapping()
        let cursor = try top.required(ScenarioSchema.experimentKey)
        let name = try cursor.string()
        guard let type = files.first(where: { $0.name == name }) else {
            throw cursor.error(.invalidValue("unknown experiment '\(name.excerpt)'; an experiment file describes one of \(files.map { $0.name }.joined(separator: ", "))"))
        }
        return try type.load(document)
    }
}
