/// The error codes the simulated object store can return, spelled exactly as S3 spells them.
///
/// Each code carries the HTTP status S3 sends with it, so an operation log can report both
/// without a second lookup table. `slowDown`, `internalError` and `serviceUnavailable` are never
/// produced by ``ObjectStoreState`` itself: the actor that wraps it injects them as faults.
public enum S3ErrorCode: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// 400: a request parameter is invalid (bad part number, malformed version id, bad token…).
    case invalidArgument = "InvalidArgument"
    /// 400: the bucket name breaks S3's naming rules.
    case invalidBucketName = "InvalidBucketName"
    /// 400: the key is longer than 1,024 bytes of UTF-8.
    case keyTooLongError = "KeyTooLongError"
    /// 400: a part other than the last is smaller than 5 MiB at completion.
    case entityTooSmall = "EntityTooSmall"
    /// 400: an object or part exceeds S3's 5 GiB single-request limit.
    case entityTooLarge = "EntityTooLarge"
    /// 400: a listed part was never uploaded or its ETag differs.
    case invalidPart = "InvalidPart"
    /// 400: the completion part list is not in strictly ascending part-number order.
    case invalidPartOrder = "InvalidPartOrder"
    /// 400: the request is valid syntax but not allowed (e.g. copying an object onto itself unchanged).
    case invalidRequest = "InvalidRequest"
    /// 400: a request document (part list, lifecycle rules) is empty or not well formed.
    case malformedXML = "MalformedXML"
    /// 400: user metadata exceeds 2 KB.
    case metadataTooLarge = "MetadataTooLarge"
    /// 400: the versioning configuration cannot be applied (S3 never returns to unversioned).
    case illegalVersioningConfigurationException = "IllegalVersioningConfigurationException"
    /// 403: the object's storage class (GLACIER, DEEP_ARCHIVE) needs a restore before it can be read.
    case invalidObjectState = "InvalidObjectState"
    /// 404: the bucket does not exist.
    case noSuchBucket = "NoSuchBucket"
    /// 404: the key has no current object (absent, or its latest version is a delete marker).
    case noSuchKey = "NoSuchKey"
    /// 404: the (well-formed) version id does not exist for this key.
    case noSuchVersion = "NoSuchVersion"
    /// 404: the multipart upload id is unknown, completed or aborted.
    case noSuchUpload = "NoSuchUpload"
    /// 404: the bucket has no lifecycle configuration.
    case noSuchLifecycleConfiguration = "NoSuchLifecycleConfiguration"
    /// 405: the addressed version is a delete marker, which cannot be read.
    case methodNotAllowed = "MethodNotAllowed"
    /// 409: the caller already owns a bucket with this name.
    case bucketAlreadyOwnedByYou = "BucketAlreadyOwnedByYou"
    /// 409: the bucket still holds objects, versions or delete markers.
    case bucketNotEmpty = "BucketNotEmpty"
    /// 409: a conditional write raced another write (defined for the wrapper; never raised here).
    case conditionalRequestConflict = "ConditionalRequestConflict"
    /// 304: an If-None-Match condition on a read matched (not an error to a client, but not a body either).
    case notModified = "NotModified"
    /// 412: an If-Match / If-None-Match condition did not hold.
    case preconditionFailed = "PreconditionFailed"
    /// 416: the requested byte range starts beyond the end of the object.
    case invalidRange = "InvalidRange"
    /// 500: the service failed internally (injected by the wrapper, or a crypto failure here).
    case internalError = "InternalError"
    /// 501: a header asks for functionality S3 does not implement (e.g. If-None-Match with an ETag on PUT).
    case notImplemented = "NotImplemented"
    /// 503: request rate too high (injected by the wrapper).
    case slowDown = "SlowDown"
    /// 503: the service is unavailable (injected by the wrapper).
    case serviceUnavailable = "ServiceUnavailable"

    /// The HTTP status code S3 sends with this error code.
    public var httpStatus: Int {
        switch self {
        case .notModified: 304
        case .invalidArgument, .invalidBucketName, .keyTooLongError, .entityTooSmall, .entityTooLarge,
             .invalidPart, .invalidPartOrder, .invalidRequest, .malformedXML, .metadataTooLarge,
             .illegalVersioningConfigurationException:
            400
        case .invalidObjectState: 403
        case .noSuchBucket, .noSuchKey, .noSuchVersion, .noSuchUpload, .noSuchLifecycleConfiguration: 404
        case .methodNotAllowed: 405
        case .bucketAlreadyOwnedByYou, .bucketNotEmpty, .conditionalRequestConflict: 409
        case .preconditionFailed: 412
        case .invalidRange: 416
        case .internalError: 500
        case .notImplemented: 501
        case .slowDown, .serviceUnavailable: 503
        }
    }
}

/// A failed object-store operation: S3's error code plus the headers S3 adds to some errors.
///
/// S3 reports `x-amz-delete-marker` and `x-amz-version-id` on the 404 for a key whose latest
/// version is a delete marker and on the 405 for a read of a delete-marker version, so the error
/// carries them too.
public struct S3Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    /// The S3 error code.
    public let code: S3ErrorCode
    /// A human-readable message in S3's wording where S3's wording is known.
    public let message: String
    /// True when the error concerns a delete marker (`x-amz-delete-marker: true`).
    public let isDeleteMarker: Bool
    /// The version id S3 reports alongside the error, if any.
    public let versionId: String?

    /// Creates an error; `isDeleteMarker` and `versionId` default to absent.
    public init(_ code: S3ErrorCode, _ message: String, isDeleteMarker: Bool = false, versionId: String? = nil) {
        self.code = code
        self.message = message
        self.isDeleteMarker = isDeleteMarker
        self.versionId = versionId
    }

    /// The HTTP status of the error.
    public var httpStatus: Int { code.httpStatus }

    /// `Code (status): message`, for logs and test failure messages.
    public var description: String { "\(code.rawValue) (\(httpStatus)): \(message)" }
}

extension S3Error {
    static func noSuchBucket(_ name: String) -> S3Error {
        S3Error(.noSuchBucket, "The specified bucket does not exist: \(name)")
    }

    static func noSuchKey(deleteMarkerVersionId: String? = nil) -> S3Error {
        S3Error(.noSuchKey, "The specified key does not exist.",
                isDeleteMarker: deleteMarkerVersionId != nil, versionId: deleteMarkerVersionId)
    }

    static let noSuchVersion = S3Error(.noSuchVersion, "The specified version does not exist.")
    static let invalidVersionId = S3Error(.invalidArgument, "Invalid version id specified")
    static let noSuchUpload = S3Error(
        .noSuchUpload,
        "The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed."
    )
    static let preconditionFailed = S3Error(.preconditionFailed, "At least one of the pre-conditions you specified did not hold")
}
