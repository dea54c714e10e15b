import Foundation
import Testing

/// `orrery shrink` through the real binary: a planted two-fault failure is shrunk into a file
/// that `orrery run` replays, the same input shrinks to the same bytes in another process, a
/// passing run has nothing to shrink, and bad input exits 2.
struct ShrinkCommandTests {
    /// Two servers behind a balancer that retries onto the other: a request fails only while
    /// both are down. With seed 51, chaos draws 44 incidents and exactly one pair overlaps.
    static let yaml = """
    name: planted-pair
    description: two servers behind a balancer that retries onto the other; a request fails only while both are down
    run:
      duration: 300s
    servers:
      - name: s
        count: 2
        slots: 4
        service_time: 2ms
    balancer:
      strategy: round_robin
      forward_timeout: 100ms
      retries: {tries: 2}
      passive_health: {max_fails: 0}
    workload:
      type: open_loop
      rate: 10
      timeout: 1s
    chaos:
      nodes: [s1, s2]
      crashes_per_hour: 60
      downtime: 1s
      pauses_per_hour: 60
      pause_length: 1s
    expect:
      - success_ratio == 1
    """

    static func write(_ text: String = yaml) throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try text.write(to: dir.appendingPathComponent("planted-pair.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aPlantedFailureShrinksToAFileThatReplaysAndTheSameBytesInAnotherProcess() throws {
        let dir = try Self.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        var written: [Data] = []
        for (out, hashing) in [("a", "1"), ("b", "0")] {
            let outcome = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--out", out], in: dir,
                                                environment: ["SWIFT_DETERMINISTIC_HASHING": hashing])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.hasPrefix("# Shrinking planted-pair, seed 51"), "\(outcome.standardOutput)")
            #expect(outcome.standardOutput.contains("Replay the shrunk failure: `orrery run \(out)/planted-pair-shrunk.yaml --seed 51`"))
            #expect(outcome.standardOutput.contains("| incidents | 44 | 2 |"), "\(outcome.standardOutput)")
            #expect(outcome.standardOutput.contains("Replay of the written file: fails the same way"))
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(out)/planted-pair-shrink.md").path))
            written.append(try Data(contentsOf: dir.appendingPathComponent("\(out)/planted-pair-shrunk.yaml")))
        }
        #expect(written[0] == written[1])
        let replay = try OrreryProcess.run(["run", "a/planted-pair-shrunk.yaml", "--seed", "51", "--out", "runs"], in: dir)
        #expect(replay.status == 1)
        #expect(replay.standardError.contains("expectation 'success_ratio == 1' failed"), "\(replay.standardError)")
        // The file carries its seed, so it fails without one too.
        #expect(try OrreryProcess.run(["run", "a/planted-pair-shrunk.yaml", "--out", "runs"], in: dir).status == 1)
    }

    /// A shrink spends at most --max-runs runs (1,000 by default: a ten-minute world at the
    /// highest chaos rates took 2,795, 210 s); at the limit it writes what it has, which still
    /// replays the failure, and says it is not shown 1-minimal.
    @Test func aShrinkStopsAtItsRunLimitWithAFileThatReplays() throws {
        let dir = try Self.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--max-runs", "20", "--out", "out"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("- Runs spent: 20, the limit (--max-runs 20): the faults and workload below are smaller and fail the same way, but are not shown to be 1-minimal"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("| incidents | 44 | 9 |"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("Replay of the written file: fails the same way"))
        // Two runs (the original and the replay without the 20 incidents after its end) remove
        // only those, which never struck (session 82: left out without a search run).
        let two = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--max-runs", "2", "--out", "two"], in: dir)
        #expect(two.status == 0, "\(two.standardError)")
        #expect(two.standardOutput.contains("- Runs spent: 2, the limit (--max-runs 2): the faults and workload below are smaller and fail the same way, but are not shown to be 1-minimal; raise --max-runs to shrink further\n- Not reached: 20 incidents of the 44 before came after the original run's end (300.000 s) and never struck; left out without a run spent on them\n"), "\(two.standardOutput)")
        #expect(two.standardOutput.contains("| incidents | 44 | 24 |"), "\(two.standardOutput)")
        let tooFew = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--max-runs", "1", "--out", "few"], in: dir)
        #expect(tooFew.status == 2)
        #expect(tooFew.standardError.hasPrefix("error: --max-runs must be 2 … 1,000,000, got 1"), "\(tooFew.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("few").path))
        let negative = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--max-runs", "-3", "--out", "few"], in: dir)
        #expect(negative.standardError.hasPrefix("error: --max-runs must be 2 … 1,000,000, got -3"), "\(negative.standardError)")
    }

    /// An --expect that the file already lists is judged once, as the written file lists it: it
    /// counted twice in the original's failure and no candidate ever matched (exit 1).
    @Test func anExpectTheFileAlreadyListsShrinksAsWithout() throws {
        let dir = try Self.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--expect", "success_ratio == 1", "--out", "out"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("| incidents | 44 | 2 |"), "\(outcome.standardOutput)")
    }

    /// A --out that cannot be written is refused before the shrink's runs, not after them.
    @Test func anUnwritableOutIsBadInputBeforeAnyRun() throws {
        let dir = try Self.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data().write(to: dir.appendingPathComponent("taken"))
        let outcome = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--out", "taken"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: --out 'taken': is a file, not a directory\n", "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
        // A report that cannot be written (a directory takes its name) is found before the runs too.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out/planted-pair-shrink.md"), withIntermediateDirectories: true)
        let blocked = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "51", "--max-runs", "10", "--out", "out"], in: dir)
        #expect(blocked.status == 2)
        #expect(blocked.standardError == "error: 'out/planted-pair-shrink.md': is a directory, not a file\n", "\(blocked.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path) == ["planted-pair-shrink.md"])
    }

    @Test func aPassingRunHasNothingToShrinkAndWritesNothing() throws {
        let dir = try Self.write(Self.yaml.replacingOccurrences(of: "_per_hour: 60", with: "_per_hour: 0").replacingOccurrences(of: "300s", with: "10s"))
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "3", "--out", "out"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("nothing to shrink: the run passes"), "\(outcome.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test(arguments: [
        (["--expect", "p99 < 200"], "give the threshold a unit"),
        (["--expect", "log.lost == 0"], "which this scenario does not have"),
        (["--expect", "p99"], "an expectation reads 'metric op value'"),
    ])
    func aBadExpectIsBadInput(arguments: [String], message: String) throws {
        let dir = try Self.write()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--seed", "1", "--out", "out"] + arguments, in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    /// Chaos that draws more faults than a file may list cannot be shrunk: bad input (exit 2)
    /// with the loader's reason, before any run — not "does not fail the same way" (exit 1).
    @Test func chaosThatCannotBeWrittenAsAFileIsBadInput() throws {
        let text = """
            name: crowded-chaos
            seed: 3
            run: {duration: 5s, time_limit: 600s}
            servers: [{name: s, count: 100, slots: 1, queue: 10, service_time: 1ms}]
            workload: {type: open_loop, rate: 100, timeout: 100ms}
            chaos: {crashes_per_hour: 3600, downtime: 1ms}
            expect: [success_ratio >= 1]
            """
        let dir = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["shrink", "planted-pair.yaml", "--max-runs", "2", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "planted-pair.yaml:6:8: error: shrink writes this world's faults and chaos (for seed 3) as an explicit schedule, and the loader refuses that file at faults: at most 100,000 faults, got 120,138; shorten the run or lower the chaos's rates (at chaos)\n", "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func aMissingFileOrAnExperimentIsBadInput() throws {
        #expect(try OrreryProcess.run(["shrink", "no/such/file.yaml", "--seed", "1"]).status == 2)
        let experiment = try OrreryProcess.run(["shrink", "scenarios/a1.yaml", "--out", "/tmp/orrery-never"])
        #expect(experiment.status == 2)
        #expect(experiment.standardError.contains("shrink takes a world scenario"), "\(experiment.standardError)")
    }
}
