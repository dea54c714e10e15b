/// How much a store holds: what a client's listing shows and what sits at rest behind it.
public struct ObjectStoreUsage: Sendable, Equatable {
    /// Keys whose latest version is an object (what ListObjectsV2 lists).
    public var currentObjects = 0
    /// Plaintext bytes of those latest versions.
    public var currentBytes = 0
    /// Older versions kept by versioning (not delete markers).
    public var noncurrentVersions = 0
    /// Plaintext bytes of those older versions: stored, billed, invisible to a plain listing.
    public var noncurrentBytes = 0
    /// Delete markers, current or not.
    public var deleteMarkers = 0

    /// Creates an empty tally.
    public init() {}

    /// Every stored plaintext byte, current and noncurrent.
    public var totalBytes: Int { currentBytes + noncurrentBytes }
}

extension ObjectStoreState {
    /// What the store holds, over every bucket or only `bucket`. Incomplete multipart uploads
    /// are not counted.
    ///
    /// - Complexity: O(versions stored).
    public func usage(bucket name: String? = nil) -> ObjectStoreUsage {
        var usage = ObjectStoreUsage()
        for bucket in buckets.values where name == nil || bucket.name == name {
            for versions in bucket.objects.values {
                for (index, version) in versions.enumerated() {
                    if version.isDeleteMarker {
                        usage.deleteMarkers += 1
                    } else if index == versions.count - 1 {
                        usage.currentObjects += 1
                        usage.currentBytes += version.size
                    } else {
                        usage.noncurrentVersions += 1
                        usage.noncurrentBytes += version.size
                    }
                }
            }
        }
        return usage
    }
}
