extension ObjectStoreOperation {
    /// How the service model sees this operation: its request class, the key or listing prefix it
    /// is throttled under, and the bytes it uploads.
    public var access: ObjectStoreAccess {
        switch self {
        case .createBucket(let bucket), .deleteBucket(let bucket), .deleteBucketLifecycle(let bucket),
             .putBucketVersioning(let bucket, _), .putBucketEncryption(let bucket, _), .putBucketLifecycle(let bucket, _):
            .write(bucket)
        case .getBucketVersioning(let bucket):
            .read(bucket)
        case .listBuckets, .runLifecycle:
            .read("")
        case .putObject(let bucket, let key, let body, _, _):
            .write(bucket, key, bytes: body.count)
        case .getObject(let bucket, let key, _), .headObject(let bucket, let key, _), .listParts(let bucket, let key, _):
            .read(bucket, key)
        case .deleteObject(let bucket, let key, _), .createMultipartUpload(let bucket, let key, _),
             .completeMultipartUpload(let bucket, let key, _, _, _), .abortMultipartUpload(let bucket, let key, _):
            .write(bucket, key)
        case .copyObject(let request):
            .write(request.destinationBucket, request.destinationKey)
        case .listObjectsV2(let bucket, let request):
            .read(bucket, request.prefix)
        case .listObjectVersions(let bucket, let request):
            .read(bucket, request.prefix)
        case .uploadPart(let bucket, let key, _, _, let body):
            .write(bucket, key, bytes: body.count)
        case .listMultipartUploads(let bucket, let request):
            .read(bucket, request.prefix)
        }
    }
}
