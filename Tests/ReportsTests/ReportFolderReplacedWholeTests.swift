import Foundation
import Testing
@testable import Reports

/// A report folder is written whole: after the commit it holds exactly the files of this write —
/// an earlier report's other files, and the job folders they filled, are gone — while the
/// protected inputs in it, a report folder of its own below it, links to directories and
/// everything outside it stay; and a commit that fails leaves every old file with its bytes and
/// inode.
@Suite("Report folders replaced whole")
struct ReportFolderReplacedWholeTests {
    static func write(_ text: String, _ path: String, in scratch: ScratchDirectory) throws {
        let url = scratch.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func read(_ path: String, in scratch: ScratchDirectory) throws -> String {
        try String(contentsOf: scratch.url.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("a bundle's folder keeps only the bundle's files; the rest of the output directory is left alone")
    func staleFilesGoOthersStay() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var all = ReportBundle()
        all.add("small/report.md", "# PASS\n")
        all.add("small/report.json", "{\"passed\":true}\n")
        all.add("small/summary.csv", "metric,value\n")
        all.add("small/job-1/attempts.csv", "attempt\n")
        try all.write(to: scratch.url.appendingPathComponent("o"))
        try Self.write("<html>\n", "o/index.html", in: scratch)
        try Self.write("# other\n", "o/other/report.md", in: scratch)
        try Self.write("notes\n", "o/notes.txt", in: scratch)
        var markdownOnly = ReportBundle()
        markdownOnly.add("small/report.md", "# FAIL\n")
        #expect(markdownOnly.reportFolders == ["small"])
        try markdownOnly.write(to: scratch.url.appendingPathComponent("o"))
        #expect(try scratch.contents() == ["o", "o/index.html", "o/notes.txt", "o/other", "o/other/report.md", "o/small", "o/small/report.md"])
        #expect(try Self.read("o/small/report.md", in: scratch) == "# FAIL\n")
        #expect(try Self.read("o/other/report.md", in: scratch) == "# other\n")
        #expect(try Self.read("o/index.html", in: scratch) == "<html>\n")
    }

    @Test("inputs, a folder holding its own report, links to directories and files staged outside the bundle stay")
    func whatAFolderKeeps() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try Self.write("name: small\n", "o/small/small.yaml", in: scratch)
        try Self.write("name: elsewhere\n", "input.yaml", in: scratch)
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("o/small/link.yaml").path,
                                                   withDestinationPath: scratch.url.appendingPathComponent("input.yaml").path)
        try Self.write("# shard\n", "o/small/shard-1-of-2/sweep.json", in: scratch)
        try Self.write("# inner\n", "o/small/inner/report.md", in: scratch)
        try Self.write("old trace\n", "o/small/trace.jsonl", in: scratch)
        try Self.write("stale\n", "o/small/summary.csv", in: scratch)
        try Self.write("stale\n", "o/small/stale-job/deep/attempts.csv", in: scratch)
        try Self.write("outside\n", "data/keep.csv", in: scratch)
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("o/small/data").path,
                                                   withDestinationPath: scratch.url.appendingPathComponent("data").path)
        // The folder is held while the bundle is written, so a temporary in it is a killed
        // writer's and goes; another hidden `.orrery-` file is not a temporary and stays.
        try Self.write("temporary\n", "o/small/.orrery-write-left-over.tmp", in: scratch)
        try Self.write("notes\n", "o/small/.orrery-notes", in: scratch)
        let set = AtomicFileSet(protecting: [scratch.url.appendingPathComponent("o/small/small.yaml").path,
                                             scratch.url.appendingPathComponent("input.yaml").path])
        var bundle = ReportBundle()
        bundle.add("small/report.md", "# new\n")
        try bundle.stage(into: set, under: scratch.url.appendingPathComponent("o"))
        try set.stage("new trace\n", at: scratch.url.appendingPathComponent("o/small/trace.jsonl"))
        try set.commit()
        #expect(try scratch.contents() == [
            "data", "data/keep.csv", "input.yaml", "o", "o/small", "o/small/.orrery-notes", "o/small/data",
            "o/small/inner", "o/small/inner/report.md", "o/small/link.yaml", "o/small/report.md", "o/small/shard-1-of-2",
            "o/small/shard-1-of-2/sweep.json", "o/small/small.yaml", "o/small/trace.jsonl",
        ])
        #expect(try Self.read("o/small/trace.jsonl", in: scratch) == "new trace\n")
        #expect(try Self.read("o/small/small.yaml", in: scratch) == "name: small\n")
        #expect(try Self.read("o/small/inner/report.md", in: scratch) == "# inner\n")
    }

    @Test("a stale file that cannot be removed fails the commit and leaves every old file, same bytes and inode",
          .enabled(if: Immutable.isSupported))
    func failureKeepsTheOldFolder() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var old = ReportBundle()
        old.add("small/report.md", "# PASS\n")
        old.add("small/report.json", "{\"passed\":true}\n")
        old.add("small/servers.csv", "server\n")
        old.add("small/job-1/attempts.csv", "attempt\n")
        try old.write(to: scratch.url)
        let before = try Snapshot(scratch.url)
        let locked = scratch.url.appendingPathComponent("small/servers.csv").path
        try Immutable.set(locked, true)
        defer { try? Immutable.set(locked, false) }
        var new = ReportBundle()
        new.add("small/report.md", "# FAIL\n")
        #expect(throws: ReportWriteError.fileSystem(operation: "remove", path: FileIdentity.canonicalPath(locked), code: EPERM)) {
            try new.write(to: scratch.url)
        }
        try Immutable.set(locked, false)
        #expect(try Snapshot(scratch.url) == before)
    }

    @Test("a stale folder whose files cannot be moved aside fails the commit and puts back those that were",
          .enabled(if: Immutable.isSupported))
    func failureAfterMovingAside() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var old = ReportBundle()
        old.add("small/a.csv", "moved aside first\n")
        old.add("small/report.md", "# PASS\n")
        old.add("small/summary.csv", "metric\n")
        old.add("small/job-1/attempts.csv", "attempt\n")
        try old.write(to: scratch.url)
        let before = try Snapshot(scratch.url)
        // `a.csv` is moved aside, then `job-1/attempts.csv` cannot be: its folder is immutable.
        let folder = scratch.url.appendingPathComponent("small/job-1").path
        try Immutable.set(folder, true)
        defer { try? Immutable.set(folder, false) }
        var new = ReportBundle()
        new.add("small/report.md", "# FAIL\n")
        #expect(throws: ReportWriteError.fileSystem(operation: "remove", path: FileIdentity.canonicalPath(folder) + "/attempts.csv", code: EPERM)) {
            try new.write(to: scratch.url)
        }
        try Immutable.set(folder, false)
        #expect(try Snapshot(scratch.url) == before)
    }

    @Test("a folder written whole for the first time, or with the same files, is written as before")
    func nothingStale() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var bundle = ReportBundle()
        bundle.add("a1/report.md", "# A-1\n")
        bundle.add("a1/requests.csv", "r\n")
        try bundle.write(to: scratch.url)
        try bundle.write(to: scratch.url)
        #expect(try scratch.contents() == ["a1", "a1/report.md", "a1/requests.csv"])
        // A bundle of top-level files names no report folder: nothing beside them is removed.
        try Self.write("kept\n", "loose.txt", in: scratch)
        var loose = ReportBundle()
        loose.add("report.md", "# top\n")
        #expect(loose.reportFolders.isEmpty)
        try loose.write(to: scratch.url)
        #expect(try scratch.contents() == ["a1", "a1/report.md", "a1/requests.csv", "loose.txt", "report.md"])
    }
}
