import Foundation
import Testing

/// What an outside checker found the command line accepting: numbers in forms their help does
/// not give (`--seed +5` was seed 5), a single-valued option given twice (the last won), a
/// `--shard` the scheduler's variables contradict, and control characters of a file name written
/// raw to the terminal. Each is refused (exit 2) or escaped, before anything is written.
struct HostileCommandLineTests {
    static func directory() throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try SweepCommandTests.scenario.write(to: dir.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    /// Every numeric option, `V` standing for its value.
    static let numericOptions: [(arguments: [String], option: String)] = [
        (["run", "tiny.yaml", "--seed", "V", "--out", "out"], "--seed"),
        (["run", "tiny.yaml", "--jobs", "V", "--out", "out"], "--jobs"),
        (["run", "tiny.yaml", "--trace", "t.jsonl", "--trace-max-events", "V", "--out", "out"], "--trace-max-events"),
        (["mapreduce", "tiny.yaml", "--seed", "V", "--out", "out"], "--seed"),
        (["shrink", "tiny.yaml", "--seed", "V", "--out", "out"], "--seed"),
        (["shrink", "tiny.yaml", "--max-runs", "V", "--out", "out"], "--max-runs"),
        (["sweep", "tiny.yaml", "--seeds", "1", "--jobs", "V", "--out", "out"], "--jobs"),
        (["sweep", "tiny.yaml", "--seeds", "1", "--shards", "V", "--out", "out"], "--shards"),
        (["experiment", "a1", "--scenarios", ".", "--jobs", "V", "--out", "out"], "--jobs"),
    ]

    /// Swift's `UInt64(_:)` and `Int(_:)` read `+5` as 5; the rest were refused already, and
    /// stay refused with the same words.
    @Test(arguments: ["+5", "0x10", "5 ", " 5", "\u{0665}", "1_0"])
    func aNumberNotInPlainDigitsIsRefusedNamingTheOption(value: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (arguments, option) in Self.numericOptions {
            let outcome = try OrreryProcess.run(arguments.map { $0 == "V" ? value : $0 }, in: dir)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.standardError.hasPrefix("error: The value '\(value)' is invalid for '\(option) <"), "\(outcome.standardError)")
            #expect(outcome.standardError.contains("write it in the digits 0-9 alone (no sign, space, 0x, '_' or other scripts' digits)"), "\(outcome.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    /// A signed option's negative value is a plain number out of its range, named so as before.
    @Test func aNegativeCountKeepsItsRangeMessage() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["run", "tiny.yaml", "--jobs", "-0", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: --jobs must be 1 … 1,024, got 0"), "\(outcome.standardError)")
        let seed = try OrreryProcess.run(["run", "tiny.yaml", "--seed", "-0", "--out", "out"], in: dir)
        #expect(seed.standardError.hasPrefix("error: The value '-0' is invalid for '--seed <seed>': write it in the digits 0-9 alone"), "\(seed.standardError)")
        let huge = try OrreryProcess.run(["run", "tiny.yaml", "--seed", "18446744073709551616", "--out", "out"], in: dir)
        #expect(huge.standardError.hasPrefix("error: The value '18446744073709551616' is invalid for '--seed <seed>': outside 0 … 18446744073709551615"), "\(huge.standardError)")
    }

    /// `--seeds` and `--shard` hold numbers too; spaces around a part of `--seeds` stay allowed
    /// (the README says so), not inside a number.
    @Test func seedListsAndShardsTakePlainDigits() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (seeds, bound) in [("+5", "+5"), ("1..+5", "+5"), ("1, +2", "+2"), ("-0..3", "-0")] {
            let outcome = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", seeds, "--out", "out"], in: dir)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.hasPrefix("error: --seeds: '\(bound)' is not a seed: write it in the digits 0-9 alone (no sign, space, 0x, '_' or other scripts' digits), e.g. 1..200 or 1,5,9\n"),
                    "\(outcome.standardError)")
        }
        for shard in ["+1/2", "1/+2", "0x1/2"] {
            let outcome = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--shard", shard, "--out", "out"], in: dir)
            #expect(outcome.status == 2)
            #expect(outcome.standardError == "error: --shard: expected a shard as i/n in the digits 0-9 (e.g. 2/8, numbered from 1), got '\(shard)'\n", "\(outcome.standardError)")
        }
        let scheduler = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--shards", "2", "--out", "out"], in: dir, environment: ["JOB_COMPLETION_INDEX": "+1"])
        #expect(scheduler.status == 2)
        #expect(scheduler.standardError == "error: --shards 2: JOB_COMPLETION_INDEX is not an index: '+1'\n", "\(scheduler.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    /// ArgumentParser keeps the last of two values; every single-valued option of every command
    /// is refused given twice, in either spelling.
    @Test(arguments: [
        (["run", "tiny.yaml", "--seed", "1", "--seed", "2", "--out", "out"], "--seed"),
        (["run", "tiny.yaml", "--out", "a", "--out=b"], "--out"),
        (["run", "tiny.yaml", "--jobs", "1", "--out", "out", "--jobs", "2"], "--jobs"),
        (["run", "tiny.yaml", "--format", "md", "--format", "json", "--out", "out"], "--format"),
        (["run", "tiny.yaml", "--trace", "a.jsonl", "--trace", "b.jsonl", "--out", "out"], "--trace"),
        (["sweep", "tiny.yaml", "--seeds", "1", "--seeds", "2", "--out", "out"], "--seeds"),
        (["sweep", "tiny.yaml", "--seeds", "1", "--shard", "1/2", "--shard", "2/2", "--out", "out"], "--shard"),
        (["shrink", "tiny.yaml", "--max-runs", "2", "--max-runs", "3", "--out", "out"], "--max-runs"),
        (["experiment", "a1", "--scenarios", ".", "--scenarios", "..", "--out", "out"], "--scenarios"),
        (["report", ".", "--out", "a.html", "--out", "b.html"], "--out"),
        (["merge", ".", "--out", "out", "--out", "other"], "--out"),
        (["schema", "--out", "out", "--out", "other"], "--out"),
        (["ops", "tiny.yaml", "--out", "out", "--out", "other"], "--out"),
    ])
    func aSingleValuedOptionGivenTwiceIsRefused(arguments: [String], option: String) throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(arguments, in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: \(option) given twice; it takes one value\n", "\(outcome.standardError)")
        #expect(WorldCommandTests.files(under: dir) == ["tiny.yaml"])
    }

    /// `--set seed=5` is refused: the run took `--seed` (or the file's seed) and its replay
    /// command named both, replaying another seed.
    @Test func theSeedIsNotSetWithSet() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["run", "tiny.yaml", "--set", "seed=5", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: --set seed: a run's seed is given with --seed\n"), "\(outcome.standardError)")
        #expect(WorldCommandTests.files(under: dir) == ["tiny.yaml"])
    }

    /// Options declared to repeat stay repeatable; an option's value, or a file after `--`, that
    /// reads like the option is not a second use of it.
    @Test func repeatableOptionsAndValuesThatLookLikeOptionsAreNotRepetitions() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let set = try OrreryProcess.run(["run", "tiny.yaml", "--set", "run.requests=20", "--set", "network.latency=1ms", "--out", "out", "--quiet", "--quiet"], in: dir)
        #expect(set.status != 2, "\(set.standardError)")
        #expect(set.standardOutput.contains("20/20 requests"), "\(set.standardOutput)")
        let vary = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "1", "--vary", "servers.0.slots=1,2", "--vary", "run.requests=20", "--out", "sweep"], in: dir)
        #expect(vary.status != 2, "\(vary.standardError)")
        let expect = try OrreryProcess.run(["shrink", "tiny.yaml", "--expect", "success_ratio >= 0.5", "--expect", "success_ratio >= 0.5", "--out", "shrink"], in: dir)
        #expect(expect.status != 2, "\(expect.standardError)")
        let value = try OrreryProcess.run(["sweep", "tiny.yaml", "--seeds", "--seeds", "--out", "out"], in: dir)
        #expect(value.standardError == "error: --seeds: '--seeds' is neither a seed (0 … 18446744073709551615) nor a range of seeds like 1..200\n", "\(value.standardError)")
        let file = try OrreryProcess.run(["run", "--seed", "1", "--out", "out", "--", "--seed"], in: dir)
        #expect(file.standardError == "--seed: error: cannot read the scenario file: no such file\n", "\(file.standardError)")
    }

    /// `--shard i/n` while a scheduler's variable selects another shard, or two schedulers'
    /// variables that disagree, are refused; what agrees runs.
    @Test func contradictoryShardsAreRefusedAndAgreeingOnesRun() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = ["sweep", "tiny.yaml", "--seeds", "1..3", "--out", "out", "--quiet"]
        let refused: [(extra: [String], environment: [String: String], message: String)] = [
            (["--shard", "2/3"], ["JOB_COMPLETION_INDEX": "0"],
             "error: --shard 2/3 but JOB_COMPLETION_INDEX 0 selects shard 1/3: give --shards 3 to take the scheduler's shard, or unset its variable to run the one named\n"),
            (["--shard", "1/3"], ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5"],
             "error: --shard 1/3 but SLURM_ARRAY_TASK_ID 7 (from SLURM_ARRAY_TASK_MIN 5) selects shard 3/3: give --shards 3 to take the scheduler's shard, or unset its variable to run the one named\n"),
            (["--shard", "1/2"], ["JOB_COMPLETION_INDEX": "5"],
             "error: --shard 1/2 and the scheduler disagree: JOB_COMPLETION_INDEX 5 selects shard 5 counted from 0, but there are 2 shards (0 … 1)\n"),
            (["--shards", "3"], ["JOB_COMPLETION_INDEX": "0", "SLURM_ARRAY_TASK_ID": "2"],
             "error: --shards 3: JOB_COMPLETION_INDEX 0 selects shard 1/3 but SLURM_ARRAY_TASK_ID 2 (SLURM_ARRAY_TASK_MIN unset: from 0) selects shard 3/3: the two schedulers' array indexes disagree; unset the one that does not belong to this job\n"),
            (["--shard", "1/3"], ["JOB_COMPLETION_INDEX": "0", "SLURM_ARRAY_TASK_ID": "1"],
             "error: --shard 1/3 and the scheduler disagree: JOB_COMPLETION_INDEX 0 selects shard 1/3 but SLURM_ARRAY_TASK_ID 1 (SLURM_ARRAY_TASK_MIN unset: from 0) selects shard 2/3: the two schedulers' array indexes disagree; unset the one that does not belong to this job\n"),
        ]
        for (extra, environment, message) in refused {
            let outcome = try OrreryProcess.run(sweep + extra, in: dir, environment: environment)
            #expect(outcome.status == 2, "\(extra) \(environment)")
            #expect(outcome.standardError == message, "\(outcome.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        let agreeing: [(extra: [String], environment: [String: String], shard: String)] = [
            (["--shard", "2/3"], ["JOB_COMPLETION_INDEX": "1"], "shard-2-of-3"),
            (["--shards", "3"], ["JOB_COMPLETION_INDEX": "2", "SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_MIN": "4"], "shard-3-of-3"),
            (["--shard", "1/3", "--shards", "3"], ["JOB_COMPLETION_INDEX": "0", "SLURM_ARRAY_TASK_ID": "0"], "shard-1-of-3"),
        ]
        for (extra, environment, shard) in agreeing {
            let outcome = try OrreryProcess.run(sweep + extra, in: dir, environment: environment)
            #expect(outcome.status != 2, "\(extra): \(outcome.standardError)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/tiny-sweep/\(shard)/worlds.jsonl").path), "\(shard)")
        }
    }

    /// A file name holding an escape sequence or a line feed is written escaped, on stderr and
    /// stdout alike: it can neither drive the terminal nor forge a line of output.
    @Test func controlCharactersOfAPathAreEscapedOnTheTerminal() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try OrreryProcess.run(["validate", "a\nPASS b.yaml", "c\u{1B}[2J.yaml"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.standardError == "a\\u{A}PASS b.yaml: error: cannot read the scenario file: no such file\n"
                + "c\\u{1B}[2J.yaml: error: cannot read the scenario file: no such file\n", "\(missing.standardError)")
        let name = "ok\u{1B}]0;owned\u{7}\tx.yaml"
        try FileManager.default.copyItem(at: dir.appendingPathComponent("tiny.yaml"), to: dir.appendingPathComponent(name))
        let valid = try OrreryProcess.run(["validate", name], in: dir)
        #expect(valid.status == 0)
        #expect(valid.standardOutput.hasPrefix("ok\\u{1B}]0;owned\\u{7}\\u{9}x.yaml: ok ("), "\(valid.standardOutput)")
        let report = try OrreryProcess.run(["report", "r\nx"], in: dir)
        #expect(report.status == 2)
        #expect(report.standardError.hasPrefix("error: no such directory: /") && report.standardError.hasSuffix("/r\\u{A}x\n"), "\(report.standardError)")
        let results = dir.appendingPathComponent("r\u{1B}[1A")
        try FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        try "# R\n".write(to: results.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        let page = try OrreryProcess.run(["report", "r\u{1B}[1A"], in: dir)
        #expect(page.standardOutput == "wrote r\\u{1B}[1A/index.html: 1 report\n", "\(page.standardOutput)")
    }

    /// An expectation no measurement can decide is refused where expectations are read — a file's
    /// `expect:` and `claims:`, and shrink's `--expect` — while one at the edge of its range runs.
    @Test func anUnreachableThresholdIsRefusedOnTheCommandLineAndInClaims() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shrink = try OrreryProcess.run(["shrink", "tiny.yaml", "--expect", "success_ratio >= 2", "--out", "out"], in: dir)
        #expect(shrink.status == 2)
        #expect(shrink.standardError == "--expect: error: 'balancer.success_ratio' lies within 0 … 1, so 'success_ratio >= 2' would hold always or never\n", "\(shrink.standardError)")
        let claims = SweepCommandTests.scenario + "\nclaims:\n  - {claim: never, holds_if: 'errors < -1'}\n"
        try claims.write(to: dir.appendingPathComponent("claims.yaml"), atomically: true, encoding: .utf8)
        let validate = try OrreryProcess.run(["validate", "claims.yaml"], in: dir)
        #expect(validate.status == 2)
        #expect(validate.standardError == "claims.yaml:12:30: error: 'balancer.errors' is never negative, so 'errors < -1' would hold always or never (at claims.[0].holds_if)\n", "\(validate.standardError)")
        let edge = try OrreryProcess.run(["shrink", "tiny.yaml", "--expect", "success_ratio >= 1", "--expect", "errors == 0", "--max-runs", "2", "--out", "edge"], in: dir)
        #expect(edge.status != 2, "\(edge.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    /// What the outside check of the above found still open: a scheduler's `-0`, `--seeds` and
    /// `--shards` errors that did not name the option, a progress delay in hex, a line feed in a
    /// folder's name in `orrery report`'s warning, and an argument that is not UTF-8 (Swift's
    /// `CommandLine.arguments` turned it into U+FFFD: another path than the one given).
    @Test func theOutsideChecksLeftoversAreRefusedOrEscaped() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = ["sweep", "tiny.yaml", "--out", "out", "--quiet"]
        let minusZero = try OrreryProcess.run(sweep + ["--seeds", "1..3", "--shards", "2"], in: dir, environment: ["JOB_COMPLETION_INDEX": "-0"])
        #expect(minusZero.status == 2)
        #expect(minusZero.standardError == "error: --shards 2: JOB_COMPLETION_INDEX is not an index: '-0'\n", "\(minusZero.standardError)")
        let seeds = try OrreryProcess.run(sweep + ["--seeds", "1..x"], in: dir)
        #expect(seeds.status == 2)
        #expect(seeds.standardError.hasPrefix("error: --seeds: "), "\(seeds.standardError)")
        let shards = try OrreryProcess.run(sweep + ["--seeds", "1..3", "--shards", "0"], in: dir, environment: ["JOB_COMPLETION_INDEX": "0"])
        #expect(shards.standardError == "error: --shards 0: a sweep is split into 1 … 100000 shards, got 0\n", "\(shards.standardError)")
        for delay in ["0x10", "+5", "1e3", "-0", ".5", "3601"] {
            let outcome = try OrreryProcess.run(["validate", "tiny.yaml"], in: dir, environment: ["ORRERY_PROGRESS_DELAY": delay])
            #expect(outcome.status == 2, "\(delay)")
        }
        #expect(try OrreryProcess.run(["validate", "tiny.yaml"], in: dir, environment: ["ORRERY_PROGRESS_DELAY": "0.5"]).status == 0)
        let folder = dir.appendingPathComponent("r/n\nl")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# x\n".write(to: folder.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        try "[".write(to: folder.appendingPathComponent("report.json"), atomically: true, encoding: .utf8)
        let report = try OrreryProcess.run(["report", "r"], in: dir)
        #expect(report.status == 0)
        #expect(report.standardError.hasPrefix("warning: r/n\\u{A}l/report.json could not be read"), "\(report.standardError)")
        #expect(report.standardError.filter { $0 == "\n" }.count == 1)
        let shell = try OrreryProcess.run(["-c", "exec \"$0\" validate \"$(printf 'a\\233b.yaml')\"", OrreryProcess.executable.path],
                                          in: dir, program: URL(fileURLWithPath: "/bin/sh"))
        #expect(shell.status == 2)
        #expect(shell.standardError == "error: argument 2 is not valid UTF-8 (Orrery reads every path and value as UTF-8 text; rename the file)\n", "\(shell.standardError)")
    }
}
