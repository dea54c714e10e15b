import Testing
@testable import Simulator

@Suite("Object store: lifecycle")
struct ObjectStoreLifecycleTests {
    typealias Fixture = ObjectStoreFixture
    static let day = Fixture.day
    /// 128 KiB: the smallest object S3 transitions by default.
    static let transitionable = [UInt8](repeating: 0x5A, count: 128 * 1024)

    static func store(_ rules: [LifecycleRule], versioning: VersioningState = .unversioned) -> ObjectStoreState {
        var store = Fixture.storeWithBucket(versioning: versioning)
        _ = expectS3Success(&store) { try $0.putBucketLifecycleConfiguration("bucket", LifecycleConfiguration(rules: rules)) }
        return store
    }

    @Test("due = creation + N days, rounded up to the next midnight UTC", arguments: [
        // (created at, days, due) in virtual time; virtual 0 is 2026-01-01T00:00:00Z.
        (23 * Fixture.hour + 59 * Fixture.minute, 1, 2 * Fixture.day),  // 23:59 day 0 + 1 day → 00:00 day 2
        (0, 1, Fixture.day),  // exactly midnight is already due at that midnight
        (1, 1, 2 * Fixture.day),  // one nanosecond later rounds up a whole day
        (Fixture.day - 1, 1, 2 * Fixture.day),
        (Fixture.day, 1, 2 * Fixture.day),
        (10 * Fixture.hour, 30, 31 * Fixture.day),
        (5 * Fixture.day + 12 * Fixture.hour, 0, 6 * Fixture.day),
    ])
    func dueTimes(created: Int64, days: Int, due: Int64) {
        #expect(ObjectStoreState().lifecycleDueTime(since: created, days: days) == due)
    }

    @Test func dueTimesFollowUTCMidnightsWhenTheEpochIsNotMidnight() {
        // Virtual 0 at 2026-01-01T01:00:00Z: an object created then with 1 day is due at
        // 2026-01-03T00:00:00Z, which is 47 virtual hours later.
        let store = ObjectStoreState(epochUnixSeconds: ObjectStoreState.defaultEpochUnixSeconds + 3600)
        #expect(store.lifecycleDueTime(since: 0, days: 1) == 47 * Fixture.hour)
        #expect(store.lifecycleDueTime(since: -Fixture.hour, days: 1) == 23 * Fixture.hour)
        #expect(store.lifecycleDueTime(since: 0, days: Int.max) == Int64.max - (ObjectStoreState.defaultEpochUnixSeconds + 3600) * 1_000_000_000)
    }

