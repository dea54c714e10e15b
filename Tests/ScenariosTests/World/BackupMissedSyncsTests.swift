import Testing
@testable import Scenarios

/// Every multiple of `sync_interval` is a sync due, run or skipped: the multiples that pass while
/// the manager still runs a backup were counted nowhere (`05-missed-syncs.yaml`, checker K, s77:
/// 4,306 syncs and 0 skipped of 4,319 due).
struct BackupMissedSyncsTests {
    /// A sync every second; at 1 h a backup of 300 files takes several of them.
    static let world = """
        seed: 9
        run: {duration: 3700s}
        object_store: {}
        backup:
          host: app
          sync_interval: 1s
          first_backup_at: 1h
          source: {files: 300, file_size: {median: 1KiB}, changes_per_round: 0}
        """

    @Test func syncsDueWhileABackupRunsAreSkipped() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world, file: "missed.yaml"))
        let backup = try #require(result.backup)
        #expect(backup.backupsCreated == 1)
        #expect(backup.syncs + backup.skippedSyncs == 3_699)
        #expect(backup.skippedSyncs == 14)
        #expect(BackupPart.summary(backup).hasPrefix("3,685 syncs run (0 failed), 14 skipped while the host was down or the manager still busy, "))
    }
}
