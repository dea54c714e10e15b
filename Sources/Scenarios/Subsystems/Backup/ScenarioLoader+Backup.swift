import Simulator

extension ScenarioLoader {
    /// Parses `backup: {host, bucket, sync_interval, first_backup_at, backup_interval, retention_days,
    /// versioning, encryption, noncurrent_expiration_days, source, restores}`. The bucket is the
    /// object store's (created by the manager when the store's `buckets` do not list it).
    static func parseBackupSection(_ cursor: YAMLCursor, store: StoreSection?, at section: YAMLCursor) throws(ScenarioError) -> BackupSection {
        guard store != nil else {
            throw section.error(.invalidValue("a backup manager writes to the object store; add an 'object_store' section"))
        }
        let fields = try cursor.mapping(ScenarioSchema.backupSection)
        let defaults = ScenarioSchema.backupManagerDefaults
        let manager = BackupManager.Configuration(
            bucket: try fields["bucket"]?.string() ?? defaults.bucket,
            syncInterval: try fields["sync_interval"]?.positiveDuration() ?? defaults.syncInterval,
            firstBackupAt: try fields["first_backup_at"]?.duration() ?? defaults.firstBackupAt,
            backupInterval: try fields["backup_interval"]?.positiveDuration() ?? defaults.backupInterval,
            retentionDays: try fields["retention_days"]?.int(in: ScenarioSchema.retentionDays) ?? defaults.retentionDays,
            versioning: try fields["versioning"]?.bool() ?? defaults.versioning,
            encryption: try fields["encryption"].map { cursor throws(ScenarioError) in cursor.text == "none" ? nil : try cursor.choice(ServerSideEncryption.self) } ?? defaults.encryption,
            noncurrentVersionExpirationDays: try fields["noncurrent_expiration_days"].map { cursor throws(ScenarioError) in
                cursor.text == "none" ? nil : try cursor.int(atLeast: 1)
            } ?? defaults.noncurrentVersionExpirationDays)
        guard S3BucketNameRules.isValid(manager.bucket) else { throw (fields["bucket"] ?? cursor).error(.invalidValue("'\(manager.bucket.excerpt)' is not a valid S3 bucket name (3–63 lowercase letters, digits, dots and hyphens)")) }
        // The manager turns versioning on when it is asked to (`put_bucket_versioning`); it cannot
        // turn off what the bucket has from the start: S3 never returns a bucket to unversioned.
        if !manager.versioning, let versioningCursor = fields["versioning"],
           store?.buckets.first(where: { $0.name.utf8.elementsEqual(manager.bucket.utf8) })?.versioning == true {
            throw versioningCursor.error(.invalidValue("bucket '\(manager.bucket.excerpt)' is versioned from the start (object_store.buckets), and S3 cannot turn versioning off; drop one of the two"))
        }
        var restores: [BackupExperimentSpec.Restore] = []
        for item in try fields["restores"]?.list(atMost: ScenarioSchema.maximumListedNames, of: "restores") ?? [] {
            let restore = try item.mapping(ScenarioSchema.restore)
            let selection = try restore["backup"]?.string() ?? ScenarioSchema.defaultRestoredBackup
            let choice: BackupExperimentSpec.Restore.Selection = switch selection {
            case "latest": .latest
            case "oldest": .oldest
            default: .named(selection)
            }
            if case .named = choice, UTCDateTime(backupName: selection) == nil {
                throw (restore["backup"] ?? item).error(.invalidValue("backup is latest, oldest or a name YYYY-MM-DD-HH-MM-SS, got '\(selection.excerpt)'"))
            }
            restores.append(.init(at: try restore.required("at").duration(), backup: choice))
        }
        return BackupSection(host: NodeID(try fields["host"]?.string() ?? ScenarioSchema.defaultBackupHost), manager: manager,
                             churn: try fields["source"].map { cursor throws(ScenarioError) in try parseChurn(cursor) }, restores: restores)
    }
}
