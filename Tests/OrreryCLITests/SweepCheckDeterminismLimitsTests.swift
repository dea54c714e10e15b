import Foundation
import Testing

/// `sweep --check-determinism` under a small `ulimit -n`, and shards whose seeds are written
/// differently, through the real binary. With Foundation's `Process` the sweep exited 1 ("a run
/// failed") with "Bad file descriptor" at 200 descriptors and below, and at 12 and below died of
/// SIGILL, printing nothing and leaving `worlds.jsonl.partial`.
struct SweepCheckDeterminismLimitsTests {
    /// `orrery` with `arguments`, under `ulimit -n limit`.
    static func sweep(limit: Int, _ arguments: [String], in dir: URL, environment: [String: String] = [:]) throws -> OrreryProcess.Outcome {
        try OrreryProcess.run(["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", OrreryProcess.executable.path] + arguments,
                              in: dir, environment: environment, program: URL(fileURLWithPath: "/bin/sh"))
    }

    static func arguments(out: String) -> [String] {
        ["sweep", "tiny.yaml", "--seeds", "1..3", "--jobs", "2", "--check-determinism", "--out", out, "--quiet"]
    }

    /// 8 descriptors leave none for the child's pipes: exit 2, saying so, and nothing written.
    @Test func tooFewDescriptorsForTheChildIsAnEnvironmentError() throws {
        let dir = try SweepCommandTests.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try Self.sweep(limit: 8, Self.arguments(out: "out"), in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: too few file descriptors (ulimit -n 8) to start a child process to replay world 0 (variant 1, seed 1) "
                + "for --check-determinism: raise the limit, or sweep without --check-determinism\n")
        #expect(outcome.standardOutput == "")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        // Without the check the same sweep runs at 8.
        let plain = try Self.sweep(limit: 8, ["sweep", "tiny.yaml", "--seeds", "1..3", "--jobs", "2", "--out", "plain", "--quiet"], in: dir)
        #expect([0, 1].contains(plain.status), "\(plain.standardError)")
    }

    /// 12 and 64 are enough: every world is replayed and the sweep's files are written.
    @Test(arguments: [12, 64])
    func enoughDescriptorsReplayEveryWorld(limit: Int) throws {
        let dir = try SweepCommandTests.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try Self.sweep(limit: limit, Self.arguments(out: "out"), in: dir)
        #expect([0, 1].contains(outcome.status), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("nondeterminism") && !outcome.standardError.contains("error"), "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("3 worlds of 3"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/tiny-sweep/report.md").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/tiny-sweep/worlds.jsonl.partial").path))
    }

    /// A user who set `SWIFT_DETERMINISTIC_HASHING` gets a child without it (which hash seed the
    /// child gets is pinned by `ChildReplayTests`); the check still passes.
    @Test(arguments: ["1", ""])
    func theCheckPassesWhicheverHashingTheUserChose(hashing: String) throws {
        let dir = try SweepCommandTests.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try Self.sweep(limit: 1024, Self.arguments(out: "out"), in: dir, environment: ["SWIFT_DETERMINISTIC_HASHING": hashing])
        #expect([0, 1].contains(outcome.status), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("nondeterminism"), "\(outcome.standardError)")
    }

    /// Shards whose `--seeds` expand to the same list are one sweep; the merged files are those of
    /// the unsharded sweep run with shard 1's `--seeds`, byte for byte.
    @Test func shardsWithSeedsWrittenDifferentlyMergeIntoShard1sSweep() throws {
        let dir = try SweepCommandTests.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = ["sweep", "tiny.yaml", "--jobs", "2", "--quiet"]
        let first = try OrreryProcess.run(common + ["--seeds", "1..2, 3..4", "--shard", "1/2", "--out", "shards"], in: dir)
        let second = try OrreryProcess.run(common + ["--seeds", "1..4", "--shard", "2/2", "--out", "shards"], in: dir)
        let whole = try OrreryProcess.run(common + ["--seeds", "1..2,3..4", "--out", "whole"], in: dir)
        #expect([0, 1].contains(first.status) && [0, 1].contains(second.status) && [0, 1].contains(whole.status))
        let merged = try OrreryProcess.run(["merge", "shards/tiny-sweep", "--out", "merged"], in: dir)
        #expect(merged.status == whole.status, "\(merged.standardError)")
        let expected = try SweepCommandTests.contents(of: dir.appendingPathComponent("whole/tiny-sweep"))
        let actual = try SweepCommandTests.contents(of: dir.appendingPathComponent("merged/tiny-sweep"))
        #expect(actual.keys.sorted() == expected.keys.sorted())
        for (path, data) in expected { #expect(actual[path] == data, "\(path) differs") }
        #expect(String(decoding: expected["report.md"] ?? Data(), as: UTF8.self).contains("seeds 1..2,3..4 (4)"))
    }

    /// A shard named by another path to the same file is refused, exit 2, saying which.
    @Test func aShardOfTheSameFileByAnotherPathIsRefused() throws {
        let dir = try SweepCommandTests.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let absolute = dir.appendingPathComponent("tiny.yaml").path
        _ = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1..2", "--shard", "1/2", "--out", "shards", "--quiet"], in: dir)
        _ = try OrreryProcess.run(["sweep", absolute, "--seeds", "1..2", "--shard", "2/2", "--out", "shards", "--quiet"], in: dir)
        let digest = try #require(String(decoding: Data(contentsOf: dir.appendingPathComponent("shards/tiny-sweep/shard-1-of-2/sweep.json")), as: UTF8.self)
            .split(separator: "\"fileDigest\" : \"").dropFirst().first?.prefix(while: { $0 != "\"" }))
        let merged = try OrreryProcess.run(["merge", "shards/tiny-sweep", "--out", "merged"], in: dir)
        #expect(merged.status == 2)
        let quoted = absolute.count <= 80 ? absolute : String(absolute.prefix(77)) + "…"
        #expect(merged.standardError == "error: 'shards/tiny-sweep/shard-2-of-2' is a shard of another sweep than 'shards/tiny-sweep/shard-1-of-2': "
                + "its file is '\(quoted)', not 'tiny.yaml': the same bytes (digest \(digest)), but the report names one path, and the files a scenario "
                + "reads are found from where it lies: give every shard the file by the same path\n")
    }
}
