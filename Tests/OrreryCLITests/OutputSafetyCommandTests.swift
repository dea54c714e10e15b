import Foundation
import Testing

/// Through the real binary: a write that fails (an immutable file, `/dev/full`) exits 2 naming the
/// path and leaves the previous report byte-identical, and a command never writes over a file it
/// reads or puts a trace where its reports go.
struct OutputSafetyCommandTests {
    static let scenario = """
    name: small
    seed: 42
    run:
      requests: 200
    servers:
      - name: s
        count: 2
        slots: 4
        service_time: 2ms
    workload:
      type: closed_loop
      users: 4
      timeout: 1s
    expect:
      - success_ratio >= 0.9
    """

    static func directory() throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try scenario.write(to: dir.appendingPathComponent("small.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test(.enabled(if: ChattrImmutable.isSupported))
    func aRunThatCannotReplaceOneFileLeavesTheWholeEarlierReport() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try OrreryProcess.run(["run", "small.yaml", "--seed", "42", "--out", "o", "--quiet"], in: dir).status == 0)
        let before = try FileTree(dir)
        let locked = dir.appendingPathComponent("o/small/servers.csv").path
        try ChattrImmutable.set(locked, true)
        defer { try? ChattrImmutable.set(locked, false) }
        let outcome = try OrreryProcess.run(["run", "small.yaml", "--seed", "7", "--out", "o", "--quiet"], in: dir)
        try ChattrImmutable.set(locked, false)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: cannot replace \"\(FileTree.real(locked))\": Operation not permitted (errno 1)\nreplay: orrery run small.yaml --seed 7"),
                "\(outcome.standardError)")
        #expect(try FileTree(dir) == before)
    }

    @Test func aTraceThatCannotBeWrittenLeavesTheEarlierReports() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try OrreryProcess.run(["run", "small.yaml", "--seed", "42", "--out", "o", "--quiet"], in: dir).status == 0)
        let before = try FileTree(dir)
        let outcome = try OrreryProcess.run(["run", "small.yaml", "--seed", "7", "--out", "o", "--trace", "/dev/full", "--quiet"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: cannot write \"/dev/full\": No space left on device (errno 28)"), "\(outcome.standardError)")
        #expect(try FileTree(dir) == before)
        let fresh = try OrreryProcess.run(["run", "small.yaml", "--out", "new", "--metrics", "/dev/full", "--quiet"], in: dir)
        #expect(fresh.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("new").path))
    }

    @Test(.enabled(if: ChattrImmutable.isSupported))
    func aSweepOrMergeThatCannotWriteLeavesTheEarlierSweep() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try OrreryProcess.run(["sweep", "small.yaml", "--seeds", "1..4", "--out", "sw", "--quiet"], in: dir).status == 0)
        for shard in ["1/2", "2/2"] {
            #expect(try OrreryProcess.run(["sweep", "small.yaml", "--seeds", "1..4", "--shard", shard, "--out", "shards", "--quiet"], in: dir).status == 0)
        }
        #expect(try OrreryProcess.run(["merge", "shards/small", "--out", "merged"], in: dir).status == 0)
        let before = try FileTree(dir)
        for (command, locked) in [(["sweep", "small.yaml", "--seeds", "1..5", "--out", "sw", "--quiet"], "sw/small/failures.csv"),
                                  (["merge", "shards/small", "--out", "merged"], "merged/small/report.json")] {
            let path = dir.appendingPathComponent(locked).path
            try ChattrImmutable.set(path, true)
            defer { try? ChattrImmutable.set(path, false) }
            let outcome = try OrreryProcess.run(command, in: dir)
            try ChattrImmutable.set(path, false)
            #expect(outcome.status == 2)
            #expect(outcome.standardError == "error: cannot replace \"\(FileTree.real(path))\": Operation not permitted (errno 1)\n", "\(outcome.standardError)")
            #expect(try FileTree(dir) == before)
        }
    }

    @Test(.enabled(if: ChattrImmutable.isSupported))
    func aShrinkThatCannotWriteItsReportKeepsTheEarlierPairAndExits2() throws {
        let dir = try ShrinkCommandTests.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--max-runs", "20", "--out", "out"], in: dir).status == 0)
        let before = try FileTree(dir)
        let locked = dir.appendingPathComponent("out/planted-pair-shrink.md").path
        try ChattrImmutable.set(locked, true)
        defer { try? ChattrImmutable.set(locked, false) }
        let outcome = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--max-runs", "20", "--out", "out"], in: dir)
        try ChattrImmutable.set(locked, false)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "seed 51: cannot replace \"\(FileTree.real(locked))\": Operation not permitted (errno 1)\n", "\(outcome.standardError)")
        #expect(try FileTree(dir) == before)
    }

    @Test func noCommandWritesOverItsOwnInput() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("o/small"), withIntermediateDirectories: true)
        for name in ["o/small/report.md", "o/small/worlds.jsonl", "small-shrunk.yaml"] {
            try Self.scenario.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let before = try FileTree(dir)
        let refused: [([String], String)] = [
            (["run", "small.yaml", "--out", "O", "--trace", "small.yaml"], "error: --trace 'small.yaml' would overwrite the input file 'small.yaml'; name another path\n"),
            (["run", "small.yaml", "--out", "O", "--metrics", "./small.yaml"], "error: --metrics './small.yaml' would overwrite the input file 'small.yaml'; name another path\n"),
            (["run", "small.yaml", "--out", "O", "--trace", "small.yaml", "--trace-format", "perfetto"],
             "error: --trace 'small.yaml' would overwrite the input file 'small.yaml'; name another path\n"),
            (["run", "o/small/report.md", "--out", "o"], "error: 'o/small/report.md' would overwrite the input file 'o/small/report.md'; name another path\n"),
            (["sweep", "o/small/worlds.jsonl", "--seeds", "1..2", "--out", "o"],
             "error: 'o/small/worlds.jsonl' would overwrite the input file 'o/small/worlds.jsonl'; name another path\n"),
            (["shrink", "small-shrunk.yaml", "--out", "."], "error: './small-shrunk.yaml' would overwrite the input file 'small-shrunk.yaml'; name another path\n"),
            (["run", "small.yaml", "--out", "o/lp11", "--trace", "o/lp11"],
             "error: --trace 'o/lp11' is the --out directory 'o/lp11' or a directory above it; name a file outside it\n"),
        ]
        for (arguments, message) in refused {
            let outcome = try OrreryProcess.run(arguments, in: dir)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.standardError == message)
            #expect(try FileTree(dir) == before, "\(arguments)")
        }
    }

    @Test func theResultsPageNeverReplacesAFileItShows() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try OrreryProcess.run(["run", "small.yaml", "--out", "rq", "--quiet"], in: dir).status == 0)
        let before = try FileTree(dir)
        let outcome = try OrreryProcess.run(["report", "rq", "--out", "rq/small/servers.csv"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: --out 'rq/small/servers.csv' would overwrite the input file 'rq/small/servers.csv', a file the page shows; name the page otherwise, e.g. index.html\n")
        #expect(try FileTree(dir) == before)
        #expect(try OrreryProcess.run(["report", "rq"], in: dir).status == 0)
        #expect(try OrreryProcess.run(["report", "rq"], in: dir).status == 0)
    }
}

/// Every file below a directory with its bytes and inode.
struct FileTree: Equatable {
    var files: [String: Data] = [:]
    var inodes: [String: UInt64] = [:]

    init(_ root: URL) throws {
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return }
        for case let path as String in walk {
            let full = root.appendingPathComponent(path).path
            var status = stat()
            guard lstat(full, &status) == 0 else { continue }
            inodes[path] = UInt64(status.st_ino)
            if status.st_mode & S_IFMT == S_IFREG { files[path] = try Data(contentsOf: URL(fileURLWithPath: full)) }
        }
    }

    /// `path` with its links resolved, as the error messages name it.
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// `chattr +i`, which makes a write fail even for root; tests skip where it cannot be set.
enum ChattrImmutable {
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
