import Foundation
import Testing
@testable import Scenarios

/// A backup world with no faults — 100 files changing 5 at a time every 10 s, a sync every 10 s,
/// a backup every 10 minutes, retention 1 day — loaded estimated at 1.8 × 10⁸ events for 3 days
/// and ran past 500 s and 4 GB (s81, outside checker C, F1): each churn round copied and filtered
/// the whole growing directory, and the estimate counted neither the files every backup copies
/// and retention deletes nor the versions and snapshots they leave. The run now costs what changed
/// (same draws, same digest) and the estimate counts the backups' copies.
struct BackupCopiesBudgetTests {
    static func world(duration: String) -> String {
        """
        name: bk9
        seed: 8
        run: {duration: \(duration)}
        object_store:
          buckets: [{name: bkb}]
        backup:
          host: bkhost
          bucket: bkb
          sync_interval: 10s
          first_backup_at: 10m
          backup_interval: 10m
          retention_days: 1
          source: {files: 100, file_size: {median: 8KiB, sigma: 0.8}, change_every: 10s, changes_per_round: 5}
        """
    }

    /// Two hours of it run as the copy-and-filter rounds ran them: the digest, events and last
    /// backup are those of 8fc0093's release binary.
    @Test func twoHoursRunAsBefore() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(duration: "2h"), file: "bk9.yaml"))
        #expect(result.digest == "a6f63c5354d340b1")
        #expect(result.events == 54_808)
        let last = try #require(result.backup?.backups.last)
        #expect(last.name == "2026-01-01-01-50-00")
        #expect(last.fileCount == 504)
        #expect(last.bytes == 5_756_406)
        #expect(last.source.fingerprint == "4374e9cee4eb644a5ba9c183fe8e27af")
        #expect(result.backup?.backups.count == 11)
    }

    /// A day: 144 backups counted (143 run: the last falls on the end) of 130 … 4,420 files (the source grows 0.05 files a second), none
    /// deleted yet; the versions held are the copies.
    @Test func aDaysCopiesAreCounted() throws {
        let scenario = try ScenarioLoader.parse(Self.world(duration: "1d"), file: "bk9.yaml")
        let backup = try #require(scenario.backup)
        let churn = try #require(backup.churn)
        #expect(churn.netFilesPerSecond == 0.05)
        let copies = ResourceBudget.backupCopies(churn: churn, manager: backup.manager, over: 86_400, spacing: 600, backups: 144)
        #expect(copies == ResourceBudget.BackupCopies(copies: 327_600, deletedCopies: 0, heldVersions: 327_600, markerVisits: 0))
        #expect(HostileInputTests.error(Self.world(duration: "1d")) == nil)
    }

    /// Three days: 432 backups, the 288 older than a day deleted, their copies kept as noncurrent
    /// versions with their delete markers (the bucket keeps them 7 days), and every retention
    /// pass stepping over the delete-marked keys: refused for its memory, at the source that grows.
    @Test func threeDaysAreRefusedAtTheSource() throws {
        #expect(HostileInputTests.error(Self.world(duration: "3d"))
            == "h.yaml:13:11: error: this world would hold about 5.6 GiB (mostly for 'backup.source'), more than the 4 GiB a run may use; make it smaller (at backup.source)")
    }
}
