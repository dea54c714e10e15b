import Foundation
import Testing
@testable import Simulator

@Suite("Object store: operation log")
struct ObjectStoreOperationLogTests {
    static let scenario: [ObjectStoreOperation] = [
        .createBucket(bucket: "logs"),
        .createBucket(bucket: "logs"),
        .putBucketVersioning(bucket: "logs", state: .enabled),
        .getBucketVersioning(bucket: "logs"),
        .putObject(bucket: "logs", key: "a", body: s3Bytes("hello"), attributes: ObjectWriteAttributes(), preconditions: ObjectWritePreconditions()),
        .putObject(bucket: "logs", key: "a", body: s3Bytes("v2"), attributes: ObjectWriteAttributes(), preconditions: ObjectWritePreconditions(ifNoneMatch: "*")),
        .getObject(bucket: "logs", key: "a", options: ObjectReadOptions(range: "bytes=1-2")),
        .headObject(bucket: "logs", key: "a", options: ObjectReadOptions()),
        .deleteObject(bucket: "logs", key: "a", versionId: nil),
        .getObject(bucket: "logs", key: "a", options: ObjectReadOptions()),
        .listObjectsV2(bucket: "logs", request: ListObjectsV2Request()),
        .listObjectVersions(bucket: "logs", request: ListObjectVersionsRequest()),
        .createMultipartUpload(bucket: "logs", key: "mp", attributes: ObjectWriteAttributes()),
        .listMultipartUploads(bucket: "logs", request: ListMultipartUploadsRequest()),
        .deleteBucket(bucket: "logs"),
        .listBuckets,
        .runLifecycle,
    ]

    @Test func applyReportsStatusCodesAndIdsForEachOperation() {
        var store = ObjectStoreState()
        let results = Self.scenario.enumerated().map { index, operation in store.apply(operation, now: Int64(index)) }
        #expect(results.map(\.status) == [200, 409, 200, 200, 200, 412, 206, 200, 204, 404, 200, 200, 200, 200, 409, 200, 200])
        #expect(results[1].errorCode == "BucketAlreadyOwnedByYou")
        #expect(results[3].versioning == "Enabled")
        #expect(results[4].eTag == "\"5d41402abc4b2a76b9719d911017c592\"")  // hashlib.md5(b'hello')
        #expect(results[4].versionId?.utf8.count == 32)
        #expect(results[5].errorCode == "PreconditionFailed")
        #expect(results[6].contentRange == "bytes 1-2/5")
        #expect(results[6].contentLength == 2)
        #expect(results[6].bodyMD5 == "65c10911d8b8591219a21ebacf46da01")  // hashlib.md5(b'el')
        #expect(results[6].versionId == results[4].versionId)
        #expect(results[7].storageClass == "STANDARD")
        #expect(results[8].deleteMarker == true)
        #expect(results[9].errorCode == "NoSuchKey")
        #expect(results[9].deleteMarker == true)
        #expect(results[9].versionId == results[8].versionId)
        #expect(results[10].keys == [])
        #expect(results[11].versions?.map(\.versionId) == [results[8].versionId ?? "", results[4].versionId ?? ""])
        #expect(results[12].uploadId?.utf8.count == 32)
        #expect(results[13].uploadIds == [results[12].uploadId ?? ""])
        #expect(results[14].errorCode == "BucketNotEmpty")
        #expect(results[15].buckets == ["logs"])
        #expect(results[16].lifecycleActions == [])
    }

