import Simulator

extension RunResult.StoreFigures {
    /// One version or delete marker a bucket holds at the end, as report.json's `store.versions`
    /// lists it: its bucket, then S3's ListObjectVersions entry exactly as `orrery ops` writes it
    /// to results.jsonl (``ListedObjectVersion``: `key`, `versionId`, `isLatest`,
    /// `isDeleteMarker`, the quoted `eTag`, `size`, `storageClass`, `lastModified` in virtual
    /// nanoseconds) — one implementation of an object's row, not a second one for reports.
    public struct StoredVersion: Sendable, Equatable, Encodable {
        public var bucket: String
        public var version: ListedObjectVersion

        private enum Keys: String, CodingKey { case bucket }

        public func encode(to encoder: any Encoder) throws {
            try version.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(bucket, forKey: .bucket)
        }
    }
}

extension ObjectStoreState {
    /// Every bucket's versions and delete markers — buckets by name, each in ListObjectVersions'
    /// order (key ascending, then newest first) — up to `most` of them, and how many the store
    /// holds in all. Only the listed ones are read, a page at a time: a world may leave millions.
    ///
    /// - Complexity: O(`most` + buckets) pages' work, plus O(versions stored) for the count.
    func reportedVersions(most: Int) -> (listed: [RunResult.StoreFigures.StoredVersion], total: Int) {
        var listed: [RunResult.StoreFigures.StoredVersion] = []
        for bucket in listBuckets() {
            var marker: (key: String?, versionId: String?) = (nil, nil)
            while listed.count < most {
                let request = ListObjectVersionsRequest(maxKeys: min(1_000, most - listed.count), keyMarker: marker.key, versionIdMarker: marker.versionId)
                guard let page = try? listObjectVersions(bucket: bucket.name, request) else {
                    preconditionFailure("a bucket ListBuckets names exists, and its listing's own markers are valid")
                }
                listed += page.versions.map { .init(bucket: bucket.name, version: $0) }
                guard page.isTruncated else { break }
                marker = (page.nextKeyMarker, page.nextVersionIdMarker)
            }
        }
        return (listed, storedVersionCount)
    }
}
