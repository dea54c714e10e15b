import Foundation
import Testing
import Reports
@testable import Scenarios

/// No command writes over a file it reads, and a trace cannot stand where the reports' directories
/// go: both refused up front, before anything runs, with a message naming both paths.
struct OutputSafetyTests {
    /// A fresh directory holding `victim.yaml`; the tests run paths relative to it by name.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("name: victim\n".utf8).write(to: url.appendingPathComponent("victim.yaml"))
        return url
    }

    @Test func aTraceOrMetricsFileThatIsTheScenarioIsRefused() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = dir.appendingPathComponent("victim.yaml").path
        let out = dir.appendingPathComponent("O").path
        #expect(OutputPaths.problem(outputDirectory: out, tracePath: victim, names: [("victim", victim)], inputs: [victim])
            == "--trace '\(victim)' would overwrite the input file '\(victim)'; name another path")
        let respelled = dir.path + "/O/../victim.yaml"
        #expect(OutputPaths.problem(outputDirectory: out, tracePath: nil, metricsPath: respelled, names: [("victim", victim)], inputs: [victim])
            == "--metrics '\(respelled)' would overwrite the input file '\(victim)'; name another path")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aScenarioWhereItsReportGoesIsRefused() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("o").path
        try FileManager.default.createDirectory(atPath: out + "/small", withIntermediateDirectories: true)
        let scenario = out + "/small/report.md"
        try Data("name: small\n".utf8).write(to: URL(fileURLWithPath: scenario))
        #expect(OutputPaths.problem(outputDirectory: out, tracePath: nil, names: [("small", scenario)], inputs: [scenario])
            == "'\(out)/small/report.md' would overwrite the input file '\(scenario)'; name another path")
        let sweep = out + "/small"
        #expect(OutputPaths.problem(outputDirectory: sweep, tracePath: nil, names: [], files: SweepDirectory.fileNames(sharded: false), inputs: [scenario])
            == "'\(sweep)/report.md' would overwrite the input file '\(scenario)'; name another path")
        #expect(OutputPaths.problem(file: scenario, option: "--out", inputs: [scenario])
            == "--out '\(scenario)' would overwrite the input file '\(scenario)'; name another path")
    }

    /// `--out o/lp11 --trace o/lp11` wrote the reports, then failed to put the trace where their
    /// directory was.
    @Test func aTraceAtOrAboveTheOutputDirectoryIsRefusedBeforeItExists() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.path + "/o/lp11"
        #expect(OutputPaths.problem(outputDirectory: out, tracePath: out, names: [("small", "small.yaml")])
            == "--trace '\(out)' is the --out directory '\(out)' or a directory above it; name a file outside it")
        #expect(OutputPaths.problem(outputDirectory: out, tracePath: nil, metricsPath: dir.path + "/o", names: [("small", "small.yaml")])
            == "--metrics '\(dir.path)/o' is the --out directory '\(out)' or a directory above it; name a file outside it")
        #expect(OutputPaths.problem(outputDirectory: out, tracePath: out + "/./small", names: [("small", "small.yaml")])
            == "--trace '\(out)/./small' lies in '\(out)/small', where the run writes its reports; name a file outside it")
        #expect(OutputPaths.problem(outputDirectory: out, tracePath: out + "/trace.jsonl", names: [("small", "small.yaml")]) == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/o"))
    }

    @Test func theTraceAndMetricsAsOneFileUnderTwoSpellingsAreRefused() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.path + "/t.jsonl"
        #expect(OutputPaths.problem(outputDirectory: dir.path + "/o", tracePath: trace, metricsPath: dir.path + "/x/../t.jsonl", names: [])
            == "--trace and --metrics name the same file '\(dir.path)/x/../t.jsonl'")
    }

    /// A killed sweep leaves `worlds.jsonl.partial`; the next sweep starts it afresh, and one that
    /// gives up removes it and the directory it made.
    @Test func aStalePartialFileIsReplacedAndAnAbandonedSweepLeavesNothing() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.path + "/sweeps/small"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data(repeating: UInt8(ascii: "x"), count: 1 << 20).write(to: URL(fileURLWithPath: path + "/worlds.jsonl.partial"))
        let directory = try SweepDirectory(path: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path + "/worlds.jsonl.partial")[.size] as? Int == 0)
        directory.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)

        let fresh = dir.path + "/new/small"
        let created = try SweepDirectory(path: fresh)
        created.abandon()
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/new"))
    }

    /// Two sweeps of one file into one `--out`: the second removed the first's
    /// `worlds.jsonl.partial` and the two left one's reports beside the other's worlds. Now the
    /// second waits for the directory, is refused after its patience, and the first goes on.
    @Test func aSecondSweepIntoTheSameDirectoryIsRefusedAndTheFirstGoesOn() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.path + "/sweeps/small"
        let first = try SweepDirectory(path: path)
        // From another thread, as another process would (holds nest on one thread).
        final class Outcome: @unchecked Sendable { var error: ReportWriteError? }
        let outcome = Outcome(), done = DispatchSemaphore(value: 0)
        Thread {
            do throws(ReportWriteError) { _ = try SweepDirectory(path: path, patience: .milliseconds(50)) } catch { outcome.error = error }
            done.signal()
        }.start()
        done.wait()
        #expect(outcome.error == .folderBusy(path: URL(fileURLWithPath: path, isDirectory: true).path, patience: .milliseconds(50)))
        #expect(FileManager.default.fileExists(atPath: path + "/worlds.jsonl.partial"))
        first.abandon()
        // Let go: the next sweep opens it.
        try SweepDirectory(path: path, patience: .zero).abandon()
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/sweeps"))
    }

    @Test func canonicalPathsAgreeForEverySpelling() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = FileIdentity.canonicalPath(dir.path)
        #expect(FileIdentity.canonicalPath(dir.path + "/a/../b/./c") == real + "/b/c")
        #expect(FileIdentity.same(dir.path + "/victim.yaml", dir.path + "/nothing/../victim.yaml"))
        #expect(!FileIdentity.same(dir.path + "/victim.yaml", dir.path + "/other.yaml"))
        #expect(FileIdentity.isInside(dir.path + "/o/x", dir.path + "/o/"))
        #expect(!FileIdentity.isInside(dir.path + "/ox", dir.path + "/o"))
    }
}
