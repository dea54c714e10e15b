import Foundation
import Testing
import Scenarios

/// `orrery sweep`, `--shard`, the schedulers' array indexes and `orrery merge`, through the real
/// binary: a sweep split three ways and merged is byte for byte the unsharded sweep.
struct SweepCommandTests {
    /// Small enough for a debug build: 2 servers, 300 requests; p99 under 12 ms holds for some seeds only.
    static let scenario = """
        name: tiny-sweep
        seed: 1
        run: {requests: 300}
        network: {latency: 0.5ms}
        servers:
          - {name: s, count: 2, slots: 2, queue: 50, service_time: {exponential: 2ms}}
        workload: {type: closed_loop, users: 8, timeout: 1s}
        expect:
          - success_ratio >= 0.99
          - p99 < 12ms
        """

    static func setUp() throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try scenario.write(to: dir.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    static func sweep(_ extra: [String], in dir: URL, environment: [String: String] = [:]) throws -> OrreryProcess.Outcome {
        try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1..7", "--vary", "servers.0.slots=1,2", "--jobs", "2"] + extra,
                              in: dir, environment: environment)
    }

    static func contents(of directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in WorldCommandTests.files(under: directory) where !path.hasPrefix("shard-") {
            files[path] = try Data(contentsOf: directory.appendingPathComponent(path))
        }
        return files
    }

