/// Views for tests and benchmarks that no S3 client could see.
extension ObjectStoreState {
    /// The bytes of a version exactly as stored at rest — ciphertext (nonce ‖ ciphertext ‖ tag per
    /// segment) for SSE objects — or nil when the version does not exist or is a delete marker.
    public func bytesAtRest(bucket: String, key: String, versionId: String? = nil) -> [UInt8]? {
        guard let selector = try? ObjectVersionSelector(versionId: versionId),
              let versions = buckets[bucket]?.objects[S3ObjectKey(key)],
              let index = selector.index(in: versions), !versions[index].isDeleteMarker
        else { return nil }
        return versions[index].body.bytesAtRest
    }

    /// Number of stored versions and delete markers across all buckets.
    public var storedVersionCount: Int {
        buckets.values.reduce(0) { total, bucket in bucket.objects.values.reduce(total) { $0 + $1.count } }
    }

    /// An estimate of the heap bytes spent on bookkeeping rather than object bytes: per key the
    /// dictionary slot, index slot, version array and any out-of-line key storage; per version the
    /// `ObjectVersion` struct and its metadata; per multipart object its segment array; plus
    /// uploads, buckets and the content-type table. Object payloads (and SSE's 28 bytes per
    /// segment) are excluded: they are the data, not the overhead. Swift's allocator rounding
    /// and dictionary load factor are approximated (×4/3 for hash tables, 16-byte array headers
    /// plus a 16-byte allocation header).
    public func approximateMetadataBytes() -> Int {
        let allocationHeader = 16
        let arrayHeader = 32 + allocationHeader
        func stringBytes(_ string: String) -> Int {
            // Strings of up to 15 UTF-8 bytes live inline; longer ones own a heap buffer.
            let count = string.utf8.count
            return MemoryLayout<String>.stride + (count > 15 ? count + 1 + arrayHeader : 0)
        }
        func hashed(_ bytes: Int) -> Int { bytes * 4 / 3 }
        var total = MemoryLayout<ObjectStoreState>.stride + contentTypes.approximateBytes
        for bucket in buckets.values {
            total += hashed(stringBytes(bucket.name) + MemoryLayout<S3Bucket>.stride)
            total += bucket.keyIndex.chunks.count * arrayHeader
            for (key, versions) in bucket.objects {
                total += hashed(stringBytes(key.string) + MemoryLayout<[ObjectVersion]>.stride)
                total += MemoryLayout<S3ObjectKey>.stride
                total += arrayHeader + versions.capacity * MemoryLayout<ObjectVersion>.stride
                for version in versions {
                    if !version.userMetadata.isEmpty {
                        total += arrayHeader + hashed(version.userMetadata.reduce(0) { $0 + stringBytes($1.key) + stringBytes($1.value) })
                    }
                    if case .segments(let segments) = version.body {
                        total += arrayHeader + segments.count * MemoryLayout<ObjectBodySegment>.stride
                    }
                }
            }
            for upload in bucket.uploads.values {
                total += hashed(MemoryLayout<UInt64>.stride + MemoryLayout<MultipartUpload>.stride)
                total += arrayHeader + hashed(upload.parts.count * (MemoryLayout<Int>.stride + MemoryLayout<MultipartUploadedPart>.stride))
            }
            for completed in bucket.completedUploads.values {
                total += hashed(MemoryLayout<UInt64>.stride + MemoryLayout<S3Bucket.CompletedUpload>.stride + stringBytes(completed.key.string)
                                + stringBytes(completed.output.eTag) + (completed.output.versionId.map(stringBytes) ?? 0))
            }
        }
        return total
    }
}
