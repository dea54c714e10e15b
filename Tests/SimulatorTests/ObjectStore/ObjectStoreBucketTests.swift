import Testing
@testable import Simulator

@Suite("Object store: buckets")
struct ObjectStoreBucketTests {
    @Test("valid bucket names are accepted", arguments: [
        "abc", "my-bucket", "my.bucket.example", "a1b", "123", "0ab", String(repeating: "a", count: 63),
        "a-b.c-d", "1.2.3", "xn-abc", "abc-s3alia", "a--b.c", "1-2.3-4",
    ])
    func validNames(name: String) {
        var store = ObjectStoreState()
        _ = expectS3Success(&store) { try $0.createBucket(name, now: 0) }
        #expect(store.listBuckets().map(\.name) == [name])
    }

    @Test("names breaking S3's rules are InvalidBucketName 400 and create nothing", arguments: [
        "", "ab", String(repeating: "a", count: 64), "Abc", "aBc", "a_b", "ab c", "-ab", "ab-", ".ab", "ab.",
        "a..b", "foo.-bar", "foo-.bar", "a.-.b", "a-.-b", "192.168.5.4", "10.0.0.1", "xn--abc", "sthree-abc", "amzn-s3-demo-bucket", "abc-s3alias",
        "abc--ol-s3", "abc.mrap", "abc--x-s3", "abc--table-s3", "caf\u{E9}", "abc/def",
    ])
    func invalidNames(name: String) {
        var store = ObjectStoreState()
        let error = expectS3Failure(&store, .invalidBucketName) { try $0.createBucket(name, now: 0) }
        #expect(error?.httpStatus == 400)
        #expect(store.listBuckets().isEmpty)
    }

    @Test func creatingAnExistingBucketIsBucketAlreadyOwnedByYou409() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), now: 5) }
        let error = expectS3Failure(&store, .bucketAlreadyOwnedByYou) { try $0.createBucket("bucket", now: 10) }
        #expect(error?.httpStatus == 409)
        #expect(store.listBuckets() == [S3BucketSummary(name: "bucket", creationTime: 0)])
    }

    @Test func listBucketsIsSortedByName() {
        var store = ObjectStoreState()
        for (index, name) in ["zeta", "alpha", "mid-1", "mid.0", "beta"].enumerated() {
            _ = expectS3Success(&store) { try $0.createBucket(name, now: Int64(index)) }
        }
        #expect(store.listBuckets().map(\.name) == ["alpha", "beta", "mid-1", "mid.0", "zeta"])
        #expect(store.listBuckets().first?.creationTime == 1)
    }

    @Test func deletingAMissingBucketIsNoSuchBucket404() {
        var store = ObjectStoreState()
        let error = expectS3Failure(&store, .noSuchBucket) { try $0.deleteBucket("missing") }
        #expect(error?.httpStatus == 404)
    }

    @Test func deletingABucketWithAnObjectIsBucketNotEmpty409() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), now: 1) }
        let error = expectS3Failure(&store, .bucketNotEmpty) { try $0.deleteBucket("bucket") }
        #expect(error?.httpStatus == 409)
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 2) }
        _ = expectS3Success(&store) { try $0.deleteBucket("bucket") }
        #expect(store.listBuckets().isEmpty)
    }

    @Test func aBucketHoldingOnlyDeleteMarkersAndNoncurrentVersionsIsNotEmpty() {
        var store = ObjectStoreFixture.storeWithBucket(versioning: .enabled)
        let put = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), now: 1) }
        let marker = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 2) }
        // The key is invisible to ListObjectsV2 but a version and a marker remain.
        #expect(expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket") }?.keyCount == 0)
        expectS3Failure(&store, .bucketNotEmpty) { try $0.deleteBucket("bucket") }
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: put?.versionId, now: 3) }
        // Only the delete marker is left: still not empty.
        expectS3Failure(&store, .bucketNotEmpty) { try $0.deleteBucket("bucket") }
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: marker?.versionId, now: 4) }
        _ = expectS3Success(&store) { try $0.deleteBucket("bucket") }
    }

    @Test("incomplete multipart uploads do not block DeleteBucket (confirmed against moto)")
    func uploadsDoNotBlockDeletion() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.createMultipartUpload(bucket: "bucket", key: "big", now: 1) }
        _ = expectS3Success(&store) { try $0.deleteBucket("bucket") }
        #expect(store.listBuckets().isEmpty)
    }

    @Test func everyBucketScopedOperationOnAMissingBucketIsNoSuchBucket() {
        var store = ObjectStoreState()
        expectS3Failure(&store, .noSuchBucket) { try $0.putObject(bucket: "nope", key: "k", body: [], now: 0) }
        expectS3Failure(&store, .noSuchBucket) { try $0.getObject(bucket: "nope", key: "k") }
        expectS3Failure(&store, .noSuchBucket) { try $0.headObject(bucket: "nope", key: "k") }
        expectS3Failure(&store, .noSuchBucket) { try $0.deleteObject(bucket: "nope", key: "k", now: 0) }
        expectS3Failure(&store, .noSuchBucket) { try $0.listObjectsV2(bucket: "nope") }
        expectS3Failure(&store, .noSuchBucket) { try $0.listObjectVersions(bucket: "nope") }
        expectS3Failure(&store, .noSuchBucket) { try $0.putBucketVersioning("nope", .enabled) }
        expectS3Failure(&store, .noSuchBucket) { try $0.bucketVersioning("nope") }
        expectS3Failure(&store, .noSuchBucket) { try $0.putBucketEncryption("nope", .aes256) }
        expectS3Failure(&store, .noSuchBucket) { try $0.createMultipartUpload(bucket: "nope", key: "k", now: 0) }
        expectS3Failure(&store, .noSuchBucket) { try $0.listMultipartUploads(bucket: "nope") }
        expectS3Failure(&store, .noSuchBucket) { try $0.bucketLifecycleConfiguration("nope") }
    }

    @Test func eachErrorCodeCarriesS3sHTTPStatus() {
        let expected: [S3ErrorCode: Int] = [
            .noSuchKey: 404, .noSuchBucket: 404, .noSuchVersion: 404, .noSuchUpload: 404,
            .noSuchLifecycleConfiguration: 404, .bucketNotEmpty: 409, .bucketAlreadyOwnedByYou: 409,
            .conditionalRequestConflict: 409, .preconditionFailed: 412, .notModified: 304, .invalidRange: 416,
            .entityTooSmall: 400, .entityTooLarge: 400, .invalidPart: 400, .invalidPartOrder: 400,
            .invalidArgument: 400, .invalidBucketName: 400, .keyTooLongError: 400, .invalidRequest: 400,
            .malformedXML: 400, .metadataTooLarge: 400, .illegalVersioningConfigurationException: 400,
            .invalidObjectState: 403, .methodNotAllowed: 405, .slowDown: 503, .internalError: 500,
            .serviceUnavailable: 503, .notImplemented: 501,
        ]
        #expect(Set(expected.keys) == Set(S3ErrorCode.allCases))
        for (code, status) in expected { #expect(code.httpStatus == status, "\(code.rawValue)") }
        #expect(S3ErrorCode.keyTooLongError.rawValue == "KeyTooLongError")
        #expect(S3ErrorCode.illegalVersioningConfigurationException.rawValue == "IllegalVersioningConfigurationException")
    }
}
