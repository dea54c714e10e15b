/// Result of PutObject.
public struct PutObjectOutput: Sendable, Equatable {
    /// The ETag, kept as its digest and rendered when asked for (see ``eTag``).
    let entityTag: ObjectETag
    /// Quoted ETag (MD5 of the plaintext), rendered on each read: most callers of a PUT never
    /// look at it, and the 34-character string costs a heap allocation and a hex rendering.
    public var eTag: String { entityTag.description }
    /// `x-amz-version-id`; nil for a bucket that has never been versioned.
    public let versionId: String?
    /// `x-amz-server-side-encryption`, when the object is encrypted at rest.
    public let serverSideEncryption: ServerSideEncryption?
}

/// What HeadObject returns, and the headers of GetObject.
public struct ObjectHead: Sendable, Equatable {
    /// 200, or 206 for a satisfiable byte range.
    public let status: Int
    /// The ETag, kept as its digest and rendered when asked for (see ``eTag``).
    let entityTag: ObjectETag
    /// Quoted ETag, rendered on each read (a GET's caller often wants only the bytes).
    public var eTag: String { entityTag.description }
    /// `x-amz-version-id`; nil for a bucket that has never been versioned.
    public let versionId: String?
    /// `Content-Length`: bytes in this response (the range length for a 206).
    public let contentLength: Int
    /// Full size of the object.
    public let objectSize: Int
    /// `Content-Range` for a 206, e.g. `bytes 0-9/100`.
    public let contentRange: String?
    /// `Content-Type`.
    public let contentType: String
    /// User metadata (lowercased names).
    public let metadata: [String: String]
    /// Storage class.
    public let storageClass: StorageClass
    /// Encryption at rest.
    public let serverSideEncryption: ServerSideEncryption?
    /// Virtual time (ns) of the write.
    public let lastModified: Int64
}

/// Result of GetObject: the headers and the (decrypted) bytes.
public struct GetObjectOutput: Sendable, Equatable {
    /// Status and headers.
    public let head: ObjectHead
    /// The bytes of the object or of the requested range.
    public let body: [UInt8]
}

/// Result of DeleteObject (always 204 on success).
public struct DeleteObjectOutput: Sendable, Equatable {
    /// `x-amz-delete-marker: true` when a marker was created or the deleted version was a marker.
    public let deleteMarker: Bool
    /// `x-amz-version-id`: the marker created, or the version deleted; nil when unversioned.
    public let versionId: String?
}

/// Result of CopyObject.
public struct CopyObjectOutput: Sendable, Equatable {
    /// Quoted ETag of the new object (MD5 of its bytes: a copy is single-part).
    public let eTag: String
    /// Version id of the new object; nil for a never-versioned destination bucket.
    public let versionId: String?
    /// `x-amz-copy-source-version-id`; nil for a never-versioned source bucket.
    public let copySourceVersionId: String?
    /// Virtual time (ns) of the copy.
    public let lastModified: Int64
}

/// Result of CompleteMultipartUpload.
public struct CompleteMultipartUploadOutput: Sendable, Equatable {
    /// Quoted multipart ETag, `"<md5 of part md5s>-N"`.
    public let eTag: String
    /// Version id of the new object; nil for a never-versioned bucket.
    public let versionId: String?
}
