/// S3's operations as client calls: each builds the request's access description and runs the
/// matching ``ObjectStoreState`` method on the store.
extension ObjectStoreClient {
    /// CreateBucket.
    public func createBucket(_ bucket: String) async throws(ObjectStoreClientError) {
        try await send(.write(bucket)) { state, now throws(S3Error) in try state.createBucket(bucket, now: now) }
    }

    /// PutBucketVersioning.
    public func putBucketVersioning(_ bucket: String, _ versioning: VersioningState) async throws(ObjectStoreClientError) {
        try await send(.write(bucket)) { state, _ throws(S3Error) in try state.putBucketVersioning(bucket, versioning) }
    }

    /// PutBucketEncryption (nil removes the default).
    public func putBucketEncryption(_ bucket: String, _ encryption: ServerSideEncryption?) async throws(ObjectStoreClientError) {
        try await send(.write(bucket)) { state, _ throws(S3Error) in try state.putBucketEncryption(bucket, encryption) }
    }

    /// PutBucketLifecycleConfiguration.
    public func putBucketLifecycle(_ bucket: String, _ configuration: LifecycleConfiguration) async throws(ObjectStoreClientError) {
        try await send(.write(bucket)) { state, _ throws(S3Error) in try state.putBucketLifecycleConfiguration(bucket, configuration) }
    }

    /// PutObject.
    public func putObject(bucket: String, key: String, body: [UInt8],
                          attributes: ObjectWriteAttributes = ObjectWriteAttributes(),
                          preconditions: ObjectWritePreconditions = ObjectWritePreconditions()) async throws(ObjectStoreClientError) -> PutObjectOutput {
        try await send(.write(bucket, key, bytes: body.count)) { state, now throws(S3Error) in
            try state.putObject(bucket: bucket, key: key, body: body, attributes: attributes, preconditions: preconditions, now: now)
        }
    }

    /// GetObject.
    public func getObject(bucket: String, key: String, options: ObjectReadOptions = ObjectReadOptions()) async throws(ObjectStoreClientError) -> GetObjectOutput {
        try await send(.read(bucket, key), responseBytes: { $0.body.count }, successStatus: { $0.head.status }) { state, _ throws(S3Error) in
            try state.getObject(bucket: bucket, key: key, options: options)
        }
    }

    /// HeadObject.
    public func headObject(bucket: String, key: String, options: ObjectReadOptions = ObjectReadOptions()) async throws(ObjectStoreClientError) -> ObjectHead {
        try await send(.read(bucket, key), successStatus: { $0.status }) { state, _ throws(S3Error) in try state.headObject(bucket: bucket, key: key, options: options) }
    }

    /// DeleteObject.
    @discardableResult
    public func deleteObject(bucket: String, key: String, versionId: String? = nil) async throws(ObjectStoreClientError) -> DeleteObjectOutput {
        try await send(.write(bucket, key), successStatus: { _ in 204 }) { state, now throws(S3Error) in
            try state.deleteObject(bucket: bucket, key: key, versionId: versionId, now: now)
        }
    }

    /// CopyObject (server-side: no body crosses the network).
    public func copyObject(_ request: CopyObjectRequest) async throws(ObjectStoreClientError) -> CopyObjectOutput {
        try await send(.write(request.destinationBucket, request.destinationKey)) { state, now throws(S3Error) in
            try state.copyObject(request, now: now)
        }
    }

    /// ListObjectsV2: one page.
    public func listObjectsV2(bucket: String, _ request: ListObjectsV2Request) async throws(ObjectStoreClientError) -> ListObjectsV2Output {
        try await send(.read(bucket, request.prefix)) { state, _ throws(S3Error) in try state.listObjectsV2(bucket: bucket, request) }
    }

    /// ListObjectsV2 page after page until the listing is complete.
    public func listAllObjects(bucket: String, prefix: String = "") async throws(ObjectStoreClientError) -> [ListedObject] {
        var objects: [ListedObject] = []
        var request = ListObjectsV2Request(prefix: prefix)
        while true {
            let page = try await listObjectsV2(bucket: bucket, request)
            objects += page.contents
            guard page.isTruncated, let token = page.nextContinuationToken else { return objects }
            request.continuationToken = token
        }
    }

    /// ListObjectsV2 with a delimiter, page after page: every common prefix under `prefix`.
    public func listAllCommonPrefixes(bucket: String, prefix: String, delimiter: String = "/") async throws(ObjectStoreClientError) -> [String] {
        var prefixes: [String] = []
        var request = ListObjectsV2Request(prefix: prefix, delimiter: delimiter)
        while true {
            let page = try await listObjectsV2(bucket: bucket, request)
            prefixes += page.commonPrefixes
            guard page.isTruncated, let token = page.nextContinuationToken else { return prefixes }
            request.continuationToken = token
        }
    }

    /// ListObjectVersions: one page.
    public func listObjectVersions(bucket: String, _ request: ListObjectVersionsRequest) async throws(ObjectStoreClientError) -> ListObjectVersionsOutput {
        try await send(.read(bucket, request.prefix)) { state, _ throws(S3Error) in try state.listObjectVersions(bucket: bucket, request) }
    }

    /// Any logged operation, as an operation scenario runs it: S3's answers, errors included, come
    /// back as results; only a request that got no answer (after retries) throws. The store counts
    /// and traces an error answer as the error it is (a 404 is refused, not succeeded).
    public func perform(_ operation: ObjectStoreOperation) async throws(NetworkError) -> ObjectStoreOperationResult {
        do {
            return try await send(operation.access, responseBytes: { $0.contentLength ?? 0 }, successStatus: { $0.status }) { state, now throws(S3Error) in
                try state.result(of: operation, now: now)
            }
        } catch {
            switch error {
            case .s3(let s3): return ObjectStoreOperationResult(error: s3)
            case .network(let network): throw network
            }
        }
    }
}
