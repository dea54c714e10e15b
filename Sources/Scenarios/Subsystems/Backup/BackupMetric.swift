/// The figures of the backup manager: `backup.*`.
public enum BackupMetric: String, MetricCatalog {
    /// Incremental syncs run, failed ones included: one at every multiple of the sync interval not
    /// skipped (`syncs + skipped_syncs` is the multiples due).
    case syncs
    /// Syncs that failed: some change did not reach the store (the store refused or did not
    /// answer), the host crashed during it, or the bucket could not be prepared.
    case failedSyncs = "failed_syncs"
    /// Syncs due while the host was down (crashed, or booting after a restart), or while the
    /// manager still ran the sync, backup or retention before: not run, and not in `syncs`.
    case skippedSyncs = "skipped_syncs"
    /// Backups completed (with their manifest): `backups_deleted + backups_kept`.
    case backups
    /// Backup attempts abandoned: a request failed after retries, a copy did not match, or the
    /// host crashed during it.
    case failedBackups = "failed_backups"
    /// Backups kept at the end (after retention).
    case backupsKept = "backups_kept"
    /// Backups retention deleted, each once its manifest is gone.
    case backupsDeleted = "backups_deleted"
    /// Restores the file asked for that came due, those that found no backup included (each a
    /// restore span, so `orrery_backup_restores_total` counts them too).
    case restores
    /// True when every restore finished and equals, byte for byte, what its backup was taken from;
    /// not measured in a world with no restore.
    case restoresExact = "restores_exact"
    /// Restores that failed or differed.
    case failedRestores = "failed_restores"
    /// Job output files the restores brought back byte for byte.
    case jobOutputsRestored = "job_outputs_restored"
    /// Bytes the manager uploaded: by the syncs, and by the backups' reconciliations of the synced
    /// copy (`orrery_backup_synced_bytes_total` counts the syncs' alone).
    case bytesUploaded = "bytes_uploaded"

    public static let subsystem = Subsystem.backup

    public var unit: MetricUnit { self == .restoresExact ? .boolean : .count }
}
