/// PutObject, GetObject, HeadObject and DeleteObject.
extension ObjectStoreState {
    /// S3's limit for one PutObject or UploadPart body: 5 GiB.
    public static let maximumSingleUploadBytes = 5 * 1024 * 1024 * 1024

    /// PutObject: stores `body` as the new latest version of `key`.
    ///
    /// Errors, checked in this order before anything changes: `NoSuchBucket`, `KeyTooLongError`,
    /// `EntityTooLarge`, `MetadataTooLarge`, then the conditional-write errors of
    /// ``checkWritePreconditions(_:current:)``.
    public mutating func putObject(bucket bucketName: String, key: String, body: [UInt8],
                                   attributes: ObjectWriteAttributes = ObjectWriteAttributes(),
                                   preconditions: ObjectWritePreconditions = ObjectWritePreconditions(),
                                   now: Int64) throws(S3Error) -> PutObjectOutput {
        let position = try bucketPosition(bucketName)
        let objectKey = try S3ObjectKey.validated(key)
        guard body.count <= Self.maximumSingleUploadBytes else {
            throw S3Error(.entityTooLarge, "Your proposed upload exceeds the maximum allowed size.")
        }
        let (versioning, defaultEncryption) = S3Bucket.writeSettings(of: &buckets.values[position])
        let resolved = try ResolvedWriteAttributes(attributes, defaultEncryption: defaultEncryption)
        try Self.checkWritePreconditions(preconditions, current: currentObject(objectKey, in: buckets.values[position]))
        let sequence = nextSequence
        let segment: ObjectBodySegment = resolved.encryption == nil
            ? .plain(body)
            : .sealed(sequence: sequence, bytes: try cipher.seal(body, sequence: sequence))
        nextSequence += 1
        let version = makeVersion(sequence: sequence, versioning: versioning, attributes: resolved,
                                  eTag: ObjectETag.md5(of: body), size: body.count,
                                  body: body.isEmpty && !segment.isSealed ? .empty : .single(segment), now: now)
        let versionId = Self.reportedVersionId(version, versioning: versioning)
        // The bucket is changed where it lies in the table: found once, never copied out (a live
        // copy would make the install copy the bucket's whole key table).
        buckets.values[position].install(version, for: objectKey)
        return PutObjectOutput(entityTag: version.eTag, versionId: versionId, serverSideEncryption: version.encryption)
    }

    /// GetObject: the bytes (or a byte range) and headers of the addressed version.
    ///
    /// Errors: `NoSuchBucket`, `KeyTooLongError`, `InvalidArgument` (malformed version id),
    /// `NoSuchKey` (absent, or latest is a delete marker — flagged on the error), `NoSuchVersion`,
    /// `MethodNotAllowed` (405, the version is a delete marker), `PreconditionFailed`, `NotModified`,
    /// `InvalidObjectState` (403, GLACIER / DEEP_ARCHIVE), `InvalidRange`.
    public func getObject(bucket bucketName: String, key: String,
                          options: ObjectReadOptions = ObjectReadOptions()) throws(S3Error) -> GetObjectOutput {
        let (versioning, version) = try readableVersion(bucket: bucketName, key: key, versionId: options.versionId)
        try Self.checkReadConditions(version, ifMatch: options.ifMatch, ifNoneMatch: options.ifNoneMatch)
        guard !version.storageClass.requiresRestoreForRead else {
            throw S3Error(.invalidObjectState, "The operation is not valid for the object's storage class")
        }
        let range = try ObjectByteRange.resolve(options.range, objectSize: version.size)
        let body = try version.body.read(range ?? 0..<version.size, cipher: cipher)
        return GetObjectOutput(head: head(of: version, versioning: versioning, range: range), body: body)
    }

    /// HeadObject: GetObject's headers without the body. Archived storage classes can be headed.
    public func headObject(bucket bucketName: String, key: String,
                           options: ObjectReadOptions = ObjectReadOptions()) throws(S3Error) -> ObjectHead {
        let (versioning, version) = try readableVersion(bucket: bucketName, key: key, versionId: options.versionId)
        try Self.checkReadConditions(version, ifMatch: options.ifMatch, ifNoneMatch: options.ifNoneMatch)
        return head(of: version, versioning: versioning, range: try ObjectByteRange.resolve(options.range, objectSize: version.size))
    }

