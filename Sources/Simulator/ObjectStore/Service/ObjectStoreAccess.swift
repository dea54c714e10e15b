/// What a request does to the store, as far as the service model cares: whether it reads or
/// writes, which prefix it touches (for throttling), and how many bytes it uploads (for transfer
/// time). The S3 semantics of the request are separate: a closure over ``ObjectStoreState``.
public struct ObjectStoreAccess: Sendable, Equatable {
    /// S3's two request classes with separate per-prefix rate limits.
    public enum Kind: Sendable, Equatable {
        /// GET, HEAD and LIST: 5,500 per second per prefix.
        case read
        /// PUT, COPY, POST and DELETE: 3,500 per second per prefix.
        case write
    }

    /// Read or write.
    public var kind: Kind
    /// The bucket addressed ("" for requests about no bucket, such as ListBuckets).
    public var bucket: String
    /// The key addressed, or the prefix listed; its part up to the last `/` is the throttled prefix.
    public var key: String
    /// Bytes the request carries to the store.
    public var uploadBytes: Int

    /// Creates an access description.
    public init(_ kind: Kind, bucket: String, key: String = "", uploadBytes: Int = 0) {
        self.kind = kind
        self.bucket = bucket
        self.key = key
        self.uploadBytes = uploadBytes
    }

    /// A GET, HEAD or LIST of `key` (or of the listing prefix `key`) in `bucket`.
    public static func read(_ bucket: String, _ key: String = "") -> ObjectStoreAccess {
        ObjectStoreAccess(.read, bucket: bucket, key: key)
    }

    /// A PUT, COPY, POST or DELETE of `key` in `bucket` carrying `bytes`.
    public static func write(_ bucket: String, _ key: String = "", bytes: Int = 0) -> ObjectStoreAccess {
        ObjectStoreAccess(.write, bucket: bucket, key: key, uploadBytes: bytes)
    }

    /// The prefix S3 throttles this request under: the bucket and the key up to and including its
    /// last `/` (`photos/2026/01/a.jpg` → `photos/2026/01/`), the usual reading of "per prefix".
    public var throttledPrefix: String {
        guard let slash = key.utf8.lastIndex(of: UInt8(ascii: "/")) else { return bucket + "/" }
        return bucket + "/" + String(key[...slash])
    }
}
