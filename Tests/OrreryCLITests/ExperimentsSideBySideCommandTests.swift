import Foundation
import Testing

/// `orrery experiment` of several with more than one job runs them side by side: the same bytes
/// and the same lines, in the order named, as one job; a report that cannot be written stops the
/// command before anything after it is written.
struct ExperimentsSideBySideCommandTests {
    static func directory() throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        try BackupExperimentCommandTests.shortRun.write(to: dir.appendingPathComponent("backup.yaml"), atomically: true, encoding: .utf8)
        try QueueExperimentCommandTests.shortRun.write(to: dir.appendingPathComponent("queue.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func twoJobsWriteWhatOneJobWritesInTheSameOrder() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var printed: [String] = []
        for (out, jobs) in [("one", "1"), ("two", "2")] {
            let outcome = try OrreryProcess.run(["experiment", "queue", "backup", "--scenarios", ".", "--out", out, "--jobs", jobs], in: dir)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            printed.append(outcome.standardOutput.replacingOccurrences(of: "\(out)/", with: "OUT/"))
        }
        #expect(printed[0] == printed[1])
        #expect(printed[0].split(separator: "\n").map { $0.prefix { $0 != ":" } } == ["queue", "backup"])
        for experiment in ["queue", "backup"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("one/\(experiment)").path).sorted()
            #expect(files.count >= 4)
            #expect(files == (try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("two/\(experiment)").path).sorted()))
            for file in files {
                let one = try Data(contentsOf: dir.appendingPathComponent("one/\(experiment)/\(file)"))
                #expect(one == (try Data(contentsOf: dir.appendingPathComponent("two/\(experiment)/\(file)"))), "\(experiment)/\(file) differs")
            }
        }
    }

    /// The first experiment's report directory taken by a file is found before anything runs,
    /// where the experiments ran and the second's reports were written before the first failed.
    @Test func aReportDirectoryTakenByAFileIsRefusedBeforeAnyRun() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try Data("taken\n".utf8).write(to: dir.appendingPathComponent("out/queue"))
        let outcome = try OrreryProcess.run(["experiment", "backup", "queue", "--scenarios", ".", "--out", "out", "--jobs", "2"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: 'out/queue': is a file, not a directory\n", "\(outcome.standardError)")
        #expect(outcome.standardOutput == "")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/backup").path))
        #expect(try String(contentsOf: dir.appendingPathComponent("out/queue"), encoding: .utf8) == "taken\n")
    }
}
