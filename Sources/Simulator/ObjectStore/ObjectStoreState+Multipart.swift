/// Multipart uploads: create, upload part, list parts, complete, abort, list uploads.
extension ObjectStoreState {
    /// Valid part numbers.
    public static let partNumbers = 1...10_000
    /// Every part but the last must be at least 5 MiB when the upload is completed.
    public static let minimumPartSize = 5 * 1024 * 1024

    /// CreateMultipartUpload: returns the new upload id.
    /// Errors: `NoSuchBucket`, `KeyTooLongError`, `MetadataTooLarge`.
    public mutating func createMultipartUpload(bucket bucketName: String, key: String,
                                               attributes: ObjectWriteAttributes = ObjectWriteAttributes(),
                                               now: Int64) throws(S3Error) -> String {
        let bucket = try existingBucket(bucketName)
        let objectKey = try S3ObjectKey.validated(key)
        let resolved = try ResolvedWriteAttributes(attributes, defaultEncryption: bucket.defaultEncryption)
        let upload = MultipartUpload(sequence: takeSequence(), key: objectKey, initiated: now, attributes: resolved)
        buckets[bucketName]?.uploads[upload.sequence] = upload
        return upload.uploadId
    }

    /// UploadPart: stores (or replaces) one part and returns its quoted ETag, the MD5 of its bytes.
    /// Errors: `NoSuchBucket`, `InvalidArgument` (part number outside 1…10,000), `NoSuchUpload`
    /// (unknown, completed or aborted upload, or a different key), `EntityTooLarge`.
    public mutating func uploadPart(bucket bucketName: String, key: String, uploadId: String, partNumber: Int,
                                    body: [UInt8], now: Int64) throws(S3Error) -> String {
        let bucket = try existingBucket(bucketName)
        guard Self.partNumbers.contains(partNumber) else {
            throw S3Error(.invalidArgument, "Part number must be an integer between 1 and 10000, inclusive")
        }
        let upload = try existingUpload(in: bucket, key: key, uploadId: uploadId)
        guard body.count <= Self.maximumSingleUploadBytes else {
            throw S3Error(.entityTooLarge, "Your proposed upload exceeds the maximum allowed size.")
        }
        let eTag = ObjectETag.md5(of: body)
        var segment = ObjectBodySegment.plain(body)
        if upload.attributes.encryption != nil {
            // Each part is sealed once, under its own sequence number, and never re-encrypted.
            let sequence = nextSequence
            segment = .sealed(sequence: sequence, bytes: try cipher.seal(body, sequence: sequence))
            nextSequence += 1
        }
        buckets[bucketName]?.uploads[upload.sequence]?.parts[partNumber] =
            MultipartUploadedPart(eTag: eTag, size: body.count, lastModified: now, segment: segment)
        return eTag.description
    }

    /// ListParts: the upload's parts in part-number order. Errors: `NoSuchBucket`, `NoSuchUpload`.
    public func listParts(bucket bucketName: String, key: String, uploadId: String) throws(S3Error) -> [MultipartPartSummary] {
        let upload = try existingUpload(in: existingBucket(bucketName), key: key, uploadId: uploadId)
        return upload.parts.keys.sorted().map { number in
            let part = upload.parts[number]!
            return MultipartPartSummary(partNumber: number, eTag: part.eTag.description, size: part.size, lastModified: part.lastModified)
        }
    }

