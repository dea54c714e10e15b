/// Parameters of ListObjectsV2.
public struct ListObjectsV2Request: Sendable, Equatable, Codable {
    /// Only keys starting with these bytes.
    public var prefix: String
    /// Roll keys up into CommonPrefixes at the first occurrence of this string after the prefix.
    public var delimiter: String?
    /// Page size; S3's default and ceiling is 1,000.
    public var maxKeys: Int
    /// Resume from a previous page's `nextContinuationToken`.
    public var continuationToken: String?
    /// Start after this key (ignored when a continuation token is given, as in S3).
    public var startAfter: String?

    /// Creates a request with S3's defaults.
    public init(prefix: String = "", delimiter: String? = nil, maxKeys: Int = 1000,
                continuationToken: String? = nil, startAfter: String? = nil) {
        self.prefix = prefix
        self.delimiter = delimiter
        self.maxKeys = maxKeys
        self.continuationToken = continuationToken
        self.startAfter = startAfter
    }
}

/// One entry of ListObjectsV2's `Contents`.
public struct ListedObject: Sendable, Equatable, Codable {
    /// The key.
    public let key: String
    /// Quoted ETag.
    public let eTag: String
    /// Size in bytes.
    public let size: Int
    /// Storage class.
    public let storageClass: StorageClass
    /// Virtual time (ns) of the write.
    public let lastModified: Int64
}

/// Result of ListObjectsV2.
public struct ListObjectsV2Output: Sendable, Equatable, Codable {
    /// Current objects, in UTF-8 byte order.
    public let contents: [ListedObject]
    /// Rolled-up prefixes, each ending with the delimiter, in byte order.
    public let commonPrefixes: [String]
    /// `KeyCount`: contents plus common prefixes.
    public let keyCount: Int
    /// Whether more results follow.
    public let isTruncated: Bool
    /// Token for the next page when truncated.
    public let nextContinuationToken: String?
    /// The page size asked for.
    public let maxKeys: Int
}

/// Parameters of ListObjectVersions.
public struct ListObjectVersionsRequest: Sendable, Equatable, Codable {
    /// Only keys starting with these bytes.
    public var prefix: String
    /// Roll keys up into CommonPrefixes at the first occurrence of this string after the prefix.
    public var delimiter: String?
    /// Page size (versions, delete markers and common prefixes all count); at most 1,000.
    public var maxKeys: Int
    /// Start after this key (after all of its versions, unless `versionIdMarker` is given).
    public var keyMarker: String?
    /// With `keyMarker`: start after this version of that key.
    public var versionIdMarker: String?

    /// Creates a request with S3's defaults.
    public init(prefix: String = "", delimiter: String? = nil, maxKeys: Int = 1000,
                keyMarker: String? = nil, versionIdMarker: String? = nil) {
        self.prefix = prefix
        self.delimiter = delimiter
        self.maxKeys = maxKeys
        self.keyMarker = keyMarker
        self.versionIdMarker = versionIdMarker
    }
}

/// One version or delete marker in ListObjectVersions, in S3's order: key ascending, then newest first.
public struct ListedObjectVersion: Sendable, Equatable, Codable {
    /// The key.
    public let key: String
    /// The version id ("null" for the null version).
    public let versionId: String
    /// Whether this is the key's latest version.
    public let isLatest: Bool
    /// Whether this entry is a delete marker (S3's `<DeleteMarker>` element).
    public let isDeleteMarker: Bool
    /// Quoted ETag; nil for delete markers.
    public let eTag: String?
    /// Size in bytes (0 for delete markers).
    public let size: Int
    /// Storage class; nil for delete markers.
    public let storageClass: StorageClass?
    /// Virtual time (ns) of the write.
    public let lastModified: Int64
}

/// Result of ListObjectVersions.
public struct ListObjectVersionsOutput: Sendable, Equatable, Codable {
    /// Versions and delete markers interleaved in S3's order.
    public let versions: [ListedObjectVersion]
    /// Rolled-up prefixes.
    public let commonPrefixes: [String]
    /// Whether more results follow.
    public let isTruncated: Bool
    /// `NextKeyMarker` when truncated.
    public let nextKeyMarker: String?
    /// `NextVersionIdMarker` when truncated after a version (absent after a common prefix).
    public let nextVersionIdMarker: String?
}