    @Test func failedOperationsInTheLogChangeNothing() {
        var store = ObjectStoreState()
        _ = store.apply(.createBucket(bucket: "b-1"), now: 0)
        let before = store
        let failures: [ObjectStoreOperation] = [
            .createBucket(bucket: "B"),
            .putObject(bucket: "b-1", key: String(repeating: "k", count: 1025), body: [], attributes: ObjectWriteAttributes(), preconditions: ObjectWritePreconditions()),
            .uploadPart(bucket: "b-1", key: "k", uploadId: "x", partNumber: 1, body: []),
            .completeMultipartUpload(bucket: "b-1", key: "k", uploadId: "x", parts: [], preconditions: ObjectWritePreconditions()),
            .abortMultipartUpload(bucket: "b-1", key: "k", uploadId: "x"),
            .listParts(bucket: "b-1", key: "k", uploadId: "x"),
            .copyObject(CopyObjectRequest(sourceBucket: "b-1", sourceKey: "a", destinationBucket: "b-1", destinationKey: "b")),
            .deleteObject(bucket: "b-1", key: "k", versionId: "bad"),
            .putBucketEncryption(bucket: "none", encryption: .aes256),
            .putBucketLifecycle(bucket: "b-1", configuration: LifecycleConfiguration(rules: [])),
            .deleteBucketLifecycle(bucket: "none"),
            .putBucketVersioning(bucket: "b-1", state: .unversioned),
        ]
        let results = failures.map { store.apply($0, now: 1) }
        #expect(results.map(\.errorCode) == [
            "InvalidBucketName", "KeyTooLongError", "NoSuchUpload", "NoSuchUpload", "NoSuchUpload", "NoSuchUpload",
            "NoSuchKey", "InvalidArgument", "NoSuchBucket", "MalformedXML", "NoSuchBucket", "IllegalVersioningConfigurationException",
        ])
        #expect(results.map(\.status) == [400, 400, 404, 404, 404, 404, 404, 400, 404, 400, 404, 400])
        #expect(store == before)
    }

    @Test func replayingAScenarioIsDeterministicAndResultsRoundTripThroughJSON() throws {
        func run() -> [ObjectStoreOperationResult] {
            var store = ObjectStoreState()
            return Self.scenario.enumerated().map { store.apply($1, now: Int64($0) * 1_000) }
        }
        let first = run()
        #expect(first == run())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let lines = try first.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        #expect(lines.allSatisfy { !$0.contains("\n") })
        #expect(lines[1] == #"{"errorCode":"BucketAlreadyOwnedByYou","status":409}"#)
        let decoded = try lines.map { try JSONDecoder().decode(ObjectStoreOperationResult.self, from: Data($0.utf8)) }
        #expect(decoded == first)
    }

    @Test func multipartAndCopyOperationsThroughApply() {
        var store = ObjectStoreState()
        _ = store.apply(.createBucket(bucket: "bkt"), now: 0)
        let uploadId = store.apply(.createMultipartUpload(bucket: "bkt", key: "mp", attributes: ObjectWriteAttributes()), now: 0).uploadId ?? ""
        let part = store.apply(.uploadPart(bucket: "bkt", key: "mp", uploadId: uploadId, partNumber: 1, body: s3Bytes("tiny")), now: 0)
        #expect(store.apply(.listParts(bucket: "bkt", key: "mp", uploadId: uploadId), now: 0).partNumbers == [1])
        let done = store.apply(.completeMultipartUpload(bucket: "bkt", key: "mp", uploadId: uploadId,
                                                        parts: [CompletedMultipartPart(partNumber: 1, eTag: part.eTag ?? "")],
                                                        preconditions: ObjectWritePreconditions()), now: 0)
        #expect(done.eTag == "\"591b9d182a82cad6b0329067fb42572b-1\"")
        let copy = store.apply(.copyObject(CopyObjectRequest(sourceBucket: "bkt", sourceKey: "mp", destinationBucket: "bkt", destinationKey: "c")), now: 1)
        #expect(copy.eTag == "\"\(ObjectETag.md5(of: s3Bytes("tiny")).unquoted)\"")
        let upload2 = store.apply(.createMultipartUpload(bucket: "bkt", key: "x", attributes: ObjectWriteAttributes()), now: 1).uploadId ?? ""
        #expect(store.apply(.abortMultipartUpload(bucket: "bkt", key: "x", uploadId: upload2), now: 1).status == 204)
        #expect(store.apply(.putBucketEncryption(bucket: "bkt", encryption: .aes256), now: 1).status == 200)
        let lifecycle = LifecycleConfiguration(rules: [LifecycleRule(id: "e", expirationDays: 1)])
        #expect(store.apply(.putBucketLifecycle(bucket: "bkt", configuration: lifecycle), now: 1).status == 200)
        #expect(store.apply(.runLifecycle, now: 2 * ObjectStoreFixture.day).lifecycleActions?.map(\.key) == ["c", "mp"])
        #expect(store.apply(.deleteBucketLifecycle(bucket: "bkt"), now: 1).status == 204)
        #expect(store.apply(.deleteBucket(bucket: "bkt"), now: 1).status == 204)
    }
}