    /// CompleteMultipartUpload: assembles the listed parts (unlisted parts are discarded) into a
    /// new version of the key, created when the upload started: the latest unless a newer write
    /// of the key began after the upload did (see ``S3Bucket/install(_:for:)``); its ETag is MD5(MD5(part 1) ‖ … ‖ MD5(part N)) + "-N".
    ///
    /// Errors, in this order: `NoSuchBucket`, `NoSuchUpload`, `MalformedXML` (empty part list),
    /// `InvalidPartOrder` (not strictly ascending), `InvalidPart` (not uploaded, or ETag differs),
    /// `EntityTooSmall` (a part other than the last under 5 MiB), then the conditional-write errors.
    /// The parts' stored segments move into the object as they are: no bytes are copied. `now`,
    /// the request's arrival, dates nothing: the object is dated by its upload's start.
    public mutating func completeMultipartUpload(bucket bucketName: String, key: String, uploadId: String,
                                                 parts: [CompletedMultipartPart],
                                                 preconditions: ObjectWritePreconditions = ObjectWritePreconditions(),
                                                 now: Int64) throws(S3Error) -> CompleteMultipartUploadOutput {
        let bucket = try existingBucket(bucketName)
        if let sequence = ObjectStoreIdentifiers.sequence(fromUploadId: uploadId), let completed = bucket.completedUploads[sequence],
           completed.key == S3ObjectKey(key) {
            // A retry of a completion that already succeeded (its answer was lost, say).
            return completed.output
        }
        let upload = try existingUpload(in: bucket, key: key, uploadId: uploadId)
        guard !parts.isEmpty else {
            throw S3Error(.malformedXML, "The XML you provided was not well-formed or did not validate against our published schema")
        }
        guard zip(parts, parts.dropFirst()).allSatisfy({ $0.partNumber < $1.partNumber }) else {
            throw S3Error(.invalidPartOrder, "The list of parts was not in ascending order. The parts list must be specified in order by part number.")
        }
        let uploaded = try parts.map { (requested: CompletedMultipartPart) throws(S3Error) -> MultipartUploadedPart in
            guard let part = upload.parts[requested.partNumber],
                  ObjectETag.normalizedClientTag(requested.eTag) == part.eTag.unquoted
            else {
                throw S3Error(.invalidPart, "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.")
            }
            return part
        }
        guard uploaded.dropLast().allSatisfy({ $0.size >= Self.minimumPartSize }) else {
            throw S3Error(.entityTooSmall, "Your proposed upload is smaller than the minimum allowed object size.")
        }
        try Self.checkWritePreconditions(preconditions, current: currentObject(upload.key, in: bucket))
        // The object is as old as its upload: created (its Last-Modified, what lifecycle counts
        // from) when the upload started, and ordered among the key's versions by that start
        // (its sequence, taken then), as S3 orders concurrent uploads by their `createdDate`.
        let version = makeVersion(
            sequence: upload.sequence, versioning: bucket.versioning, attributes: upload.attributes,
            eTag: ObjectETag.multipart(partDigests: uploaded.map(\.eTag)), size: uploaded.reduce(0) { $0 + $1.size },
            body: .segments(uploaded.map(\.segment)), now: upload.initiated
        )
        // Read `bucket` before mutating, so no copy of it forces the mutations to copy its tables.
        let versionId = reportedVersionId(version, in: bucket)
        buckets[bucketName]?.uploads[upload.sequence] = nil
        install(version, key: upload.key, bucket: bucketName)
        let output = CompleteMultipartUploadOutput(eTag: version.eTag.description, versionId: versionId)
        buckets[bucketName]?.completedUploads[upload.sequence] = .init(key: upload.key, output: output)
        return output
    }

    /// AbortMultipartUpload: discards the upload and its parts. Errors: `NoSuchBucket`, `NoSuchUpload`.
    public mutating func abortMultipartUpload(bucket bucketName: String, key: String, uploadId: String) throws(S3Error) {
        let upload = try existingUpload(in: existingBucket(bucketName), key: key, uploadId: uploadId)
        buckets[bucketName]?.uploads[upload.sequence] = nil
    }

    /// ListMultipartUploads: one page of the uploads in progress whose key starts with the
    /// request's prefix, ordered by key (UTF-8 bytes) and then by initiation, as S3 orders them,
    /// after the markers; at most `max-uploads` (capped at 1,000) a page, with the markers of the
    /// next when truncated. Errors: `NoSuchBucket`; `InvalidArgument` for a negative
    /// `max-uploads` or an `upload-id-marker` that is no upload id.
    public func listMultipartUploads(bucket bucketName: String, _ request: ListMultipartUploadsRequest) throws(S3Error) -> ListMultipartUploadsOutput {
        let bucket = try existingBucket(bucketName)
        let pageSize = try Self.pageSize(request.maxUploads)
        let keyMarker = request.keyMarker.map(S3ObjectKey.init)
        var sequenceMarker: UInt64?
        if keyMarker != nil, let uploadIdMarker = request.uploadIdMarker {
            guard let sequence = ObjectStoreIdentifiers.sequence(fromUploadId: uploadIdMarker) else {
                throw S3Error(.invalidArgument, "Invalid uploadId marker")
            }
            sequenceMarker = sequence
        }
        let listed = bucket.uploads.values
            .filter { upload in
                guard upload.key.hasBytePrefix(request.prefix) else { return false }
                guard let keyMarker else { return true }
                if keyMarker < upload.key { return true }
                guard let sequenceMarker, upload.key == keyMarker else { return false }
                return upload.sequence > sequenceMarker
            }
            .sorted { ($0.key, $0.sequence) < ($1.key, $1.sequence) }
        let page = listed.prefix(pageSize).map {
            MultipartUploadSummary(key: $0.key.string, uploadId: $0.uploadId, initiated: $0.initiated, storageClass: $0.attributes.storageClass)
        }
        let isTruncated = listed.count > page.count
        return ListMultipartUploadsOutput(uploads: page, isTruncated: isTruncated,
                                          nextKeyMarker: isTruncated ? page.last?.key : nil,
                                          nextUploadIdMarker: isTruncated ? page.last?.uploadId : nil)
    }

    /// The first page of ListMultipartUploads under `prefix` (up to 1,000 uploads).
    public func listMultipartUploads(bucket bucketName: String, prefix: String = "") throws(S3Error) -> [MultipartUploadSummary] {
        try listMultipartUploads(bucket: bucketName, ListMultipartUploadsRequest(prefix: prefix)).uploads
    }

    /// The upload `uploadId` names in `bucket` for `key`, or `NoSuchUpload`.
    private func existingUpload(in bucket: S3Bucket, key: String, uploadId: String) throws(S3Error) -> MultipartUpload {
        guard let sequence = ObjectStoreIdentifiers.sequence(fromUploadId: uploadId),
              let upload = bucket.uploads[sequence],
              upload.key == S3ObjectKey(key)
        else { throw S3Error.noSuchUpload }
        return upload
    }
}
