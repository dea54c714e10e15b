/// Runs an ``ObjectStoreOperation`` and reports it as an ``ObjectStoreOperationResult``.
extension ObjectStoreState {
    /// Applies `operation` at virtual time `now`. Never throws: S3 errors become results carrying
    /// their status and code, and leave the state unchanged.
    public mutating func apply(_ operation: ObjectStoreOperation, now: Int64) -> ObjectStoreOperationResult {
        do {
            return try result(of: operation, now: now)
        } catch {
            return ObjectStoreOperationResult(error: error)
        }
    }

    /// Applies `operation` at virtual time `now`, throwing S3's error (and changing nothing) when
    /// S3 refuses it: what the store's actor runs, so it counts a refusal as refused, not served.
    mutating func result(of operation: ObjectStoreOperation, now: Int64) throws(S3Error) -> ObjectStoreOperationResult {
        var result = ObjectStoreOperationResult(status: 200)
        switch operation {
        case .createBucket(let bucket):
            try createBucket(bucket, now: now)
        case .deleteBucket(let bucket):
            try deleteBucket(bucket)
            result.status = 204
        case .listBuckets:
            result.buckets = listBuckets().map(\.name)
        case .putBucketVersioning(let bucket, let state):
            try putBucketVersioning(bucket, state)
        case .getBucketVersioning(let bucket):
            result.versioning = try bucketVersioning(bucket).rawValue
        case .putBucketEncryption(let bucket, let encryption):
            try putBucketEncryption(bucket, encryption)
        case .putBucketLifecycle(let bucket, let configuration):
            try putBucketLifecycleConfiguration(bucket, configuration)
        case .deleteBucketLifecycle(let bucket):
            try deleteBucketLifecycle(bucket)
            result.status = 204
        case .putObject(let bucket, let key, let body, let attributes, let preconditions):
            let output = try putObject(bucket: bucket, key: key, body: body, attributes: attributes,
                                       preconditions: preconditions, now: now)
            result.eTag = output.eTag
            result.versionId = output.versionId
        case .getObject(let bucket, let key, let options):
            let output = try getObject(bucket: bucket, key: key, options: options)
            result.record(output.head)
            result.bodyMD5 = ObjectETag.md5(of: output.body).unquoted
        case .headObject(let bucket, let key, let options):
            result.record(try headObject(bucket: bucket, key: key, options: options))
        case .deleteObject(let bucket, let key, let versionId):
            let output = try deleteObject(bucket: bucket, key: key, versionId: versionId, now: now)
            result.status = 204
            result.deleteMarker = output.deleteMarker ? true : nil
            result.versionId = output.versionId
        case .copyObject(let request):
            let output = try copyObject(request, now: now)
            result.eTag = output.eTag
            result.versionId = output.versionId
        case .listObjectsV2(let bucket, let request):
            let output = try listObjectsV2(bucket: bucket, request)
            result.keys = output.contents.map(\.key)
            result.commonPrefixes = output.commonPrefixes
            result.isTruncated = output.isTruncated
            result.nextMarker = output.nextContinuationToken
        case .listObjectVersions(let bucket, let request):
            let output = try listObjectVersions(bucket: bucket, request)
            result.versions = output.versions
            result.commonPrefixes = output.commonPrefixes
            result.isTruncated = output.isTruncated
            result.nextMarker = output.nextKeyMarker
            result.nextVersionIdMarker = output.nextVersionIdMarker
        case .createMultipartUpload(let bucket, let key, let attributes):
            result.uploadId = try createMultipartUpload(bucket: bucket, key: key, attributes: attributes, now: now)
        case .uploadPart(let bucket, let key, let uploadId, let partNumber, let body):
            result.eTag = try uploadPart(bucket: bucket, key: key, uploadId: uploadId, partNumber: partNumber,
                                         body: body, now: now)
        case .listParts(let bucket, let key, let uploadId):
            result.partNumbers = try listParts(bucket: bucket, key: key, uploadId: uploadId).map(\.partNumber)
        case .completeMultipartUpload(let bucket, let key, let uploadId, let parts, let preconditions):
            let output = try completeMultipartUpload(bucket: bucket, key: key, uploadId: uploadId, parts: parts,
                                                     preconditions: preconditions, now: now)
            result.eTag = output.eTag
            result.versionId = output.versionId
        case .abortMultipartUpload(let bucket, let key, let uploadId):
            try abortMultipartUpload(bucket: bucket, key: key, uploadId: uploadId)
            result.status = 204
        case .listMultipartUploads(let bucket, let request):
            let output = try listMultipartUploads(bucket: bucket, request)
            result.keys = output.uploads.map(\.key)
            result.uploadIds = output.uploads.map(\.uploadId)
            result.isTruncated = output.isTruncated
            result.nextMarker = output.nextKeyMarker
            result.nextUploadIdMarker = output.nextUploadIdMarker
        case .runLifecycle:
            result.lifecycleActions = runLifecycle(now: now)
        }
        return result
    }
}

extension ObjectStoreOperationResult {
    /// Copies the headers of a GET or HEAD into the result.
    mutating func record(_ head: ObjectHead) {
        status = head.status
        eTag = head.eTag
        versionId = head.versionId
        contentLength = head.contentLength
        contentRange = head.contentRange
        storageClass = head.storageClass.rawValue
    }
}
