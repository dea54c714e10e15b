import Testing
@testable import Simulator

/// Retention does not wait for a backup to complete. It ran only after a backup that completed,
/// so while every backup failed the backups past retention and the abandoned attempts' folders
/// stayed (s77, left.md "Backups"). Real tools expire by age whatever that night's backup did:
/// a backup script's `restic forget` / `borg prune` step runs after a failed backup too, and
/// S3's lifecycle expires objects and aborts incomplete uploads by age alone. The manager now
/// runs retention once for each backup due, after its first failed attempt as after a completed
/// one, and spares the newest backup still kept (restic's `--keep-within` counts from the latest
/// snapshot; borg keeps the latest checkpoint): a failing backup never costs the last good copy.
struct BackupRetentionWhenFailingTests {
    /// What one run left.
    struct Figures: Equatable, CustomStringConvertible {
        var created = 0, failed = 0, deleted = 0, kept = 0, abandonedDeleted = 0
        /// Folders under `backups/` in the bucket at the end: with their manifest, and without.
        var completeFolders = 0, abandonedFolders = 0
        var keptNames: [String] = []

        var description: String {
            "created \(created), failed \(failed), deleted \(deleted), kept \(kept) \(keptNames), abandoned deleted \(abandonedDeleted), folders complete \(completeFolders) abandoned \(abandonedFolders)"
        }
    }

    /// A manager over 200 files of 100 bytes: sync every minute, a backup every 6 hours from 1 h
    /// (01:00, 07:00, 13:00, 19:00 of the first day), kept one day. The store fails `rate` of
    /// requests (503) from 24 h for a day, the client trying each request `attempts` times; or,
    /// with `longPathAt`, a file whose copy's key would exceed S3's 1,024 bytes appears then,
    /// so every backup after fails while the store answers everything else. Read at `end`.
    static func run(rate: Double = 0, attempts: Int = 3, longPathAt: Duration? = nil, end: Duration) -> Figures {
        var contents: [String: [UInt8]] = [:]
        for index in 0..<200 { contents["data/f-\(index)"] = Array(repeating: UInt8(index % 251), count: 100) }
        let storms = rate > 0 ? [ObjectStore.ErrorStorm(start: .seconds(86_400), length: .seconds(86_400), errorRate: rate)] : []
        let services = ObjectStoreServiceFixture(configuration: .constantLatency(errorStorms: storms),
                                                 retryPolicy: RetryPolicy(maxAttempts: attempts))
        let configuration = BackupManager.Configuration(bucket: "backups-bucket", firstBackupAt: .seconds(3_600),
                                                        backupInterval: .seconds(6 * 3_600), retentionDays: 1)
        let manager = BackupManager(client: services.client, source: SourceDirectory(contents), configuration: configuration)
        let sim = services.sim
        var figures = services.run(timeLimit: end + .seconds(60)) { () -> Figures in
            manager.start()
            if let longPathAt {
                await sim.sleep(until: .after(longPathAt))
                // After "a" and before "data/": each attempt copies "a", then is refused at once.
                await manager.change([.write(path: "a", bytes: [0]), .write(path: "b/" + String(repeating: "p", count: 1_000), bytes: [1])])
            }
            await sim.sleep(until: .after(end))
            let backups = await manager.backups
            let kept = backups.filter { $0.deletedAt == nil }
            return Figures(created: manager.stats.backupsCreated, failed: manager.stats.failedBackups, deleted: manager.stats.backupsDeleted,
                           kept: kept.count, abandonedDeleted: manager.stats.incompleteBackupsDeleted, keptNames: kept.map(\.name))
        }
        // The bucket's folders, read from the store directly.
        let state = services.state
        var keys: [String] = []
        var request = ListObjectsV2Request(prefix: "backups/")
        while let page = try? state.listObjectsV2(bucket: "backups-bucket", request) {
            keys += page.contents.map(\.key)
            guard page.isTruncated, let token = page.nextContinuationToken else { break }
            request.continuationToken = token
        }
        var folders: [String: Bool] = [:]
        for key in keys {
            let folder = String(key.dropFirst("backups/".count).prefix(19))
            folders[folder] = (folders[folder] ?? false) || key.hasSuffix("/MANIFEST")
        }
        figures.completeFolders = folders.values.filter { $0 }.count
        figures.abandonedFolders = folders.values.filter { !$0 }.count
        return figures
    }

    /// Every backup from 25 h to 60 h is refused (the copy key of `b/ppp…` is 1,034 bytes), the
    /// store answering everything else. Before, no pass ran after the 19:00 backup: 4 created,
    /// 2,100 attempts failed, 0 deleted, 4 kept, 0 abandoned folders deleted, and the bucket held
    /// 4 complete folders and 2,100 abandoned ones. Now a pass runs at 25, 31, 37, 43, 49 and
    /// 55 h: the 01:00, 07:00 and 13:00 backups go once a day old, the 19:00 one is kept though
    /// 41 h old (the newest), and the attempts' folders go once a day old (one attempt fewer: the
    /// sync due during a pass is skipped while busy).
    @Test func backupsRefusedForADayAndAHalf() {
        let figures = Self.run(longPathAt: .seconds(86_400), end: .seconds(60 * 3_600))
        #expect(figures == Figures(created: 4, failed: 2_099, deleted: 3, kept: 1, abandonedDeleted: 361,
                                   completeFolders: 1, abandonedFolders: 1_738, keptNames: ["2026-01-01-19-00-00"]))
    }

    /// The store fails 30 % of requests from 24 h to 48 h, each tried twice (9 % fail for good):
    /// a backup's ~400 requests all but never succeed, a pass's listing (a request a folder)
    /// sometimes does. Read at the storm's end, before any backup completes again. Before s78, no
    /// pass ran without a completed backup: 0 deleted, 4 kept. In s78 the pass at 25 h deleted the
    /// 01:00 backup and the later ones (31, 37, 43 h), each with a thousand abandoned folders to
    /// check, gave up at their first failed manifest check: deleted 1, kept 3, 3 complete and
    /// 1,126 abandoned folders. Now a failed check keeps only its folder: the 07:00 and 13:00
    /// backups go at 31 and 37 h, the 19:00 one is kept as the newest (the abandoned folders are
    /// all under a day old; 6 fewer of them, as the store's draws fall on more requests).
    @Test func aStoreFailingForADay() {
        let figures = Self.run(rate: 0.3, attempts: 2, end: .seconds(48 * 3_600))
        #expect(figures == Figures(created: 4, failed: 1_380, deleted: 3, kept: 1, abandonedDeleted: 0,
                                   completeFolders: 1, abandonedFolders: 1_120, keptNames: ["2026-01-01-19-00-00"]))
    }
}
