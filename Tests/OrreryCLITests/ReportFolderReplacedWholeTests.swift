import Foundation
import Testing

/// Through the real binary: a report folder `<out>/<name>/` holds, after a command writes it,
/// exactly what that command wrote — a run in another format, a sweep after a run, a run after a
/// sweep, an experiment after an older one leave none of the earlier files — while everything
/// outside it, the scenario kept inside it and the shards merged into it stay as they were.
struct ReportFolderReplacedWholeTests {
    /// Passes with `--set 'expect=[]'`; fails as written (a 2 ms service is never under 1 ms).
    static let scenario = OutputSafetyCommandTests.scenario.replacingOccurrences(of: "success_ratio >= 0.9", with: "p99 < 1ms")

    static func directory() throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try scenario.write(to: dir.appendingPathComponent("small.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    static func run(_ arguments: [String], in dir: URL) throws -> OrreryProcess.Outcome {
        try OrreryProcess.run(arguments + ["--quiet"], in: dir)
    }

    /// Every file below `path` (relative to `dir`) with its bytes.
    static func tree(_ path: String, in dir: URL) throws -> [String: Data] {
        let root = dir.appendingPathComponent(path)
        var files: [String: Data] = [:]
        for file in WorldCommandTests.files(under: root) { files[file] = try Data(contentsOf: root.appendingPathComponent(file)) }
        return files
    }

    static func put(_ text: String, _ path: String, in dir: URL) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static let sweepFiles = ["comparisons.csv", "expectations.csv", "failures.csv", "intervals.svg", "metrics.csv",
                             "report.json", "report.md", "sweep.json", "worlds.jsonl"]

    /// The outside checker's case: a passing run in every format, then a failing one in Markdown
    /// only. The stale `report.json` said "passed" to `orrery report` beside a report.md saying FAIL.
    @Test func aRunInOneFormatLeavesNoFileOfAnEarlierRunInAnother() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.run(["run", "small.yaml", "--set", "expect=[]", "--out", "O"], in: dir).status == 0)
        #expect(try Self.tree("O/small", in: dir).keys.sorted() == ["report.json", "report.md", "servers.csv", "summary.csv"])
        let failed = try Self.run(["run", "small.yaml", "--format", "md", "--out", "O"], in: dir)
        #expect(failed.status == 1, "\(failed.standardError)")
        #expect(try Self.run(["run", "small.yaml", "--format", "md", "--out", "fresh"], in: dir).status == 1)
        let written = try Self.tree("O/small", in: dir)
        #expect(written.keys.sorted() == ["report.md"])
        #expect(written == (try Self.tree("fresh/small", in: dir)))
        #expect(String(decoding: written["report.md"] ?? Data(), as: UTF8.self).contains("- verdict: **FAIL**"))
        let report = try OrreryProcess.run(["report", "O"], in: dir)
        #expect(report.status == 0, "\(report.standardError)")
        let index = try String(contentsOf: dir.appendingPathComponent("O/index.html"), encoding: .utf8)
        // No report.json, so no verdict from one: not the earlier run's "passed".
        #expect(!index.contains("<span class=\"verdict verdict-pass\">passed</span>"), "\(index)")
        #expect(!index.contains("report.json"), "\(index)")
    }

    @Test func aSweepAfterARunAndARunAfterASweepEachLeaveOnlyTheirOwnFiles() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.put("<html>\n", "R/index.html", in: dir)
        try Self.put("# other\n", "R/other/report.md", in: dir)
        try Self.put("notes\n", "R/notes.txt", in: dir)
        let outside = try Self.tree("R", in: dir).filter { !$0.key.hasPrefix("small/") }
        #expect(try Self.run(["run", "small.yaml", "--set", "expect=[]", "--out", "R"], in: dir).status == 0)
        #expect(try Self.run(["sweep", "small.yaml", "--seeds", "1..2", "--out", "R"], in: dir).status == 1)
        #expect(try Self.run(["sweep", "small.yaml", "--seeds", "1..2", "--out", "S"], in: dir).status == 1)
        #expect(try Self.tree("R/small", in: dir).keys.sorted() == Self.sweepFiles)
        #expect(try Self.tree("R/small", in: dir) == (try Self.tree("S/small", in: dir)))
        #expect(try Self.run(["run", "small.yaml", "--set", "expect=[]", "--out", "R"], in: dir).status == 0)
        #expect(try Self.tree("R/small", in: dir).keys.sorted() == ["report.json", "report.md", "servers.csv", "summary.csv"])
        #expect(try Self.tree("R", in: dir).filter { !$0.key.hasPrefix("small/") } == outside)
    }

    /// The scenario file kept in its own report folder is read, never removed; an earlier file
    /// beside it is.
    @Test func aScenarioInsideItsReportFolderStays() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.put(Self.scenario, "R/small/small.yaml", in: dir)
        try Self.put("stale\n", "R/small/summary.csv", in: dir)
        try Self.put("stale\n", "R/small/old-job/attempts.csv", in: dir)
        #expect(try Self.run(["run", "R/small/small.yaml", "--format", "md,json", "--out", "R"], in: dir).status == 1)
        #expect(try Self.tree("R/small", in: dir).keys.sorted() == ["report.json", "report.md", "small.yaml"])
        #expect(try String(contentsOf: dir.appendingPathComponent("R/small/small.yaml"), encoding: .utf8) == Self.scenario)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("R/small/old-job").path))
    }

    /// `merge $OUT/$NAME --out $OUT` (the Kubernetes job) writes the sweep's folder that holds its
    /// shards: the shards stay, byte for byte, and the report is the unsharded sweep's.
    @Test func aMergeIntoTheShardsFolderKeepsTheShards() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for shard in ["1/2", "2/2"] {
            #expect(try Self.run(["sweep", "small.yaml", "--seeds", "1..4", "--shard", shard, "--out", "S"], in: dir).status == 1)
        }
        try Self.put("stale\n", "S/small/summary.csv", in: dir)
        let shards = try Self.tree("S/small", in: dir).filter { $0.key.hasPrefix("shard-") }
        #expect(shards.keys.sorted() == ["shard-1-of-2/sweep.json", "shard-1-of-2/worlds.jsonl", "shard-2-of-2/sweep.json", "shard-2-of-2/worlds.jsonl"])
        for _ in 1...2 {
            #expect(try OrreryProcess.run(["merge", "S/small", "--out", "S"], in: dir).status == 1)
            #expect(try Self.tree("S/small", in: dir).filter { $0.key.hasPrefix("shard-") } == shards)
            #expect(try Self.tree("S/small", in: dir).keys.filter { !$0.hasPrefix("shard-") }.sorted() == Self.sweepFiles)
        }
        #expect(try Self.run(["sweep", "small.yaml", "--seeds", "1..4", "--out", "whole"], in: dir).status == 1)
        #expect(try Self.tree("S/small", in: dir).filter { !$0.key.hasPrefix("shard-") } == (try Self.tree("whole/small", in: dir)))
    }

    @Test func anExperimentRewritesItsFolderWhole() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try QueueExperimentCommandTests.shortRun.write(to: dir.appendingPathComponent("queue.yaml"), atomically: true, encoding: .utf8)
        #expect(try Self.run(["experiment", "queue", "--scenarios", ".", "--out", "E"], in: dir).status == 0)
        let first = try Self.tree("E/queue", in: dir)
        try Self.put("stale\n", "E/queue/old.csv", in: dir)
        try Self.put("stale\n", "E/queue/old-chart/x.svg", in: dir)
        #expect(try Self.run(["experiment", "queue", "--scenarios", ".", "--out", "E"], in: dir).status == 0)
        #expect(try Self.tree("E/queue", in: dir) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("E/queue").path).sorted() == first.keys.sorted())
    }

    /// A stale file that cannot be removed fails the write like a file that cannot be replaced:
    /// exit 2, the folder exactly as it was.
    @Test(.enabled(if: ChattrImmutable.isSupported))
    func aStaleFileThatCannotBeRemovedLeavesTheWholeEarlierReport() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.run(["run", "small.yaml", "--set", "expect=[]", "--out", "O"], in: dir).status == 0)
        let before = try FileTree(dir)
        let locked = dir.appendingPathComponent("O/small/summary.csv").path
        try ChattrImmutable.set(locked, true)
        defer { try? ChattrImmutable.set(locked, false) }
        let outcome = try Self.run(["run", "small.yaml", "--format", "md", "--out", "O"], in: dir)
        try ChattrImmutable.set(locked, false)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: cannot remove \"\(FileTree.real(locked))\": Operation not permitted (errno 1)\nreplay: orrery run small.yaml --seed 42\n",
                "\(outcome.standardError)")
        #expect(try FileTree(dir) == before)
    }
}
