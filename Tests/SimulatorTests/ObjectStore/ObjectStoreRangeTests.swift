import Testing
@testable import Simulator

/// Range semantics of GetObject; every row was confirmed against moto 5.2.1's S3 mock
/// with the 5-byte object "hello".
@Suite("Object store: byte ranges")
struct ObjectStoreRangeTests {
    static let satisfiable: [(header: String, body: String, contentRange: String)] = [
        ("bytes=1-2", "el", "bytes 1-2/5"),
        ("bytes=0-0", "h", "bytes 0-0/5"),
        ("bytes=3-", "lo", "bytes 3-4/5"),
        ("bytes=0-", "hello", "bytes 0-4/5"),
        ("bytes=-2", "lo", "bytes 3-4/5"),
        ("bytes=-10", "hello", "bytes 0-4/5"),
        ("bytes=2-100", "llo", "bytes 2-4/5"),
        ("bytes=4-4", "o", "bytes 4-4/5"),
    ]

    @Test("satisfiable ranges are 206 with Content-Range", arguments: satisfiable)
    func partial(header: String, body: String, contentRange: String) {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("hello"), now: 0) }
        let get = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(range: header)) }
        #expect(get?.head.status == 206)
        #expect(get?.body == s3Bytes(body))
        #expect(get?.head.contentLength == body.utf8.count)
        #expect(get?.head.contentRange == contentRange)
        #expect(get?.head.objectSize == 5)
        let head = expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "k", options: ObjectReadOptions(range: header)) }
        #expect(head?.status == 206)
        #expect(head?.contentRange == contentRange)
    }

    @Test("ranges starting past the end, or empty suffixes, are InvalidRange 416",
          arguments: ["bytes=5-", "bytes=5-6", "bytes=99-", "bytes=-0", "bytes=99999999999999999999999-"])
    func unsatisfiable(header: String) {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("hello"), now: 0) }
        let error = expectS3Failure(&store, .invalidRange) {
            try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(range: header))
        }
        #expect(error?.httpStatus == 416)
    }

    @Test("unparsable or multi-range headers are ignored: 200 with the whole object",
          arguments: ["bytes=3-1", "bytes=abc", "bytes=0-1,3-4", "items=0-1", "bytes=", "bytes=-", "bytes=1-x", "bytes=--1"])
    func ignored(header: String) {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("hello"), now: 0) }
        let get = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(range: header)) }
        #expect(get?.head.status == 200)
        #expect(get?.body == s3Bytes("hello"))
        #expect(get?.head.contentRange == nil)
    }

    @Test func rangesOnAnEmptyObject() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "empty", body: [], now: 0) }
        expectS3Failure(&store, .invalidRange) {
            try $0.getObject(bucket: "bucket", key: "empty", options: ObjectReadOptions(range: "bytes=0-"))
        }
        let suffix = expectS3Success(&store) {
            try $0.getObject(bucket: "bucket", key: "empty", options: ObjectReadOptions(range: "bytes=-1"))
        }
        #expect(suffix?.head.status == 200)
        #expect(suffix?.body == [])
    }

    @Test func rangesSpanMultipartPartBoundaries() {
        var store = ObjectStoreFixture.storeWithBucket()
        let partSize = ObjectStoreState.minimumPartSize
        let first = [UInt8](repeating: 0xA1, count: partSize)
        let second = s3Bytes("tail!")
        guard let uploadId = expectS3Success(&store, { try $0.createMultipartUpload(bucket: "bucket", key: "mp", now: 0) }) else { return }
        let etag1 = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 1, body: first, now: 0) } ?? ""
        let etag2 = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 2, body: second, now: 0) } ?? ""
        _ = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId,
                                           parts: [CompletedMultipartPart(partNumber: 1, eTag: etag1), CompletedMultipartPart(partNumber: 2, eTag: etag2)], now: 0)
        }
        let range = "bytes=\(partSize - 2)-\(partSize + 1)"
        let get = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "mp", options: ObjectReadOptions(range: range)) }
        #expect(get?.body == [0xA1, 0xA1] + s3Bytes("ta"))
        #expect(get?.head.contentRange == "bytes \(partSize - 2)-\(partSize + 1)/\(partSize + 5)")
        let tail = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "mp", options: ObjectReadOptions(range: "bytes=-3")) }
        #expect(tail?.body == s3Bytes("il!"))
    }
}
