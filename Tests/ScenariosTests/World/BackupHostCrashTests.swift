import Testing
@testable import Scenarios

/// The manager's calls stop when its host crashes: a backup in progress fails (its folder left
/// as an abandoned attempt's) and a sync in progress stops, its remaining changes pending. The
/// backup of `07-crash-mid-backup.yaml` (checker K, s77) completed at 3,609.66 s through a crash
/// at 3,601 s and a restart, with `failed_backups` 0.
struct BackupHostCrashTests {
    /// 300 files of 1 KiB: the first sync (at 60 s) uploads them all, a backup (at 1 h) copies them.
    static func world(crashAt: String, restartAt: String) -> String {
        """
        seed: 9
        run: {duration: 2h}
        object_store:
          client: {timeout: 2s, max_attempts: 6}
        backup:
          host: app
          sync_interval: 60s
          first_backup_at: 1h
          backup_interval: 1d
          source: {files: 300, file_size: {median: 1KiB}, changes_per_round: 0}
          restores: [{at: 2h, backup: latest}]
        faults:
          - {at: \(crashAt), crash: app}
          - {at: \(restartAt), restart: app, boot_time: 500ms}
        """
    }

    @Test func aCrashMidBackupFailsItAndTheNextSyncTakesItAgain() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(crashAt: "3601s", restartAt: "3601.5s"), file: "crash.yaml"))
        let backup = try #require(result.backup)
        #expect(backup.failedBackups == 1)
        #expect(backup.backupsCreated == 1)
        #expect(backup.backups.map(\.name) == ["2026-01-01-01-01-00"])
        #expect(backup.restores.map(\.identical) == [true])
    }

    @Test func aCrashMidSyncStopsItAndTheNextSyncCarriesTheRest() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(crashAt: "61s", restartAt: "61.5s"), file: "crash.yaml"))
        let backup = try #require(result.backup)
        #expect(backup.failedSyncs == 1)
        #expect(backup.skippedSyncs == 0)
        #expect(backup.syncs == 120)
        #expect(backup.failedBackups == 0)
        #expect(backup.restores.map(\.identical) == [true])
        // The files the crashed sync had not reached went at the next sync, each once; the
        // restarted process lists the bucket first (it knows nothing of the dead one's work), so
        // a file whose PUT the store applied before the crash is not sent again (415,485 bytes
        // when the new process took the dead one's unfinished paths).
        #expect(backup.bytesUploaded == 410_792)
    }
}
