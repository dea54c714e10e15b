/// The outcome of one ``ObjectStoreOperation``, flattened to optionals so it encodes as one
/// compact JSON line per operation. Fields an operation does not produce stay nil; response bodies
/// are summarized by their MD5 and length rather than included.
public struct ObjectStoreOperationResult: Sendable, Equatable, Codable {
    /// HTTP status: 200, 204, 206 on success, or the error's status.
    public var status: Int
    /// S3 error code on failure.
    public var errorCode: String?
    /// `x-amz-version-id` (of the object written, read, deleted, or of a delete marker).
    public var versionId: String?
    /// Quoted ETag.
    public var eTag: String?
    /// `x-amz-delete-marker`, when S3 sends it.
    public var deleteMarker: Bool?
    /// Upload id (CreateMultipartUpload).
    public var uploadId: String?
    /// `Content-Length` of a GET/HEAD response.
    public var contentLength: Int?
    /// `Content-Range` of a 206.
    public var contentRange: String?
    /// Hex MD5 of the returned body (GET), so logs stay small and still prove the bytes.
    public var bodyMD5: String?
    /// Storage class of the object read.
    public var storageClass: String?
    /// Keys listed (ListObjectsV2), or keys of the uploads listed (ListMultipartUploads).
    public var keys: [String]?
    /// Common prefixes listed.
    public var commonPrefixes: [String]?
    /// Whether the listing is truncated.
    public var isTruncated: Bool?
    /// `NextContinuationToken`, or `NextKeyMarker` (ListObjectVersions, ListMultipartUploads).
    public var nextMarker: String?
    /// `NextVersionIdMarker`.
    public var nextVersionIdMarker: String?
    /// `NextUploadIdMarker` (ListMultipartUploads).
    public var nextUploadIdMarker: String?
    /// Versions listed, as `key` / `versionId` / flags.
    public var versions: [ListedObjectVersion]?
    /// Bucket names (ListBuckets).
    public var buckets: [String]?
    /// Part numbers (ListParts).
    public var partNumbers: [Int]?
    /// Upload ids (ListMultipartUploads).
    public var uploadIds: [String]?
    /// Versioning status (GetBucketVersioning).
    public var versioning: String?
    /// Lifecycle actions taken (runLifecycle).
    public var lifecycleActions: [LifecycleAction]?

    /// A result with only a status.
    public init(status: Int) {
        self.status = status
    }

    /// The result of a failed operation.
    public init(error: S3Error) {
        status = error.httpStatus
        errorCode = error.code.rawValue
        if error.isDeleteMarker { deleteMarker = true }
        versionId = error.versionId
    }
}
