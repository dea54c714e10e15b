import Foundation
import Testing

/// `orrery experiment backup`: the report files, or a positioned error and nothing written.
struct BackupExperimentCommandTests {
    static let shortRun = """
        experiment: backup
        seed: 3
        duration: 3d
        retention_days: 1
        source: {files: 20, file_size: {median: 512B, sigma: 0.3}, change_every: 15m}
        store: {storms: [{at: 25h, for: 30m, rate: 0.5}]}
        restores: [{at: 71h, backup: oldest}, {at: 71h, backup: latest}]

        """

    @Test func aShortBackupExperimentWritesItsReportAndChartsWithEveryRestoreVerified() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.shortRun.write(to: dir.appendingPathComponent("backup.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["experiment", "backup", "--scenarios", ".", "--out", "out"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let files = ["report.md", "report.json", "timeline.csv", "backups.csv", "restores.csv", "bytes_stored.svg", "backups_kept.svg", "errors_per_hour.svg", "restores.svg"]
        #expect(outcome.standardOutput == "backup: wrote " + files.map { "out/backup/\($0)" }.joined(separator: ", ") + "\n")
        let report = try String(contentsOf: dir.appendingPathComponent("out/backup/report.md"), encoding: .utf8)
        // `orrery experiment backup` reads scenarios/backup.yaml: this run is replayed by running its file.
        #expect(report.contains("- replay: `orrery run ./backup.yaml`\n"))
        #expect(report.contains("2 of 2 restores reproduced the source exactly"))
        let restores = try String(contentsOf: dir.appendingPathComponent("out/backup/restores.csv"), encoding: .utf8).split(separator: "\n")
        #expect(restores.count == 3)
        #expect(restores.dropFirst().allSatisfy { $0.hasSuffix(",true,") })
        let svg = try String(contentsOf: dir.appendingPathComponent("out/backup/bytes_stored.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<title>Bytes stored in the bucket</title>"))
    }

    @Test func twoProcessesWithDifferentHashSeedsWriteTheSameBytes() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.shortRun.write(to: dir.appendingPathComponent("backup.yaml"), atomically: true, encoding: .utf8)
        for (out, hashing) in [("a", "1"), ("b", "0")] {
            let outcome = try OrreryProcess.run(["experiment", "backup", "--scenarios", ".", "--out", out], in: dir,
                                                environment: ["SWIFT_DETERMINISTIC_HASHING": hashing])
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        for file in ["report.md", "report.json", "timeline.csv", "backups.csv", "restores.csv", "bytes_stored.svg"] {
            let first = try Data(contentsOf: dir.appendingPathComponent("a/backup/\(file)"))
            #expect(first == (try Data(contentsOf: dir.appendingPathComponent("b/backup/\(file)"))), "\(file) differs between processes")
        }
    }

    @Test func aBadBackupFileExitsTwoAndWritesNothing() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "experiment: backup\nsync_interval: 0s\n".write(to: dir.appendingPathComponent("backup.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["experiment", "backup", "--scenarios", ".", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "./backup.yaml:2:16: error: must be longer than zero, got 0s (at sync_interval)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
