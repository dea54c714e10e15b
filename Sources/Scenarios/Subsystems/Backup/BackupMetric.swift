/// The figures of the backup manager: `backup.*`.
public enum BackupMetric: String, MetricCatalog {
    /// Incremental syncs that completed.
    case syncs
    /// Syncs that failed (the store refused or did not answer).
    case failedSyncs = "failed_syncs"
    /// Backups created.
    case backups
    /// Backups kept at the end (after retention).
    case backupsKept = "backups_kept"
    /// Backups retention deleted.
    case backupsDeleted = "backups_deleted"
    /// Restores performed.
    case restores
    /// True when every restore finished and equals, byte for byte, what its backup was taken from.
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
