import Simulator

/// What the backup experiment measured.
public struct BackupResult: Sendable {
    /// One reading of the timeline.
    public struct Sample: Sendable, Equatable {
        /// Virtual time of the reading, in seconds.
        public var time: Double
        /// The store's bytes in current objects of the bucket.
        public var currentBytes: Int
        /// The store's bytes in noncurrent versions of the bucket (kept by versioning).
        public var noncurrentBytes: Int
        /// The manager's own figure: the synced copy plus every backup it keeps.
        public var managerBytes: Int
        /// Backups the manager keeps.
        public var backupsKept: Int
        /// The client's cumulative attempts, failed attempts and retries.
        public var attempts: Int
        /// See ``attempts``.
        public var failedAttempts: Int
        /// See ``attempts``.
        public var retries: Int
        /// The manager's cumulative syncs that left a change behind.
        public var failedSyncs: Int
    }

    /// One checked restore.
    public struct RestoreCheck: Sendable, Equatable {
        /// When it started, in seconds.
        public var at: Double
        /// When it finished (or failed), in seconds.
        public var finishedAt: Double
        /// How the backup was chosen.
        public var selection: String
        /// The backup restored; nil when none was kept.
        public var backup: String?
        /// Files and bytes in the backup's snapshot.
        public var expectedFiles: Int
        /// See ``expectedFiles``.
        public var expectedBytes: Int
        /// Files and bytes restored.
        public var restoredFiles: Int
        /// See ``restoredFiles``.
        public var restoredBytes: Int
        /// Fingerprints of the snapshot and of the restored directory.
        public var expectedFingerprint: String
        /// See ``expectedFingerprint``.
        public var restoredFingerprint: String
        /// Whether the restored directory equals the snapshot byte for byte.
        public var identical: Bool
        /// Why the restore failed, if it did.
        public var failure: String?
    }

    /// The timeline: one reading per sampling interval before the end, then the end of the run —
    /// after the work due at the last instant and the final listing, a moment past the duration —
    /// made of the report's own totals (the counters, usage and statistics below).
    public var samples: [Sample]
    /// The restores, in the file's order.
    public var restores: [RestoreCheck]
    /// Every backup the manager completed, with the time retention deleted it.
    public var backups: [BackupRecord]
    /// Backup folders in the bucket at the end, complete or not: what the final listing found
    /// (empty when it failed).
    public var listedAtEnd: [BackupListing]
    /// Why the final listing failed, every try of it, if it did: then ``listedAtEnd`` says nothing
    /// of the bucket.
    public var listingFailure: String? = nil
    /// The manager's, the client's and the store's counters at the end.
    public var managerStats: BackupStats
    /// See ``managerStats``.
    public var clientStats: ObjectStoreClientStats
    /// See ``managerStats``.
    public var storeStats: ObjectStoreStats
    /// The seed's statistics at the end.
    public var statistics: BackupStatistics
    /// The store's usage of the bucket at the end.
    public var usage: ObjectStoreUsage
    /// Files and bytes of the source at the end.
    public var sourceFiles: Int
    /// See ``sourceFiles``.
    public var sourceBytes: Int
    /// The trace digest of the run: same seed, same digest.
    public var digest: String
}
