/// Lifecycle configuration and its daily evaluation.
extension ObjectStoreState {
    /// Nanoseconds in a day.
    static let nanosecondsPerDay: Int64 = 86_400_000_000_000

    /// PutBucketLifecycleConfiguration: validates and replaces the bucket's rules.
    public mutating func putBucketLifecycleConfiguration(_ bucket: String, _ configuration: LifecycleConfiguration) throws(S3Error) {
        _ = try existingBucket(bucket)
        try configuration.validate()
        buckets[bucket]?.lifecycle = configuration
    }

    /// GetBucketLifecycleConfiguration, or `NoSuchLifecycleConfiguration` (404) when none is set.
    public func bucketLifecycleConfiguration(_ bucket: String) throws(S3Error) -> LifecycleConfiguration {
        guard let configuration = try existingBucket(bucket).lifecycle else {
            throw S3Error(.noSuchLifecycleConfiguration, "The lifecycle configuration does not exist")
        }
        return configuration
    }

    /// DeleteBucketLifecycle: removes the rules (succeeds when there are none, as S3 does).
    public mutating func deleteBucketLifecycle(_ bucket: String) throws(S3Error) {
        _ = try existingBucket(bucket)
        buckets[bucket]?.lifecycle = nil
    }

    /// When a lifecycle action of `days` days counted from `start` becomes due, in virtual ns.
    ///
    /// S3 adds the days to the start time and rounds the result *up* to the next midnight UTC; a
    /// result exactly at midnight is already due then. Midnights are found in Unix time, so the
    /// epoch need not be a midnight. Arithmetic saturates, so absurd day counts mean "never".
    public func lifecycleDueTime(since start: Int64, days: Int) -> Int64 {
        let day = Self.nanosecondsPerDay
        let epoch = Self.saturatingMultiply(epochUnixSeconds, 1_000_000_000)
        let absolute = Self.saturatingAdd(Self.saturatingAdd(epoch, start), Self.saturatingMultiply(Int64(days), day))
        var midnights = absolute / day
        if absolute % day != 0, absolute > 0 { midnights += 1 }
        return Self.saturatingAdd(Self.saturatingMultiply(midnights, day), Self.saturatingMultiply(epoch, -1))
    }

    /// Applies every due lifecycle action as of `now` and reports them, ordered by bucket name,
    /// then key (byte order) — for each key its noncurrent versions newest first, then its current
    /// version — and then aborted uploads by key and initiation. The simulator calls this daily.
    public mutating func runLifecycle(now: Int64) -> [LifecycleAction] {
        var actions: [LifecycleAction] = []
        let names = buckets.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names {
            guard let bucket = buckets[name], let configuration = bucket.lifecycle else { continue }
            let rules = configuration.rules.filter(\.isEnabled)
            guard !rules.isEmpty else { continue }
            for key in bucket.keyIndex.allKeys {
                let matching = rules.filter { $0.applies(to: key) }
                guard !matching.isEmpty else { continue }
                expireNoncurrentVersions(key, bucket: name, rules: matching, now: now, into: &actions)
                actOnCurrentVersion(key, bucket: name, rules: matching, configuration: configuration, now: now, into: &actions)
            }
            abortIncompleteUploads(bucket: name, rules: rules, now: now, into: &actions)
        }
        return actions
    }

    private mutating func expireNoncurrentVersions(_ key: S3ObjectKey, bucket name: String, rules: [LifecycleRule],
                                                   now: Int64, into actions: inout [LifecycleAction]) {
        guard let days = rules.compactMap(\.noncurrentVersionExpirationDays).min(),
              let versions = buckets[name]?.objects[key], versions.count > 1
        else { return }
        for index in (0..<(versions.count - 1)).reversed() {
            guard let since = versions[index].becameNoncurrentAt, lifecycleDueTime(since: since, days: days) <= now else { continue }
            removeVersion(at: index, key: key, bucket: name)
            actions.append(LifecycleAction(bucket: name, key: key.string, kind: .expireNoncurrentVersion,
                                           versionId: versions[index].versionId, uploadId: nil, storageClass: nil))
        }
    }

