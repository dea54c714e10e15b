import Foundation
import Testing
@testable import Scenarios

/// A restore that finds no backup says whether none had been taken yet or the one asked for is
/// not kept: before the first backup it read "no such backup kept", as if one had been and was gone;
/// and a named one that never completed reads so (checker K, s77), not "no such backup kept".
struct BackupRestoreBeforeFirstTests {
    @Test func aRestoreBeforeTheFirstBackupSaysNoneWasTaken() throws {
        let text = """
        experiment: backup
        seed: 3
        duration: 4h
        source: {files: 5, change_every: 30m}
        restores:
          - {at: 1h, backup: latest}
          - {at: 3h, backup: 2026-01-01-00-00-00}
          - {at: 3h, backup: latest}
        """
        let spec = try #require(try parseExperiment(text, file: "backup.yaml") as? BackupExperiment).spec
        let result = try BackupExperiment.run(spec)
        #expect(result.restores.map(\.failure) == ["no backup had been taken yet", "no backup named 2026-01-01-00-00-00 completed", nil])
        #expect(result.restores.map(\.backup) == [nil, nil, "2026-01-01-02-00-00"])
        let report = result.bundle(spec: spec).files.first { $0.path == "backup/report.md" }
        #expect(report.map { String(decoding: $0.contents, as: UTF8.self).contains("**no**: no backup had been taken yet") } == true)
    }
}
