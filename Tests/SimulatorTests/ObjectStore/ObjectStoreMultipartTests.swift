import Testing
@testable import Simulator

/// Multipart ETags here were computed independently with Python's hashlib:
/// `hashlib.md5(b''.join(hashlib.md5(p).digest() for p in parts)).hexdigest() + '-N'`, and the
/// 2-part value was also returned by moto 5.2.1 for the same upload.
@Suite("Object store: multipart uploads")
struct ObjectStoreMultipartTests {
    static let fiveMiB = ObjectStoreState.minimumPartSize

    /// Creates an upload of "mp" and uploads `parts` as parts 1…n, returning the id and ETags.
    static func upload(_ store: inout ObjectStoreState, _ parts: [[UInt8]], key: String = "mp",
                       attributes: ObjectWriteAttributes = ObjectWriteAttributes()) -> (String, [String]) {
        let uploadId = expectS3Success(&store) { try $0.createMultipartUpload(bucket: "bucket", key: key, attributes: attributes, now: 0) } ?? ""
        let eTags = parts.enumerated().map { index, body in
            expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: key, uploadId: uploadId, partNumber: index + 1, body: body, now: 0) } ?? ""
        }
        return (uploadId, eTags)
    }

    static func completed(_ eTags: [String]) -> [CompletedMultipartPart] {
        eTags.enumerated().map { CompletedMultipartPart(partNumber: $0.offset + 1, eTag: $0.element) }
    }

    @Test func twoPartUploadOf5MiBPlusOneByte() {
        var store = ObjectStoreFixture.storeWithBucket()
        let first = [UInt8](repeating: UInt8(ascii: "a"), count: Self.fiveMiB)
        let second = s3Bytes("b")
        let (uploadId, eTags) = Self.upload(&store, [first, second])
        #expect(uploadId.utf8.count == 32)
        #expect(eTags == ["\"79b281060d337b9b2b84ccf390adcf74\"", "\"92eb5ffee6ae2fec3ad71c777531578f\""])  // part MD5s (hashlib, moto)
        let parts = expectS3Success(&store) { try $0.listParts(bucket: "bucket", key: "mp", uploadId: uploadId) }
        #expect(parts?.map(\.partNumber) == [1, 2])
        #expect(parts?.map(\.size) == [Self.fiveMiB, 1])
        #expect(expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket") }?.map(\.uploadId) == [uploadId])
        let done = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId, parts: Self.completed(eTags), now: 9)
        }
        #expect(done?.eTag == "\"e5a8c5272b26fc10581a21089559b006-2\"")
        #expect(done?.versionId == nil)
        let get = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "mp") }
        #expect(get?.body == first + second)
        #expect(get?.head.eTag == "\"e5a8c5272b26fc10581a21089559b006-2\"")
        #expect(get?.head.contentLength == Self.fiveMiB + 1)
        #expect(get?.head.lastModified == 0)  // dated by the upload's start, not its completion at 9
        #expect(expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket") }?.isEmpty == true)
        // The upload is gone once completed: its parts can no longer be listed (a retried completion
        // gets the first answer; see aRetriedCompletionGetsTheSameAnswerAsTheFirst).
        expectS3Failure(&store, .noSuchUpload) { try $0.listParts(bucket: "bucket", key: "mp", uploadId: uploadId) }
    }

    @Test func threePartUploadETag() {
        var store = ObjectStoreFixture.storeWithBucket(versioning: .enabled)
        let parts = [[UInt8](repeating: 1, count: Self.fiveMiB), [UInt8](repeating: 2, count: Self.fiveMiB), s3Bytes("end")]
        let (uploadId, eTags) = Self.upload(&store, parts)
        let done = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId, parts: Self.completed(eTags), now: 1)
        }
        #expect(done?.eTag == "\"8bc2ccbea7941aadfb1831e349e9f452-3\"")
        #expect(done?.versionId?.utf8.count == 32)
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "mp") }?.head.versionId == done?.versionId)
    }

    @Test func aSubsetOfPartsCanBeCompletedAndUnquotedETagsAreAccepted() {
        var store = ObjectStoreFixture.storeWithBucket()
        let (uploadId, eTags) = Self.upload(&store, [s3Bytes("ignored"), s3Bytes("tiny")])
        let unquoted = String(eTags[1].dropFirst().dropLast())
        let done = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId,
                                           parts: [CompletedMultipartPart(partNumber: 2, eTag: unquoted)], now: 1)
        }
        #expect(done?.eTag == "\"591b9d182a82cad6b0329067fb42572b-1\"")  // md5(md5(b'tiny')) + '-1'
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "mp") }?.body == s3Bytes("tiny"))
    }

    @Test("part numbers outside 1…10,000 are InvalidArgument (message confirmed against moto)", arguments: [0, -1, 10_001, Int.max])
    func partNumberRange(partNumber: Int) {
        var store = ObjectStoreFixture.storeWithBucket()
        let (uploadId, _) = Self.upload(&store, [])
        let error = expectS3Failure(&store, .invalidArgument) {
            try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: partNumber, body: s3Bytes("x"), now: 0)
        }
        #expect(error?.message == "Part number must be an integer between 1 and 10000, inclusive")
    }

    @Test func partNumbers1And10000AreValidAndReuploadingReplacesAPart() {
        var store = ObjectStoreFixture.storeWithBucket()
        let (uploadId, _) = Self.upload(&store, [])
        for number in [10_000, 1, 1] {
            _ = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: number, body: s3Bytes("\(number)"), now: 0) }
        }
        let replaced = expectS3Success(&store) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 1, body: s3Bytes("x"), now: 1) }
        #expect(replaced == "\"9dd4e461268c8034f5c8564e155c67a6\"")  // hashlib.md5(b'x')
        let parts = expectS3Success(&store) { try $0.listParts(bucket: "bucket", key: "mp", uploadId: uploadId) }
        #expect(parts?.map(\.partNumber) == [1, 10_000])
        #expect(parts?.first?.eTag == replaced)
        #expect(parts?.first?.lastModified == 1)
    }

    @Test func completionErrorsLeaveTheUploadAndStoreUnchanged() {
        var store = ObjectStoreFixture.storeWithBucket()
        let big = [UInt8](repeating: 7, count: Self.fiveMiB)
        let (uploadId, eTags) = Self.upload(&store, [big, big, s3Bytes("last")])
        func complete(_ parts: [CompletedMultipartPart]) -> (inout ObjectStoreState) throws -> CompleteMultipartUploadOutput {
            { try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId, parts: parts, now: 1) }
        }
        let p1 = CompletedMultipartPart(partNumber: 1, eTag: eTags[0])
        let p2 = CompletedMultipartPart(partNumber: 2, eTag: eTags[1])
        let p3 = CompletedMultipartPart(partNumber: 3, eTag: eTags[2])
        expectS3Failure(&store, .invalidPartOrder, complete([p2, p1, p3]))
        expectS3Failure(&store, .invalidPartOrder, complete([p1, p1, p3]))
        expectS3Failure(&store, .invalidPart, complete([p1, CompletedMultipartPart(partNumber: 2, eTag: "\"00\""), p3]))
        expectS3Failure(&store, .invalidPart, complete([p1, p2, CompletedMultipartPart(partNumber: 4, eTag: eTags[2])]))
        expectS3Failure(&store, .invalidPart, complete([p1, CompletedMultipartPart(partNumber: 2, eTag: eTags[2])]))
        expectS3Failure(&store, .malformedXML, complete([]))
        let p4 = CompletedMultipartPart(partNumber: 4, eTag: expectS3Success(&store) {
            try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 4, body: s3Bytes("more"), now: 0)
        } ?? "")
        // Part 3 is only 4 bytes and is no longer last.
        expectS3Failure(&store, .entityTooSmall, complete([p1, p2, p3, p4]))
        // Part validity is checked before sizes.
        expectS3Failure(&store, .invalidPart, complete([p1, p2, p3, CompletedMultipartPart(partNumber: 5, eTag: p4.eTag)]))
        _ = expectS3Success(&store, complete([p1, p2, p3]))
    }

    @Test func partsSmallerThan5MiBOnlyFailWhenNotLast() {
        var store = ObjectStoreFixture.storeWithBucket()
        let (uploadId, eTags) = Self.upload(&store, [s3Bytes("x"), s3Bytes("y")])
        let error = expectS3Failure(&store, .entityTooSmall) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId, parts: Self.completed(eTags), now: 1)
        }
        #expect(error?.httpStatus == 400)
        #expect(error?.message == "Your proposed upload is smaller than the minimum allowed object size.")
        let almost = [UInt8](repeating: 0, count: Self.fiveMiB - 1)
        let (second, secondTags) = Self.upload(&store, [almost, s3Bytes("y")], key: "mp2")
        expectS3Failure(&store, .entityTooSmall) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp2", uploadId: second, parts: Self.completed(secondTags), now: 1)
        }
    }

    @Test func aRetriedCompletionGetsTheSameAnswerAsTheFirst() throws {
        var store = ObjectStoreFixture.storeWithBucket()
        let (uploadId, eTags) = Self.upload(&store, [s3Bytes("x")])
        let first = try #require(expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId, parts: Self.completed(eTags), now: 1)
        })
        let retried = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId, parts: Self.completed(eTags), now: 2)
        }
        #expect(retried == first)
        #expect(store.storedVersionCount == 1)
        expectS3Failure(&store, .noSuchUpload) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "other", uploadId: uploadId, parts: Self.completed(eTags), now: 3)
        }
    }

    @Test func abortedUnknownAndMismatchedUploadsAreNoSuchUpload() {
        var store = ObjectStoreFixture.storeWithBucket()
        let (uploadId, eTags) = Self.upload(&store, [s3Bytes("x")])
        expectS3Failure(&store, .noSuchUpload) { try $0.listParts(bucket: "bucket", key: "other-key", uploadId: uploadId) }
        for unknown in ["nope", ObjectStoreIdentifiers.uploadId(sequence: 777), ObjectStoreIdentifiers.versionId(sequence: 2)] {
            expectS3Failure(&store, .noSuchUpload) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: unknown, partNumber: 1, body: [], now: 0) }
        }
        _ = expectS3Success(&store) { try $0.abortMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId) }
        let error = expectS3Failure(&store, .noSuchUpload) { try $0.abortMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId) }
        #expect(error?.httpStatus == 404)
        expectS3Failure(&store, .noSuchUpload) { try $0.uploadPart(bucket: "bucket", key: "mp", uploadId: uploadId, partNumber: 1, body: [], now: 0) }
        expectS3Failure(&store, .noSuchUpload) { try $0.listParts(bucket: "bucket", key: "mp", uploadId: uploadId) }
        expectS3Failure(&store, .noSuchUpload) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId, parts: Self.completed(eTags), now: 0)
        }
        #expect(store.storedVersionCount == 0)
    }

    @Test func listMultipartUploadsOrdersByKeyThenInitiation() {
        var store = ObjectStoreFixture.storeWithBucket()
        let b = Self.upload(&store, [], key: "b").0
        let a1 = Self.upload(&store, [], key: "a").0
        let a2 = Self.upload(&store, [], key: "a").0
        let other = Self.upload(&store, [], key: "z/1").0
        let all = expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket") }
        #expect(all?.map(\.uploadId) == [a1, a2, b, other])
        #expect(all?.map(\.key) == ["a", "a", "b", "z/1"])
        #expect(expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket", prefix: "z/") }?.map(\.uploadId) == [other])
    }

    /// S3 lists at most 1,000 uploads a page (`max-uploads`), and the page's last upload is the
    /// next page's markers: every upload is listed once, in order, over the pages.
    @Test func listMultipartUploadsPagesByMarkers() {
        var store = ObjectStoreFixture.storeWithBucket()
        var expected: [String] = []
        for index in 0..<1_250 { expected.append(Self.upload(&store, [], key: "k\(index % 400)").0) }
        let ordered = expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket", ListMultipartUploadsRequest(maxUploads: 5_000)) }
        #expect(ordered?.uploads.count == 1_000)
        #expect(ordered?.isTruncated == true)
        var listed: [MultipartUploadSummary] = []
        var request = ListMultipartUploadsRequest(maxUploads: 300)
        var pages = 0
        while pages < 10 {
            guard let page = expectS3Success(&store, { try $0.listMultipartUploads(bucket: "bucket", request) }) else { break }
            pages += 1
            listed += page.uploads
            guard page.isTruncated else {
                #expect(page.nextKeyMarker == nil && page.nextUploadIdMarker == nil)
                break
            }
            #expect(page.nextKeyMarker == page.uploads.last?.key && page.nextUploadIdMarker == page.uploads.last?.uploadId)
            request.keyMarker = page.nextKeyMarker
            request.uploadIdMarker = page.nextUploadIdMarker
        }
        #expect(pages == 5)
        #expect(listed.count == 1_250)
        #expect(Set(listed.map(\.uploadId)) == Set(expected))
        #expect(listed.map { [$0.key] } == listed.map { [$0.key] }.sorted { $0[0].utf8.lexicographicallyPrecedes($1[0].utf8) })
        #expect(Array(listed.prefix(1_000)) == ordered?.uploads)
        // A key marker alone starts after all of that key's uploads; an upload id marker alone is ignored.
        let afterKey = expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket", ListMultipartUploadsRequest(keyMarker: "k0")) }
        #expect(afterKey?.uploads.first?.key == "k1")
        let idAlone = expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket", ListMultipartUploadsRequest(uploadIdMarker: expected[5])) }
        #expect(idAlone?.uploads.first?.key == "k0")
        let empty = expectS3Success(&store) { try $0.listMultipartUploads(bucket: "bucket", ListMultipartUploadsRequest(maxUploads: 0)) }
        #expect(empty?.uploads.isEmpty == true && empty?.isTruncated == true)
        expectS3Failure(&store, .invalidArgument) { try $0.listMultipartUploads(bucket: "bucket", ListMultipartUploadsRequest(maxUploads: -1)) }
        expectS3Failure(&store, .invalidArgument) { try $0.listMultipartUploads(bucket: "bucket", ListMultipartUploadsRequest(keyMarker: "k0", uploadIdMarker: "nope")) }
    }

    @Test func completingMovesPartSegmentsWithoutCopyingThem() {
        var store = ObjectStoreFixture.storeWithBucket()
        let first = [UInt8](repeating: 3, count: Self.fiveMiB)
        let (uploadId, eTags) = Self.upload(&store, [first, s3Bytes("z")])
        let partAddress = store.buckets["bucket"]?.uploads.values.first?.parts[1].map { part -> UnsafeRawPointer? in
            guard case .plain(let bytes) = part.segment else { return nil }
            return bytes.withUnsafeBytes { $0.baseAddress }
        } ?? nil
        _ = expectS3Success(&store) {
            try $0.completeMultipartUpload(bucket: "bucket", key: "mp", uploadId: uploadId, parts: Self.completed(eTags), now: 1)
        }
        guard case .segments(let segments)? = store.buckets["bucket"]?.objects[S3ObjectKey("mp")]?.last?.body,
              case .plain(let stored) = segments[0]
        else {
            Issue.record("expected a segmented body")
            return
        }
        #expect(partAddress != nil)
        #expect(stored.withUnsafeBytes { $0.baseAddress } == partAddress)
    }
}
