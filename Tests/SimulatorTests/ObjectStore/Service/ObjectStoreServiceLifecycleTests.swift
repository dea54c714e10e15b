import Testing
@testable import Simulator

@Suite("Object store service: lifecycle at midnight UTC in virtual time")
struct ObjectStoreServiceLifecycleTests {
    static let hour: Int64 = 3_600_000_000_000

    /// A bucket expiring `tmp/` after one day, and one object written there at 10:00 on day 0.
    static func fixture() -> ObjectStoreServiceFixture {
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client, sim = fixture.sim
        fixture.run {
            try? await client.createBucket("bucket")
            try? await client.putBucketLifecycle("bucket", LifecycleConfiguration(rules: [LifecycleRule(id: "tmp", prefix: "tmp/", expirationDays: 1)]))
            await sim.sleep(until: VirtualInstant(nanoseconds: 10 * hour))
            _ = try? await client.putObject(bucket: "bucket", key: "tmp/scratch", body: s3Bytes("v1"))
            _ = try? await client.putObject(bucket: "bucket", key: "keep/data", body: s3Bytes("v2"))
        }
        return fixture
    }

    @Test func anObjectExpiresAtTheFirstMidnightAfterItsDays() throws {
        let fixture = Self.fixture()
        let sim = fixture.sim
        // Written at 10:00 on day 0 with one day to live: due at 10:00 on day 1, rounded up to
        // midnight starting day 2 — 48 hours into the run.
        fixture.run { await sim.sleep(until: VirtualInstant(nanoseconds: 48 * Self.hour - 1)) }
        #expect(fixture.state.usage().currentObjects == 2)
        fixture.run { await sim.sleep(until: VirtualInstant(nanoseconds: 48 * Self.hour)) }
        let state = fixture.state
        #expect(throws: S3Error.noSuchKey()) { try state.getObject(bucket: "bucket", key: "tmp/scratch") }
        #expect(try state.getObject(bucket: "bucket", key: "keep/data").body == s3Bytes("v2"))
        let actions = fixture.store.stats.lifecycleActions
        #expect(actions.map(\.time) == [48 * Self.hour])
        #expect(actions.map(\.action) == [LifecycleAction(bucket: "bucket", key: "tmp/scratch", kind: .expireObject, versionId: nil, uploadId: nil, storageClass: nil)])
        #expect(fixture.store.stats.lifecycleRuns == 2)
    }

    @Test func aStoreDownAtMidnightCatchesUpAtTheNextOne() {
        let fixture = Self.fixture()
        let sim = fixture.sim, network = fixture.network
        network.crash("s3")
        fixture.run { await sim.sleep(until: VirtualInstant(nanoseconds: 48 * Self.hour + 1)) }
        #expect(fixture.store.stats.lifecycleActions.isEmpty)
        network.restart("s3")
        fixture.run { await sim.sleep(until: VirtualInstant(nanoseconds: 72 * Self.hour)) }
        #expect(fixture.store.stats.lifecycleActions.map(\.time) == [72 * Self.hour])
        #expect(fixture.state.usage().currentObjects == 1)
    }

    @Test func noncurrentVersionsExpireDaysAfterTheyWereSuperseded() throws {
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client, sim = fixture.sim
        let first = fixture.run { () -> String? in
            try? await client.createBucket("bucket")
            try? await client.putBucketVersioning("bucket", .enabled)
            try? await client.putBucketLifecycle("bucket", LifecycleConfiguration(rules: [LifecycleRule(id: "old", noncurrentVersionExpirationDays: 2)]))
            let first = try? await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"))
            await sim.sleep(until: VirtualInstant(nanoseconds: 30 * Self.hour))
            _ = try? await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v2"))
            return first?.versionId
        }
        let versionId = try #require(first)
        // Superseded at 06:00 on day 1: due two days later, at midnight starting day 4 (96 h).
        fixture.run { await sim.sleep(until: VirtualInstant(nanoseconds: 96 * Self.hour - 1)) }
        #expect(try fixture.state.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: versionId)).body == s3Bytes("v1"))
        fixture.run { await sim.sleep(until: VirtualInstant(nanoseconds: 96 * Self.hour)) }
        let state = fixture.state
        #expect(throws: S3Error.noSuchVersion) { try state.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: versionId)) }
        #expect(try state.getObject(bucket: "bucket", key: "k").body == s3Bytes("v2"))
    }
}
