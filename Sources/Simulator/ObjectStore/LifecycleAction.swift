/// Something ``ObjectStoreState/runLifecycle(now:)`` did.
public struct LifecycleAction: Sendable, Equatable, Codable {
    /// What kind of action.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The current version moved to ``LifecycleAction/storageClass``.
        case transition = "Transition"
        /// Expiration removed the object permanently (unversioned bucket).
        case expireObject = "ExpireObject"
        /// Expiration added a delete marker (``LifecycleAction/versionId`` is the marker's id).
        case addDeleteMarker = "AddDeleteMarker"
        /// A noncurrent version (or noncurrent delete marker) was removed permanently.
        case expireNoncurrentVersion = "ExpireNoncurrentVersion"
        /// A delete marker with no versions left behind it was removed (`ExpiredObjectDeleteMarker`,
        /// or `Expiration/Days` once the marker is that many days old).
        case removeExpiredDeleteMarker = "RemoveExpiredDeleteMarker"
        /// An incomplete multipart upload was aborted.
        case abortIncompleteMultipartUpload = "AbortIncompleteMultipartUpload"
    }

    /// Bucket acted on.
    public let bucket: String
    /// Key acted on.
    public let key: String
    /// What was done.
    public let kind: Kind
    /// Version affected (or created, for a delete marker); nil for unversioned objects and uploads.
    public let versionId: String?
    /// Upload aborted, for ``Kind/abortIncompleteMultipartUpload``.
    public let uploadId: String?
    /// New storage class, for ``Kind/transition``.
    public let storageClass: StorageClass?
}
