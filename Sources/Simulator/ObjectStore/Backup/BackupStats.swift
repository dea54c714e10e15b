/// What a ``BackupManager`` did, cumulative.
///
/// `@unchecked Sendable`: written only on the simulation thread.
public final class BackupStats: @unchecked Sendable {
    /// Syncs run: every multiple of the sync interval at which the manager's host was up, failed
    /// ones included.
    public internal(set) var syncs = 0
    /// Syncs in which some change did not reach the store (it is retried at the next sync), or
    /// that could not start because the bucket could not be prepared.
    public internal(set) var failedSyncs = 0
    /// Syncs due while the manager's host was down (crashed, or booting after a restart): not run,
    /// and not in ``syncs``. A backup due then is taken at the first sync after the host is back.
    public internal(set) var skippedSyncs = 0
    /// Virtual time (ns) the last sync that left nothing behind finished.
    public internal(set) var lastSyncAt: Int64?
    /// Files uploaded by syncs (changed or new).
    public internal(set) var filesUploaded = 0
    /// Files deleted from the bucket by syncs (gone from the source).
    public internal(set) var filesDeleted = 0
    /// Bytes uploaded by syncs.
    public internal(set) var bytesUploaded = 0
    /// The source's size at the start of each sync, summed over the syncs: what copying the whole
    /// source at every sync would have moved.
    public internal(set) var sourceBytesAtSyncs = 0
    /// Files the syncs looked at and left alone because the stored ETag matched their MD5.
    public internal(set) var filesUnchanged = 0
    /// Backups completed.
    public internal(set) var backupsCreated = 0
    /// Backup attempts abandoned (a request failed after retries, or a copy did not match).
    public internal(set) var failedBackups = 0
    /// Complete backups deleted by retention.
    public internal(set) var backupsDeleted = 0
    /// Folders of abandoned backup attempts (no manifest) deleted by retention.
    public internal(set) var incompleteBackupsDeleted = 0
    /// Restores completed and checked against their manifests.
    public internal(set) var restores = 0
    /// Restores that failed.
    public internal(set) var failedRestores = 0

    /// Creates empty counters.
    public init() {}
}

/// The figures seed 000's `GET /api/v1/s3/stats` reports, at one instant.
public struct BackupStatistics: Sendable, Equatable {
    /// When the last complete sync finished ("sync status").
    public let lastSyncTime: UTCDateTime?
    /// Bytes the manager has stored: the synced copy plus every backup it keeps ("storage usage").
    public let bytesStored: Int
    /// Backups kept ("backup count").
    public let backupCount: Int
    /// Bytes moved per second of virtual time spent in acknowledged requests ("transfer rates").
    public let transferBytesPerSecond: Double
    /// Failed attempts over all attempts ("error rates").
    public let errorRate: Double
}
