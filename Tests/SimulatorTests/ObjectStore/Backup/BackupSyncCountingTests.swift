import Testing
@testable import Simulator

/// How the manager's loop counts the syncs due at every multiple of the interval: one due while
/// the host is down is skipped (and not run), one that could not start because the bucket could
/// not be prepared failed, and every one run is a sync.
@Suite("Backup manager: every sync due is counted once")
struct BackupSyncCountingTests {
    static let tenSeconds = BackupManager.Configuration(bucket: "backups-bucket", syncInterval: .seconds(10), firstBackupAt: .seconds(86_400))

    /// The host crashes at 15 s and restarts at 45 s, booting for 3 s: the syncs due at 20, 30
    /// and 40 s are skipped, those at 10, 50 and 60 s run.
    @Test func syncsDueWhileTheHostIsDownAreSkippedNotRun() {
        let fixture = BackupFixture(configuration: Self.tenSeconds)
        let manager = fixture.manager, sim = fixture.sim, network = fixture.services.network
        let (syncs, failed, skipped, uploaded) = fixture.run { () -> (Int, Int, Int, Int) in
            manager.start()
            await sim.sleep(until: .after(.seconds(15)))
            network.crash("client")
            await sim.sleep(until: .after(.seconds(45)))
            network.restart("client", bootTime: .seconds(3))
            await sim.sleep(until: .after(.seconds(65)))
            return (manager.stats.syncs, manager.stats.failedSyncs, manager.stats.skippedSyncs, manager.stats.filesUploaded)
        }
        #expect(syncs == 3)
        #expect(failed == 0)
        #expect(skipped == 3)
        #expect(uploaded == 4)
    }

    /// A backup due while the host is down is not attempted (it would only time out): it is
    /// taken at the first sync after the host is back, and none fails.
    @Test func aBackupDueWhileTheHostIsDownWaitsForItsReturn() {
        var configuration = Self.tenSeconds
        configuration.firstBackupAt = .seconds(30)
        let fixture = BackupFixture(configuration: configuration)
        let manager = fixture.manager, sim = fixture.sim, network = fixture.services.network
        let (created, failed, takenAt) = fixture.run { () -> (Int, Int, [Int64]) in
            manager.start()
            await sim.sleep(until: .after(.seconds(25)))
            network.crash("client")
            await sim.sleep(until: .after(.seconds(45)))
            network.restart("client")
            await sim.sleep(until: .after(.seconds(55)))
            return (manager.stats.backupsCreated, manager.stats.failedBackups, await manager.backups.map(\.takenAt))
        }
        #expect(created == 1)
        #expect(failed == 0)
        #expect(takenAt.map { $0 / 1_000_000_000 } == [50])
    }

    /// Every request answered 503 until 25 s, no retry: the bucket cannot be prepared, and the
    /// syncs due at 10 and 20 s cannot start — each is a sync run and failed; the one at 30 s
    /// prepares the bucket and uploads every file.
    @Test func aSyncThatCannotPrepareTheBucketIsRunAndFailed() {
        let storm = ObjectStore.ErrorStorm(start: .zero, length: .seconds(25), errorRate: 1)
        let fixture = BackupFixture(storms: [storm], retryPolicy: RetryPolicy(maxAttempts: 1), configuration: Self.tenSeconds)
        let manager = fixture.manager, sim = fixture.sim
        let (syncs, failed, skipped, uploaded) = fixture.run { () -> (Int, Int, Int, Int) in
            manager.start()
            await sim.sleep(until: .after(.seconds(45)))
            return (manager.stats.syncs, manager.stats.failedSyncs, manager.stats.skippedSyncs, manager.stats.filesUploaded)
        }
        #expect(syncs == 4)
        #expect(failed == 2)
        #expect(skipped == 0)
        #expect(uploaded == 4)
        #expect(fixture.listing("current/").count == 4)
    }
}
