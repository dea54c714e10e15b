/// A multipart upload in progress: where it will land, how it will be written, and its parts.
struct MultipartUpload: Sendable, Equatable {
    /// Store-wide sequence number; the upload id encodes it.
    let sequence: UInt64
    /// The key the completed object will have.
    let key: S3ObjectKey
    /// Virtual time (ns) the upload was created (AbortIncompleteMultipartUpload counts from here).
    let initiated: Int64
    /// Content type, metadata, storage class and encryption for the completed object.
    let attributes: ResolvedWriteAttributes
    /// Uploaded parts by part number; re-uploading a number replaces the part.
    var parts: [Int: MultipartUploadedPart] = [:]

    /// The upload id clients see.
    var uploadId: String { ObjectStoreIdentifiers.uploadId(sequence: sequence) }
}

/// One uploaded part.
struct MultipartUploadedPart: Sendable, Equatable {
    /// MD5 of the part's plaintext.
    let eTag: ObjectETag
    /// Plaintext size.
    let size: Int
    /// Virtual time (ns) of the upload.
    let lastModified: Int64
    /// The bytes, sealed already if the upload is SSE, so completion never re-encrypts.
    let segment: ObjectBodySegment
}

/// A part as ListParts reports it.
public struct MultipartPartSummary: Sendable, Equatable, Codable {
    /// Part number, 1…10,000.
    public let partNumber: Int
    /// Quoted ETag (MD5 of the part).
    public let eTag: String
    /// Size in bytes.
    public let size: Int
    /// Virtual time (ns) of the upload.
    public let lastModified: Int64
}

/// An upload as ListMultipartUploads reports it.
public struct MultipartUploadSummary: Sendable, Equatable, Codable {
    /// The key being uploaded.
    public let key: String
    /// The upload id.
    public let uploadId: String
    /// Virtual time (ns) the upload was created.
    public let initiated: Int64
    /// Storage class the object will have.
    public let storageClass: StorageClass
}

/// Parameters of ListMultipartUploads.
public struct ListMultipartUploadsRequest: Sendable, Equatable, Codable {
    /// Only uploads whose key starts with these bytes.
    public var prefix: String
    /// Page size (`max-uploads`); at most 1,000, as S3 caps it.
    public var maxUploads: Int
    /// Start after this key (after all of its uploads, unless `uploadIdMarker` is given).
    public var keyMarker: String?
    /// With `keyMarker`: start after this upload of that key (ignored without one, as in S3).
    public var uploadIdMarker: String?

    /// Creates a request with S3's defaults.
    public init(prefix: String = "", maxUploads: Int = 1000, keyMarker: String? = nil, uploadIdMarker: String? = nil) {
        self.prefix = prefix
        self.maxUploads = maxUploads
        self.keyMarker = keyMarker
        self.uploadIdMarker = uploadIdMarker
    }
}

/// Result of ListMultipartUploads: one page.
public struct ListMultipartUploadsOutput: Sendable, Equatable {
    /// The uploads of the page, by key (UTF-8 bytes) and then by initiation.
    public let uploads: [MultipartUploadSummary]
    /// Whether more uploads follow.
    public let isTruncated: Bool
    /// `NextKeyMarker` and `NextUploadIdMarker` when truncated: the page's last upload.
    public let nextKeyMarker: String?
    public let nextUploadIdMarker: String?
}

/// A part named in CompleteMultipartUpload.
public struct CompletedMultipartPart: Sendable, Equatable, Codable {
    /// Part number.
    public let partNumber: Int
    /// The ETag UploadPart returned (quoted or not).
    public let eTag: String

    /// Creates a part reference.
    public init(partNumber: Int, eTag: String) {
        self.partNumber = partNumber
        self.eTag = eTag
    }
}
