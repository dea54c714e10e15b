import Testing
@testable import Simulator

/// MD5 literals in this file were computed independently with Python's hashlib, e.g.
/// `python3 -c "import hashlib; print(hashlib.md5(b'hello').hexdigest())"`.
@Suite("Object store: put, get, head, delete")
struct ObjectStoreObjectTests {
    @Test func putReturnsQuotedMD5ETagAndNoVersionIdWhenUnversioned() {
        var store = ObjectStoreFixture.storeWithBucket()
        let put = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "greeting", body: s3Bytes("hello"), now: 7) }
        #expect(put?.eTag == "\"5d41402abc4b2a76b9719d911017c592\"")  // hashlib.md5(b'hello')
        #expect(put?.versionId == nil)
        #expect(put?.serverSideEncryption == nil)
        let get = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "greeting") }
        #expect(get?.body == s3Bytes("hello"))
        #expect(get?.head.status == 200)
        #expect(get?.head.eTag == "\"5d41402abc4b2a76b9719d911017c592\"")
        #expect(get?.head.contentLength == 5)
        #expect(get?.head.contentRange == nil)
        #expect(get?.head.versionId == nil)
        #expect(get?.head.contentType == "binary/octet-stream")
        #expect(get?.head.storageClass == .standard)
        #expect(get?.head.lastModified == 7)
    }

    @Test("ETags are the MD5 of the bytes", arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("hello world", "5eb63bbbe01eeed093cb22bb8f5acdc3"),
        ("0123456789", "781e5e245d69b566979b86e28d23f2c7"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
    ])
    func eTagIsMD5(body: String, md5: String) {
        var store = ObjectStoreFixture.storeWithBucket()
        let put = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes(body), now: 0) }
        #expect(put?.eTag == "\"\(md5)\"")
        #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "k") }?.eTag == "\"\(md5)\"")
    }

    @Test func readAfterWriteIsStronglyConsistent() {
        var store = ObjectStoreFixture.storeWithBucket()
        for round in 0..<20 {
            let body = s3Bytes("value \(round)")
            _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: body, now: Int64(round)) }
            #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k") }?.body == body)
            #expect(expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket") }?.contents.map(\.size) == [body.count])
        }
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 100) }
        expectS3Failure(&store, .noSuchKey) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket") }?.keyCount == 0)
    }

    @Test func missingKeyIsNoSuchKey404ForGetAndHead() {
        var store = ObjectStoreFixture.storeWithBucket()
        let get = expectS3Failure(&store, .noSuchKey) { try $0.getObject(bucket: "bucket", key: "absent") }
        #expect(get?.httpStatus == 404)
        #expect(get?.isDeleteMarker == false)
        expectS3Failure(&store, .noSuchKey) { try $0.headObject(bucket: "bucket", key: "absent") }
    }

    @Test func keysUpTo1024UTF8BytesAreAcceptedAndLongerOnesAreKeyTooLongError() {
        var store = ObjectStoreFixture.storeWithBucket()
        let ascii1024 = String(repeating: "a", count: 1024)
        let twoByte1024 = String(repeating: "\u{E9}", count: 512)  // "é" is 2 bytes of UTF-8
        for key in [ascii1024, twoByte1024] {
            _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: key, body: s3Bytes("x"), now: 0) }
            #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: key) }?.body == s3Bytes("x"))
        }
        for key in [ascii1024 + "a", twoByte1024 + "a", String(repeating: "\u{1F600}", count: 257)] {
            let error = expectS3Failure(&store, .keyTooLongError) {
                try $0.putObject(bucket: "bucket", key: key, body: s3Bytes("x"), now: 0)
            }
            #expect(error?.httpStatus == 400)
            expectS3Failure(&store, .keyTooLongError) { try $0.createMultipartUpload(bucket: "bucket", key: key, now: 0) }
        }
        expectS3Failure(&store, .invalidArgument) { try $0.putObject(bucket: "bucket", key: "", body: [], now: 0) }
    }

    @Test("keys are byte strings: canonically equivalent spellings are different keys")
    func keysAreNotUnicodeNormalized() {
        var store = ObjectStoreFixture.storeWithBucket()
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed)  // Swift String equality normalizes…
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: precomposed, body: s3Bytes("one"), now: 0) }
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: decomposed, body: s3Bytes("two"), now: 0) }
        // …S3 does not: two objects, ordered by bytes ("e" 0x65 < "é" 0xC3 0xA9).
        let keys = expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket") }?.contents.map(\.key)
        #expect(keys?.map { Array($0.utf8) } == [s3Bytes(decomposed), s3Bytes(precomposed)])
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: precomposed) }?.body == s3Bytes("one"))
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: decomposed) }?.body == s3Bytes("two"))
    }

    @Test func contentTypeMetadataAndStorageClassAreStored() {
        var store = ObjectStoreFixture.storeWithBucket()
        let attributes = ObjectWriteAttributes(contentType: "application/vnd.orrery+json",
                                               metadata: ["Color": "blue", "x-Trace": "7"], storageClass: .standardIA)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("{}"), attributes: attributes, now: 0) }
        let head = expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "k") }
        #expect(head?.contentType == "application/vnd.orrery+json")
        #expect(head?.metadata == ["color": "blue", "x-trace": "7"])  // S3 lowercases metadata names
        #expect(head?.storageClass == .standardIA)
        #expect(expectS3Success(&store) { try $0.listObjectsV2(bucket: "bucket") }?.contents.first?.storageClass == .standardIA)
    }

    @Test func metadataOver2KBIsMetadataTooLarge() {
        var store = ObjectStoreFixture.storeWithBucket()
        let fits = ["k": String(repeating: "v", count: 2047)]
        _ = expectS3Success(&store) {
            try $0.putObject(bucket: "bucket", key: "ok", body: [], attributes: ObjectWriteAttributes(metadata: fits), now: 0)
        }
        let tooBig = ["k": String(repeating: "v", count: 2048)]
        expectS3Failure(&store, .metadataTooLarge) {
            try $0.putObject(bucket: "bucket", key: "big", body: [], attributes: ObjectWriteAttributes(metadata: tooBig), now: 0)
        }
    }

    @Test func archivedClassesCannotBeReadButCanBeHeaded() {
        var store = ObjectStoreFixture.storeWithBucket()
        for storageClass in StorageClass.allCases {
            let key = storageClass.rawValue
            _ = expectS3Success(&store) {
                try $0.putObject(bucket: "bucket", key: key, body: s3Bytes("x"),
                                 attributes: ObjectWriteAttributes(storageClass: storageClass), now: 0)
            }
            #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: key) }?.storageClass == storageClass)
            if storageClass == .glacier || storageClass == .deepArchive {
                let error = expectS3Failure(&store, .invalidObjectState) { try $0.getObject(bucket: "bucket", key: key) }
                #expect(error?.httpStatus == 403)
            } else {
                #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: key) }?.body == s3Bytes("x"))
            }
        }
    }

    @Test func deleteInAnUnversionedBucketRemovesTheObjectAndReportsNothing() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("x"), now: 0) }
        let deleted = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 1) }
        #expect(deleted == DeleteObjectOutput(deleteMarker: false, versionId: nil))
        #expect(store.storedVersionCount == 0)
        // Deleting an absent key succeeds (204) and changes nothing.
        let before = store
        #expect(expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 2) } == deleted)
        #expect(store == before)
    }

    @Test func overwritingInAnUnversionedBucketKeepsOneVersion() {
        var store = ObjectStoreFixture.storeWithBucket()
        for body in ["v1", "v2", "v3"] {
            _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes(body), now: 0) }
        }
        #expect(store.storedVersionCount == 1)
        let versions = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(versions?.map(\.versionId) == ["null"])
        #expect(versions?.first?.eTag == "\"43a03299a3c3fed3d8ce7b820f3aca81\"")  // hashlib.md5(b'v3')
    }

    @Test func unversionedObjectsAnswerToVersionIdNull() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("hello"), now: 0) }
        let get = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: "null")) }
        #expect(get?.body == s3Bytes("hello"))
        #expect(get?.head.versionId == nil)
        let deleted = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: "null", now: 1) }
        #expect(deleted == DeleteObjectOutput(deleteMarker: false, versionId: nil))  // moto reports no id here
        #expect(store.storedVersionCount == 0)
    }
}
