import Testing
@testable import Simulator

/// `Expiration/Days` also cleans up expired-object delete markers: S3 "automatically performs
/// ExpiredObjectDeleteMarker cleanup when the delete markers are old enough to satisfy the age
/// criteria" (lifecycle configuration examples, example 7).
@Suite("Object store: lifecycle Days cleans up lone delete markers")
struct ObjectStoreLifecycleDeleteMarkerTests {
    typealias Fixture = ObjectStoreFixture
    static let day = Fixture.day

    static func store(_ rules: [LifecycleRule], versioning: VersioningState) -> ObjectStoreState {
        var store = Fixture.storeWithBucket(versioning: versioning)
        _ = expectS3Success(&store) { try $0.putBucketLifecycleConfiguration("bucket", LifecycleConfiguration(rules: rules)) }
        return store
    }

    static func listed(_ store: inout ObjectStoreState) -> [String] {
        expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions.map(\.versionId) ?? ["<failed>"]
    }

    @Test func aLoneMarkerGoesOnceItIsDaysOldNotBefore() {
        var store = Self.store([LifecycleRule(id: "expire", expirationDays: 3)], versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), now: 0) }?.versionId ?? ""
        // A user's delete at day 1, 01:00 (due 3 days later, rounded up: midnight starting day 5),
        // then v1 removed by id: the marker is the key's only version.
        let marker = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: Self.day + Fixture.hour) }?.versionId ?? ""
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: v1, now: Self.day + 2 * Fixture.hour) }
        #expect(Self.listed(&store) == [marker])
        #expect(store.runLifecycle(now: 4 * Self.day).isEmpty)
        #expect(store.runLifecycle(now: 5 * Self.day - 1).isEmpty)
        #expect(Self.listed(&store) == [marker])
        #expect(store.runLifecycle(now: 5 * Self.day) == [
            LifecycleAction(bucket: "bucket", key: "k", kind: .removeExpiredDeleteMarker, versionId: marker, uploadId: nil, storageClass: nil),
        ])
        #expect(store.storedVersionCount == 0)
        #expect(Self.listed(&store) == [])
    }

    @Test func theAuditSequenceEndsWithNoVersionLeft() {
        // lc1: Days 1 and NoncurrentDays 1; v1 written at 01:00 on day 0.
        var store = Self.store([LifecycleRule(id: "r1", expirationDays: 1, noncurrentVersionExpirationDays: 1)], versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "a", body: s3Bytes("aaa"), now: Fixture.hour) }?.versionId ?? ""
        #expect(store.runLifecycle(now: Self.day).isEmpty)
        let day2 = store.runLifecycle(now: 2 * Self.day)
        #expect(day2.map(\.kind) == [.addDeleteMarker])
        let marker = day2.first?.versionId ?? ""
        #expect(Self.listed(&store) == [marker, v1])
        // Day 3: v1 has been noncurrent a day and the marker is a day old: v1 goes, then the
        // marker, alone now, goes too.
        let day3 = store.runLifecycle(now: 3 * Self.day)
        #expect(day3.map(\.kind) == [.expireNoncurrentVersion, .removeExpiredDeleteMarker])
        #expect(day3.map(\.versionId) == [v1, marker])
        #expect(store.storedVersionCount == 0)
        #expect(store.runLifecycle(now: 20 * Self.day).isEmpty)
    }

    @Test func aMarkerWithVersionsBehindItStays() {
        var store = Self.store([LifecycleRule(id: "expire", expirationDays: 1)], versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), now: 0) }?.versionId ?? ""
        let marker = store.runLifecycle(now: Self.day).first?.versionId ?? ""
        #expect(store.runLifecycle(now: 30 * Self.day).isEmpty)
        #expect(Self.listed(&store) == [marker, v1])
    }

    @Test func aSuspendedBucketsNullMarkerGoesADayAfterExpirationMadeIt() {
        var store = Self.store([LifecycleRule(id: "expire", expirationDays: 1)], versioning: .enabled)
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .suspended) }
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("n"), now: 0) }
        // Day 1: the null marker replaces the null version; it is alone but not a day old yet.
        #expect(store.runLifecycle(now: Self.day).map(\.kind) == [.addDeleteMarker])
        #expect(Self.listed(&store) == ["null"])
        #expect(store.runLifecycle(now: 2 * Self.day - 1).isEmpty)
        #expect(store.runLifecycle(now: 2 * Self.day) == [
            LifecycleAction(bucket: "bucket", key: "k", kind: .removeExpiredDeleteMarker, versionId: "null", uploadId: nil, storageClass: nil),
        ])
        #expect(store.storedVersionCount == 0)
    }

    @Test func onlyRulesCoveringTheKeyCount() {
        var store = Self.store([LifecycleRule(id: "logs", prefix: "logs/", expirationDays: 1)], versioning: .enabled)
        let marker = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "data", now: 0) }?.versionId ?? ""
        #expect(store.runLifecycle(now: 10 * Self.day).isEmpty)
        #expect(Self.listed(&store) == [marker])
    }
}
