import Foundation
import Reports

/// Writes a shrunk scenario file and its report, all or nothing, and replays the written file: a
/// shrink is only claimed once the file on disk, loaded and run like any other, fails the same way.
public enum ShrunkScenarioWriter {
    /// What writing and replaying produced.
    public struct Written {
        /// The shrunk scenario file.
        public var scenarioPath: String
        /// The Markdown report.
        public var reportPath: String
        /// How the written file failed when replayed; nil when it passed.
        public var replayed: FailureSignature?
        /// Whether the replay failed the same way as the original.
        public var replays: Bool
        /// The report's text.
        public var report: String
    }

    /// Writes `<directory>/<name>-shrunk.yaml` and `<directory>/<name>-shrink.md` all or nothing:
    /// the scenario is written to a temporary file beside its destination, loaded from there and
    /// run with the result's seed, the report saying whether it replays is written to another
    /// temporary, and only then are both renamed into place. A failure at any step leaves the
    /// files of an earlier shrink exactly as they were — never a report whose scenario is gone.
    ///
    /// - Parameters:
    ///   - watched: the `--expect` assertions the failure was judged by, if any.
    ///   - inputs: the files the shrink read (the original scenario), which neither written file
    ///     may replace.
    /// - Throws: ``ShrinkWriteError`` when a file cannot be written or the written file does not
    ///   load.
    public static func write(_ result: ShrinkResult, to directory: String, watching watched: [String]?,
                             protecting inputs: [String] = []) throws(ShrinkWriteError) -> Written {
        let scenarioPath = (directory as NSString).appendingPathComponent(result.shrunkFileName)
        let reportPath = (directory as NSString).appendingPathComponent(result.reportFileName)
        let files = AtomicFileSet(protecting: inputs)
        let staged: URL?
        do {
            staged = try files.stage(result.yaml, at: URL(fileURLWithPath: scenarioPath))
        } catch {
            throw .write(error)
        }
        let replayed: FailureSignature?
        do {
            // The bytes on disk, read back under the name they will have.
            replayed = try replay(path: staged?.path ?? scenarioPath, as: scenarioPath, seed: result.seed, watching: watched)
        } catch {
            files.discard()
            throw .unloadable(error)
        }
        let report = result.markdown(path: scenarioPath, replayed: replayed)
        do {
            try files.stage(report, at: URL(fileURLWithPath: reportPath))
            try files.commit()
        } catch {
            throw .write(error)
        }
        return Written(scenarioPath: scenarioPath, reportPath: reportPath, replayed: replayed, replays: replayed == result.failure, report: report)
    }

    /// Loads the file at `path` as `orrery run` would load it from `name` (where relative paths
    /// in it are resolved and what errors quote), runs it with `seed`, and says how it failed.
    static func replay(path: String, as name: String, seed: UInt64, watching watched: [String]?) throws(ScenarioError) -> FailureSignature? {
        guard path != name else { return try replay(path: path, seed: seed, watching: watched) }
        let bytes: [UInt8]
        switch RegularFile.read(path, limit: RegularFile.scenarioLimit) {
        case .success(let read): bytes = read
        case .failure(let problem):
            throw ScenarioError(file: name, line: 0, column: 0, path: "", kind: .invalidValue("the written file cannot be read back: \(problem)"))
        }
        guard case .world(let scenario) = try ScenarioFile.load(bytes: bytes, file: name) else {
            throw ScenarioError(file: name, line: 0, column: 0, path: "", kind: .invalidValue("the shrunk file is not a world scenario"))
        }
        return FailureSignature(ScenarioRunner.run(scenario, seed: seed), watching: watched)
    }

    /// Loads the world at `path` as `orrery run` would, runs it with `seed`, and says how it
    /// failed (nil when it passed).
    public static func replay(path: String, seed: UInt64, watching watched: [String]?) throws(ScenarioError) -> FailureSignature? {
        guard case .world(let scenario) = try ScenarioFile.load(path: path) else {
            throw ScenarioError(file: path, line: 0, column: 0, path: "", kind: .invalidValue("the shrunk file is not a world scenario"))
        }
        return FailureSignature(ScenarioRunner.run(scenario, seed: seed), watching: watched)
    }
}

/// Why a shrunk scenario could not be written or read back.
public enum ShrinkWriteError: Error, CustomStringConvertible {
    /// A file could not be written.
    case write(ReportWriteError)
    /// The written scenario file does not load: the shrinker produced a file the language refuses.
    case unloadable(ScenarioError)

    public var description: String {
        switch self {
        case .write(let error): return error.description
        case .unloadable(let error): return "the shrunk file does not load: \(error.description)"
        }
    }
}
