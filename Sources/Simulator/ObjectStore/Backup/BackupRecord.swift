/// A backup the manager completed, with the exact source it was taken from.
public struct BackupRecord: Sendable, Equatable {
    /// The folder name, `YYYY-MM-DD-HH-MM-SS`.
    public let name: String
    /// Virtual time (ns) the backup started (its snapshot instant).
    public let takenAt: Int64
    /// Virtual time (ns) its manifest was written.
    public let completedAt: Int64
    /// The source at the snapshot instant: what a restore must reproduce byte for byte.
    public let source: SourceDirectory
    /// Virtual time (ns) retention deleted it, if it did.
    public internal(set) var deletedAt: Int64?

    /// Files in the backup.
    public var fileCount: Int { source.count }
    /// Bytes in the backup.
    public var bytes: Int { source.totalBytes }
}

/// A backup folder found in the bucket.
public struct BackupListing: Sendable, Equatable {
    /// The folder name, `YYYY-MM-DD-HH-MM-SS`.
    public let name: String
    /// The time the name encodes.
    public let time: UTCDateTime
    /// Whether its manifest exists (a backup interrupted before its manifest is incomplete).
    public let isComplete: Bool
}

/// What one sync did.
public struct SyncReport: Sendable, Equatable {
    /// Files uploaded because their MD5 differed from the stored ETag (or nothing was stored).
    public var uploaded: [String] = []
    /// Files deleted from the bucket because they are gone from the source.
    public var deleted: [String] = []
    /// Paths whose upload or delete failed after retries; they are retried at the next sync.
    public var failed: [String] = []
    /// Bytes uploaded.
    public var bytesUploaded = 0
    /// Whether the host crashed during the sync, which stopped there (the paths it had not
    /// reached stay pending).
    public var interrupted = false

    /// Whether every change reached the store.
    public var succeeded: Bool { failed.isEmpty && !interrupted }
}