    /// DeleteObject.
    ///
    /// Without a version id: an unversioned bucket removes the object; an enabled bucket adds a
    /// delete marker with a new id (even when the key has no versions); a suspended bucket replaces
    /// the null version with a null delete marker. With a version id: that version (or delete
    /// marker — which "undeletes" the key) is removed permanently; a well-formed id naming nothing
    /// succeeds without change (S3 and moto answer 204, echoing the id); a malformed id is
    /// `InvalidArgument`.
    public mutating func deleteObject(bucket bucketName: String, key: String, versionId: String? = nil,
                                      now: Int64) throws(S3Error) -> DeleteObjectOutput {
        let bucket = try existingBucket(bucketName)
        let objectKey = try S3ObjectKey.validated(key)
        let selector = try ObjectVersionSelector(versionId: versionId)
        let versions = bucket.objects[objectKey] ?? []
        guard selector == .latest else {
            // A never-versioned bucket reports no version id, even for `versionId=null` (as moto does).
            let reportedId = bucket.versioning == .unversioned ? nil : versionId
            guard let index = selector.index(in: versions) else {
                return DeleteObjectOutput(deleteMarker: false, versionId: reportedId)
            }
            let removed = versions[index]
            removeVersion(at: index, key: objectKey, bucket: bucketName)
            return DeleteObjectOutput(deleteMarker: removed.isDeleteMarker, versionId: reportedId)
        }
        switch bucket.versioning {
        case .unversioned:
            if let index = ObjectVersionSelector.null.index(in: versions) {
                removeVersion(at: index, key: objectKey, bucket: bucketName)
            }
            return DeleteObjectOutput(deleteMarker: false, versionId: nil)
        case .enabled, .suspended:
            let marker = ObjectVersion.deleteMarker(sequence: takeSequence(),
                                                    isNullVersion: bucket.versioning == .suspended, now: now)
            install(marker, key: objectKey, bucket: bucketName)
            return DeleteObjectOutput(deleteMarker: true, versionId: marker.versionId)
        }
    }

    // MARK: - Helpers

    /// A new object version with the bucket's versioning decided (null unless versioning is enabled).
    mutating func makeVersion(sequence: UInt64, versioning: VersioningState, attributes: ResolvedWriteAttributes,
                              eTag: ObjectETag, size: Int, body: ObjectBody, now: Int64) -> ObjectVersion {
        ObjectVersion(
            sequence: sequence, isNullVersion: versioning != .enabled, isDeleteMarker: false,
            encryption: attributes.encryption, storageClass: attributes.storageClass,
            contentType: contentTypes.intern(attributes.contentType), lastModified: now,
            becameNoncurrentAt: nil, size: size, eTag: eTag, userMetadata: attributes.metadata, body: body
        )
    }

    /// Resolves the version a read addresses, with S3's errors for every way it can be missing,
    /// and its bucket's versioning state.
    func readableVersion(bucket bucketName: String, key: String, versionId: String?) throws(S3Error) -> (VersioningState, ObjectVersion) {
        let bucket = try existingBucket(bucketName)
        let objectKey = try S3ObjectKey.validated(key)
        let selector = try ObjectVersionSelector(versionId: versionId)
        let versions = bucket.objects[objectKey] ?? []
        guard let index = selector.index(in: versions) else {
            throw selector == .latest ? S3Error.noSuchKey() : S3Error.noSuchVersion
        }
        let version = versions[index]
        if version.isDeleteMarker {
            guard selector == .latest else {
                // S3 documents 405 for a GET or HEAD naming a delete marker (moto answers 404 to GET).
                throw S3Error(.methodNotAllowed, "The specified method is not allowed against this resource.",
                              isDeleteMarker: true, versionId: version.versionId)
            }
            // Delete markers only exist in buckets that have been versioned, so the id is always reported.
            throw S3Error.noSuchKey(deleteMarkerVersionId: version.versionId)
        }
        return (bucket.versioning, version)
    }

    /// The response headers for reading `version`, whole or as a 206 for `range`.
    func head(of version: ObjectVersion, versioning: VersioningState, range: Range<Int>?) -> ObjectHead {
        ObjectHead(
            status: range == nil ? 200 : 206,
            entityTag: version.eTag,
            versionId: Self.reportedVersionId(version, versioning: versioning),
            contentLength: range?.count ?? version.size,
            objectSize: version.size,
            contentRange: range.map { "bytes \($0.lowerBound)-\($0.upperBound - 1)/\(version.size)" },
            contentType: contentTypes.name(version.contentType),
            metadata: version.userMetadata,
            storageClass: version.storageClass,
            serverSideEncryption: version.encryption,
            lastModified: version.lastModified
        )
    }
}
