import Testing
@testable import Simulator

/// A completed multipart upload makes an object as old as the upload: created (its Last-Modified,
/// what lifecycle counts from) when the upload started, and ordered among its key's versions by
/// that start. AWS's multipart overview ("Concurrent multipart upload operations"): in a
/// versioning-enabled bucket "the current version of the object is determined by which upload
/// started most recently (createdDate)", even when the earlier upload completes last.
@Suite("Object store: a multipart object is as old as its upload")
struct ObjectStoreMultipartAgeTests {
    typealias Fixture = ObjectStoreFixture
    static let hour = Fixture.hour
    static let day = Fixture.day

    /// Starts an upload of `key` at `now` and uploads `body` as its only part.
    static func start(_ store: inout ObjectStoreState, key: String = "k", _ body: String, now: Int64) -> (id: String, parts: [CompletedMultipartPart]) {
        let id = expectS3Success(&store) { try $0.createMultipartUpload(bucket: "bucket", key: key, now: now) } ?? ""
        let eTag = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: key, uploadId: id, partNumber: 1, body: s3Bytes(body), now: now) } ?? ""
        return (id, [CompletedMultipartPart(partNumber: 1, eTag: eTag)])
    }

    static func complete(_ store: inout ObjectStoreState, key: String = "k", _ upload: (id: String, parts: [CompletedMultipartPart]), now: Int64) -> CompleteMultipartUploadOutput? {
        expectS3Success(&store) { try $0.completeMultipartUpload(bucket: "bucket", key: key, uploadId: upload.id, parts: upload.parts, now: now) }
    }

    static func current(_ store: inout ObjectStoreState, key: String = "k") -> String? {
        expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: key) }.map { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test func theUploadStartedLastIsCurrentWhicheverCompletesLast() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        let first = Self.start(&store, "first-started", now: 0)
        let second = Self.start(&store, "second-started", now: Self.hour)
        let secondVersion = Self.complete(&store, second, now: 2 * Self.hour)?.versionId
        let firstVersion = Self.complete(&store, first, now: 3 * Self.hour)?.versionId
        #expect(firstVersion != nil && secondVersion != nil && firstVersion != secondVersion)
        #expect(Self.current(&store) == "second-started")
        let versions = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(versions?.map(\.versionId) == [secondVersion ?? "", firstVersion ?? ""])
        #expect(versions?.map(\.isLatest) == [true, false])
        #expect(versions?.map(\.lastModified) == [Self.hour, 0])
        let older = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: firstVersion)) }
        #expect(older.map { String(decoding: $0.body, as: UTF8.self) } == "first-started")
    }

    @Test func aWriteMadeWhileAnUploadRunsStaysCurrentInAVersionedBucket() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        let upload = Self.start(&store, "uploaded", now: 0)
        let put = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("put"), now: Self.hour) }?.versionId
        let completed = Self.complete(&store, upload, now: 2 * Self.hour)?.versionId
        #expect(Self.current(&store) == "put")
        let versions = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(versions?.map(\.versionId) == [put ?? "", completed ?? ""])
        // Started last, an upload completes on top of what was written before it began.
        let later = Self.start(&store, "started-after", now: 3 * Self.hour)
        _ = Self.complete(&store, later, now: 4 * Self.hour)
        #expect(Self.current(&store) == "started-after")
    }

    @Test func anUnversionedBucketKeepsTheWriteMadeAfterTheUploadStarted() {
        var store = Fixture.storeWithBucket()
        let upload = Self.start(&store, "uploaded", now: 0)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("put"), now: Self.hour) }
        #expect(Self.complete(&store, upload, now: 2 * Self.hour)?.versionId == nil)
        // One null version, the PUT's: S3 says a request made between an upload's start and its
        // completion "might take precedence", and orders uploads by their start; the completion,
        // older, is overwritten at once (it replaced the PUT, dated an hour before it, until s75).
        #expect(Self.current(&store) == "put")
        #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "k") }?.lastModified == Self.hour)
        #expect(store.storedVersionCount == 1)
    }

    @Test func expirationCountsFromTheUploadsStart() {
        var store = Fixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putBucketLifecycleConfiguration("bucket", LifecycleConfiguration(rules: [LifecycleRule(id: "expire", expirationDays: 1)])) }
        let upload = Self.start(&store, "uploaded", now: 0)
        _ = Self.complete(&store, upload, now: 30 * Self.hour)
        // Created at 0: due at the midnight a day later, though completed at 30 h (dated by its
        // completion it would be due at 72 h).
        let actions = store.runLifecycle(now: 2 * Self.day)
        #expect(actions.map(\.kind) == [.expireObject])
        #expect(store.storedVersionCount == 0)
    }

    @Test func aVersionIsNoncurrentFromItsSuccessorsCreation() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        _ = expectS3Success(&store) { try $0.putBucketLifecycleConfiguration("bucket", LifecycleConfiguration(rules: [LifecycleRule(id: "noncurrent", noncurrentVersionExpirationDays: 1)])) }
        let first = Self.start(&store, "first-started", now: 0)
        let second = Self.start(&store, "second-started", now: 23 * Self.hour)
        _ = Self.complete(&store, second, now: 24 * Self.hour)
        let firstVersion = Self.complete(&store, first, now: 40 * Self.hour)?.versionId
        // Superseded at 23 h by the version created then (not at its own completion, 40 h): due at
        // the midnight after 23 h + 1 day, 48 h.
        #expect(store.runLifecycle(now: 2 * Self.day - 1).isEmpty)
        let actions = store.runLifecycle(now: 2 * Self.day)
        #expect(actions.map(\.kind) == [.expireNoncurrentVersion])
        #expect(actions.map(\.versionId) == [firstVersion])
        #expect(Self.current(&store) == "second-started")
    }
}
