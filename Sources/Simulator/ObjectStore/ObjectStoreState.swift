/// The complete state of a simulated S3-compatible object store and S3's semantics over it.
///
/// This is a plain value type: every operation is a synchronous method that either succeeds, or
/// throws an ``S3Error`` and leaves the state exactly as it was (all validation happens before the
/// first mutation). There is no clock and no randomness: operations that need the time take `now`
/// (virtual nanoseconds since the simulation epoch), and version ids, upload ids, continuation
/// tokens and SSE keys/nonces all derive from one sequence counter, so a replay is bit-identical.
/// Latency, throttling and injected faults belong to the actor that wraps this type.
///
/// Copying the value snapshots the whole store cheaply (copy-on-write), which the tests use to
/// prove that failed operations change nothing.
public struct ObjectStoreState: Sendable, Equatable {
    /// Unix time (seconds) of virtual time 0; lifecycle uses it to find midnights UTC.
    public let epochUnixSeconds: Int64

    /// The default SSE master key: fixed, so encrypted bytes at rest are reproducible.
    public static let defaultMasterKey: [UInt8] = Array("orrery-object-store-master-key!!".utf8)

    /// The default epoch: 2026-01-01T00:00:00Z.
    public static let defaultEpochUnixSeconds: Int64 = 1_767_225_600

    /// SSE-S3 sealing keyed by the master key.
    let cipher: ObjectStoreCipher
    /// Buckets by name.
    var buckets: [String: S3Bucket] = [:]
    /// Next number handed out to a version, upload, or sealed segment; never reused.
    var nextSequence: UInt64 = 1
    /// Interned content types shared by all versions.
    var contentTypes = ObjectContentTypeTable()

    /// Creates an empty store.
    ///
    /// - Parameters:
    ///   - epochUnixSeconds: Unix time of virtual 0 (default 2026-01-01T00:00:00Z).
    ///   - masterKey: 32-byte key every SSE-S3 data key and nonce is derived from.
    public init(epochUnixSeconds: Int64 = ObjectStoreState.defaultEpochUnixSeconds,
                masterKey: [UInt8] = ObjectStoreState.defaultMasterKey) {
        precondition(masterKey.count == 32, "The SSE master key must be 32 bytes (AES-256).")
        self.epochUnixSeconds = epochUnixSeconds
        self.cipher = ObjectStoreCipher(masterKey: masterKey)
    }

    // MARK: - Buckets

    /// CreateBucket. Throws `InvalidBucketName` (400) for names S3 rejects and
    /// `BucketAlreadyOwnedByYou` (409) when the bucket exists (S3's answer outside us-east-1;
    /// the single-owner simulation has no `BucketAlreadyExists`).
    public mutating func createBucket(_ name: String, now: Int64) throws(S3Error) {
        try S3BucketNameRules.validate(name)
        guard buckets[name] == nil else {
            throw S3Error(.bucketAlreadyOwnedByYou,
                          "Your previous request to create the named bucket succeeded and you already own it.")
        }
        buckets[name] = S3Bucket(name: name, creationTime: now)
    }

    /// DeleteBucket. Throws `NoSuchBucket` (404), or `BucketNotEmpty` (409) while any version or
    /// delete marker remains. Incomplete multipart uploads do not block deletion and are discarded
    /// with the bucket (confirmed against moto).
    public mutating func deleteBucket(_ name: String) throws(S3Error) {
        let bucket = try existingBucket(name)
        guard bucket.objects.isEmpty else {
            throw S3Error(.bucketNotEmpty, "The bucket you tried to delete is not empty")
        }
        buckets[name] = nil
    }

    /// ListBuckets: every bucket, sorted by name.
    public func listBuckets() -> [S3BucketSummary] {
        buckets.values
            .map { S3BucketSummary(name: $0.name, creationTime: $0.creationTime) }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// PutBucketEncryption: sets (or with nil removes) the default encryption for new writes.
    public mutating func putBucketEncryption(_ bucket: String, _ encryption: ServerSideEncryption?) throws(S3Error) {
        _ = try existingBucket(bucket)
        buckets[bucket]?.defaultEncryption = encryption
    }

    /// GetBucketEncryption: the default encryption (nil when none is configured).
    public func bucketEncryption(_ bucket: String) throws(S3Error) -> ServerSideEncryption? {
        try existingBucket(bucket).defaultEncryption
    }

    // MARK: - Shared helpers

    /// The bucket named `name`, or `NoSuchBucket` (404).
    func existingBucket(_ name: String) throws(S3Error) -> S3Bucket {
        guard let bucket = buckets[name] else { throw S3Error.noSuchBucket(name) }
        return bucket
    }

    /// Where the bucket named `name` lies in ``buckets``, or `NoSuchBucket`. PutObject hashes the
    /// name once here and then reads and changes the bucket at this position without copying it
    /// out (a copy retains every table it holds). Valid until a bucket is added or removed.
    func bucketPosition(_ name: String) throws(S3Error) -> [String: S3Bucket].Index {
        guard let position = buckets.index(forKey: name) else { throw S3Error.noSuchBucket(name) }
        return position
    }

    /// The version id S3 reports for `version` in `bucket`: none at all while the bucket has
    /// never been versioned, otherwise the id (possibly "null").
    func reportedVersionId(_ version: ObjectVersion, in bucket: S3Bucket) -> String? {
        Self.reportedVersionId(version, versioning: bucket.versioning)
    }

    /// ``reportedVersionId(_:in:)`` for a bucket whose versioning state was read already.
    static func reportedVersionId(_ version: ObjectVersion, versioning: VersioningState) -> String? {
        versioning == .unversioned ? nil : version.versionId
    }

    /// Adds `version` to the versions of `key`, applying the bucket's versioning rules: a null
    /// version replaces an older null version (unversioned and suspended buckets; one older than
    /// the key's null version, an upload started before that write, is not stored), a
    /// versioned one is added; it goes on top — the latest, the one before it noncurrent from its
    /// creation — unless it is a multipart upload that started before a newer version was written
    /// (see ``S3Bucket/install(_:for:)``). Callers validate first: this cannot fail.
    mutating func install(_ version: ObjectVersion, key: S3ObjectKey, bucket bucketName: String) {
        updateBucket(bucketName) { $0.install(version, for: key) }
    }

    /// Changes the bucket named `name` in place, if it exists.
    ///
    /// `buckets[name]?.change()` goes through the dictionary's optional `_modify` accessor, which
    /// is not inlined and allocates its three nested coroutine frames on the heap: three mallocs
    /// per write. Finding the index and changing the value there is inlined and allocates nothing.
    @inline(__always)
    mutating func updateBucket(_ name: String, _ change: (inout S3Bucket) -> Void) {
        guard let index = buckets.index(forKey: name) else { return }
        change(&buckets.values[index])
    }

    /// Permanently removes the version at `index` of `key`; if it was the latest, the next newest
    /// becomes current again (and stops counting as noncurrent).
    mutating func removeVersion(at index: Int, key: S3ObjectKey, bucket bucketName: String) {
        guard var versions = buckets[bucketName]?.objects[key] else { return }
        versions.remove(at: index)
        if index == versions.count, !versions.isEmpty { versions[versions.count - 1].becameNoncurrentAt = nil }
        updateBucket(bucketName) { $0.setVersions(versions, for: key) }
    }

    /// Hands out the next sequence number (only ever called once an operation is sure to succeed).
    mutating func takeSequence() -> UInt64 {
        defer { nextSequence += 1 }
        return nextSequence
    }
}
