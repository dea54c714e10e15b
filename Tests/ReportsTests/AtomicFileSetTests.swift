import Foundation
import Testing
@testable import Reports

/// Several files written all or nothing: a failure at any step — an immutable file, a device that
/// refuses its bytes, an output that is the command's input — leaves every earlier file with the
/// same bytes and inode, and no temporary, new file or new directory behind.
@Suite("AtomicFileSet")
struct AtomicFileSetTests {
    @Test("commits every file and leaves no temporary behind")
    func commitsAll() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = AtomicFileSet()
        try files.stage("one", at: scratch.url.appendingPathComponent("r/one.md"))
        try files.stage("two", at: scratch.url.appendingPathComponent("r/two.csv"))
        #expect(try scratch.contents().filter { !$0.hasPrefix("r/.orrery-write-") } == ["r"])
        try files.commit()
        #expect(try scratch.contents() == ["r", "r/one.md", "r/two.csv"])
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("r/two.csv"), encoding: .utf8) == "two")
    }

    /// Foundation takes the last component off `a/..` by adding another `..`: making the
    /// directories of such a path recursed until the stack ran out.
    @Test("a destination spelled through a missing directory and .. is written where the path leads")
    func dotDotThroughAMissingDirectory() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = AtomicFileSet()
        try files.stage("one", at: URL(fileURLWithPath: scratch.url.path + "/missing/../out/report.md"))
        try files.commit()
        #expect(try scratch.contents() == ["out", "out/report.md"])
    }

    @Test("a discarded set removes its temporaries and the directories it made")
    func discardRemovesEverything() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = AtomicFileSet()
        try files.stage("one", at: scratch.url.appendingPathComponent("a/b/one.md"))
        files.discard()
        #expect(try scratch.contents().isEmpty)
    }

    @Test("a file that cannot be replaced leaves every old file byte-identical, same inode, nothing new",
          .enabled(if: Immutable.isSupported))
    func immutableFileKeepsTheOldReport() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let report = scratch.url.appendingPathComponent("r")
        var old = ReportBundle()
        old.add("small/report.md", "# seed 42\n")
        old.add("small/servers.csv", "server,requests\ns1,42\n")
        old.add("small/summary.csv", "metric,value\n")
        try old.write(to: report)
        let before = try Snapshot(scratch.url)
        let locked = report.appendingPathComponent("small/servers.csv").path
        try Immutable.set(locked, true)
        defer { try? Immutable.set(locked, false) }

        var new = ReportBundle()
        new.add("small/report.md", "# seed 7\n")
        new.add("small/report.json", "{}\n")
        new.add("small/servers.csv", "server,requests\ns1,7\n")
        new.add("small/summary.csv", "metric,value\nx,7\n")
        #expect(throws: ReportWriteError.fileSystem(operation: "replace", path: locked, code: EPERM)) {
            try new.write(to: report)
        }
        try Immutable.set(locked, false)
        #expect(try Snapshot(scratch.url) == before)
    }

    @Test("a device that refuses its bytes stops the commit before any file is replaced")
    func refusingDeviceReplacesNothing() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let report = scratch.url.appendingPathComponent("small/report.md")
        try AtomicFileWriter.write("old", to: report)
        let before = try Snapshot(scratch.url)
        let files = AtomicFileSet()
        try files.stage("new", at: report)
        try files.stage("new dir", at: scratch.url.appendingPathComponent("fresh/metrics.csv"))
        try files.stage("trace", at: URL(fileURLWithPath: "/dev/full"))
        #expect(throws: ReportWriteError.fileSystem(operation: "write", path: "/dev/full", code: ENOSPC)) {
            try files.commit()
        }
        #expect(try Snapshot(scratch.url) == before)
    }

    @Test("an output that is an input, under any spelling or through a link, is refused before anything is written")
    func inputIsNeverReplaced() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let input = scratch.url.appendingPathComponent("victim.yaml")
        try Data("name: victim\n".utf8).write(to: input)
        let link = scratch.url.appendingPathComponent("link.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "victim.yaml")
        let before = try Snapshot(scratch.url)
        for output in [input.path, scratch.url.path + "/sub/../victim.yaml", link.path] {
            let files = AtomicFileSet(protecting: [input.path])
            try files.stage("# report\n", at: scratch.url.appendingPathComponent("out/victim/report.md"))
            #expect(throws: ReportWriteError.overwritesInput(output: URL(fileURLWithPath: output).path, input: input.path)) {
                try files.stage("trace", at: URL(fileURLWithPath: output))
            }
            #expect(try Snapshot(scratch.url) == before)
        }
        #expect(ReportWriteError.overwritesInput(output: "t", input: "v.yaml").description
            == "\"t\" would overwrite the input file \"v.yaml\"; name another path")
    }

    @Test("two outputs that are one file through a link are refused")
    func oneFileTwiceIsRefused() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let report = scratch.url.appendingPathComponent("report.md")
        try AtomicFileWriter.write("old", to: report)
        let link = scratch.url.appendingPathComponent("trace.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "report.md")
        let files = AtomicFileSet()
        try files.stage("new", at: report)
        #expect(throws: ReportWriteError.conflictingPaths(report.path, link.path)) {
            try files.stage("trace", at: link)
        }
        #expect(try String(contentsOf: report, encoding: .utf8) == "old")
        #expect(try scratch.contents() == ["report.md", "trace.jsonl"])
    }
}

/// Every file below a directory with its bytes and inode, to show that a failed write changed
/// nothing.
struct Snapshot: Equatable {
    var files: [String: [UInt8]] = [:]
    var inodes: [String: UInt64] = [:]

    init(_ root: URL) throws {
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return }
        for case let path as String in walk {
            let full = root.appendingPathComponent(path).path
            var status = stat()
            guard lstat(full, &status) == 0 else { continue }
            inodes[path] = UInt64(status.st_ino)
            if status.st_mode & S_IFMT == S_IFREG { files[path] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: full))) }
        }
    }
}

/// `chattr +i`: the one way to make a write fail deterministically for root, who ignores
/// permissions. Tests that need it are skipped where the file system or user cannot set it.
enum Immutable {
    static let isSupported: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-immutable-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? set(probe.path, true)) != nil else { return false }
        try? set(probe.path, false)
        return true
    }()

    static func set(_ path: String, _ on: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [on ? "+i" : "-i", path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}
