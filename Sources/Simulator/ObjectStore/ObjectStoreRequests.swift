/// How a new object is written: the headers of PutObject, CreateMultipartUpload, and CopyObject
/// with `x-amz-metadata-directive: REPLACE`.
public struct ObjectWriteAttributes: Sendable, Equatable, Codable {
    /// `Content-Type`; nil stores S3's default, "binary/octet-stream".
    public var contentType: String?
    /// `x-amz-meta-*` pairs; names are lowercased as S3 does (HTTP header names are case-insensitive).
    public var metadata: [String: String]
    /// `x-amz-storage-class`.
    public var storageClass: StorageClass
    /// `x-amz-server-side-encryption`; nil falls back to the bucket's default encryption.
    public var serverSideEncryption: ServerSideEncryption?

    /// Creates write attributes; every field defaults to what S3 assumes when the header is absent.
    public init(contentType: String? = nil, metadata: [String: String] = [:],
                storageClass: StorageClass = .standard, serverSideEncryption: ServerSideEncryption? = nil) {
        self.contentType = contentType
        self.metadata = metadata
        self.storageClass = storageClass
        self.serverSideEncryption = serverSideEncryption
    }

    /// S3's limit on user metadata: 2 KB of UTF-8 across all names and values.
    static let maximumMetadataBytes = 2048

    /// Lowercased metadata, or `MetadataTooLarge` (400) past the 2 KB limit.
    func validatedMetadata() throws(S3Error) -> [String: String] {
        var lowered: [String: String] = [:]
        var total = 0
        // In name order: two names one in lowercase keep the value of the later name by
        // bytes, whatever the dictionary's order (the loader refuses such a pair).
        for (name, value) in metadata.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            lowered[name.lowercased()] = value
            total += name.utf8.count + value.utf8.count
        }
        guard total <= Self.maximumMetadataBytes else {
            throw S3Error(.metadataTooLarge, "Your metadata headers exceed the maximum allowed metadata size (\(total) > 2048 bytes).")
        }
        return lowered
    }
}

/// Write attributes after validation, with the bucket default encryption applied.
struct ResolvedWriteAttributes: Sendable, Equatable {
    /// Content type as given (interned only when the write commits, so failures intern nothing).
    let contentType: String?
    /// Lowercased, size-checked metadata.
    let metadata: [String: String]
    /// Storage class.
    let storageClass: StorageClass
    /// Encryption the bytes will have at rest.
    let encryption: ServerSideEncryption?

    /// Validates `attributes` for a write into a bucket whose default encryption is `defaultEncryption`.
    init(_ attributes: ObjectWriteAttributes, defaultEncryption: ServerSideEncryption?) throws(S3Error) {
        contentType = attributes.contentType
        metadata = try attributes.validatedMetadata()
        storageClass = attributes.storageClass
        encryption = attributes.serverSideEncryption ?? defaultEncryption
    }
}

/// Conditional-write headers of PutObject and CompleteMultipartUpload.
public struct ObjectWritePreconditions: Sendable, Equatable, Codable {
    /// `If-Match`: write only if the current object's ETag matches (404 if there is none).
    public var ifMatch: String?
    /// `If-None-Match`: only `*` is supported by S3 — write only if no current object exists.
    public var ifNoneMatch: String?

    /// Creates preconditions; both default to absent.
    public init(ifMatch: String? = nil, ifNoneMatch: String? = nil) {
        self.ifMatch = ifMatch
        self.ifNoneMatch = ifNoneMatch
    }
}

/// Parameters of GetObject and HeadObject.
public struct ObjectReadOptions: Sendable, Equatable, Codable {
    /// `versionId`; nil reads the latest version.
    public var versionId: String?
    /// `Range` header, e.g. `bytes=0-99`, `bytes=100-`, `bytes=-10`.
    public var range: String?
    /// `If-Match`: 412 unless the ETag matches.
    public var ifMatch: String?
    /// `If-None-Match`: 304 when the ETag matches.
    public var ifNoneMatch: String?

    /// Creates read options; every field defaults to absent.
    public init(versionId: String? = nil, range: String? = nil, ifMatch: String? = nil, ifNoneMatch: String? = nil) {
        self.versionId = versionId
        self.range = range
        self.ifMatch = ifMatch
        self.ifNoneMatch = ifNoneMatch
    }
}

/// Parameters of CopyObject.
public struct CopyObjectRequest: Sendable, Equatable, Codable {
    /// Source bucket.
    public var sourceBucket: String
    /// Source key.
    public var sourceKey: String
    /// Source version; nil copies the latest.
    public var sourceVersionId: String?
    /// Destination bucket.
    public var destinationBucket: String
    /// Destination key.
    public var destinationKey: String
    /// `x-amz-metadata-directive`: keep the source's content type and metadata, or replace them.
    public var metadataDirective: CopyMetadataDirective
    /// `x-amz-storage-class`; nil means STANDARD (S3 does not carry the source's class over).
    public var storageClass: StorageClass?
    /// `x-amz-server-side-encryption`; nil means the destination bucket's default.
    public var serverSideEncryption: ServerSideEncryption?

    /// Creates a copy request.
    public init(sourceBucket: String, sourceKey: String, sourceVersionId: String? = nil,
                destinationBucket: String, destinationKey: String,
                metadataDirective: CopyMetadataDirective = .copy,
                storageClass: StorageClass? = nil, serverSideEncryption: ServerSideEncryption? = nil) {
        self.sourceBucket = sourceBucket
        self.sourceKey = sourceKey
        self.sourceVersionId = sourceVersionId
        self.destinationBucket = destinationBucket
        self.destinationKey = destinationKey
        self.metadataDirective = metadataDirective
        self.storageClass = storageClass
        self.serverSideEncryption = serverSideEncryption
    }
}

/// CopyObject's `x-amz-metadata-directive`.
public enum CopyMetadataDirective: Sendable, Equatable, Codable {
    /// `COPY` (the default): the copy keeps the source's content type and user metadata.
    case copy
    /// `REPLACE`: the copy gets this content type (nil for S3's default) and metadata instead.
    case replace(contentType: String?, metadata: [String: String])
}
