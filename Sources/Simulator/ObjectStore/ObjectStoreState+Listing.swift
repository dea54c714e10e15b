/// ListObjectsV2, and the key walk it shares with ListObjectVersions.
extension ObjectStoreState {
    /// S3 never returns more than 1,000 entries per page.
    public static let maximumListPageSize = 1000

    /// ListObjectsV2: current objects (delete-marked keys are hidden) in UTF-8 byte order.
    ///
    /// Errors: `NoSuchBucket`; `InvalidArgument` for a negative max-keys or a continuation token
    /// this store did not issue. `max-keys=0` returns an empty, untruncated page (as moto does).
    public func listObjectsV2(bucket bucketName: String,
                              _ request: ListObjectsV2Request = ListObjectsV2Request()) throws(S3Error) -> ListObjectsV2Output {
        let bucket = try existingBucket(bucketName)
        let pageSize = try Self.pageSize(request.maxKeys)
        var marker = request.startAfter
        if let token = request.continuationToken {
            guard let decoded = ObjectStoreIdentifiers.marker(fromContinuationToken: token) else {
                throw S3Error(.invalidArgument, "The continuation token provided is incorrect")
            }
            marker = decoded
        }
        var contents: [ListedObject] = []
        var commonPrefixes: [String] = []
        var lastEmitted: String?
        var isTruncated = false
        if pageSize > 0 {
            Self.walkKeys(in: bucket, prefix: request.prefix, delimiter: request.delimiter, after: marker,
                          includingMarker: false, isVisible: { $0.last?.isDeleteMarker == false }) { entry in
                guard contents.count + commonPrefixes.count < pageSize else {
                    isTruncated = true
                    return false
                }
                switch entry {
                case .commonPrefix(let prefix):
                    commonPrefixes.append(prefix)
                    lastEmitted = prefix
                case .key(let key, let versions):
                    let latest = versions[versions.count - 1]
                    contents.append(ListedObject(key: key.string, eTag: latest.eTag.description, size: latest.size,
                                                 storageClass: latest.storageClass, lastModified: latest.lastModified))
                    lastEmitted = key.string
                }
                return true
            }
        }
        return ListObjectsV2Output(
            contents: contents, commonPrefixes: commonPrefixes, keyCount: contents.count + commonPrefixes.count,
            isTruncated: isTruncated,
            nextContinuationToken: isTruncated ? lastEmitted.map(ObjectStoreIdentifiers.continuationToken(marker:)) : nil,
            maxKeys: request.maxKeys
        )
    }

    /// The effective page size, or `InvalidArgument` for a negative max-keys.
    static func pageSize(_ maxKeys: Int) throws(S3Error) -> Int {
        guard maxKeys >= 0 else { throw S3Error(.invalidArgument, "max-keys must be a non-negative integer") }
        return min(maxKeys, maximumListPageSize)
    }

    /// One step of a listing walk.
    enum ListingEntry {
        /// A key with its versions (oldest first).
        case key(S3ObjectKey, [ObjectVersion])
        /// A common prefix standing for every key beneath it.
        case commonPrefix(String)
    }

    /// Walks the keys of `bucket` under `prefix` in byte order, starting after `marker`, rolling
    /// keys up into common prefixes at `delimiter`, until `visit` returns false.
    ///
    /// When the marker itself lies under a common prefix, that whole prefix was already reported
    /// on an earlier page, so the walk resumes after it — this is what makes a page boundary that
    /// falls on a common prefix neither repeat nor drop anything. Each common prefix is reported
    /// once and the walk then jumps past all its keys with one binary search.
    static func walkKeys(in bucket: S3Bucket, prefix: String, delimiter rawDelimiter: String?, after marker: String?,
                         includingMarker: Bool, isVisible: ([ObjectVersion]) -> Bool,
                         _ visit: (ListingEntry) -> Bool) {
        let delimiter = rawDelimiter.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        let prefixBytes = Array(prefix.utf8)
        let markerKey = marker.map(S3ObjectKey.init)
        let skippedPrefix = marker.flatMap { commonPrefix(of: $0, prefix: prefixBytes, delimiter: delimiter) }
        let prefixKey = S3ObjectKey(prefix)
        let index = bucket.keyIndex
        var position = index.firstPosition { key in
            guard !(key < prefixKey) else { return false }
            if let markerKey, includingMarker ? key < markerKey : !(markerKey < key) { return false }
            if let skippedPrefix, !isPast(key, commonPrefix: skippedPrefix) { return false }
            return true
        }
        while let key = index.key(at: position) {
            guard key.hasBytePrefix(prefix) else { return }
            guard let versions = bucket.objects[key], isVisible(versions) else {
                position = index.position(after: position)
                continue
            }
            if let rolledUp = commonPrefix(of: key.string, prefix: prefixBytes, delimiter: delimiter) {
                guard visit(.commonPrefix(rolledUp)) else { return }
                position = index.firstPosition { isPast($0, commonPrefix: rolledUp) }
                continue
            }
            guard visit(.key(key, versions)) else { return }
            position = index.position(after: position)
        }
    }

    /// The common prefix `key` rolls up into: the prefix plus everything up to and including the
    /// first delimiter after it; nil when there is no delimiter or the key has none past the prefix.
    static func commonPrefix(of key: String, prefix: [UInt8], delimiter: [UInt8]?) -> String? {
        guard let delimiter else { return nil }
        let bytes = Array(key.utf8)
        guard bytes.starts(with: prefix), bytes.count >= prefix.count + delimiter.count else { return nil }
        var start = prefix.count
        while start + delimiter.count <= bytes.count {
            if bytes[start..<(start + delimiter.count)].elementsEqual(delimiter) {
                return String(decoding: bytes[..<(start + delimiter.count)], as: UTF8.self)
            }
            start += 1
        }
        return nil
    }

    /// Whether `key` sorts after every key that starts with `commonPrefix`: true exactly when its
    /// first bytes (as many as the prefix has) sort above the prefix. Monotone in key order.
    static func isPast(_ key: S3ObjectKey, commonPrefix: String) -> Bool {
        let head = key.string.utf8.prefix(commonPrefix.utf8.count)
        return commonPrefix.utf8.lexicographicallyPrecedes(head)
    }
}
