import Reports
import Synchronization

/// Any file `orrery run` and `orrery validate` take, read through the one document reader and
/// told apart by its sections: an experiment (`experiment:`) or a world. A single MapReduce job
/// written the way `orrery mapreduce` files are (`cluster:`, `job:`, `input:` at the top) is read
/// by its own loader and becomes a world with one `mapreduce:` job, so it runs and reports like
/// any other.
public enum ScenarioFile: Sendable {
    /// A world: any subset of network, servers, balancer or gateway, workload, mapreduce, log,
    /// object_store, backup, operations, faults, chaos, expect.
    case world(Scenario)
    /// An experiment of ``ExperimentRegistry`` described by one file (A-1 … A-4, mapreduce, backup),
    /// and the name its reports are written under: the file's `name:`, or its file name without
    /// the extension, as a world's (`scenarios/a1.yaml` writes `a1/`; `orrery experiment` names
    /// its directories after the experiments).
    case experiment(any ExperimentFile, name: String)

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
        // An error of the overriding itself (a path not in the file, a value not YAML) names the option already.
        let overridden: ScenarioDocument
        do { overridden = try document.overriding(overrides, option: option) } catch { throw error.mentioning(overrides, option: option) }
        do { return try load(overridden) } catch {
            throw error.attributed(to: overrides, option: option) { () throws(ScenarioError) in _ = try load(document) }
        }
    }

    /// Reads a file's `bytes`, reporting positions against `file`.
    public static func load(bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioFile {
        try load(ScenarioDocument.parse(bytes: bytes, file: file))
    }

    private static func load(_ document: ScenarioDocument) throws(ScenarioError) -> ScenarioFile {
        if document.keys.contains(ScenarioSchema.experimentKey) { return .experiment(try ExperimentRegistry.load(document), name: document.name) }
        if document.keys.contains(where: ScenarioSchema.singleJobKeys.contains) {
            // The loader refuses a world over its budget itself, at the key as the file spells it.
            return .world(try MapReduceScenarioLoader.scenario(from: document).world)
        }
        return .world(try ScenarioLoader.scenario(from: document))
    }

    /// The name its reports are written under.
    public var name: String {
        switch self {
        case .world(let scenario): return scenario.name
        case .experiment(_, let name): return name
        }
    }

    /// The file it was read from.
    public var file: String {
        switch self {
        case .world(let scenario): return scenario.file
        case .experiment(let experiment, _): return experiment.file
        }
    }

    /// One line for `orrery validate`.
    public var validationSummary: String {
        switch self {
        case .world(let scenario):
            // Clients talking to servers with no balancer section are the traffic subsystem too.
            let parts = scenario.subsystems.map { $0 == .balancer && scenario.balancer == nil ? "servers and clients (no balancer)" : $0.rawValue }
                .joined(separator: ", ")
            var summary = "scenario '\(scenario.name)': \(parts.isEmpty ? "no subsystem" : parts), \(NumberFormat.counted(scenario.servers.count, "server"))"
            if let jobs = scenario.mapreduce?.jobs, !jobs.isEmpty {
                var names: [String] = []
                for job in jobs where !names.contains(job.spec.name) { names.append(job.spec.name) }
                summary += ", \(NumberFormat.counted(jobs.count, "job")) (\(names.joined(separator: ", ")))"
            }
            return summary + ", \(NumberFormat.counted(scenario.expectations.count, "expectation"))"
        case .experiment(let experiment, _):
            return "experiment '\(type(of: experiment).name)': \(type(of: experiment).summary)"
        }
    }
}

