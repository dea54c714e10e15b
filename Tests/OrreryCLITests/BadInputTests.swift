import Foundation
import Testing

/// Bad input gets a clear error, exit code 2, and changes nothing.
struct BadInputTests {
    static let cases: [(name: String, yaml: String, message: String)] = [
        ("unknown-key", "seed: 1\nrun:\n  requests: 10\nservers:\n  - name: s\n    slotz: 2\nworkload:\n  type: closed_loop\n  users: 1\n",
         "bad.yaml:6:5: error: unknown key 'slotz'; did you mean 'slots'? (at servers.[0])"),
        ("wrong-type", "seed: 1\nrun:\n  requests: 10\nservers:\n  - name: s\nworkload:\n  type: closed_loop\n  users: many\n",
         "bad.yaml:8:10: error: expected an integer, found 'many' (at workload.users)"),
        ("negative-rate", "seed: 1\nrun:\n  duration: 1s\nservers:\n  - name: s\nworkload:\n  type: open_loop\n  rate: -3\n",
         "bad.yaml:8:9: error: must be greater than zero, got -3 (at workload.rate)"),
        ("probability", "seed: 1\nrun:\n  requests: 10\nnetwork:\n  drop_rate: 2\nservers:\n  - name: s\nworkload:\n  type: closed_loop\n  users: 1\n",
         "bad.yaml:5:14: error: a probability must be between 0 and 1, got 2 (at network.drop_rate)"),
        ("unknown-node", "seed: 1\nrun:\n  requests: 10\nservers:\n  - name: s\nworkload:\n  type: closed_loop\n  users: 1\nfaults:\n  - at: 1s\n    crash: t\n",
         "bad.yaml:11:12: error: unknown node 't'; did you mean 's'? (at faults.[0].crash)"),
        ("keepalive-connections", "seed: 1\nrun:\n  duration: 5s\nservers:\n  - name: s\nbalancer:\n  keepalive:\n    connections: 100001\nworkload:\n  type: closed_loop\n  users: 1\n",
         "bad.yaml:8:18: error: must be 0 … 100,000, got 100,001 (at balancer.keepalive.connections)"),
        ("keepalive-timeout", "seed: 1\nrun:\n  duration: 5s\nservers:\n  - name: s\nbalancer:\n  keepalive:\n    connections: 8\n    timeout: 2d\nworkload:\n  type: closed_loop\n  users: 1\n",
         "bad.yaml:9:14: error: a keepalive timeout is at most 1 day, got 2d (at balancer.keepalive.timeout)"),
        ("connection-limit-without-keepalive", "seed: 1\nrun:\n  duration: 5s\nservers:\n  - name: s\n    connection_limit: 4\nbalancer:\n  strategy: least_conn\nworkload:\n  type: closed_loop\n  users: 1\n",
         "bad.yaml:6:23: error: 'connection_limit' limits the balancer's pooled connections; add 'keepalive' to the balancer (at servers.[0].connection_limit)"),
        ("deploy-unknown-server", "seed: 1\nrun:\n  duration: 5s\nservers:\n  - name: s\nbalancer:\n  strategy: least_conn\nworkload:\n  type: closed_loop\n  users: 1\ndeploy:\n  at: 1s\n  servers: [t]\n",
         "bad.yaml:13:13: error: unknown server 't'; did you mean 's'? (at deploy.servers.[0])"),
        ("deploy-error-ratio", "seed: 1\nrun:\n  duration: 5s\nservers:\n  - name: s\nbalancer:\n  strategy: least_conn\nworkload:\n  type: closed_loop\n  users: 1\ndeploy:\n  at: 1s\n  max_error_ratio: 5\n",
         "bad.yaml:13:20: error: a probability must be between 0 and 1, got 5 (at deploy.max_error_ratio)"),
        ("deploy-drain-timeout", "seed: 1\nrun:\n  duration: 5s\nservers:\n  - name: s\nbalancer:\n  strategy: least_conn\nworkload:\n  type: closed_loop\n  users: 1\ndeploy:\n  at: 1s\n  drain_timeout: 2h\n",
         "bad.yaml:13:18: error: 'drain_timeout' is at most 3,600.000 s, got 2h (at deploy.drain_timeout)"),
        ("zones-unknown-zone", "seed: 1\nrun:\n  duration: 5s\nzones:\n  list: [{name: east}, {name: west}]\nservers:\n  - {name: s, zone: eats}\nbalancer:\n  strategy: least_conn\nworkload:\n  type: closed_loop\n  users: 1\n",
         "bad.yaml:7:21: error: unknown zone 'eats'; did you mean 'east'? (at servers.[0].zone)"),
        ("crlf-repeated-key", "seed: 1\r\nrun:\r\n  requests: 10\r\n  requests: 20\r\nservers:\r\n  - name: s\r\nworkload:\r\n  type: closed_loop\r\n  users: 1\r\n",
         "bad.yaml:4:3: error: key 'requests' appears twice"),
        ("syntax", "seed: 1\nrun: [\n", "bad.yaml:3:1: error: invalid YAML:"),
    ]

