/// One object-store request in data form, so a scenario can list operations in order and a run
/// can replay them through ``ObjectStoreState/apply(_:now:)``.
public enum ObjectStoreOperation: Sendable, Equatable {
    /// CreateBucket.
    case createBucket(bucket: String)
    /// DeleteBucket.
    case deleteBucket(bucket: String)
    /// ListBuckets.
    case listBuckets
    /// PutBucketVersioning.
    case putBucketVersioning(bucket: String, state: VersioningState)
    /// GetBucketVersioning.
    case getBucketVersioning(bucket: String)
    /// PutBucketEncryption (nil removes default encryption).
    case putBucketEncryption(bucket: String, encryption: ServerSideEncryption?)
    /// PutBucketLifecycleConfiguration.
    case putBucketLifecycle(bucket: String, configuration: LifecycleConfiguration)
    /// DeleteBucketLifecycle.
    case deleteBucketLifecycle(bucket: String)
    /// PutObject.
    case putObject(bucket: String, key: String, body: [UInt8], attributes: ObjectWriteAttributes, preconditions: ObjectWritePreconditions)
    /// GetObject.
    case getObject(bucket: String, key: String, options: ObjectReadOptions)
    /// HeadObject.
    case headObject(bucket: String, key: String, options: ObjectReadOptions)
    /// DeleteObject.
    case deleteObject(bucket: String, key: String, versionId: String?)
    /// CopyObject.
    case copyObject(CopyObjectRequest)
    /// ListObjectsV2.
    case listObjectsV2(bucket: String, request: ListObjectsV2Request)
    /// ListObjectVersions.
    case listObjectVersions(bucket: String, request: ListObjectVersionsRequest)
    /// CreateMultipartUpload.
    case createMultipartUpload(bucket: String, key: String, attributes: ObjectWriteAttributes)
    /// UploadPart.
    case uploadPart(bucket: String, key: String, uploadId: String, partNumber: Int, body: [UInt8])
    /// ListParts.
    case listParts(bucket: String, key: String, uploadId: String)
    /// CompleteMultipartUpload.
    case completeMultipartUpload(bucket: String, key: String, uploadId: String, parts: [CompletedMultipartPart], preconditions: ObjectWritePreconditions)
    /// AbortMultipartUpload.
    case abortMultipartUpload(bucket: String, key: String, uploadId: String)
    /// ListMultipartUploads.
    case listMultipartUploads(bucket: String, request: ListMultipartUploadsRequest)
    /// One daily lifecycle pass.
    case runLifecycle
}
