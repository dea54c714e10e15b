import Foundation
import Reports

/// Writes a shrunk scenario file and its report, and replays the written file: a shrink is only
/// claimed once the file on disk, loaded and run like any other, fails the same way.
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

    /// Writes `<directory>/<name>-shrunk.yaml` (to a temporary file, then renamed), loads and
    /// runs it with the result's seed, and writes `<directory>/<name>-shrink.md` saying whether
    /// it replays.
    ///
    /// - Parameter watched: the `--expect` assertions the failure was judged by, if any.
    /// - Throws: ``ShrinkWriteError`` when a file cannot be written or the written file does not
    ///   load.
    public static func write(_ result: ShrinkResult, to directory: String, watching watched: [String]?) throws(ShrinkWriteError) -> Written {
        let scenarioPath = (directory as NSString).appendingPathComponent(result.shrunkFileName)
        let reportPath = (directory as NSString).appendingPathComponent(result.reportFileName)
        do {
            try AtomicFileWriter.write(result.yaml, to: URL(fileURLWithPath: scenarioPath))
        } catch {
            throw .write(error)
        }
        let replayed: FailureSignature?
        do {
            replayed = try replay(path: scenarioPath, seed: result.seed, watching: watched)
        } catch {
            throw .unloadable(error)
        }
        let report = result.markdown(path: scenarioPath, replayed: replayed)
        do {
            try AtomicFileWriter.write(report, to: URL(fileURLWithPath: reportPath))
        } catch {
            // The file goes with its report: a shrunk file without one was left behind.
            unlink(scenarioPath)
            throw .write(error)
        }
        return Written(scenarioPath: scenarioPath, reportPath: reportPath, replayed: replayed, replays: replayed == result.failure, report: report)
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
