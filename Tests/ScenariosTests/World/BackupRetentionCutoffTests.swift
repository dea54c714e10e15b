import Testing
@testable import Scenarios

/// Retention compares exact instants: a backup is deleted when, at the pass, more than
/// `retention_days` × 86,400 s have passed since its snapshot. The cutoff was truncated to whole
/// seconds, so a backup 1 day + 0.1 s old was kept when the backup that triggered the pass took
/// under a second, and deleted when it took longer: `backups_kept` was N or N + 1 for the same
/// settings (checker K, s77, `04-retention-subsecond.yaml`).
struct BackupRetentionCutoffTests {
    /// Daily backups of three small files (each well under a second), kept one day.
    static let world = """
        seed: 5
        run: {duration: 100000s}
        object_store: {}
        backup:
          host: app
          sync_interval: 60s
          first_backup_at: 60s
          backup_interval: 1d
          retention_days: 1
          source: {files: 3, file_size: {median: 100}, changes_per_round: 0}
        """

    @Test func aBackupMoreThanADayOldGoesAtThePassAfterTheNextBackup() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world, file: "cutoff.yaml"))
        let backup = try #require(result.backup)
        #expect(backup.backups.map(\.name) == ["2026-01-01-00-01-00", "2026-01-02-00-01-00"])
        // Deleted at the pass after the second backup, not a day later.
        let deletedAt = try #require(backup.backups.first?.deletedAt)
        #expect(deletedAt > 86_460_000_000_000 && deletedAt < 86_461_000_000_000)
        #expect(result.value(of: BackupMetric.backupsKept.metric) == 1)
        #expect(result.value(of: BackupMetric.backupsDeleted.metric) == 1)
    }
}