/// Scenario files a command runs one after another (`orrery run FILE...`): every one loaded and
/// checked before anything runs, as the command promises, but only the first kept — a file's
/// scenario can be far larger than the file (sixteen 16 MiB files held 2.36 GB before the first
/// ran) — and each other loaded again just before it runs, so that one is held at a time. The
/// first file, which runs first, is checked last, after every other has been checked and
/// released, and runs as checked: a single file is loaded once, and n files n + (n − 1) times
/// where they were loaded 2n. (Loading each once would hold them all: every one must be refused
/// or accepted before the first runs.) The errors are still reported in the files' order.
public struct CheckedScenarioFiles<Facts: Sendable>: Sendable {
    /// One checked file and what the command took from it while it was loaded.
    public struct Entry: Sendable {
        /// The path as the user named it.
        public let path: String
        /// The name its reports are written under, and the file it was read from.
        public let name: String
        public let file: String
        /// The files it read besides itself (``ScenarioFile/dataFiles``), which no output may replace.
        public let dataFiles: [String]
        public let facts: Facts
    }

    public let entries: [Entry]
    public let overrides: [ScenarioOverride]
    /// The first file as checked, until ``load(_:)`` takes it.
    private let first: HeldFile
    /// Called before a file is loaded again to run (tests count the loads).
    var willLoad: (@Sendable (Int) -> Void)?

    /// Loads and checks each of `paths` with `overrides`, one at a time — the first last — handing
    /// each bad file's error to `report` in the files' order once all are checked; nil when any was
    /// bad. `facts` is what to keep of a loaded file (asked of the first file last).
    public static func check(_ paths: [String], overrides: [ScenarioOverride] = [], report: (ScenarioError) -> Void,
                             facts: (ScenarioFile) -> Facts) -> CheckedScenarioFiles? {
        check(paths, overrides: overrides, report: report, facts: facts, loading: nil)
    }

    /// ``check(_:overrides:report:facts:)``, calling `loading` before every load of a file — to
    /// check it here, and to run it (``willLoad``) — so that tests count them all.
    static func check(_ paths: [String], overrides: [ScenarioOverride], report: (ScenarioError) -> Void,
                      facts: (ScenarioFile) -> Facts, loading: (@Sendable (Int) -> Void)?) -> CheckedScenarioFiles? {
        var entries = [Entry?](repeating: nil, count: paths.count)
        var errors = [ScenarioError?](repeating: nil, count: paths.count)
        var first: ScenarioFile?
        for index in Array(paths.indices.dropFirst()) + paths.indices.prefix(1) {
            loading?(index)
            do {
                let file = try ScenarioFile.load(path: paths[index], overrides: overrides)
                entries[index] = Entry(path: paths[index], name: file.name, file: file.file, dataFiles: file.dataFiles, facts: facts(file))
                if index == 0 { first = file }
            } catch {
                errors[index] = error
            }
        }
        let bad = errors.compactMap { $0 }
        bad.forEach(report)
        return bad.isEmpty ? CheckedScenarioFiles(entries: entries.compactMap { $0 }, overrides: overrides, first: HeldFile(first), willLoad: loading) : nil
    }

    /// File `index`, loaded to run: the first file as checked, the first time; any other loaded again.
    ///
    /// - Throws: ``ExperimentFailure`` for a file that no longer loads, or loads under another
    ///   name than the one its output paths were checked for (it changed after it was checked).
    public func load(_ index: Int) throws(ExperimentFailure) -> ScenarioFile {
        if index == 0, let file = first.take() { return file }
        let entry = entries[index]
        willLoad?(index)
        let file: ScenarioFile
        do { file = try ScenarioFile.load(path: entry.path, overrides: overrides) } catch {
            throw ExperimentFailure("\(entry.path.excerpt) changed after it was checked and no longer loads:\n\(error.description)")
        }
        guard file.name == entry.name else {
            throw ExperimentFailure("\(entry.path.excerpt) changed after it was checked: it was named '\(entry.name.excerpt)', now '\(file.name.excerpt)'")
        }
        return file
    }
}

/// A loaded file handed out once.
final class HeldFile: Sendable {
    private let file: Mutex<ScenarioFile?>

    init(_ file: ScenarioFile?) { self.file = Mutex(file) }

    /// The file, the first time; nil after.
    func take() -> ScenarioFile? { file.withLock { held in defer { held = nil }; return held } }
}