    private mutating func actOnCurrentVersion(_ key: S3ObjectKey, bucket name: String, rules: [LifecycleRule],
                                              configuration: LifecycleConfiguration, now: Int64,
                                              into actions: inout [LifecycleAction]) {
        guard let bucket = buckets[name], let versions = bucket.objects[key], let latest = versions.last else { return }
        func record(_ kind: LifecycleAction.Kind, _ versionId: String?, _ storageClass: StorageClass? = nil) {
            actions.append(LifecycleAction(bucket: name, key: key.string, kind: kind, versionId: versionId,
                                           uploadId: nil, storageClass: storageClass))
        }
        if latest.isDeleteMarker {
            if versions.count == 1, removesLoneDeleteMarker(latest, rules: rules, now: now) {
                removeVersion(at: 0, key: key, bucket: name)
                record(.removeExpiredDeleteMarker, latest.versionId)
            }
            return
        }
        let expirationIsDue = rules.compactMap(\.expirationDays).min().map {
            lifecycleDueTime(since: latest.lastModified, days: $0) <= now
        } ?? false
        if expirationIsDue, bucket.versioning == .unversioned {
            // A permanent deletion takes precedence over any transition due at the same time.
            removeVersion(at: versions.count - 1, key: key, bucket: name)
            record(.expireObject, nil)
            return
        }
        // In a versioned or suspended bucket expiration only adds a delete marker, and a due
        // transition takes precedence over that. The transitioned version keeps its creation
        // time and cannot move to the class it now has, so at the next pass the expiration,
        // still due, adds the marker.
        if let target = dueTransition(for: latest, rules: rules, configuration: configuration, now: now) {
            buckets[name]?.objects[key]?[versions.count - 1].storageClass = target
            record(.transition, reportedVersionId(latest, in: bucket), target)
            return
        }
        guard expirationIsDue else { return }
        let marker = ObjectVersion.deleteMarker(sequence: takeSequence(), isNullVersion: bucket.versioning == .suspended, now: now)
        install(marker, key: key, bucket: name)
        record(.addDeleteMarker, marker.versionId)
    }

    /// Whether a delete marker that is its key's only version goes: always under
    /// `ExpiredObjectDeleteMarker`, and under `Expiration/Days` once the marker itself is that
    /// many days old (S3 performs the cleanup "when the delete markers are old enough to satisfy
    /// the age criteria").
    private func removesLoneDeleteMarker(_ marker: ObjectVersion, rules: [LifecycleRule], now: Int64) -> Bool {
        if rules.contains(where: \.expiredObjectDeleteMarker) { return true }
        guard let days = rules.compactMap(\.expirationDays).min() else { return false }
        return lifecycleDueTime(since: marker.lastModified, days: days) <= now
    }

    /// The coldest storage class a due transition moves `version` to, if any: only to a colder
    /// class than it has, and only when it is at least the configuration's minimum size.
    private func dueTransition(for version: ObjectVersion, rules: [LifecycleRule], configuration: LifecycleConfiguration,
                               now: Int64) -> StorageClass? {
        guard version.size >= configuration.transitionMinimumObjectSize else { return nil }
        return rules.flatMap(\.transitions).filter {
            version.storageClass < $0.storageClass && lifecycleDueTime(since: version.lastModified, days: $0.days) <= now
        }.map(\.storageClass).max()
    }

    private mutating func abortIncompleteUploads(bucket name: String, rules: [LifecycleRule], now: Int64,
                                                 into actions: inout [LifecycleAction]) {
        guard let uploads = buckets[name]?.uploads.values.sorted(by: { ($0.key, $0.sequence) < ($1.key, $1.sequence) }) else { return }
        for upload in uploads {
            guard let days = rules.filter({ $0.applies(to: upload.key) }).compactMap(\.abortIncompleteMultipartUploadDays).min(),
                  lifecycleDueTime(since: upload.initiated, days: days) <= now
            else { continue }
            buckets[name]?.uploads[upload.sequence] = nil
            actions.append(LifecycleAction(bucket: name, key: upload.key.string, kind: .abortIncompleteMultipartUpload,
                                           versionId: nil, uploadId: upload.uploadId, storageClass: nil))
        }
    }

    private static func saturatingAdd(_ lhs: Int64, _ rhs: Int64) -> Int64 {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? (rhs > 0 ? Int64.max : Int64.min) : sum
    }

    private static func saturatingMultiply(_ lhs: Int64, _ rhs: Int64) -> Int64 {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        return overflow ? ((lhs < 0) == (rhs < 0) ? Int64.max : Int64.min) : product
    }
}