    @Test func expirationDeletesUnversionedObjectsExactlyAtTheDueMidnight() {
        var store = Self.store([LifecycleRule(id: "expire", expirationDays: 1)])
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), now: 23 * Fixture.hour + 59 * Fixture.minute) }
        #expect(store.runLifecycle(now: 2 * Self.day - 1).isEmpty)
        #expect(store.storedVersionCount == 1)
        let actions = store.runLifecycle(now: 2 * Self.day)
        #expect(actions == [LifecycleAction(bucket: "bucket", key: "k", kind: .expireObject, versionId: nil, uploadId: nil, storageClass: nil)])
        expectS3Failure(&store, .noSuchKey) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(store.runLifecycle(now: 3 * Self.day).isEmpty)
    }

    @Test func expirationInAVersionedBucketAddsADeleteMarker() {
        var store = Self.store([LifecycleRule(id: "expire", expirationDays: 2)], versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), now: 0) }?.versionId
        let actions = store.runLifecycle(now: 2 * Self.day)
        #expect(actions.count == 1)
        #expect(actions.first?.kind == .addDeleteMarker)
        let markerId = actions.first?.versionId
        #expect(markerId != nil && markerId != v1)
        let error = expectS3Failure(&store, .noSuchKey) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(error?.versionId == markerId)
        #expect(expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions.map(\.versionId) == [markerId ?? "", v1 ?? ""])
        // The current version is now a marker: nothing more to expire.
        #expect(store.runLifecycle(now: 10 * Self.day).isEmpty)
    }

    @Test func expirationInASuspendedBucketReplacesTheNullVersionWithANullMarker() {
        var store = Self.store([LifecycleRule(id: "expire", expirationDays: 1)], versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 0) }?.versionId ?? ""
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .suspended) }
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("s"), now: Self.day / 2) }
        let actions = store.runLifecycle(now: 2 * Self.day)
        #expect(actions.map(\.kind) == [.addDeleteMarker])
        #expect(actions.first?.versionId == "null")
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == ["null", v1])
        #expect(listed?.map(\.isDeleteMarker) == [true, false])
    }

    @Test func noncurrentVersionsExpireCountingFromWhenTheyBecameNoncurrent() {
        var store = Self.store([LifecycleRule(id: "noncurrent", noncurrentVersionExpirationDays: 2)], versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 0) }?.versionId
        // v1 becomes noncurrent at day 3, 10:00 → due at midnight starting day 6.
        let v2 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v2"), now: 3 * Self.day + 10 * Fixture.hour) }?.versionId
        #expect(store.runLifecycle(now: 6 * Self.day - 1).isEmpty)
        let actions = store.runLifecycle(now: 6 * Self.day)
        #expect(actions == [LifecycleAction(bucket: "bucket", key: "k", kind: .expireNoncurrentVersion, versionId: v1, uploadId: nil, storageClass: nil)])
        #expect(expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions.map(\.versionId) == [v2 ?? ""])
    }

    @Test func expiredObjectDeleteMarkersAreRemovedOnceAlone() {
        var store = Self.store([LifecycleRule(id: "cleanup", expiredObjectDeleteMarker: true, noncurrentVersionExpirationDays: 1)], versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 0) }?.versionId
        let marker = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: Fixture.hour) }?.versionId
        // Day 2: the noncurrent v1 expires first, leaving the marker alone, which is then removed.
        let actions = store.runLifecycle(now: 2 * Self.day)
        #expect(actions.map(\.kind) == [.expireNoncurrentVersion, .removeExpiredDeleteMarker])
        #expect(actions.map(\.versionId) == [v1, marker])
        #expect(store.storedVersionCount == 0)
        _ = expectS3Success(&store) { try $0.deleteBucket("bucket") }
    }

    @Test func transitionsMoveDownTheWaterfallAndSkipSmallObjects() {
        var store = Self.store([LifecycleRule(id: "tier", transitions: [
            LifecycleTransition(days: 30, storageClass: .standardIA), LifecycleTransition(days: 60, storageClass: .glacier),
        ])])
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "big", body: Self.transitionable, now: 0) }
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "small", body: [UInt8](repeating: 1, count: 128 * 1024 - 1), now: 0) }
        #expect(store.runLifecycle(now: 30 * Self.day - 1).isEmpty)
        #expect(store.runLifecycle(now: 30 * Self.day) == [
            LifecycleAction(bucket: "bucket", key: "big", kind: .transition, versionId: nil, uploadId: nil, storageClass: .standardIA),
        ])
        #expect(store.runLifecycle(now: 31 * Self.day).isEmpty)
        #expect(store.runLifecycle(now: 60 * Self.day).map(\.storageClass) == [.glacier])
        #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "big") }?.storageClass == .glacier)
        expectS3Failure(&store, .invalidObjectState) { try $0.getObject(bucket: "bucket", key: "big") }
        #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "small") }?.storageClass == .standard)
    }

    @Test func theColdestDueTransitionWinsAndExpirationBeatsTransition() {
        var store = Self.store([
            LifecycleRule(id: "tier", transitions: [LifecycleTransition(days: 30, storageClass: .standardIA),
                                                    LifecycleTransition(days: 60, storageClass: .deepArchive)]),
            LifecycleRule(id: "logs", prefix: "logs/", transitions: [LifecycleTransition(days: 1, storageClass: .glacier)], expirationDays: 90),
        ])
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "data", body: Self.transitionable, now: 0) }
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "logs/a", body: Self.transitionable, now: 0) }
        let late = store.runLifecycle(now: 100 * Self.day)
        #expect(late.map(\.key) == ["data", "logs/a"])
        #expect(late.map(\.kind) == [.transition, .expireObject])
        #expect(late.first?.storageClass == .deepArchive)
    }

    @Test func prefixFiltersAndDisabledRules() {
        var store = Self.store([
            LifecycleRule(id: "logs", prefix: "logs/", expirationDays: 1),
            LifecycleRule(id: "off", isEnabled: false, expirationDays: 1),
        ])
        for key in ["logs/1", "logs/2", "logsX", "data"] {
            _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: key, body: s3Bytes("x"), now: 0) }
        }
        #expect(store.runLifecycle(now: 5 * Self.day).map(\.key) == ["logs/1", "logs/2"])
        #expect(expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket") }?.contents.map(\.key) == ["data", "logsX"])
    }

    @Test func incompleteMultipartUploadsAreAbortedAfterTheirDays() {
        var store = Self.store([LifecycleRule(id: "abort", prefix: "up/", abortIncompleteMultipartUploadDays: 7)])
        let old = expectS3Success(&store) { try $0.createMultipartUpload(bucket: "bucket", key: "up/old", now: Fixture.hour) } ?? ""
        let young = expectS3Success(&store) { try $0.createMultipartUpload(bucket: "bucket", key: "up/young", now: 3 * Self.day) } ?? ""
        let elsewhere = expectS3Success(&store) { try $0.createMultipartUpload(bucket: "bucket", key: "other", now: 0) } ?? ""
        #expect(store.runLifecycle(now: 8 * Self.day - 1).isEmpty)
        #expect(store.runLifecycle(now: 8 * Self.day) == [
            LifecycleAction(bucket: "bucket", key: "up/old", kind: .abortIncompleteMultipartUpload, versionId: nil, uploadId: old, storageClass: nil),
        ])
        expectS3Failure(&store, .noSuchUpload) { try $0.listParts(bucket: "bucket", key: "up/old", uploadId: old) }
        #expect(expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket") }?.map(\.uploadId) == [elsewhere, young])
    }

    @Test func actionsAreOrderedByBucketThenKey() {
        var store = ObjectStoreState()
        for bucket in ["zulu", "alpha"] {
            _ = expectS3Success(&store) { try $0.createBucket(bucket, now: 0) }
            _ = expectS3Success(&store) { try $0.putBucketLifecycleConfiguration(bucket, LifecycleConfiguration(rules: [LifecycleRule(id: "x", expirationDays: 1)])) }
            for key in ["b", "a", "c"] {
                _ = expectS3Success(&store) { try $0.putObject(bucket: bucket, key: key, body: [], now: 0) }
            }
        }
        let actions = store.runLifecycle(now: Self.day)
        #expect(actions.map { "\($0.bucket)/\($0.key)" } == ["alpha/a", "alpha/b", "alpha/c", "zulu/a", "zulu/b", "zulu/c"])
    }

    @Test func configurationsS3RejectsChangeNothing() {
        var store = Self.store([LifecycleRule(id: "keep", expirationDays: 5)])
        func put(_ rules: [LifecycleRule]) -> (inout ObjectStoreState) throws -> Void {
            { try $0.putBucketLifecycleConfiguration("bucket", LifecycleConfiguration(rules: rules)) }
        }
        expectS3Failure(&store, .malformedXML, put([]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", expirationDays: 1), LifecycleRule(id: "a", expirationDays: 2)]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", expirationDays: 0)]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", noncurrentVersionExpirationDays: -1)]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", abortIncompleteMultipartUploadDays: 0)]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", transitions: [LifecycleTransition(days: 29, storageClass: .standardIA)])]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", transitions: [LifecycleTransition(days: 40, storageClass: .standard)])]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", transitions: [
            LifecycleTransition(days: 40, storageClass: .glacier), LifecycleTransition(days: 50, storageClass: .glacier),
        ])]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", transitions: [LifecycleTransition(days: 40, storageClass: .glacier)], expirationDays: 40)]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: "a", expirationDays: 3, expiredObjectDeleteMarker: true)]))
        expectS3Failure(&store, .invalidArgument, put([LifecycleRule(id: String(repeating: "i", count: 256), expirationDays: 1)]))
        expectS3Failure(&store, .invalidRequest, put([LifecycleRule(id: "a")]))
        expectS3Failure(&store, .invalidArgument, put((0...1000).map { LifecycleRule(id: "r\($0)", expirationDays: 1) }))
        expectS3Failure(&store, .noSuchBucket) { try $0.putBucketLifecycleConfiguration("nope", LifecycleConfiguration(rules: [])) }
        _ = expectS3Success(&store, put([LifecycleRule(id: "a", transitions: [LifecycleTransition(days: 0, storageClass: .glacier)])]))
    }

    @Test func getAndDeleteLifecycleConfiguration() {
        var store = Fixture.storeWithBucket()
        let missing = expectS3Failure(&store, .noSuchLifecycleConfiguration) { try $0.bucketLifecycleConfiguration("bucket") }
        #expect(missing?.httpStatus == 404)
        let configuration = LifecycleConfiguration(rules: [LifecycleRule(id: "r", prefix: "p/", expirationDays: 3)])
        _ = expectS3Success(&store) { try $0.putBucketLifecycleConfiguration("bucket", configuration) }
        #expect(expectS3Success(&store) { try $0.bucketLifecycleConfiguration("bucket") } == configuration)
        _ = expectS3Success(&store) { try $0.deleteBucketLifecycle("bucket") }
        _ = expectS3Success(&store) { try $0.deleteBucketLifecycle("bucket") }
        expectS3Failure(&store, .noSuchLifecycleConfiguration) { try $0.bucketLifecycleConfiguration("bucket") }
    }
}
