import Testing
@testable import Simulator

@Suite("Object store: CopyObject")
struct ObjectStoreCopyTests {
    static func store() -> ObjectStoreState {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.createBucket("other", now: 0) }
        let attributes = ObjectWriteAttributes(contentType: "text/plain", metadata: ["origin": "src"], storageClass: .standardIA)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "src", body: s3Bytes("copy me"), attributes: attributes, now: 1) }
        return store
    }

    @Test func copyKeepsBytesContentTypeAndMetadataButNotStorageClass() {
        var store = Self.store()
        let copy = expectS3Success(&store) {
            try $0.copyObject(CopyObjectRequest(sourceBucket: "bucket", sourceKey: "src", destinationBucket: "other", destinationKey: "dst"), now: 5)
        }
        #expect(copy?.eTag == "\"56fe0b1409a5662d70cfedc4555d4771\"")  // hashlib.md5(b'copy me')
        #expect(copy?.versionId == nil)
        #expect(copy?.copySourceVersionId == nil)
        #expect(copy?.lastModified == 5)
        let get = expectS3Success(&store) { try $0.getObject(bucket: "other", key: "dst") }
        #expect(get?.body == s3Bytes("copy me"))
        #expect(get?.head.contentType == "text/plain")
        #expect(get?.head.metadata == ["origin": "src"])
        #expect(get?.head.storageClass == .standard)  // S3 does not carry the class over
        #expect(get?.head.lastModified == 5)
    }

    @Test func replaceDirectiveAndStorageClassApplyToTheCopy() {
        var store = Self.store()
        let request = CopyObjectRequest(sourceBucket: "bucket", sourceKey: "src", destinationBucket: "bucket", destinationKey: "dst",
                                        metadataDirective: .replace(contentType: nil, metadata: ["New": "1"]), storageClass: .oneZoneIA)
        _ = expectS3Success(&store) { try $0.copyObject(request, now: 2) }
        let head = expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "dst") }
        #expect(head?.contentType == "binary/octet-stream")
        #expect(head?.metadata == ["new": "1"])
        #expect(head?.storageClass == .oneZoneIA)
    }

    @Test("copying an object onto itself unchanged is InvalidRequest (message confirmed against moto)")
    func selfCopy() {
        var store = Self.store()
        let same = CopyObjectRequest(sourceBucket: "bucket", sourceKey: "src", destinationBucket: "bucket", destinationKey: "src")
        let error = expectS3Failure(&store, .invalidRequest) { try $0.copyObject(same, now: 2) }
        #expect(error?.httpStatus == 400)
        #expect(error?.message.hasPrefix("This copy request is illegal because it is trying to copy an object to itself") == true)
        var changed = same
        changed.metadataDirective = .replace(contentType: "text/csv", metadata: [:])
        _ = expectS3Success(&store) { try $0.copyObject(changed, now: 3) }
        #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "src") }?.contentType == "text/csv")
        var reclassed = same
        reclassed.storageClass = .glacierInstantRetrieval
        _ = expectS3Success(&store) { try $0.copyObject(reclassed, now: 4) }
    }

    @Test("naming the source version makes a self-copy legal, even the current one or null (S3 accepts any named version)")
    func selfCopyOfANamedVersion() {
        var store = Self.store()
        var null = CopyObjectRequest(sourceBucket: "bucket", sourceKey: "src", destinationBucket: "bucket", destinationKey: "src")
        null.sourceVersionId = "null"
        _ = expectS3Success(&store) { try $0.copyObject(null, now: 2) }
        var versioned = ObjectStoreFixture.storeWithBucket(versioning: .enabled)
        let current = expectS3Success(&versioned) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }?.versionId
        var named = CopyObjectRequest(sourceBucket: "bucket", sourceKey: "k", destinationBucket: "bucket", destinationKey: "k")
        named.sourceVersionId = current
        let copy = expectS3Success(&versioned) { try $0.copyObject(named, now: 2) }
        #expect(copy?.versionId != nil && copy?.versionId != current)
    }

    @Test func copyOfASpecificVersionAndRestoringAnOldVersionOntoItsOwnKey() {
        var store = ObjectStoreFixture.storeWithBucket(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }?.versionId
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v2"), now: 2) }
        let copy = expectS3Success(&store) {
            try $0.copyObject(CopyObjectRequest(sourceBucket: "bucket", sourceKey: "k", sourceVersionId: v1,
                                                destinationBucket: "bucket", destinationKey: "k"), now: 3)
        }
        #expect(copy?.copySourceVersionId == v1)
        #expect(copy?.eTag == "\"6654c734ccab8f440ff0825eb443dc7f\"")  // hashlib.md5(b'v1')
        #expect(copy?.versionId != nil && copy?.versionId != v1)
        let latest = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(latest?.body == s3Bytes("v1"))
        #expect(latest?.head.versionId == copy?.versionId)
        #expect(expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions.count == 3)
    }

    @Test func copyErrors() {
        var store = ObjectStoreFixture.storeWithBucket(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }?.versionId
        let marker = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 2) }?.versionId
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "cold", body: s3Bytes("x"), attributes: ObjectWriteAttributes(storageClass: .deepArchive), now: 3) }
        func request(_ key: String, _ versionId: String? = nil, to bucket: String = "bucket") -> CopyObjectRequest {
            CopyObjectRequest(sourceBucket: "bucket", sourceKey: key, sourceVersionId: versionId, destinationBucket: bucket, destinationKey: "dst")
        }
        expectS3Failure(&store, .noSuchKey) { try $0.copyObject(request("absent"), now: 4) }
        expectS3Failure(&store, .noSuchKey) { try $0.copyObject(request("k"), now: 4) }  // latest is a delete marker
        expectS3Failure(&store, .invalidRequest) { try $0.copyObject(request("k", marker), now: 4) }
        expectS3Failure(&store, .noSuchVersion) { try $0.copyObject(request("k", ObjectStoreIdentifiers.versionId(sequence: 4242)), now: 4) }
        expectS3Failure(&store, .invalidArgument) { try $0.copyObject(request("k", "bogus"), now: 4) }
        expectS3Failure(&store, .noSuchBucket) { try $0.copyObject(request("k", v1, to: "missing"), now: 4) }
        expectS3Failure(&store, .invalidObjectState) { try $0.copyObject(request("cold"), now: 4) }
        expectS3Failure(&store, .keyTooLongError) {
            try $0.copyObject(CopyObjectRequest(sourceBucket: "bucket", sourceKey: "k", sourceVersionId: v1, destinationBucket: "bucket",
                                                destinationKey: String(repeating: "k", count: 1025)), now: 4)
        }
        _ = expectS3Success(&store) { try $0.copyObject(request("k", v1), now: 5) }
    }

    @Test("a copy of a multipart object is single-part: its ETag is the MD5 of the bytes (confirmed against moto)")
    func copyOfMultipartObject() {
        var store = ObjectStoreFixture.storeWithBucket()
        let partOne = [UInt8](repeating: UInt8(ascii: "a"), count: ObjectStoreState.minimumPartSize)
        let uploadId = expectS3Success(&store) { try $0.createMultipartUpload(bucket: "bucket", key: "mp", now: 0) } ?? ""
        let e1 = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 1, body: partOne, now: 0) } ?? ""
        let e2 = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 2, body: s3Bytes("b"), now: 0) } ?? ""
        _ = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId,
                                           parts: [CompletedMultipartPart(partNumber: 1, eTag: e1), CompletedMultipartPart(partNumber: 2, eTag: e2)], now: 0)
        }
        let copy = expectS3Success(&store) {
            try $0.copyObject(CopyObjectRequest(sourceBucket: "bucket", sourceKey: "mp", destinationBucket: "bucket", destinationKey: "copy"), now: 1)
        }
        // hashlib.md5(b'a' * 5 MiB + b'b').hexdigest(); moto returned the same ETag for this copy.
        #expect(copy?.eTag == "\"ad8356a4d8256639d7a35e4c221289ea\"")
        // Plain segments are shared with the source, not duplicated.
        #expect(store.bytesAtRest(bucket: "bucket", key: "copy") == store.bytesAtRest(bucket: "bucket", key: "mp"))
        guard case .segments(let copied)? = store.buckets["bucket"]?.objects[S3ObjectKey("copy")]?.last?.body,
              case .plain(let first) = copied[0],
              case .segments(let source)? = store.buckets["bucket"]?.objects[S3ObjectKey("mp")]?.last?.body,
              case .plain(let sourceFirst) = source[0]
        else {
            Issue.record("expected segmented plain bodies")
            return
        }
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == sourceFirst.withUnsafeBufferPointer { $0.baseAddress })
    }
}
