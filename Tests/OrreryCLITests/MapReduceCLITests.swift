import Foundation
import Testing

/// `orrery mapreduce` (an alias of `orrery run`) on single-job files, end to end: a good file writes its report and exits 0, a bad file exits 2
/// with the position and writes nothing, a failed expectation exits 1 with the seed and the
/// command that replays it.
struct MapReduceCLITests {
    static let scenario = """
        seed: 5
        cluster:
          workers: 3
        job:
          name: word-count
          reducers: 2
        input:
          files: [words.txt]
          split_size: 16B
        expect:
          - output_exact == true
        """

    /// A directory holding `words.txt` and `name` with `yaml`.
    static func directory(_ name: String, _ yaml: String) throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try "the cat saw the dog\nthe dog saw a cat\n".write(to: dir.appendingPathComponent("words.txt"), atomically: true, encoding: .utf8)
        try yaml.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func theCommittedExampleRunsAndWritesEveryReportFile() throws {
        let out = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let outcome = try OrreryProcess.run(["mapreduce", "scenarios/mapreduce-wordcount.yaml", "--out", out.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("PASS mapreduce-wordcount seed 7 digest "))
        let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("mapreduce-wordcount").path).sorted()
        #expect(files == ["mapreduce-wordcount", "metrics.csv", "report.json", "report.md", "timeline.csv", "timeline.svg"])
        let jobFiles = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("mapreduce-wordcount/mapreduce-wordcount").path).sorted()
        #expect(jobFiles == ["attempts.csv", "output.tsv", "timeline.svg"])
        let report = try String(contentsOf: out.appendingPathComponent("mapreduce-wordcount/report.md"), encoding: .utf8)
        #expect(report.hasPrefix("# Scenario `mapreduce-wordcount`\n\n- seed: `7`\n- replay: `orrery run scenarios/mapreduce-wordcount.yaml --seed 7`"))
        // The Latin-1 file's words come out as the bytes they are.
        let output = try Data(contentsOf: out.appendingPathComponent("mapreduce-wordcount/mapreduce-wordcount/output.tsv"))
        #expect(output.range(of: Data([0x43, 0x61, 0x66, 0xE9, 0x09])) != nil)
    }

    @Test func aMissingInputFileExitsTwoWithItsPositionAndWritesNothing() throws {
        let dir = try Self.directory("bad.yaml", Self.scenario.replacingOccurrences(of: "[words.txt]", with: "[words.txt, gone.txt]"))
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["mapreduce", "bad.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("bad.yaml:8:22: error: cannot read input file 'gone.txt' (./gone.txt): no such file (at input.files.[1])"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func anUnknownJobExitsTwoWithTheKnownNames() throws {
        let dir = try Self.directory("bad.yaml", Self.scenario.replacingOccurrences(of: "name: word-count", with: "name: sort"))
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["mapreduce", "bad.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("bad.yaml:5:9: error: unknown job 'sort'; known jobs: error-counts-sliding, error-counts-tumbling, error-sessions, inverted-index, log-patterns, word-count (at job.name)"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func aFailedExpectationExitsOneWithTheSeedAndTheReplayCommand() throws {
        let dir = try Self.directory("slow.yaml", Self.scenario + "\n  - makespan < 1ms\n")
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["mapreduce", "slow.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasPrefix("FAIL slow seed 5 digest "))
        #expect(outcome.standardError.hasPrefix("seed 5: scenario 'slow' failed; replay with: orrery run slow.yaml --seed 5\n  slow.yaml:12:5: expectation 'makespan < 1ms' failed: measured "), "\(outcome.standardError)")
        let report = try String(contentsOf: dir.appendingPathComponent("out/slow/report.md"), encoding: .utf8)
        #expect(report.hasPrefix("# Scenario `slow`\n\n- seed: `5`\n- replay: `orrery run slow.yaml --seed 5`"))
        #expect(report.contains("- verdict: **FAIL**"))
    }

    @Test func theSameSeedInTwoProcessesGivesByteIdenticalReports() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try OrreryProcess.run(["mapreduce", "scenarios/mapreduce-log-chaos.yaml", "--seed", "3", "--out", dir.appendingPathComponent("a").path],
                                      environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        let b = try OrreryProcess.run(["mapreduce", "scenarios/mapreduce-log-chaos.yaml", "--seed", "3", "--out", dir.appendingPathComponent("b").path],
                                      environment: ["SWIFT_DETERMINISTIC_HASHING": "0"])
        #expect(a.status == 0 && b.status == 0, "\(a.standardError)\(b.standardError)")
        #expect(a.standardOutput == b.standardOutput)
        for file in ["report.md", "report.json", "metrics.csv", "timeline.csv", "timeline.svg", "mapreduce-log-chaos/attempts.csv", "mapreduce-log-chaos/output.tsv", "mapreduce-log-chaos/timeline.svg"] {
            let first = try Data(contentsOf: dir.appendingPathComponent("a/mapreduce-log-chaos/\(file)"))
            #expect(first == (try Data(contentsOf: dir.appendingPathComponent("b/mapreduce-log-chaos/\(file)"))), "\(file) differs between processes")
        }
    }
}
