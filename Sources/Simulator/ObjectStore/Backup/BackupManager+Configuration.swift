extension BackupManager {
    /// Where and how often a ``BackupManager`` syncs and backs up, and how long it keeps backups.
    /// The defaults are seed 000's settings: sync every 60 s, a backup at 02:00 every day, 30 days
    /// of retention, versioning and SSE-S3 on the bucket.
    public struct Configuration: Sendable, Equatable {
        /// The bucket everything goes into.
        public var bucket: String
        /// Where the periodic sync mirrors the source (`current/<path>`).
        public var syncPrefix: String
        /// Where backups go (`backups/YYYY-MM-DD-HH-MM-SS/`).
        public var backupPrefix: String
        /// Time between syncs.
        public var syncInterval: Duration
        /// Virtual time of the first backup.
        public var firstBackupAt: Duration
        /// Time between backups.
        public var backupInterval: Duration
        /// Backups older than this many days are deleted.
        public var retentionDays: Int
        /// Whether the bucket keeps versions (deleted and overwritten bytes stay as noncurrent versions).
        public var versioning: Bool
        /// Default encryption at rest for the bucket.
        public var encryption: ServerSideEncryption?
        /// With versioning: noncurrent versions expire this many days after they were superseded
        /// (a lifecycle rule; nil keeps them for ever).
        public var noncurrentVersionExpirationDays: Int?

        /// Creates a configuration; see the properties for the defaults.
        public init(bucket: String = "mapreduce-storage", syncPrefix: String = "current/", backupPrefix: String = "backups/",
                    syncInterval: Duration = .seconds(60), firstBackupAt: Duration = .seconds(2 * 3600),
                    backupInterval: Duration = .seconds(86_400), retentionDays: Int = 30, versioning: Bool = true,
                    encryption: ServerSideEncryption? = .aes256, noncurrentVersionExpirationDays: Int? = 7) {
            // Compared by bytes, as S3 compares keys and prefixes.
            precondition(syncPrefix.utf8.last == UInt8(ascii: "/") && backupPrefix.utf8.last == UInt8(ascii: "/")
                         && !S3ObjectKey(syncPrefix).hasBytePrefix(backupPrefix) && !S3ObjectKey(backupPrefix).hasBytePrefix(syncPrefix),
                         "the sync and backup prefixes are distinct folders, neither inside the other")
            precondition(syncInterval > .zero && backupInterval > .zero && retentionDays >= 1, "intervals and retention are positive")
            self.bucket = bucket
            self.syncPrefix = syncPrefix
            self.backupPrefix = backupPrefix
            self.syncInterval = syncInterval
            self.firstBackupAt = firstBackupAt
            self.backupInterval = backupInterval
            self.retentionDays = retentionDays
            self.versioning = versioning
            self.encryption = encryption
            self.noncurrentVersionExpirationDays = noncurrentVersionExpirationDays
        }

        /// The folder of backup `name`: `backups/<name>/`.
        public func backupFolder(_ name: String) -> String { backupPrefix + name + "/" }

        /// The key of `path`'s copy in backup `name`.
        public func backupKey(_ name: String, path: String) -> String { backupFolder(name) + "files/" + path }

        /// The UTF-8 length of the longest key the manager writes for the file at `path`: its
        /// copy in a backup (`backups/YYYY-MM-DD-HH-MM-SS/files/<path>`), longer than its synced
        /// `current/<path>`. Above S3's 1,024 bytes every copy is refused and no backup completes.
        public func longestKeyLength(path: String) -> Int {
            max(backupKey("YYYY-MM-DD-HH-MM-SS", path: path).utf8.count, (syncPrefix + path).utf8.count)
        }

        /// The key of backup `name`'s manifest, written last: a backup without one is incomplete.
        public func manifestKey(_ name: String) -> String { backupFolder(name) + "MANIFEST" }

        /// The lifecycle rules the bucket gets: expire noncurrent versions, remove delete markers
        /// left alone, abort multipart uploads abandoned for a day.
        var lifecycle: LifecycleConfiguration? {
            guard versioning, let days = noncurrentVersionExpirationDays else { return nil }
            return LifecycleConfiguration(rules: [
                LifecycleRule(id: "expire-noncurrent", noncurrentVersionExpirationDays: days),
                LifecycleRule(id: "remove-expired-delete-markers", expiredObjectDeleteMarker: true),
                LifecycleRule(id: "abort-incomplete-uploads", abortIncompleteMultipartUploadDays: 1),
            ])
        }
    }
}
