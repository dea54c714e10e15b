import Testing
@testable import Simulator

@Suite("Backup manager: incremental sync")
struct BackupSyncTests {
    @Test func theFirstSyncUploadsEveryFileUnderTheSyncPrefix() {
        let fixture = BackupFixture()
        let manager = fixture.manager
        let report = fixture.run { () -> SyncReport in
            try? await manager.prepareBucket()
            return await manager.sync()
        }
        #expect(report.uploaded == ["a", "b", "c", "d"])
        #expect(report.deleted.isEmpty && report.failed.isEmpty)
        #expect(report.bytesUploaded == 19)
        #expect(fixture.listing("current/") == ["current/a": BackupFixture.eTag("alpha"), "current/b": BackupFixture.eTag("beta"),
                                                 "current/c": BackupFixture.eTag("gamma"), "current/d": BackupFixture.eTag("delta")])
    }

    @Test func aSyncUploadsExactlyTheFilesWhoseMD5ChangedAndDeletesTheRemovedOnes() {
        let fixture = BackupFixture()
        let manager = fixture.manager, client = fixture.client
        let (report, requests, unchanged) = fixture.run { () -> (SyncReport, Int, Int) in
            try? await manager.prepareBucket()
            await manager.sync()
            let before = client.stats.requests
            await manager.change([.write(path: "a", bytes: s3Bytes("alpha2")), .remove(path: "b"),
                                  .write(path: "e", bytes: s3Bytes("epsilon")), .write(path: "c", bytes: s3Bytes("gamma"))])
            let report = await manager.sync()
            return (report, client.stats.requests - before, manager.stats.filesUnchanged)
        }
        #expect(report.uploaded == ["a", "e"])
        #expect(report.deleted == ["b"])
        #expect(report.bytesUploaded == 13)
        #expect(unchanged == 1)  // c was rewritten with the bytes it had: same MD5, no upload
        #expect(requests == 3)
        #expect(fixture.listing("current/") == ["current/a": BackupFixture.eTag("alpha2"), "current/c": BackupFixture.eTag("gamma"),
                                                 "current/d": BackupFixture.eTag("delta"), "current/e": BackupFixture.eTag("epsilon")])
    }

    @Test func aSyncWithNothingChangedSendsNoRequest() {
        let fixture = BackupFixture()
        let manager = fixture.manager, client = fixture.client
        let (report, requests) = fixture.run { () -> (SyncReport, Int) in
            try? await manager.prepareBucket()
            await manager.sync()
            let before = client.stats.requests
            return (await manager.sync(), client.stats.requests - before)
        }
        #expect(report == SyncReport())
        #expect(requests == 0)
    }

    @Test func pathsWhoseRequestsFailForGoodStayPendingForTheNextSync() {
        let storm = ObjectStore.ErrorStorm(start: .seconds(1), length: .seconds(100), errorRate: 1)
        let fixture = BackupFixture(storms: [storm], retryPolicy: RetryPolicy(maxAttempts: 2))
        let manager = fixture.manager, sim = fixture.sim
        let (failed, recovered, failedSyncs) = fixture.run { () -> (SyncReport, SyncReport, Int) in
            try? await manager.prepareBucket()
            await sim.sleep(until: .after(.seconds(1)))
            let failed = await manager.sync()
            await sim.sleep(until: .after(.seconds(101)))
            return (failed, await manager.sync(), manager.stats.failedSyncs)
        }
        #expect(failed.failed == ["a", "b", "c", "d"])
        #expect(failed.uploaded.isEmpty)
        #expect(recovered.uploaded == ["a", "b", "c", "d"])
        #expect(recovered.succeeded)
        #expect(failedSyncs == 1)
        #expect(fixture.listing("current/").count == 4)
    }

    @Test func retriesWithBackoffCarryASyncThroughA503Storm() {
        let storm = ObjectStore.ErrorStorm(start: .seconds(1), length: .seconds(60), errorRate: 1)
        let policy = RetryPolicy(maxAttempts: 12, baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0.5)
        let fixture = BackupFixture(storms: [storm], retryPolicy: policy)
        let manager = fixture.manager, client = fixture.client, sim = fixture.sim
        let (report, finishedAt) = fixture.run { () -> (SyncReport, Int64) in
            try? await manager.prepareBucket()
            await sim.sleep(until: .after(.seconds(1)))
            return (await manager.sync(), sim.now.nanoseconds)
        }
        #expect(report.uploaded == ["a", "b", "c", "d"])
        #expect(report.succeeded)
        #expect(finishedAt > 61_000_000_000)
        #expect(client.stats.failedRequests == 0)
        #expect(client.stats.retries > 0)
        #expect(client.stats.failuresByCause == ["ServiceUnavailable": client.stats.failedAttempts])
        #expect(fixture.services.store.stats.stormErrors == client.stats.failedAttempts)
    }
}
