/// What a ``BackupManager`` did, cumulative.
///
/// `@unchecked Sendable`: written only on the simulation thread.
public final class BackupStats: @unchecked Sendable {
    /// Syncs run, failed ones included: every multiple of the sync interval not in
    /// ``skippedSyncs`` (so `syncs + skippedSyncs` is the multiples due).
    public internal(set) var syncs = 0
    /// Syncs in which some change did not reach the store (it is retried at the next sync), that
    /// the host's crash stopped, or that could not start because the bucket could not be prepared.
    public internal(set) var failedSyncs = 0
    /// Syncs due while the manager's host was down (crashed, or booting after a restart), or while
    /// the manager still ran the sync, backup or retention before (``syncsSkippedWhileBusy``):
    /// not run, and not in ``syncs``. A backup due then is taken at the first sync run after.
    public internal(set) var skippedSyncs = 0
    /// The part of ``skippedSyncs`` due while the manager still ran the sync, backup or retention
    /// before: it wakes at the first multiple after it is done, and does not run the ones missed.
    public internal(set) var syncsSkippedWhileBusy = 0
    /// Virtual time (ns) the last sync that left nothing behind finished.
    public internal(set) var lastSyncAt: Int64?
    /// Files uploaded (changed or new): by the syncs, and by a backup's reconciliation of the
    /// sync prefix with its snapshot.
    public internal(set) var filesUploaded = 0
    /// Files deleted from the bucket (gone from the source), by the syncs and reconciliations.
    public internal(set) var filesDeleted = 0
    /// Bytes uploaded, by the syncs and by the backups' reconciliations (the trace's sync spans,
    /// and `orrery_backup_synced_bytes_total`, carry the syncs' alone).
    public internal(set) var bytesUploaded = 0
    /// The source's size at the start of each sync, summed over the syncs: what copying the whole
    /// source at every sync would have moved.
    public internal(set) var sourceBytesAtSyncs = 0
    /// Files the syncs looked at and left alone because the stored ETag matched their MD5.
    public internal(set) var filesUnchanged = 0
    /// Backups completed.
    public internal(set) var backupsCreated = 0
    /// Backup attempts abandoned (a request failed after retries, a copy did not match, or the
    /// host crashed). One due in a second that has its backup already is not an attempt.
    public internal(set) var failedBackups = 0
    /// Completed backups deleted by retention, each counted once its manifest is gone (the rest of
    /// its folder may go at a later pass): `backupsCreated = backupsDeleted + kept`.
    public internal(set) var backupsDeleted = 0
    /// Folders of abandoned backup attempts deleted by retention (no completed backup of that
    /// name; a manifest whose PUT's answer was lost may be there).
    public internal(set) var incompleteBackupsDeleted = 0
    /// Folders old enough to go that a retention pass kept because their manifest check failed
    /// after retries (a backup is never deleted unverified): each is judged again at the next
    /// pass, and counted again at every pass that keeps it so.
    public internal(set) var foldersKeptUnchecked = 0
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
