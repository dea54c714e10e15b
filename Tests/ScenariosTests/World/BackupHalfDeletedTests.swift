import Testing
@testable import Scenarios

/// Retention deletes a backup's manifest first; a backup whose manifest is gone is no longer one.
/// When a later request of the deletion failed, the backup stayed kept — in `backups_kept`, as the
/// "oldest", chosen by a restore that then failed "backup … has no manifest" — and the next pass
/// deleted it as an abandoned attempt's folder, so `backups ≠ backups_deleted + backups_kept`
/// (checker K, s77, `02-half-deleted-world.yaml`).
struct BackupHalfDeletedTests {
    /// Backups at 60 s and 90,060 s, kept one day. The pass after the second deletes the first's
    /// manifest at about 90,060.2 s; then every request fails for half a second, so the listing
    /// of the rest of its folder fails (one attempt each).
    static let world = """
        seed: 5
        run: {duration: 100000s}
        object_store:
          client: {timeout: 2s, max_attempts: 1}
        backup:
          host: app
          sync_interval: 60s
          first_backup_at: 60s
          backup_interval: 90000s
          retention_days: 1
          source: {files: 3, file_size: {median: 100}, changes_per_round: 0}
          restores:
            - {at: 90100s, backup: oldest}
        faults:
          - {at: 90060.212s, errors: s3, rate: 1.0, for: 500ms}
        """

    @Test func aBackupWhoseManifestIsGoneIsCountedDeletedAtOnce() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world, file: "half.yaml"))
        let backup = try #require(result.backup)
        #expect(backup.backups.map(\.name) == ["2026-01-01-00-01-00", "2026-01-02-01-01-00"])
        // Counted deleted when its manifest's DELETE was acknowledged, just before the errors began.
        #expect(backup.backups.map(\.deletedAt) == [90_060_211_882_778, nil])
        #expect(result.value(of: BackupMetric.backups.metric) == 2)
        #expect(result.value(of: BackupMetric.backupsDeleted.metric) == 1)
        #expect(result.value(of: BackupMetric.backupsKept.metric) == 1)
        // The oldest backup kept at 90,100 s is the second: the first is being deleted.
        let restore = try #require(backup.restores.first)
        #expect(restore.backup == "2026-01-02-01-01-00")
        #expect(restore.failure == nil)
        #expect(restore.identical)
    }
}