    @Test(arguments: cases.map(\.name))
    func badScenariosExitTwoWithThePositionAndWriteNothing(name: String) throws {
        let testCase = Self.cases.first { $0.name == name }!
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.yaml")
        try testCase.yaml.write(to: file, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let trace = dir.appendingPathComponent("trace.jsonl")
        for command in [["validate", "bad.yaml"], ["run", "bad.yaml", "--out", out.path, "--trace", trace.path]] {
            let outcome = try OrreryProcess.run(command, in: dir)
            #expect(outcome.status == 2, "\(command[0]): \(outcome.standardError)")
            let text = outcome.standardError + outcome.standardOutput
            #expect(text.contains(testCase.message), "\(command[0]) said: \(text)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path), "a report directory was left behind")
        #expect(!FileManager.default.fileExists(atPath: trace.path), "a trace file was left behind")
    }

    @Test func aMissingFileIsBadInput() throws {
        let outcome = try OrreryProcess.run(["run", "no/such/scenario.yaml", "--out", "/tmp/orrery-never"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("no/such/scenario.yaml: error: cannot read the scenario file: no such file"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/orrery-never"))
    }

    /// ArgumentParser reads a command line in time that grows with the square of its length
    /// (40,000 arguments took 27 s): past 10,000 the command line is refused before it is read.
    @Test func aCommandLineOfMoreThanTenThousandArgumentsIsRefusedAtOnce() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out").path
        let sets = (0..<5_000).flatMap { ["--set", "seed=\($0)"] }
        let tooMany = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--out", out] + sets)
        #expect(tooMany.status == 2)
        #expect(tooMany.standardError == "error: at most 10,000 arguments, got 10,004\n", "\(tooMany.standardError.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: out))
        // Only merge is told its way round the limit: the directory that holds the shards.
        let shards = (0..<10_001).map { "shard-\($0)" }
        let tooManyShards = try OrreryProcess.run(["merge"] + shards + ["--out", out])
        #expect(tooManyShards.status == 2)
        #expect(tooManyShards.standardError == "error: at most 10,000 arguments, got 10,004 (to merge more shard directories, name the directory that holds them)\n", "\(tooManyShards.standardError.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `validate` goes on past a bad file and names every one (2,000 here: 200 KB of errors, more
    /// than a pipe holds).
    @Test func validateNamesEveryBadFile() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = (0..<2_000).map { "\(dir.path)/no-such-\($0).yaml" }
        let outcome = try OrreryProcess.run(["validate"] + files)
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 2_000)
        #expect(lines.last == "\(files[1_999]): error: cannot read the scenario file: no such file")
    }

    /// A path the user gave is quoted in the error as it is, but for its control characters:
    /// an escape sequence in a file name drove the terminal that read the message.
    @Test func controlCharactersInAMessageAreWrittenAsEscapes() throws {
        let outcome = try OrreryProcess.run(["run", "no\u{1B}[31mred\u{07}.yaml", "--out", "/tmp/orrery-never"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "no\\u{1B}[31mred\\u{7}.yaml: error: cannot read the scenario file: no such file\n", "\(outcome.standardError)")
        #expect(!outcome.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func anUnknownFormatIsBadInput() throws {
        let outcome = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--format", "md,pdf"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("unknown report format 'pdf'"))
    }

    @Test func aFailedExpectationExitsOneWithTheSeedAndTheReplayCommand() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let yaml = "seed: 3\nrun:\n  requests: 50\nservers:\n  - name: s\n    service_time: 10ms\nworkload:\n  type: closed_loop\n  users: 2\nexpect:\n  - p99 < 1ms\n"
        try yaml.write(to: dir.appendingPathComponent("slow.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["run", "slow.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("seed 3: scenario 'slow' failed; replay with: orrery run slow.yaml --seed 3"))
        #expect(outcome.standardError.contains("slow.yaml:11:5: expectation 'p99 < 1ms' failed"))
        let report = try String(contentsOf: dir.appendingPathComponent("out/slow/report.md"), encoding: .utf8)
        #expect(report.hasPrefix("# Scenario `slow`\n\n- seed: `3`\n- replay: `orrery run slow.yaml --seed 3`"))
    }

    /// Foundation's `deletingLastPathComponent` traps on a one-character path; `--out a` and a
    /// scenario file called `x` must still work.
    @Test func oneCharacterPathsAreOrdinaryPaths() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOf: OrreryProcess.packageRoot.appendingPathComponent("scenarios/closed-loop.yaml"), encoding: .utf8)
        try text.write(to: dir.appendingPathComponent("x"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["run", "x", "--out", "a"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a/closed-loop/report.md").path))
        let experiment = try OrreryProcess.run(["experiment", "a1", "--scenarios", OrreryProcess.packageRoot.appendingPathComponent("scenarios").path, "--out", "b"], in: dir)
        #expect(experiment.status == 0, "\(experiment.standardError)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("b/a1/report.md").path))
    }

    /// `--scenarios` must be a directory: a file there was reported as each experiment's file
    /// missing. `--list` needs none.
    @Test func experimentsScenariosMustBeADirectory() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "x".write(to: dir.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        for path in ["file", "missing"] {
            let outcome = try OrreryProcess.run(["experiment", "a1", "--scenarios", path, "--out", "out"], in: dir)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.hasPrefix("error: --scenarios '\(path)' is not a directory (it holds the experiments' files, e.g. scenarios/a1.yaml)"), "\(outcome.standardError)")
        }
        #expect(try OrreryProcess.run(["experiment", "--list"], in: dir).status == 0)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    /// `--seed` takes 0 … 2^64 − 1; a negative or too large seed is named as such, not "missing value".
    @Test func aSeedOutOfRangeIsNamedWithItsRange() throws {
        for bad in ["-1", "18446744073709551616", "1e3"] {
            let outcome = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--seed", bad, "--out", "/tmp/orrery-never-written-seed"])
            #expect(outcome.status == 2)
            #expect(outcome.standardError.contains("The value '\(bad)' is invalid for '--seed <seed>'"), "\(outcome.standardError)")
            #expect(outcome.standardError.contains("0 … 18446744073709551615"))
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/orrery-never-written-seed"))
    }

    /// `--jobs` takes 1 … 1024; a negative count is named with the range, not "missing value".
    @Test func aJobCountOutOfRangeIsNamedWithItsRange() throws {
        for bad in ["-1", "0", "1025"] {
            let outcome = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--jobs", bad, "--out", "/tmp/orrery-never-written-jobs"])
            #expect(outcome.status == 2)
            #expect(outcome.standardError.contains("--jobs must be 1 … 1,024, got \(bad)"), "\(outcome.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/orrery-never-written-jobs"))
    }

    /// An output directory nothing can be created under is refused before the run.
    @Test func anUnwritableOutputDirectoryIsRefusedBeforeTheRun() throws {
        let outcome = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--out", "/proc/orrery-nope"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: --out '/proc/orrery-nope': nothing can be created under '/proc'\n", "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    /// A device is written into, not replaced: a full one is an error naming it (exit 2), and it
    /// is still the device afterwards; `/dev/null` takes the series.
    @Test func aMetricsFileOnAFullDeviceIsAnErrorAndStaysADevice() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let world = ["run", "scenarios/closed-loop.yaml", "--set", "run.requests=200", "--out", dir.path, "--quiet"]
        let full = try OrreryProcess.run(world + ["--metrics", "/dev/full"])
        #expect(full.status == 2)
        #expect(full.standardError.hasPrefix("error: cannot write \"/dev/full\": No space left on device (errno 28)\nreplay: "), "\(full.standardError)")
        var status = stat()
        #expect(lstat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        let null = try OrreryProcess.run(world + ["--metrics", "/dev/null"])
        #expect(null.status == 0, "\(null.standardError)")
        #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    /// `help` of a subcommand that does not exist is bad input (ArgumentParser printed the
    /// overview and exited 0); `help` of one that does still shows its help.
    @Test func helpOfAnUnknownSubcommandIsBadInput() throws {
        let unknown = try OrreryProcess.run(["help", "bogus"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "error: no subcommand named 'bogus'; see 'orrery --help'\n")
        #expect(unknown.standardOutput.isEmpty)
        let known = try OrreryProcess.run(["help", "sweep"])
        #expect(known.status == 0, "\(known.standardError)")
        #expect(known.standardOutput.contains("USAGE: orrery sweep"))
    }
}
