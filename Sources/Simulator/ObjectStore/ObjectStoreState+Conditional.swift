/// Conditional requests: If-Match / If-None-Match on reads and writes.
extension ObjectStoreState {
    /// Evaluates GET/HEAD conditions against the version being read, in RFC 9110 order:
    /// a failed `If-Match` is 412 `PreconditionFailed`; then a matching `If-None-Match` is
    /// 304 `NotModified` (for GET and HEAD alike, as confirmed against moto).
    static func checkReadConditions(_ version: ObjectVersion, ifMatch: String?, ifNoneMatch: String?) throws(S3Error) {
        if let ifMatch, !version.eTag.matches(headerValue: ifMatch) {
            throw S3Error.preconditionFailed
        }
        if let ifNoneMatch, version.eTag.matches(headerValue: ifNoneMatch) {
            throw S3Error(.notModified, "Not Modified")
        }
    }

    /// Evaluates PutObject / CompleteMultipartUpload conditions against the key's current object
    /// (nil when the key is absent or its latest version is a delete marker).
    ///
    /// - `If-None-Match` accepts only `*` (anything else is 501 `NotImplemented`, as S3 documents);
    ///   it fails with 412 when a current object exists.
    /// - `If-Match` fails with 404 `NoSuchKey` when there is no current object (confirmed against
    ///   moto and the AWS conditional-writes guide) and with 412 when the ETag differs.
    /// `current` is only looked up when a condition needs it: unconditional writes skip the probe.
    static func checkWritePreconditions(_ preconditions: ObjectWritePreconditions, current: @autoclosure () -> ObjectVersion?) throws(S3Error) {
        if let ifNoneMatch = preconditions.ifNoneMatch, ifNoneMatch != "*" {
            throw S3Error(.notImplemented, "A header you provided implies functionality that is not implemented: If-None-Match accepts only '*'.")
        }
        if let ifMatch = preconditions.ifMatch {
            guard let current = current() else { throw S3Error.noSuchKey() }
            guard current.eTag.matches(headerValue: ifMatch) else { throw S3Error.preconditionFailed }
        }
        if preconditions.ifNoneMatch != nil, current() != nil {
            throw S3Error.preconditionFailed
        }
    }

    /// The latest version of `key` if it is an object rather than a delete marker.
    func currentObject(_ key: S3ObjectKey, in bucket: S3Bucket) -> ObjectVersion? {
        guard let latest = bucket.objects[key]?.last, !latest.isDeleteMarker else { return nil }
        return latest
    }
}
