import Testing
@testable import Scenarios

/// A restore of an empty backup (session 68's checker H5, finding 17) and counts at one (18).
struct BackupWorldReportTests {
    /// A backup at 1 h, taken before that instant's sync has uploaded the host's one file, restored
    /// at 2 h (also ``ComposedWorldSubsystemJSONTests``' backup world).
    static let emptyBackupWorld = """
        name: k4
        run: {duration: 3h}
        object_store: {buckets: []}
        backup:
          host: h
          bucket: bkp
          sync_interval: 1h
          first_backup_at: 1h
          backup_interval: 1d
          retention_days: 1
          source: {files: 1, file_size: {median: 1KiB, sigma: 0}, change_every: 1h, changes_per_round: 1}
          restores: [{at: 2h, backup: latest}]
        """

    @Test func aRestoreOfAnEmptyBackupSaysItWasEmpty() throws {
        // The backup at 1 h runs before the first sync of that instant has uploaded the file.
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.emptyBackupWorld, file: "k4.yaml"))
        let markdown = result.markdown()
        #expect(markdown.contains("| 7,200.000 s | 2026-01-01-01-00-00 |     0 |     0 | identical (empty backup) |"))
        #expect(markdown.contains("The restore brought back an empty backup (no files): identical to what the backup held, it shows nothing of the data restored."))
        #expect(markdown.contains("2 syncs run (0 failed), 0 skipped while the host was down or the manager still busy, 1 backup created (0 failed), 0 deleted by retention, 1,024 bytes uploaded."))
    }
}
