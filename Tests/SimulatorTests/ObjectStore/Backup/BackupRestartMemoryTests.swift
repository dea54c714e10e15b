import Testing
@testable import Simulator

/// What a restarted process of the backup manager knows: only what is durable — the bucket,
/// which its first sync lists again, and the source directory — not the crashed process's
/// memory (the paths it had pending, its view of the sync prefix). Each world here crashes the
/// host, "client", at an awkward instant, with a sync every 10 s and no backup due.
@Suite("Backup manager: a restarted process starts from what is durable")
struct BackupRestartMemoryTests {
    static let tenSeconds = BackupManager.Configuration(bucket: "backups-bucket", syncInterval: .seconds(10), firstBackupAt: .seconds(86_400))

    struct Figures: Equatable, CustomStringConvertible {
        var syncs = 0, failedSyncs = 0, uploaded = 0, deleted = 0, unchanged = 0
        /// Requests the manager's client began, and requests the store received.
        var clientRequests = 0, storeRequests = 0
        /// `current/` in the bucket at the end: key → ETag.
        var bucket: [String: String] = [:]

        var description: String {
            "syncs \(syncs) (\(failedSyncs) failed), uploaded \(uploaded), deleted \(deleted), unchanged \(unchanged), "
                + "requests \(clientRequests) sent / \(storeRequests) received, bucket \(bucket.sorted { $0.key < $1.key })"
        }
    }

    static func figures(_ fixture: BackupFixture) -> Figures {
        let stats = fixture.manager.stats
        return Figures(syncs: stats.syncs, failedSyncs: stats.failedSyncs, uploaded: stats.filesUploaded, deleted: stats.filesDeleted,
                       unchanged: stats.filesUnchanged, clientRequests: fixture.client.stats.requests, storeRequests: fixture.services.store.stats.requests)
    }

    /// The sync at 10 s sends the PUT of `a` (the first path) at 10.0 s; the host crashes at
    /// 10.010 s, before the answer (20 ms first byte) — the store applies it all the same. The
    /// host restarts at 15 s; the sync at 20 s lists `current/` (`a` is there with its MD5) and
    /// uploads `b`, `c`, `d`: 3 uploads in all. Had the new process taken over the dead one's
    /// pending paths, it would have uploaded `a` a second time (4, with one request more).
    @Test func anUploadTheCrashCutShortIsNotSentAgainWhenTheStoreHasIt() {
        let fixture = BackupFixture(configuration: Self.tenSeconds)
        let manager = fixture.manager, sim = fixture.sim, network = fixture.services.network
        var figures = fixture.run { () -> Figures in
            manager.start()
            await sim.sleep(until: .after(.milliseconds(10_010)))
            network.crash("client")
            await sim.sleep(until: .after(.seconds(15)))
            network.restart("client")
            await sim.sleep(until: .after(.seconds(25)))
            return Self.figures(fixture)
        }
        figures.bucket = fixture.listing("current/")
        // Prepared (4 requests); the sync at 10 s sent 1 and failed; the one at 20 s listed and
        // uploaded 3, finding `a` unchanged.
        #expect(figures == Figures(syncs: 2, failedSyncs: 1, uploaded: 3, deleted: 0, unchanged: 1, clientRequests: 9, storeRequests: 9,
                                   bucket: ["current/a": BackupFixture.eTag("alpha"), "current/b": BackupFixture.eTag("beta"),
                                   "current/c": BackupFixture.eTag("gamma"), "current/d": BackupFixture.eTag("delta")]))
    }

    /// After a first sync of the four files, the host crashes at 15 s; while it is down, at 20 s,
    /// someone else deletes `current/c` from the bucket (an operator, a lifecycle rule). The host
    /// restarts at 25 s; the sync at 30 s lists `current/`, finds `c` missing and uploads it
    /// again. Had the new process kept the dead one's view of the bucket (`c` stored, nothing
    /// pending), it would have uploaded nothing and left the bucket without `c`.
    @Test func anObjectGoneWhileTheHostWasDownIsUploadedAgain() {
        let fixture = BackupFixture(configuration: Self.tenSeconds)
        let manager = fixture.manager, sim = fixture.sim, network = fixture.services.network
        let operatorClient = ObjectStoreClient("operator", store: fixture.services.store, network: network)
        var figures = fixture.run { () -> Figures in
            manager.start()
            await sim.sleep(until: .after(.seconds(15)))
            network.crash("client")
            await sim.sleep(until: .after(.seconds(20)))
            _ = try? await operatorClient.deleteObject(bucket: "backups-bucket", key: "current/c")
            await sim.sleep(until: .after(.seconds(25)))
            network.restart("client")
            await sim.sleep(until: .after(.seconds(35)))
            return Self.figures(fixture)
        }
        figures.bucket = fixture.listing("current/")
        // Prepared (4), synced 4, then the listing and `c`'s upload: 10 requests of the manager's,
        // and the operator's DELETE.
        #expect(figures == Figures(syncs: 2, failedSyncs: 0, uploaded: 5, deleted: 0, unchanged: 3, clientRequests: 10, storeRequests: 11,
                                   bucket: ["current/a": BackupFixture.eTag("alpha"), "current/b": BackupFixture.eTag("beta"),
                                   "current/c": BackupFixture.eTag("gamma"), "current/d": BackupFixture.eTag("delta")]))
    }

    /// 1,005 files, a sync every 60 s: the first uploads them all (by 81 s). The host crashes at
    /// 90 s and restarts at 95 s; the new process's sync at 120 s lists `current/` — two pages —
    /// and the host crashes again at 120.010 s, with the first page in flight, restarting at
    /// 121 s. The crashed process's page is answered to nobody, and its second page is never
    /// sent: the store receives three listing requests (that first page, and the third process's
    /// two at 180 s), and the third process uploads nothing.
    @Test func aListingTheCrashCutShortIsNotContinuedByTheNextProcess() {
        var files: [String: [UInt8]] = [:]
        for index in 0..<1_005 { files["f\(index)"] = Array("file \(index)".utf8) }
        var configuration = Self.tenSeconds
        configuration.syncInterval = .seconds(60)
        let services = ObjectStoreServiceFixture(configuration: .constantLatency())
        let manager = BackupManager(client: services.client, source: SourceDirectory(files), configuration: configuration)
        let sim = services.sim, network = services.network
        let figures = services.run { () -> [Int] in
            manager.start()
            await sim.sleep(until: .after(.seconds(90)))
            network.crash("client")
            await sim.sleep(until: .after(.seconds(95)))
            network.restart("client")
            await sim.sleep(until: .after(.milliseconds(120_010)))
            let before = services.store.stats.requests
            network.crash("client")
            await sim.sleep(until: .after(.seconds(121)))
            network.restart("client")
            await sim.sleep(until: .after(.seconds(185)))
            let stats = manager.stats
            return [stats.syncs, stats.failedSyncs, stats.filesUploaded, stats.filesUnchanged, before, services.store.stats.requests, services.client.stats.requests]
        }
        // Syncs at 60 (ok), 120 (failed: the listing's process crashed), 180 (ok, all 1,005
        // unchanged); requests: 4 to prepare, 1,005 PUTs, the crashed process's first page (sent
        // and received by 120.010 s), the third process's two pages.
        #expect(figures == [3, 1, 1_005, 1_005, 1_010, 1_012, 1_012])
    }
}
