import Testing
@testable import Simulator

@Suite("Object store: conditional requests")
struct ObjectStoreConditionalTests {
    static let helloETag = "\"5d41402abc4b2a76b9719d911017c592\""  // hashlib.md5(b'hello')

    static func store() -> ObjectStoreState {
        var store = ObjectStoreFixture.storeWithBucket(versioning: .enabled)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("hello"), now: 0) }
        return store
    }

    @Test("If-None-Match: * writes only when there is no current object (412 confirmed against moto)")
    func ifNoneMatchStar() {
        var store = Self.store()
        let star = ObjectWritePreconditions(ifNoneMatch: "*")
        let error = expectS3Failure(&store, .preconditionFailed) {
            try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("again"), preconditions: star, now: 1)
        }
        #expect(error?.httpStatus == 412)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "new", body: s3Bytes("1"), preconditions: star, now: 1) }
        // A key whose latest version is a delete marker has no current object.
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 2) }
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("back"), preconditions: star, now: 3) }
        expectS3Failure(&store, .notImplemented) {
            try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), preconditions: ObjectWritePreconditions(ifNoneMatch: Self.helloETag), now: 4)
        }
    }

    @Test("If-Match on PUT: 412 on a different ETag, 404 NoSuchKey without an object (both confirmed against moto)")
    func ifMatchOnPut() {
        var store = Self.store()
        expectS3Failure(&store, .preconditionFailed) {
            try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), preconditions: ObjectWritePreconditions(ifMatch: "\"abc\""), now: 1)
        }
        let missing = expectS3Failure(&store, .noSuchKey) {
            try $0.putObject(bucket: "bucket", key: "zz", body: s3Bytes("x"), preconditions: ObjectWritePreconditions(ifMatch: Self.helloETag), now: 1)
        }
        #expect(missing?.httpStatus == 404)
        for tag in [Self.helloETag, "5d41402abc4b2a76b9719d911017c592"] {
            _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("hello"), preconditions: ObjectWritePreconditions(ifMatch: tag), now: 2) }
        }
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 3) }
        expectS3Failure(&store, .noSuchKey) {
            try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), preconditions: ObjectWritePreconditions(ifMatch: Self.helloETag), now: 4)
        }
    }

    @Test func readConditions() {
        var store = Self.store()
        func get(_ options: ObjectReadOptions) -> (inout ObjectStoreState) throws -> GetObjectOutput {
            { try $0.getObject(bucket: "bucket", key: "k", options: options) }
        }
        func head(_ options: ObjectReadOptions) -> (inout ObjectStoreState) throws -> ObjectHead {
            { try $0.headObject(bucket: "bucket", key: "k", options: options) }
        }
        let precondition = expectS3Failure(&store, .preconditionFailed, get(ObjectReadOptions(ifMatch: "\"abc\"")))
        #expect(precondition?.httpStatus == 412)
        expectS3Failure(&store, .preconditionFailed, head(ObjectReadOptions(ifMatch: "\"abc\"")))
        let notModified = expectS3Failure(&store, .notModified, get(ObjectReadOptions(ifNoneMatch: Self.helloETag)))
        #expect(notModified?.httpStatus == 304)
        expectS3Failure(&store, .notModified, head(ObjectReadOptions(ifNoneMatch: Self.helloETag)))
        expectS3Failure(&store, .notModified, get(ObjectReadOptions(ifNoneMatch: "\"other\", \(Self.helloETag)")))
        expectS3Failure(&store, .notModified, get(ObjectReadOptions(ifNoneMatch: "W/\(Self.helloETag)")))
        // RFC 9110: "*" matches any current representation (moto compares it literally instead).
        expectS3Failure(&store, .notModified, get(ObjectReadOptions(ifNoneMatch: "*")))
        // A failed If-Match wins over If-None-Match.
        expectS3Failure(&store, .preconditionFailed, get(ObjectReadOptions(ifMatch: "\"abc\"", ifNoneMatch: Self.helloETag)))
        #expect(expectS3Success(&store, get(ObjectReadOptions(ifMatch: Self.helloETag)))?.body == s3Bytes("hello"))
        #expect(expectS3Success(&store, get(ObjectReadOptions(ifMatch: "*")))?.body == s3Bytes("hello"))
        #expect(expectS3Success(&store, get(ObjectReadOptions(ifMatch: "\"x\",\(Self.helloETag)")))?.body == s3Bytes("hello"))
        #expect(expectS3Success(&store, get(ObjectReadOptions(ifNoneMatch: "\"abc\"")))?.head.status == 200)
        // Missing objects are 404 whatever the conditions say.
        expectS3Failure(&store, .noSuchKey) { try $0.getObject(bucket: "bucket", key: "absent", options: ObjectReadOptions(ifMatch: "*")) }
    }

    @Test func completeMultipartUploadHonoursWritePreconditions() {
        var store = Self.store()
        let uploadId = expectS3Success(&store) { try $0.createMultipartUpload(bucket: "bucket", key: "k", now: 1) } ?? ""
        let eTag = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "k", uploadId: uploadId, partNumber: 1, body: s3Bytes("p"), now: 1) } ?? ""
        let parts = [CompletedMultipartPart(partNumber: 1, eTag: eTag)]
        expectS3Failure(&store, .preconditionFailed) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "k", uploadId: uploadId, parts: parts,
                                           preconditions: ObjectWritePreconditions(ifNoneMatch: "*"), now: 2)
        }
        #expect(expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket") }?.count == 1)
        _ = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "k", uploadId: uploadId, parts: parts,
                                           preconditions: ObjectWritePreconditions(ifMatch: Self.helloETag), now: 2)
        }
    }
}
