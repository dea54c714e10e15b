import Testing
@testable import Simulator

@Suite("Backup manager: timestamped backups, restore, retention")
struct BackupAndRestoreTests {
    static let day: Int64 = 86_400_000_000_000
    static let hour: Int64 = 3_600_000_000_000

    @Test func aBackupIsNamedAfterItsUTCTimeAndHoldsEveryFileAndAManifest() throws {
        let fixture = BackupFixture()
        let manager = fixture.manager, sim = fixture.sim
        let record = fixture.run { () -> BackupRecord? in
            try? await manager.prepareBucket()
            await manager.sync()
            await sim.sleep(until: VirtualInstant(nanoseconds: 2 * Self.hour))
            return try? await manager.backup()
        }
        let backup = try #require(record)
        #expect(backup.name == "2026-01-01-02-00-00")
        #expect(backup.takenAt == 2 * Self.hour)
        let folder = "backups/2026-01-01-02-00-00/"
        #expect(fixture.listing(folder) == [
            folder + "files/a": BackupFixture.eTag("alpha"), folder + "files/b": BackupFixture.eTag("beta"),
            folder + "files/c": BackupFixture.eTag("gamma"), folder + "files/d": BackupFixture.eTag("delta"),
            folder + "MANIFEST": "\"\(BackupFixture.manifestMD5)\"",
        ])
        let manifest = try fixture.services.state.getObject(bucket: fixture.bucket, key: folder + "MANIFEST").body
        #expect(String(decoding: manifest, as: UTF8.self) == BackupFixture.manifestText)
    }

    @Test func aRestoreIsByteIdenticalToTheSourceAtTheBackupNotToTheLiveSource() throws {
        let fixture = BackupFixture()
        let manager = fixture.manager
        let (record, restored, live) = fixture.run { () -> (BackupRecord?, SourceDirectory?, SourceDirectory) in
            try? await manager.prepareBucket()
            await manager.sync()
            let record = try? await manager.backup()
            await manager.change([.write(path: "a", bytes: s3Bytes("alpha2")), .remove(path: "d")])
            await manager.sync()
            return (record, try? await manager.restore(record?.name ?? ""), await manager.source)
        }
        let backup = try #require(record)
        let directory = try #require(restored)
        #expect(directory == backup.source)
        #expect(directory == SourceDirectory(BackupFixture.files.mapValues { Array($0.utf8) }))
        #expect(directory != live)
        #expect(directory.fingerprint == backup.source.fingerprint)
    }

    @Test func aBackupRepairsObjectsChangedBehindTheManagersBack() throws {
        let fixture = BackupFixture()
        let manager = fixture.manager, client = fixture.client
        let restored = fixture.run { () -> SourceDirectory? in
            try? await manager.prepareBucket()
            await manager.sync()
            // A stray object and an overwritten one that the manager never wrote.
            _ = try? await client.putObject(bucket: "backups-bucket", key: "current/stray", body: s3Bytes("stray"))
            _ = try? await client.putObject(bucket: "backups-bucket", key: "current/a", body: s3Bytes("tampered"))
            guard let record = try? await manager.backup() else { return nil }
            return try? await manager.restore(record.name)
        }
        #expect(restored == SourceDirectory(BackupFixture.files.mapValues { Array($0.utf8) }))
        #expect(fixture.listing("current/") == ["current/a": BackupFixture.eTag("alpha"), "current/b": BackupFixture.eTag("beta"),
                                                 "current/c": BackupFixture.eTag("gamma"), "current/d": BackupFixture.eTag("delta")])
    }

    @Test func retentionDeletesExactlyTheBackupsOlderThanItsDays() throws {
        let configuration = BackupManager.Configuration(bucket: "backups-bucket", retentionDays: 3)
        let fixture = BackupFixture(configuration: configuration)
        let manager = fixture.manager, sim = fixture.sim
        let (deleted, listed) = fixture.run { () -> ([String], [BackupListing]) in
            try? await manager.prepareBucket()
            for day in 0..<6 {
                await sim.sleep(until: VirtualInstant(nanoseconds: Int64(day) * Self.day + 2 * Self.hour))
                await manager.change([.write(path: "day", bytes: Array("day \(day)".utf8))])
                await manager.sync()
                _ = try? await manager.backup()
            }
            // Day 5 at 03:00: the cutoff is day 2 at 03:00.
            await sim.sleep(until: VirtualInstant(nanoseconds: 5 * Self.day + 3 * Self.hour))
            let deleted = await manager.applyRetention()
            return (deleted, (try? await manager.listBackups()) ?? [])
        }
        #expect(deleted == ["2026-01-01-02-00-00", "2026-01-02-02-00-00", "2026-01-03-02-00-00"])
        #expect(listed.map(\.name) == ["2026-01-04-02-00-00", "2026-01-05-02-00-00", "2026-01-06-02-00-00"])
        #expect(listed.allSatisfy { $0.isComplete })
        for name in deleted { #expect(fixture.listing("backups/\(name)/").isEmpty) }
        #expect(fixture.manager.stats.backupsDeleted == 3)
        let records = fixture.run { await manager.backups }
        #expect(records.filter { $0.deletedAt != nil }.map(\.name) == deleted)
    }

    @Test func aFolderWithoutManifestIsListedIncompleteCannotBeRestoredAndRetentionRemovesIt() {
        let configuration = BackupManager.Configuration(bucket: "backups-bucket", retentionDays: 1)
        let fixture = BackupFixture(configuration: configuration)
        let manager = fixture.manager, client = fixture.client, sim = fixture.sim
        let (listed, restore, deleted) = fixture.run { () -> ([BackupListing], BackupError?, [String]) in
            try? await manager.prepareBucket()
            _ = try? await client.putObject(bucket: "backups-bucket", key: "backups/2026-01-01-00-00-05/files/a", body: s3Bytes("alpha"))
            let listed = (try? await manager.listBackups()) ?? []
            var restore: BackupError?
            do { _ = try await manager.restore("2026-01-01-00-00-05") } catch { restore = error as? BackupError }
            await sim.sleep(until: VirtualInstant(nanoseconds: 2 * Self.day))
            return (listed, restore, await manager.applyRetention())
        }
        #expect(listed.map(\.name) == ["2026-01-01-00-00-05"])
        #expect(listed.map(\.isComplete) == [false])
        #expect(restore == .incomplete("2026-01-01-00-00-05"))
        #expect(deleted == ["2026-01-01-00-00-05"])
        #expect(fixture.manager.stats.incompleteBackupsDeleted == 1)
        #expect(fixture.manager.stats.failedRestores == 1)
    }

    @Test func theSeedsStatisticsDescribeTheManager() {
        let fixture = BackupFixture()
        let manager = fixture.manager, sim = fixture.sim
        let (statistics, syncedAt) = fixture.run { () -> (BackupStatistics, Int64) in
            try? await manager.prepareBucket()
            await sim.sleep(until: .after(.seconds(3723)))
            await manager.sync()
            let syncedAt = sim.now.nanoseconds
            _ = try? await manager.backup()
            return (await manager.statistics(), syncedAt)
        }
        #expect(statistics.lastSyncTime == UTCDateTime(virtualNanoseconds: syncedAt, epochUnixSeconds: ObjectStoreState.defaultEpochUnixSeconds))
        #expect(statistics.lastSyncTime?.description == "2026-01-01T01:02:03Z")
        #expect(statistics.bytesStored == 2 * 19)
        #expect(statistics.backupCount == 1)
        #expect(statistics.errorRate == 0)
        #expect(statistics.transferBytesPerSecond > 0)
    }

    @Test func theLoopSyncsEveryMinuteAndBacksUpEveryDayAt0200() {
        let fixture = BackupFixture()
        let manager = fixture.manager, sim = fixture.sim
        manager.start()
        manager.startChurn(SourceChurn(initialFiles: 0, fileSize: .constant(64), interval: .seconds(600), changesPerRound: 2))
        let (names, source) = fixture.run { () -> ([String], SourceDirectory) in
            // Half a minute after the last tick, so the last sync has finished.
            await sim.sleep(until: VirtualInstant(nanoseconds: 2 * Self.day + 2 * Self.hour + 330_000_000_000))
            return (await manager.backups.map(\.name), await manager.source)
        }
        #expect(names == ["2026-01-01-02-00-00", "2026-01-02-02-00-00", "2026-01-03-02-00-00"])
        #expect(fixture.manager.stats.syncs == 3_005)
        // The bucket mirrors the source as of the last sync (the churn's last round came before it).
        let mirrored = fixture.listing("current/")
        #expect(mirrored.count == source.count)
        for path in source.paths { #expect(mirrored["current/" + path] == source.files[path]?.eTag) }
    }
}

extension BackupFixture {
    /// The MD5 of ``manifestText`` (hashlib.md5 of the text).
    static let manifestMD5 = "b2f5c81465d415529d76da258d637eb7"

    /// The manifest of the four starting files.
    static let manifestText = """
        orrery-backup 1
        2c1743a391305fbf367df8e4f069f9f9 5 a
        987bcab01b929eb2c07877b224215c92 4 b
        05b048d7242cb7b8b57cfa3b1d65ecea 5 c
        63bcabf86a9a991864777c631c5b7617 5 d

        """
}
