import Foundation
import Testing

/// `orrery run` and `orrery validate` take every kind of file through one front door; worlds of
/// several subsystems replay byte for byte in separate processes; output paths are checked first.
struct WorldCommandTests {
    /// Every file below `directory`, relative to it, sorted.
    static func files(under directory: URL) -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    @Test func everyCommittedScenarioFileValidates() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: OrreryProcess.packageRoot.appendingPathComponent("scenarios").path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        let outcome = try OrreryProcess.run(["validate"] + names.map { "scenarios/\($0)" })
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.split(separator: "\n").count == names.count)
        #expect(outcome.standardOutput.contains("scenarios/seed-001-log-pipeline.yaml: ok (scenario 'seed-001-log-pipeline': balancer, mapreduce, log, store, 1 server, 10 jobs (word-count), 8 expectations)"))
        #expect(outcome.standardOutput.contains("scenarios/a3.yaml: ok (experiment 'a3': every balancer operation with good and bad input; a replica killed under load)"))
        #expect(outcome.standardOutput.contains("scenarios/mapreduce-wordcount.yaml: ok (scenario 'mapreduce-wordcount': mapreduce, 0 servers, 1 job (word-count), 3 expectations)"))
    }

    /// The committed files quick enough for a debug build run here; the rest (the experiments, the
    /// seed worlds, the long traffic runs) run in release from scripts/experiments.sh, whose output
    /// CI compares with results/.
    @Test(arguments: ["crash-and-restart", "mapreduce-wordcount", "mapreduce-log-chaos", "s3-operations", "a3"])
    func aCommittedScenarioRunsWithRun(name: String) throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["run", "scenarios/\(name).yaml", "--out", dir.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix(name == "a3" ? "a3: wrote" : "PASS \(name) seed "), "\(outcome.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(name)/report.md").path))
    }

    @Test func anExperimentFileRunsWithRunAndWritesTheCommittedReport() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["run", "scenarios/a1.yaml", "--out", dir.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let committed = OrreryProcess.packageRoot.appendingPathComponent("results/a1")
        #expect(Self.files(under: dir.appendingPathComponent("a1")) == Self.files(under: committed))
        for file in Self.files(under: committed) {
            #expect(try Data(contentsOf: dir.appendingPathComponent("a1/\(file)")) == Data(contentsOf: committed.appendingPathComponent(file)), "\(file)")
        }
    }

    @Test func theSeed001WorldReplaysByteForByteInAnotherProcess() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var outputs: [String] = []
        for (name, hashing) in [("a", "1"), ("b", "0")] {
            let outcome = try OrreryProcess.run(["run", "scenarios/seed-001-log-pipeline.yaml", "--out", dir.appendingPathComponent(name).path,
                                                 "--trace", dir.appendingPathComponent("\(name).jsonl").path],
                                                environment: ["SWIFT_DETERMINISTIC_HASHING": hashing])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            outputs.append(outcome.standardOutput)
        }
        #expect(outputs[0] == outputs[1])
        let first = dir.appendingPathComponent("a/seed-001-log-pipeline"), second = dir.appendingPathComponent("b/seed-001-log-pipeline")
        let files = Self.files(under: first)
        #expect(files.contains("report.md") && files.contains("timeline.svg") && files.contains("load-07/output.tsv"))
        #expect(files == Self.files(under: second))
        for file in files {
            #expect(try Data(contentsOf: first.appendingPathComponent(file)) == Data(contentsOf: second.appendingPathComponent(file)), "\(file) differs")
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("a.jsonl")) == Data(contentsOf: dir.appendingPathComponent("b.jsonl")))
    }

    @Test func aTraceIntoADirectoryIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let outcome = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--out", out.path, "--trace", dir.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("error: --trace '\(dir.path)': is a directory, not a file"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func twoFilesWritingTheSameReportAreRefused() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a.yaml", "b.yaml"] {
            try "name: same\nobject_store: {buckets: [{name: results}]}\noperations: [list_buckets]\n"
                .write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let outcome = try OrreryProcess.run(["run", "a.yaml", "b.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("error: 'a.yaml' and 'b.yaml' both write reports named 'same' under out; give one of them another name"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func aBadFileAmongGoodOnesStopsEverythingBeforeAnyRun() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "object_store: {buckets: [{name: results}]}\noperations: [list_buckets]\n".write(to: dir.appendingPathComponent("good.yaml"), atomically: true, encoding: .utf8)
        try "mapreduce: {jobs: [{name: word-count, reducers: 1, input: {topic: nowhere}}]}\n".write(to: dir.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["run", "good.yaml", "bad.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("bad.yaml:1:"))
        #expect(outcome.standardError.contains("but this scenario has no log section"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
