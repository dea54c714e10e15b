import Testing
@testable import Simulator

/// Suspended versioning, following the AWS guide "Working with objects in a versioning-suspended
/// bucket" (moto 5.2.1 is not a usable oracle here: it discards all versions on a suspended put).
@Suite("Object store: suspended versioning")
struct ObjectStoreSuspendedVersioningTests {
    /// An enabled bucket holding v1 and v2 of "k", then suspended.
    static func suspendedStore() -> (ObjectStoreState, v1: String, v2: String) {
        var store = ObjectStoreFixture.storeWithBucket(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }?.versionId ?? ""
        let v2 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v2"), now: 2) }?.versionId ?? ""
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .suspended) }
        return (store, v1, v2)
    }

    @Test func putCreatesTheNullVersionAndKeepsOlderVersions() {
        var (store, v1, v2) = Self.suspendedStore()
        let put = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("s1"), now: 3) }
        #expect(put?.versionId == "null")
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == ["null", v2, v1])
        #expect(listed?.map(\.isLatest) == [true, false, false])
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k") }?.head.versionId == "null")
    }

    @Test func aSecondPutReplacesTheNullVersionOnly() {
        var (store, v1, v2) = Self.suspendedStore()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("s1"), now: 3) }
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("s2"), now: 4) }
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == ["null", v2, v1])
        #expect(expectS3Success(&store) { try $0.getObject(bucket: "bucket", key: "k", options: ObjectReadOptions(versionId: "null")) }?.body == s3Bytes("s2"))
    }

    @Test func deleteReplacesTheNullVersionWithANullDeleteMarker() {
        var (store, v1, v2) = Self.suspendedStore()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("s1"), now: 3) }
        let deleted = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 4) }
        #expect(deleted == DeleteObjectOutput(deleteMarker: true, versionId: "null"))
        var listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == ["null", v2, v1])
        #expect(listed?.map(\.isDeleteMarker) == [true, false, false])
        let get = expectS3Failure(&store, .noSuchKey) { try $0.getObject(bucket: "bucket", key: "k") }
        #expect(get?.versionId == "null")
        #expect(get?.isDeleteMarker == true)
        // Deleting again replaces the null marker with a new null marker: still one null entry.
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 5) }
        listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == ["null", v2, v1])
        #expect(listed?.first?.lastModified == 5)
    }

    @Test func deleteWithoutANullVersionKeepsEveryVersionAndAddsANullMarker() {
        var (store, v1, v2) = Self.suspendedStore()
        _ = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "k", now: 3) }
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == ["null", v2, v1])
        #expect(listed?.first?.isDeleteMarker == true)
        // A key that never existed also gets a null marker.
        let fresh = expectS3Success(&store) { try $0.deleteObject(bucket: "bucket", key: "fresh", now: 4) }
        #expect(fresh == DeleteObjectOutput(deleteMarker: true, versionId: "null"))
    }

    @Test func aNullVersionBuriedUnderNewerVersionsIsStillReplaced() {
        var store = ObjectStoreFixture.storeWithBucket()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v0"), now: 0) }
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .enabled) }
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"), now: 1) }?.versionId ?? ""
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .suspended) }
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("s1"), now: 2) }
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == ["null", v1])
        #expect(listed?.first?.eTag == "\"\(ObjectETag.md5(of: s3Bytes("s1")).unquoted)\"")
    }

    @Test func reEnablingKeepsTheNullVersionAsNoncurrent() {
        var (store, v1, v2) = Self.suspendedStore()
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("s1"), now: 3) }
        _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .enabled) }
        let v3 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "k", body: s3Bytes("v3"), now: 4) }?.versionId ?? ""
        #expect(v3 != "null")
        let listed = expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions
        #expect(listed?.map(\.versionId) == [v3, "null", v2, v1])
    }
}