    @Test func aSweepShardedThreeWaysAndMergedIsByteForByteTheUnshardedSweep() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = try Self.sweep(["--out", "whole"], in: dir)
        #expect([0, 1].contains(whole.status), "\(whole.standardError)")
        #expect(whole.standardOutput.contains("sweep tiny-sweep: 14 worlds of 14 (2 variants × 7 seeds)"), "\(whole.standardOutput)")
        for index in 1...3 {
            let shard = try Self.sweep(["--out", "shards", "--shard", "\(index)/3"], in: dir)
            #expect([0, 1].contains(shard.status), "\(shard.standardError)")
            #expect(shard.standardOutput.contains("shard \(index)/3: \(index == 3 ? 4 : 5) worlds of 14"), "\(shard.standardOutput)")
        }
        let merged = try OrreryProcess.run(["merge", "shards/tiny-sweep", "--out", "merged"], in: dir)
        #expect(merged.status == whole.status, "\(merged.standardError)")
        let expected = try Self.contents(of: dir.appendingPathComponent("whole/tiny-sweep"))
        #expect(Set(expected.keys) == ["comparisons.csv", "expectations.csv", "failures.csv", "intervals.svg", "metrics.csv",
                                       "report.json", "report.md", "sweep.json", "worlds.jsonl"])
        // The files whose paths are checked before a sweep runs are the files it writes.
        #expect(Set(expected.keys).subtracting(SweepDirectory.fileNames(sharded: false)).isEmpty)
        let shardFiles = try Self.contents(of: dir.appendingPathComponent("shards/tiny-sweep/shard-1-of-3"))
        #expect(Set(shardFiles.keys).subtracting(SweepDirectory.fileNames(sharded: true)).isEmpty)
        let actual = try Self.contents(of: dir.appendingPathComponent("merged/tiny-sweep"))
        #expect(actual.keys.sorted() == expected.keys.sorted())
        for (path, data) in expected { #expect(actual[path] == data, "\(path) differs") }
        let worlds = String(decoding: expected["worlds.jsonl"]!, as: UTF8.self).split(separator: "\n")
        #expect(worlds.count == 14)
    }

    @Test func theSchedulersArrayIndexesSelectTheSameShardsAsTheOption() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.sweep(["--out", "option", "--shard", "2/3"], in: dir)
        _ = try Self.sweep(["--out", "option", "--shard", "3/3"], in: dir)
        _ = try Self.sweep(["--out", "kubernetes", "--shards", "3"], in: dir, environment: ["JOB_COMPLETION_INDEX": "1"])
        _ = try Self.sweep(["--out", "slurm", "--shards", "3"], in: dir, environment: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1"])
        let second = try Self.contents(of: dir.appendingPathComponent("option/tiny-sweep/shard-2-of-3"))
        #expect(!second.isEmpty)
        #expect(try Self.contents(of: dir.appendingPathComponent("kubernetes/tiny-sweep/shard-2-of-3")) == second)
        #expect(try Self.contents(of: dir.appendingPathComponent("slurm/tiny-sweep/shard-3-of-3")) == Self.contents(of: dir.appendingPathComponent("option/tiny-sweep/shard-3-of-3")))
        let noIndex = try Self.sweep(["--out", "x", "--shards", "3"], in: dir)
        #expect(noIndex.status == 2)
        #expect(noIndex.standardError.contains("needs JOB_COMPLETION_INDEX"))
        // Two of three shards cannot be merged.
        let incomplete = try OrreryProcess.run(["merge", "option/tiny-sweep", "--out", "merged"], in: dir)
        #expect(incomplete.status == 2)
        #expect(incomplete.standardError.contains("shard 1/3 missing"), "\(incomplete.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("merged").path))
    }

    @Test func failingSeedsAreListedWithReplayCommandsThatReproduceThem() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try Self.sweep(["--out", "out"], in: dir)
        let failures = try String(contentsOf: dir.appendingPathComponent("out/tiny-sweep/failures.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst()
        let worlds = try String(contentsOf: dir.appendingPathComponent("out/tiny-sweep/worlds.jsonl"), encoding: .utf8)
        // With one slot per server the p99 bound fails on some seeds; the exit status says so.
        #expect(!failures.isEmpty)
        #expect(outcome.status == 1)
        let first = try #require(failures.first)
        #expect(first.contains("expectation 'p99 < 12ms' failed"))
        let replay = try #require(first.split(separator: ",").last.map(String.init))
        #expect(replay.hasPrefix("orrery run tiny.yaml --seed "))
        #expect(replay.hasSuffix(" --set servers.0.slots=1"))
        let arguments = replay.split(separator: " ").dropFirst().map(String.init)
        let rerun = try OrreryProcess.run(arguments + ["--out", "replay"], in: dir)
        #expect(rerun.status == 1)
        let digest = try #require(rerun.standardOutput.split(separator: " ").firstIndex(of: "digest").map { rerun.standardOutput.split(separator: " ")[$0 + 1] })
        #expect(worlds.contains("\"digest\":\"\(digest.dropLast())\""), "\(rerun.standardOutput)")
    }

    @Test func theDeterminismCheckReplaysEveryWorldInAChildProcess() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1..3", "--check-determinism", "--out", "out"], in: dir)
        #expect([0, 1].contains(outcome.status), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("nondeterminism"))
        #expect(outcome.standardOutput.contains("3 worlds of 3"))
        // A file named like an option: the child replay read it as one and reported
        // nondeterminism, and the printed replay commands could not be run.
        try FileManager.default.copyItem(at: dir.appendingPathComponent("tiny.yaml"), to: dir.appendingPathComponent("-t.yaml"))
        let dashed = try OrreryProcess.run(["sweep", "--seeds", "1..3", "--check-determinism", "--out", "dashed", "--", "-t.yaml"], in: dir)
        #expect(dashed.status == outcome.status, "\(dashed.standardError)")
        #expect(!dashed.standardError.contains("nondeterminism"))
        let report = try String(contentsOf: dir.appendingPathComponent("dashed/tiny-sweep/report.md"), encoding: .utf8)
        #expect(!report.contains("orrery run -t.yaml"))
        if outcome.status == 1 {
            #expect(report.contains("`orrery run ./-t.yaml --seed "))
            let replay = try OrreryProcess.run(["run", "./-t.yaml", "--seed", "1", "--out", "replayed"], in: dir)
            #expect([0, 1].contains(replay.status))
        }
    }

    /// A sweep whose last writes fail (here a directory stands where worlds.jsonl or report.md
    /// goes) removes what it wrote: the reports were left without worlds.jsonl or sweep.json.
    @Test(arguments: ["worlds.jsonl", "report.md"])
    func aSweepThatCannotFinishLeavesNoFileBehind(blocked: String) throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out/tiny-sweep/\(blocked)"), withIntermediateDirectories: true)
        let outcome = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1..3", "--out", "out", "--quiet"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(blocked), "\(outcome.standardError)")
        let files = (FileManager.default.enumerator(atPath: dir.appendingPathComponent("out").path)?.allObjects as? [String] ?? []).sorted()
        #expect(files == ["tiny-sweep", "tiny-sweep/\(blocked)"])
    }

    /// A Kubernetes job merges its shards into the directory that holds them
    /// (`merge $OUT/$NAME --out $OUT`): a second merge read that directory's own sweep.json as
    /// its only shard and refused ("holds a whole sweep"). It merges the shards again, same bytes.
    @Test func mergingIntoTheShardsDirectoryTwiceGivesTheSameSweep() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        for index in 1...3 { _ = try Self.sweep(["--out", "out", "--shard", "\(index)/3", "--quiet"], in: dir) }
        let first = try OrreryProcess.run(["merge", "out/tiny-sweep", "--out", "out"], in: dir)
        #expect([0, 1].contains(first.status), "\(first.standardError)")
        let written = try Self.contents(of: dir.appendingPathComponent("out/tiny-sweep"))
        #expect(written.keys.contains("sweep.json") && written.keys.contains("report.md"))
        let second = try OrreryProcess.run(["merge", "out/tiny-sweep", "--out", "out"], in: dir)
        #expect(second.status == first.status, "\(second.standardError)")
        #expect(try Self.contents(of: dir.appendingPathComponent("out/tiny-sweep")) == written)
    }

    /// Shards are read from disk, where anything may have edited them: a seed count whose
    /// product with the variants overflows and a metric of `1e155` trapped, a name of
    /// `../../escaped` wrote outside --out, a world's seed changed was merged. Each is refused,
    /// exit 2, and nothing is written.
    @Test func tamperedShardsAreRefusedAndWriteNothing() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        for index in 1...3 { _ = try Self.sweep(["--out", "shards", "--shard", "\(index)/3", "--quiet"], in: dir) }
        let shards = dir.appendingPathComponent("shards/tiny-sweep")
        func tampered(_ name: String, file: String, shards count: Int = 3, _ change: (String) -> String) throws -> OrreryProcess.Outcome {
            let copy = dir.appendingPathComponent(name)
            try FileManager.default.copyItem(at: shards, to: copy)
            for index in 1...count {
                let url = copy.appendingPathComponent("shard-\(index)-of-3/\(file)")
                let text = try String(contentsOf: url, encoding: .utf8)
                let changed = change(text)
                #expect(changed != text, "\(name): nothing changed")
                try changed.write(to: url, atomically: true, encoding: .utf8)
            }
            return try OrreryProcess.run(["merge", name, "--out", "merged"], in: dir)
        }
        let cases: [(OrreryProcess.Outcome, String)] = [
            (try tampered("overflow", file: "sweep.json") {
                $0.replacingOccurrences(of: "\"seedCount\" : 7", with: "\"seedCount\" : 4611686018427387904")
                    .replacingOccurrences(of: "\"worlds\" : 14", with: "\"worlds\" : -9223372036854775808")
            }, "error: 'overflow/shard-1-of-3/sweep.json' describes no sweep this orrery can merge"),
            (try tampered("climb", file: "sweep.json") { $0.replacingOccurrences(of: "\"name\" : \"tiny-sweep\"", with: "\"name\" : \"../../escaped\"") },
             "error: 'climb/shard-1-of-3/sweep.json' names its sweep '../../escaped': a scenario's name must not start with '.'"),
            (try tampered("huge", file: "worlds.jsonl", shards: 1) { text in
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                lines[0] = lines[0].replacingOccurrences(of: "\"metrics\":[\"", with: "\"metrics\":[\"1e155\",\"").replacingOccurrences(of: "\"1e155\",\"[^\"]*\"", with: "\"1e155\"", options: .regularExpression)
                return lines.joined(separator: "\n")
            }, "error: huge/shard-1-of-3/worlds.jsonl:1: not a world record"),
            (try tampered("reseeded", file: "worlds.jsonl", shards: 1) { $0.replacingOccurrences(of: "\"seed\":1,", with: "\"seed\":99,") },
             "error: 'reseeded/shard-1-of-3': world 0 does not match the sweep's manifest"),
        ]
        for (outcome, message) in cases {
            #expect(outcome.status == 2)
            #expect(outcome.standardError.trimmingCharacters(in: .whitespacesAndNewlines) == message)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("merged").path))
        #expect(!FileManager.default.fileExists(atPath: dir.deletingLastPathComponent().appendingPathComponent("escaped").path))
    }

    @Test func badSweepArgumentsAreBadInputAndWriteNothing() throws {
        let dir = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let badValue = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1..2", "--vary", "servers.0.slots=2,zero", "--out", "out"], in: dir)
        #expect(badValue.status == 2)
        #expect(badValue.standardError.hasPrefix("tiny.yaml:6:32: error: expected an integer, found 'zero' (the value comes from --vary servers.0.slots=zero)"), "\(badValue.standardError)")
        // A 100 KB value is refused by its length, not echoed whole (ArgumentParser quoted it).
        let huge = String(repeating: "[", count: 100_000)
        for arguments in [["sweep", "tiny.yaml", "--seeds", "1", "--vary", "description=" + huge, "--out", "out"],
                          ["run", "tiny.yaml", "--set", "description=" + huge, "--out", "out"]] {
            let outcome = try OrreryProcess.run(arguments, in: dir)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.hasPrefix("error: a key path or value has at most 1,000 characters"), "\(outcome.standardError.prefix(200))")
            #expect(outcome.standardError.utf8.count < 1_000)
        }
        let badSeeds = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "9..1", "--out", "out"], in: dir)
        #expect(badSeeds.status == 2)
        #expect(badSeeds.standardError.contains("is empty"))
        // A value that starts with '-' is read as the option's value and refused for what it says.
        let negative = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "-1..2", "--out", "out"], in: dir)
        #expect(negative.status == 2)
        #expect(negative.standardError.contains("'-1..2' is neither a seed (0 … 18446744073709551615) nor a range of seeds like 1..200"), "\(negative.standardError)")
        let negativeShard = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1..2", "--shard", "-1/2", "--out", "out"], in: dir)
        #expect(negativeShard.standardError.contains("--shard: expected a shard as i/n in the digits 0-9 (e.g. 2/8, numbered from 1), got '-1/2'"), "\(negativeShard.standardError)")
        let experiment = try OrreryProcess.run(["sweep", "scenarios/a1.yaml", "--seeds", "1", "--out", dir.appendingPathComponent("out").path])
        #expect(experiment.status == 2)
        #expect(experiment.standardError.contains("a sweep runs worlds"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
