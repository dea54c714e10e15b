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
