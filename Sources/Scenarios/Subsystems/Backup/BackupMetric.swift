/// The figures of the backup manager: `backup.*`.
public enum BackupMetric: String, MetricCatalog {
    /// Incremental syncs run, failed ones included: one at every multiple of the sync interval at
    /// which the host was up.
    case syncs
    /// Syncs that failed: some change did not reach the store (the store refused or did not
    /// answer), or the bucket could not be prepared.
    case failedSyncs = "failed_syncs"
    /// Syncs due while the host was down (crashed, or booting after a restart): not run, and not
    /// in `syncs`.
    case skippedSyncs = "skipped_syncs"
    /// Backups created.
    case backups
    /// Backup attempts abandoned: a request failed after retries, or a copy did not match.
    case failedBackups = "failed_backups"
    /// Backups kept at the end (after retention).
    case backupsKept = "backups_kept"
    /// Backups retention deleted.
    case backupsDeleted = "backups_deleted"
    /// Restores performed.
    case restores
    /// True when every restore finished and equals, byte for byte, what its backup was taken from;
    /// not measured in a world with no restore.
    case restoresExact = "restores_exact"
    /// Restores that failed or differed.
    case failedRestores = "failed_restores"
    /// Job output files the restores brought back byte for byte.
    case jobOutputsRestored = "job_outputs_restored"
    /// Bytes the manager uploaded.
    case bytesUploaded = "bytes_uploaded"

    public static let subsystem = Subsystem.backup

    public var unit: MetricUnit { self == .restoresExact ? .boolean : .count }
}
