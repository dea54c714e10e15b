import Simulator

/// The `backup:` section: seed 000's backup manager on a host of the world, syncing that host's
/// data to a bucket of the store, taking timestamped backups, applying retention, and the
/// restores to perform and check byte for byte.
public struct BackupSection: Sendable, Equatable {
    /// The host whose data is backed up (its crashes stop the manager's calls).
    public var host: NodeID
    /// Bucket, prefixes, intervals, retention, versioning and encryption.
    public var manager: BackupManager.Configuration
    /// How the host's own data starts and changes, if it changes by itself.
    public var churn: SourceChurn?
    /// The restores to perform and check.
    public var restores: [BackupExperimentSpec.Restore]
}
