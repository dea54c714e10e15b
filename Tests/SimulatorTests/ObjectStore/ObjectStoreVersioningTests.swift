import Testing
@testable import Simulator

@Suite("Object store: versioning")
struct ObjectStoreVersioningTests {
    typealias Fixture = ObjectStoreFixture

    @Test func newBucketsAreUnversionedAndCanNeverReturnToUnversioned() {
        var store = Fixture.storeWithBucket()
        #expect(expectS3Success(&store) { try $0.bucketVersioning("bucket") } == .unversioned)
        let error = expectS3Failure(&store, .illegalVersioningConfigurationException) { try $0.putBucketVersioning("bucket", .unversioned) }
        #expect(error?.httpStatus == 400)
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .enabled) }
        expectS3Failure(&store, .illegalVersioningConfigurationException) { try $0.putBucketVersioning("bucket", .unversioned) }
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .suspended) }
        expectS3Failure(&store, .illegalVersioningConfigurationException) { try $0.putBucketVersioning("bucket", .unversioned) }
        #expect(expectS3Success(&store) { try $0.bucketVersioning("bucket") } == .suspended)
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .enabled) }
        #expect(expectS3Success(&store) { try $0.bucketVersioning("bucket") } == .enabled)
    }

    @Test func everyPutCreatesANewVersionWithAFresh32CharacterId() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }
        let v2 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v2"), now: 2) }
        guard let id1 = v1?.versionId, let id2 = v2?.versionId else {
            Issue.record("versioned puts must return version ids")
            return
        }
        #expect(id1 != id2)
        for id in [id1, id2] {
            #expect(id.utf8.count == 32)
            #expect(id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) })
        }
        #expect(v1?.eTag == "\"6654c734ccab8f440ff0825eb443dc7f\"")  // hashlib.md5(b'v1')
        #expect(v2?.eTag == "\"1b267619c4812cc46ee281747884ca50\"")  // hashlib.md5(b'v2')
        let latest = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(latest?.body == s3Bytes("v2"))
        #expect(latest?.head.versionId == id2)
        let old = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: id1)) }
        #expect(old?.body == s3Bytes("v1"))
        #expect(old?.head.versionId == id1)
        #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: id1)) }?.eTag
                == "\"6654c734ccab8f440ff0825eb443dc7f\"")
    }

    @Test("the null version written before versioning was enabled is kept (confirmed against moto)")
    func preexistingNullVersionSurvivesEnabling() {
        var store = Fixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "a", body: s3Bytes("v0"), now: 0) }
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .enabled) }
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "a", body: s3Bytes("v1"), now: 1) }?.versionId
        let v2 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "a", body: s3Bytes("v2"), now: 2) }?.versionId
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == [v2 ?? "", v1 ?? "", "null"])
        #expect(listed?.map(\.isLatest) == [true, false, false])
        let null = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "a", options: ObjectReadOptions(versionId: "null")) }
        #expect(null?.body == s3Bytes("v0"))
        #expect(null?.head.versionId == "null")
    }

    @Test func deleteWithoutVersionIdAddsADeleteMarkerThatHidesTheKey() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }?.versionId
        let deleted = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 2) }
        #expect(deleted?.deleteMarker == true)
        guard let markerId = deleted?.versionId else {
            Issue.record("a delete marker must have a version id")
            return
        }
        #expect(markerId != v1)
        let get = expectS3Failure(&store, .noSuchKey) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(get?.isDeleteMarker == true)
        #expect(get?.versionId == markerId)
        let head = expectS3Failure(&store, .noSuchKey) { try $0.headObject(bucket: "bucket", key: "k") }
        #expect(head?.isDeleteMarker == true)
        // Reading the marker itself by id is 405 MethodNotAllowed, as S3 documents.
        let byId = expectS3Failure(&store, .methodNotAllowed) {
            try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: markerId))
        }
        #expect(byId?.httpStatus == 405)
        #expect(byId?.isDeleteMarker == true)
        expectS3Failure(&store, .methodNotAllowed) { try $0.headObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: markerId)) }
        // The old version is still readable by id.
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: v1)) }?.body == s3Bytes("v1"))
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.isDeleteMarker) == [true, false])
        #expect(listed?.first?.eTag == nil)
        #expect(listed?.first?.storageClass == nil)
    }

    @Test func deletingTheDeleteMarkerUndeletes() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }?.versionId
        let marker = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 2) }?.versionId
        let removed = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: marker, now: 3) }
        #expect(removed == DeleteObjectOutput(deleteMarker: true, versionId: marker))
        let get = expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(get?.body == s3Bytes("v1"))
        #expect(get?.head.versionId == v1)
    }

    @Test func deletingASpecificVersionIsPermanentAndPromotesThePreviousOne() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }?.versionId
        let v2 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v2"), now: 2) }?.versionId
        let removed = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: v2, now: 3) }
        #expect(removed == DeleteObjectOutput(deleteMarker: false, versionId: v2))
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k") }?.head.versionId == v1)
        expectS3Failure(&store, .noSuchVersion) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: v2)) }
        #expect(store.buckets["bucket"]?.objects[S3ObjectKey("k")]?.last?.becameNoncurrentAt == nil)
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: v1, now: 4) }
        #expect(store.storedVersionCount == 0)
        #expect(store.buckets["bucket"]?.keyIndex.count == 0)
    }

    @Test("a well-formed unknown version id is NoSuchVersion 404 (confirmed against moto); a malformed one is InvalidArgument 400")
    func unknownVersionIds() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }
        let wellFormed = ObjectStoreIdentifiers.versionId(sequence: 999_999)
        let missing = expectS3Failure(&store, .noSuchVersion) {
            try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: wellFormed))
        }
        #expect(missing?.httpStatus == 404)
        expectS3Failure(&store, .noSuchVersion) { try $0.headObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: wellFormed)) }
        expectS3Failure(&store, .noSuchVersion) { try $0.getObject(bucket: "bucket", key: "other", options: ObjectReadOptions(versionId: "null")) }
        for malformed in ["bogus", "", "NULL", String(repeating: "A", count: 32), String(repeating: "0", count: 32), wellFormed.uppercased()] {
            let error = expectS3Failure(&store, .invalidArgument) {
                try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: malformed))
            }
            #expect(error?.message == "Invalid version id specified")
            expectS3Failure(&store, .invalidArgument) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: malformed, now: 2) }
            expectS3Failure(&store, .invalidArgument) { try $0.headObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: malformed)) }
        }
        // Deleting a well-formed id that names nothing is a 204 no-op that echoes the id (moto agrees).
        let before = store
        let deleted = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", versionId: wellFormed, now: 3) }
        #expect(deleted == DeleteObjectOutput(deleteMarker: false, versionId: wellFormed))
        #expect(store == before)
    }

    @Test func deletingAnAbsentKeyInAnEnabledBucketStillCreatesADeleteMarker() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        let deleted = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "never", now: 1) }
        #expect(deleted?.deleteMarker == true)
        #expect(expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions.map(\.key) == ["never"])
        // A second delete stacks a second marker, as S3 does.
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "never", now: 2) }
        #expect(store.storedVersionCount == 2)
    }

    @Test func listObjectVersionsOrdersByKeyThenNewestFirst() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        var ids: [String: [String]] = [:]
        for (key, body) in [("b", "1"), ("a", "1"), ("b", "2"), ("a/x", "1"), ("c", "1")] {
            let id = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: key, body: s3Bytes(body), now: 0) }?.versionId ?? ""
            ids[key, default: []].append(id)
        }
        let marker = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "c", now: 1) }?.versionId ?? ""
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }
        #expect(listed?.versions.map(\.key) == ["a", "a/x", "b", "b", "c", "c"])
        #expect(listed?.versions.map(\.versionId) == [ids["a"]![0], ids["a/x"]![0], ids["b"]![1], ids["b"]![0], marker, ids["c"]![0]])
        #expect(listed?.versions.map(\.isLatest) == [true, true, true, false, true, false])
        #expect(listed?.versions.map(\.isDeleteMarker) == [false, false, false, false, true, false])
        #expect(listed?.isTruncated == false)
        let delimited = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket", ListObjectVersionsRequest(delimiter: "/")) }
        #expect(delimited?.commonPrefixes == ["a/"])
        #expect(delimited?.versions.map(\.key) == ["a", "b", "b", "c", "c"])
        let prefixed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket", ListObjectVersionsRequest(prefix: "b")) }
        #expect(prefixed?.versions.count == 2)
    }

    @Test func listObjectVersionsPaginatesEveryVersionExactlyOnce() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        var expected: [String] = []
        for key in ["k1", "k2", "k3", "k4"] {
            var keyIds: [String] = []
            for round in 0..<5 {
                let id = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: key, body: s3Bytes("\(round)"), now: 0) }?.versionId ?? ""
                keyIds.append(id)
            }
            if key == "k2" { keyIds.append(expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: key, now: 0) }?.versionId ?? "") }
            expected += keyIds.reversed().map { "\(key)@\($0)" }
        }
        for pageSize in [1, 2, 3, 7, 21, 1000] {
            var seen: [String] = []
            var request = ListObjectVersionsRequest(maxKeys: pageSize)
            var pages = 0
            while pages < 100 {
                pages += 1
                guard let page = expectS3Success(&store, { try $0.listObjectVersions(bucket: "bucket", request) }) else { return }
                #expect(page.versions.count <= pageSize)
                seen += page.versions.map { "\($0.key)@\($0.versionId)" }
                guard page.isTruncated else { break }
                request.keyMarker = page.nextKeyMarker
                request.versionIdMarker = page.nextVersionIdMarker
            }
            #expect(seen == expected, "page size \(pageSize)")
        }
    }

    @Test func versionIdMarkerRequiresAKeyMarkerAndMustBeWellFormed() {
        var store = Fixture.storeWithBucket(versioning: .enabled)
        expectS3Failure(&store, .invalidArgument) {
            try $0.listObjectVersions(bucket: "bucket", ListObjectVersionsRequest(versionIdMarker: "null"))
        }
        expectS3Failure(&store, .invalidArgument) {
            try $0.listObjectVersions(bucket: "bucket", ListObjectVersionsRequest(keyMarker: "k", versionIdMarker: "bogus"))
        }
        expectS3Failure(&store, .invalidArgument) { try $0.listObjectVersions(bucket: "bucket", ListObjectVersionsRequest(maxKeys: -1)) }
    }

    @Test func versionIdsAreDeterministicAcrossRuns() {
        func run() -> [String?] {
            var store = Fixture.storeWithBucket(versioning: .enabled)
            return (0..<5).map { round in
                expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k\(round % 2)", body: s3Bytes("\(round)"), now: Int64(round)) }?.versionId
            }
        }
        let first = run()
        #expect(first == run())
        #expect(Set(first.compactMap { $0 }).count == 5)
    }
}
