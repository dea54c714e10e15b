/// Bucket versioning configuration and ListObjectVersions.
extension ObjectStoreState {
    /// PutBucketVersioning: `enabled` or `suspended`.
    ///
    /// S3's API has no way to return a bucket to the unversioned state: the status element only
    /// takes Enabled or Suspended. Asking for `unversioned` is therefore rejected with
    /// `IllegalVersioningConfigurationException` (400) and changes nothing. (moto, unlike S3,
    /// accepts any status string, so this rule follows the AWS documentation.)
    public mutating func putBucketVersioning(_ bucket: String, _ state: VersioningState) throws(S3Error) {
        _ = try existingBucket(bucket)
        guard state != .unversioned else {
            throw S3Error(.illegalVersioningConfigurationException,
                          "The versioning configuration specified in the request is invalid: status must be Enabled or Suspended.")
        }
        buckets[bucket]?.versioning = state
    }

    /// GetBucketVersioning.
    public func bucketVersioning(_ bucket: String) throws(S3Error) -> VersioningState {
        try existingBucket(bucket).versioning
    }

    /// ListObjectVersions: every version and delete marker, key ascending then newest first.
    ///
    /// Errors: `NoSuchBucket`; `InvalidArgument` for a negative max-keys, a malformed
    /// version-id-marker, or a version-id-marker without a key-marker.
    public func listObjectVersions(bucket bucketName: String,
                                   _ request: ListObjectVersionsRequest = ListObjectVersionsRequest()) throws(S3Error) -> ListObjectVersionsOutput {
        let bucket = try existingBucket(bucketName)
        let pageSize = try Self.pageSize(request.maxKeys)
        var markerSelector: ObjectVersionSelector?
        if let versionIdMarker = request.versionIdMarker {
            guard request.keyMarker != nil else {
                throw S3Error(.invalidArgument, "A version-id marker cannot be specified without a key marker.")
            }
            markerSelector = try ObjectVersionSelector(versionId: versionIdMarker)
        }
        let markerKey = request.keyMarker.map(S3ObjectKey.init)
        var listed: [ListedObjectVersion] = []
        var commonPrefixes: [String] = []
        var next: (key: String, versionId: String?)?
        var isTruncated = false
        guard pageSize > 0 else {
            return ListObjectVersionsOutput(versions: [], commonPrefixes: [], isTruncated: false,
                                            nextKeyMarker: nil, nextVersionIdMarker: nil)
        }
        func roomLeft() -> Bool {
            if listed.count + commonPrefixes.count < pageSize { return true }
            isTruncated = true
            return false
        }
        Self.walkKeys(in: bucket, prefix: request.prefix, delimiter: request.delimiter, after: request.keyMarker,
                      includingMarker: markerSelector != nil, isVisible: { _ in true }) { entry in
            switch entry {
            case .commonPrefix(let prefix):
                guard roomLeft() else { return false }
                commonPrefixes.append(prefix)
                next = (prefix, nil)
            case .key(let key, let versions):
                // Newest first; on the marker key, only versions older than the marker version.
                var newestFirst = Array(versions.indices.reversed())
                if key == markerKey, let markerSelector {
                    guard let markerIndex = markerSelector.index(in: versions) ?? Self.insertionIndex(markerSelector, versions) else {
                        return true
                    }
                    newestFirst = newestFirst.filter { $0 < markerIndex }
                }
                for index in newestFirst {
                    guard roomLeft() else { return false }
                    let version = versions[index]
                    listed.append(ListedObjectVersion(
                        key: key.string, versionId: version.versionId, isLatest: index == versions.count - 1,
                        isDeleteMarker: version.isDeleteMarker,
                        eTag: version.isDeleteMarker ? nil : version.eTag.description, size: version.size,
                        storageClass: version.isDeleteMarker ? nil : version.storageClass,
                        lastModified: version.lastModified
                    ))
                    next = (key.string, version.versionId)
                }
            }
            return true
        }
        return ListObjectVersionsOutput(
            versions: listed, commonPrefixes: commonPrefixes, isTruncated: isTruncated,
            nextKeyMarker: isTruncated ? next?.key : nil,
            nextVersionIdMarker: isTruncated ? next?.versionId : nil
        )
    }

    /// For a version-id marker naming a version that no longer exists, the index where a version
    /// with that sequence number would sit, so the listing still resumes strictly after it.
    private static func insertionIndex(_ selector: ObjectVersionSelector, _ versions: [ObjectVersion]) -> Int? {
        guard case .sequence(let sequence) = selector else { return nil }
        return versions.firstIndex { $0.sequence > sequence } ?? versions.count
    }
}
