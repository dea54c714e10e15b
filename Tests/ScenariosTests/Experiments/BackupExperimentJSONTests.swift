import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// `orrery experiment backup`'s report.json gives its backups and restores as a composed world's
/// `backup` gives them (``BackupRecord/Document``, ``BackupResult/RestoreCheck/Document``): the
/// experiment's own documents are gone, and every key they had keeps its value.
struct BackupExperimentJSONTests {
    /// A backup as report.json gave it before (session 73's `Document.Backup`).
    struct BackupBefore: Encodable {
        var name: String, files: Int, bytes: Int, fingerprint: String, deletedAtSeconds: Double?
        init(_ backup: BackupRecord) {
            (name, files, bytes, fingerprint) = (backup.name, backup.fileCount, backup.bytes, backup.source.fingerprint)
            deletedAtSeconds = backup.deletedAt.map { Double($0) / 1e9 }
        }
    }

    /// A restore as report.json gave it before (session 73's `Document.Restore`).
    struct RestoreBefore: Encodable {
        var atSeconds: Double, selection: String, backup: String?, files: Int, bytes: Int, identical: Bool, failure: String?
        init(_ check: BackupResult.RestoreCheck) {
            (atSeconds, selection, backup, files, bytes) = (check.at, check.selection, check.backup, check.restoredFiles, check.restoredBytes)
            (identical, failure) = (check.identical, check.failure)
        }
    }

    @Test func backupsAndRestoresKeepTheirKeysAndValuesAndGainTheWorldsTimes() throws {
        let spec = try #require(try parseExperiment(shortBackupExperiment, file: "backup.yaml") as? BackupExperiment).spec
        let result = try BackupExperiment.run(spec)
        let json = try ReportJSON.object(result.json(spec: spec))
        let backups = try #require(json["backups"] as? [ReportJSON.Object])
        let backupsBefore = try ReportJSON.objects(JSONReport.encode(result.backups.map(BackupBefore.init)))
        #expect(backups.count == result.backups.count && !backups.isEmpty)
        for (new, old) in zip(backups, backupsBefore) {
            #expect(ReportJSON.changedKeys(from: old, to: new) == [])
            #expect(ReportJSON.addedKeys(from: old, to: new) == ["takenAtSeconds", "completedAtSeconds"])
        }
        let restores = try #require(json["restores"] as? [ReportJSON.Object])
        let restoresBefore = try ReportJSON.objects(JSONReport.encode(result.restores.map(RestoreBefore.init)))
        #expect(restores.count == 3)
        for (new, old) in zip(restores, restoresBefore) {
            #expect(ReportJSON.changedKeys(from: old, to: new) == [])
            #expect(ReportJSON.addedKeys(from: old, to: new) == ["finishedAtSeconds", "expectedFiles", "expectedBytes"])
        }
        // The restores' backups as ``BackupExperimentTests`` reads them, each restoring what it should.
        #expect(restores.map { $0["backup"] as? String } == ["2026-01-02-02-01-00", "2026-01-02-02-01-00", "2026-01-04-02-00-00"])
        #expect(restores.map { $0["atSeconds"] as? Double } == [100_800, 342_000, 342_000])
        #expect(restores.allSatisfy { $0["files"] as? Int == $0["expectedFiles"] as? Int && $0["bytes"] as? Int == $0["expectedBytes"] as? Int })
        // Day 2's 02:00 backup fell in the storm and was taken at the next sync, 02:01.
        #expect(backups.map { $0["name"] as? String }.prefix(2) == ["2026-01-01-02-00-00", "2026-01-02-02-01-00"])
        func seconds(_ key: String) -> [String] { backups.prefix(2).map { NumberFormat.fixed($0[key] as? Double ?? -1, decimals: 9) } }
        #expect(seconds("takenAtSeconds") == ["7200.016222761", "93660.000000000"])
        #expect(seconds("completedAtSeconds") == ["7200.884243678", "93669.492799882"])
    }
}
