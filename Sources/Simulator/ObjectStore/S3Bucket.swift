/// One bucket: its configuration, its keys with their version stacks, and its open uploads.
///
/// Named `S3Bucket` rather than `Bucket` so it cannot collide with other "bucket" notions in the
/// simulator (token buckets, histogram buckets).
struct S3Bucket: Sendable, Equatable {
    /// The bucket name.
    let name: String
    /// Virtual time (ns) the bucket was created.
    let creationTime: Int64
    /// Versioning status.
    var versioning: VersioningState = .unversioned
    /// Default encryption applied to writes that do not ask for any.
    var defaultEncryption: ServerSideEncryption?
    /// Lifecycle rules, if configured.
    var lifecycle: LifecycleConfiguration?
    /// Every key's versions, oldest first; a key is present only while it has at least one version.
    var objects: [S3ObjectKey: [ObjectVersion]] = [:]
    /// The keys of ``objects`` in listing order.
    var keyIndex = S3KeyIndex()
    /// Multipart uploads in progress, by the sequence number their id encodes.
    var uploads: [UInt64: MultipartUpload] = [:]
    /// Completed multipart uploads, by sequence: their key and answer, so a retried completion
    /// gets the same answer instead of `NoSuchUpload`, as S3 gives it.
    var completedUploads: [UInt64: CompletedUpload] = [:]

    /// A completed multipart upload's key and answer.
    struct CompletedUpload: Sendable, Equatable {
        var key: S3ObjectKey
        var output: CompleteMultipartUploadOutput
    }

    /// The settings a write reads: versioning and default encryption. Taking the bucket `inout`
    /// (where it lies in the store's table) reads the two fields in place; the table's getter
    /// would copy the whole bucket, retaining and then releasing every table it holds.
    static func writeSettings(of bucket: inout S3Bucket) -> (VersioningState, ServerSideEncryption?) {
        (bucket.versioning, bucket.defaultEncryption)
    }

    /// Replaces the version stack of `key`, keeping ``keyIndex`` in step and dropping keys that
    /// have no versions left (S3 forgets a key once its last version or marker is deleted).
    mutating func setVersions(_ versions: [ObjectVersion], for key: S3ObjectKey) {
        let existed = objects[key] != nil
        if versions.isEmpty {
            objects[key] = nil
            if existed { keyIndex.remove(key) }
        } else {
            objects[key] = versions
            if !existed { keyIndex.insert(key) }
        }
    }

    /// Puts `version` in the version stack of `key` (see ``ObjectStoreState/install(_:key:bucket:)``).
    /// The stack is changed in place inside the table (one lookup, no copy of the stack).
    mutating func install(_ version: ObjectVersion, for key: S3ObjectKey) {
        if Self.insert(version, into: &objects[key, default: []]) { keyIndex.insert(key) }
    }

    /// Inserts `version` into a key's oldest-first stack at its place by age, its sequence: on
    /// top for every write but a multipart upload completed after a newer write of its key began
    /// (the upload is as old as its start, as in S3, where "the current version of the object is
    /// determined by which upload started most recently"). A version counts as noncurrent from
    /// when its successor was created, as S3's `NoncurrentDays` counts. Returns whether the key
    /// had no versions before.
    ///
    /// A key holds one null version, so a null version older than the one it holds (an upload
    /// started before a write of an unversioned or suspended bucket, completed after it) is
    /// overwritten the moment it is created: it is not stored, and the newer write stays current,
    /// as AWS says a request received between an upload's start and its completion "might take
    /// precedence" — rather than leave a current object dated before the one it replaced.
    private static func insert(_ version: ObjectVersion, into versions: inout [ObjectVersion]) -> Bool {
        let isNewKey = versions.isEmpty
        if version.isNullVersion {
            if versions.contains(where: { $0.isNullVersion && $0.sequence > version.sequence }) { return false }
            versions.removeAll { $0.isNullVersion }
        }
        var place = versions.endIndex
        while place > versions.startIndex, versions[place - 1].sequence > version.sequence { place -= 1 }
        if place > versions.startIndex { versions[place - 1].becameNoncurrentAt = version.lastModified }
        var version = version
        if place < versions.endIndex { version.becameNoncurrentAt = versions[place].lastModified }
        versions.insert(version, at: place)
        return isNewKey
    }
}

/// Summary of a bucket as ListBuckets reports it.
public struct S3BucketSummary: Sendable, Equatable, Codable {
    /// The bucket name.
    public let name: String
    /// Virtual time (ns) the bucket was created.
    public let creationTime: Int64
}
