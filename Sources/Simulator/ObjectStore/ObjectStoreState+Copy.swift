/// CopyObject.
extension ObjectStoreState {
    /// CopyObject: writes a new version at the destination holding the source version's bytes.
    ///
    /// The copy is a single-part object, so its ETag is the MD5 of its bytes even when the source
    /// was multipart (confirmed against moto). Stored segments are shared with the source when
    /// their encryption already matches the destination's, so copying costs no byte copies.
    ///
    /// Errors: `NoSuchBucket` (source or destination), `KeyTooLongError`, `InvalidArgument`
    /// (malformed source version id), `NoSuchKey` / `NoSuchVersion`, `InvalidRequest` when the
    /// source version is a delete marker or when an object is copied onto itself with nothing
    /// changed and no source version named (wording confirmed against moto), `InvalidObjectState` for an archived source, and
    /// `MetadataTooLarge`.
    public mutating func copyObject(_ request: CopyObjectRequest, now: Int64) throws(S3Error) -> CopyObjectOutput {
        let sourceBucket = try existingBucket(request.sourceBucket)
        let destinationBucket = try existingBucket(request.destinationBucket)
        let sourceKey = try S3ObjectKey.validated(request.sourceKey)
        let destinationKey = try S3ObjectKey.validated(request.destinationKey)
        let selector = try ObjectVersionSelector(versionId: request.sourceVersionId)
        let sourceVersions = sourceBucket.objects[sourceKey] ?? []
        guard let sourceIndex = selector.index(in: sourceVersions) else {
            throw selector == .latest ? S3Error.noSuchKey() : S3Error.noSuchVersion
        }
        let source = sourceVersions[sourceIndex]
        if source.isDeleteMarker {
            guard selector == .latest else {
                throw S3Error(.invalidRequest, "The source of a copy request may not specifically refer to a delete marker by version id.")
            }
            throw S3Error.noSuchKey()
        }
        guard !source.storageClass.requiresRestoreForRead else {
            throw S3Error(.invalidObjectState, "Operation is not valid for the source object's storage class")
        }
        // S3 refuses a self-copy that changes nothing only when no source version is named: naming
        // one (even the current one, or "null") is a restore, and always allowed.
        let isSelfCopy = request.sourceBucket == request.destinationBucket && sourceKey == destinationKey
            && sourceIndex == sourceVersions.count - 1 && request.sourceVersionId == nil
        if isSelfCopy, request.metadataDirective == .copy, request.storageClass == nil, request.serverSideEncryption == nil {
            throw S3Error(.invalidRequest, "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.")
        }
        var written = ObjectWriteAttributes(
            contentType: contentTypes.name(source.contentType), metadata: source.userMetadata,
            storageClass: request.storageClass ?? .standard, serverSideEncryption: request.serverSideEncryption
        )
        if case .replace(let contentType, let metadata) = request.metadataDirective {
            written.contentType = contentType
            written.metadata = metadata
        }
        let resolved = try ResolvedWriteAttributes(written, defaultEncryption: destinationBucket.defaultEncryption)
        let eTag = source.eTag.partCount == 0 ? source.eTag : try source.body.md5(cipher: cipher)

        // Sequence numbers: the version first, then one per segment that must be newly sealed.
        let versionSequence = nextSequence
        var segmentSequence = versionSequence + 1
        var segments: [ObjectBodySegment] = []
        for segment in source.body.segmentList {
            switch (segment, resolved.encryption) {
            case (.plain, nil), (.sealed, .aes256?):
                segments.append(segment)
            case (.sealed, nil):
                segments.append(.plain(try segment.plaintext(cipher)))
            case (.plain(let bytes), .aes256?):
                segments.append(.sealed(sequence: segmentSequence, bytes: try cipher.seal(bytes, sequence: segmentSequence)))
                segmentSequence += 1
            }
        }
        if segments.isEmpty, resolved.encryption != nil {
            segments.append(.sealed(sequence: segmentSequence, bytes: try cipher.seal([], sequence: segmentSequence)))
            segmentSequence += 1
        }
        nextSequence = segmentSequence
        let version = makeVersion(sequence: versionSequence, versioning: destinationBucket.versioning, attributes: resolved,
                                  eTag: eTag, size: source.size, body: ObjectBody(segments), now: now)
        // Read the buckets before installing, so no copy of them is alive to force the install
        // to copy the destination's key table.
        let output = CopyObjectOutput(
            eTag: version.eTag.description,
            versionId: reportedVersionId(version, in: destinationBucket),
            copySourceVersionId: reportedVersionId(source, in: sourceBucket),
            lastModified: now
        )
        install(version, key: destinationKey, bucket: request.destinationBucket)
        return output
    }
}
