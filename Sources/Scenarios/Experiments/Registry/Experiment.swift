import Foundation
import Reports
import Simulator

/// One experiment Orrery reproduces: a type that knows its name, what it shows and the files it
/// reads, loads its own setup from them (so a bad file stops everything before anything runs), and
/// runs into its report files. ``ExperimentRegistry`` lists them all.
public protocol Experiment: Sendable {
    /// The name on the command line (`orrery experiment a1`) and of its directory in `results/`.
    static var name: String { get }
    /// One line for `--list`, `--help` and the README.
    static var summary: String { get }
    /// The files it reads, relative to the scenarios directory.
    static var files: [String] { get }
    /// Loads its setup from its files in `directory`.
    static func load(from directory: String) throws(ScenarioError) -> Self
    /// Runs it (`jobs` independent simulations at once; the reports do not depend on it) and
    /// returns its report files, with paths relative to the output directory.
    func run(jobs: Int) throws(ExperimentFailure) -> ReportBundle
}

/// An experiment described by one file whose `experiment:` names it (`scenarios/a1.yaml` …):
/// `orrery run` takes that file as it takes any scenario.
public protocol ExperimentFile: Experiment {
    /// The file's keys and their values (``ScenarioSchema``): what ``load(_:)`` closes the file's
    /// top level with, and what `orrery schema` says an `experiment: <name>` file holds.
    static var shape: SchemaObject { get }
    /// Reads the experiment from its document; `experiment:` has already been matched to ``name``.
    static func load(_ document: ScenarioDocument) throws(ScenarioError) -> Self
    /// The seed its runs start from: the file's `seed:`, or `orrery run FILE --seed N`'s, which
    /// replaces it (the experiment's studies then draw their seeds from it, as from the file's).
    var seed: UInt64 { get set }
    /// The `--seed` and `--set` options `orrery run` gave the file, for its reports' replay line.
    var replayArguments: [String] { get set }
    /// The file it was read from.
    var file: String { get }
    /// The files it read at load time besides itself (ScenarioFile+DataFiles.swift).
    var dataFiles: [String] { get }
}

extension ExperimentFile {
    public static var files: [String] { ["\(name).yaml"] }

    public static func load(from directory: String) throws(ScenarioError) -> Self {
        let document = try ScenarioDocument.load(path: (directory as NSString).appendingPathComponent(files[0]))
        // At the `experiment:` value, where the file names the other experiment (every swap read 1:1).
        if let node = document.root.node["experiment"], let named = node.string, named != name {
            throw document.root.child(node, "experiment").error(.invalidValue("the file describes experiment '\(named.excerpt)', not '\(name.excerpt)'"))
        }
        return try load(document)
    }
}

/// Why an experiment could not run to its reports: its setup asked for something the simulator
/// refuses (a placement that cannot be built), found only when the run builds it.
public struct ExperimentFailure: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }
}

extension ExperimentFailure {
    /// A placement the setup names could not be built.
    static func placement(_ error: PlacementError) -> ExperimentFailure {
        ExperimentFailure("could not build its placement: \(error)")
    }
}
