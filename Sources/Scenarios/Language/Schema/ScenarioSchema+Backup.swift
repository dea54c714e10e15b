import Foundation
import Simulator

/// A world's `backup:` (``ScenarioLoader/parseBackupSection(_:store:at:)``), the backup
/// experiment's file, and the source churn and restores both have.
extension ScenarioSchema {
    /// `retention_days` of a backup manager.
    static let retentionDays = 1...36_500

    /// A backup manager's settings when a file does not say (``BackupManager/Configuration``'s):
    /// the MapReduce bucket, a sync a minute, a backup a day from 02:00 kept 30 days, versioned,
    /// AES256, noncurrent versions kept 7 days.
    static let backupManagerDefaults = BackupManager.Configuration()
    /// The host whose files a world's backup manager copies when `backup.host` does not say.
    static let defaultBackupHost = "app-server"
    /// The backup a restore reads when it does not say.
    static let defaultRestoredBackup = "latest"
    /// The backup experiment's span and sampling when its file does not say: 60 days, hourly.
    static let defaultBackupExperimentDuration = Duration.seconds(60 * 86_400)
    static let defaultBackupSampleInterval = Duration.seconds(3_600)
    /// How the backed-up files change when `source:` does not say (``SourceChurn``'s).
    static let sourceDefaults = SourceChurn()
    /// The median (in whole bytes) and sigma of ``SourceChurn``'s lognormal file sizes.
    static let defaultFileSize: (median: Int, sigma: Double) = {
        guard case .lognormal(let mu, let sigma) = sourceDefaults.fileSize else { preconditionFailure("SourceChurn's file sizes are lognormal") }
        return (Int(exp(mu).rounded()), sigma)
    }()

    /// The backup manager's settings, in worlds and in the backup experiment.
    static let backupManagerProperties: [SchemaProperty] = [
        .optional("bucket", bucketName, "The object store's bucket backups go to; default mapreduce-storage.", default: .word(backupManagerDefaults.bucket)),
        .optional("sync_interval", .positiveDuration, "How often the current files are synced; default 60s.", default: .duration(backupManagerDefaults.syncInterval)),
        .optional("first_backup_at", .duration, "When the first backup is taken; default 2h (02:00 UTC).", default: .duration(backupManagerDefaults.firstBackupAt)),
        .optional("backup_interval", .positiveDuration, "How often a backup is taken; default 1d.", default: .duration(backupManagerDefaults.backupInterval)),
        .optional("retention_days", .integer(in: retentionDays), "Days a backup is kept; default 30.", default: .integer(backupManagerDefaults.retentionDays)),
        .optional("versioning", .flag, "Whether the bucket keeps versions; default true.", default: .boolean(backupManagerDefaults.versioning)),
        .optional("encryption", encryptionOrNone, "The bucket's default encryption; default AES256.", default: .word(backupManagerDefaults.encryption?.rawValue ?? "none")),
        .optional("noncurrent_expiration_days", .anyOf([.word("none"), .count(atLeast: 1)]), "Days a noncurrent version is kept; default 7.", default: backupManagerDefaults.noncurrentVersionExpirationDays.map { .integer($0) } ?? .word("none")),
    ]

    /// `backup:`.
    static let backupSection = SchemaObject([.optional("host", .anyText, "The node whose files are backed up; default app-server.", default: .word(defaultBackupHost))]
        + backupManagerProperties + [
            .optional("source", .object(sourceChurn), "How the host's files change."),
            .optional("restores", .list(of: .object(restore), maximum: maximumListedNames), "Restores checked byte for byte against the source."),
        ])

    /// One of `restores:`.
    static let restore = SchemaObject([
        .required("at", .duration, "When the restore is made."),
        .optional("backup", .text(pattern: "^(latest|oldest|[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{2}-[0-9]{2}-[0-9]{2})$"),
                  "latest, oldest or a backup's name YYYY-MM-DD-HH-MM-SS; default latest.", default: .word(defaultRestoredBackup)),
    ], definition: ("restore", "A restore of a backup, checked byte for byte against the source it was taken from."))

    /// `source.files`.
    static let sourceFiles = 0...100_000
    /// `source.directories`.
    static let sourceDirectories = 1...10_000
    /// `source.changes_per_round`.
    static let sourceChanges = 0...10_000
    /// `source.file_size.sigma`.
    static let sourceSizeSigma = 0...4.0

    /// `source:` (``ScenarioLoader/parseChurn(_:)``).
    static let sourceChurn = SchemaObject([
        .optional("files", .integer(in: sourceFiles), "Files at the start.", default: .integer(sourceDefaults.initialFiles)),
        .optional("file_size", .object(sourceFileSize), "Lognormal file sizes.",
                  default: .mapping([.init("median", .bytes(defaultFileSize.median)), .init("sigma", .number(defaultFileSize.sigma))])),
        .optional("directories", .integer(in: sourceDirectories), default: .integer(sourceDefaults.directories)),
        .optional("change_every", .positiveDuration, "Time between rounds of changes.", default: .duration(sourceDefaults.interval)),
        .optional("changes_per_round", .integer(in: sourceChanges), default: .integer(sourceDefaults.changesPerRound)),
        .optional("weights", .object(sourceWeights), "Relative weights of the kinds of change."),
    ], definition: ("source_churn", "How the backed-up files change: their number, sizes, directories and rounds of changes."))

    /// `source.file_size`.
    static let sourceFileSize = SchemaObject([.required("median", .byteCount), .optional("sigma", .number(in: sourceSizeSigma), "Default 0.8.", default: .number(defaultFileSize.sigma))])

    /// Each of `source.weights`.
    static let sourceWeight = 0...1_000_000.0
    /// `source.weights`.
    static let sourceWeights = SchemaObject([
        .optional("create", .number(in: sourceWeight), default: .number(sourceDefaults.createWeight)),
        .optional("modify", .number(in: sourceWeight), default: .number(sourceDefaults.modifyWeight)),
        .optional("delete", .number(in: sourceWeight), default: .number(sourceDefaults.deleteWeight)),
        .optional("rewrite", .number(in: sourceWeight), default: .number(sourceDefaults.rewriteWeight)),
    ])

    /// The most files a backup experiment's syncs may look at in all, about 80 ns each (each sync
    /// walks the whole source): the shipped file looks at about 1.7e7, the defaults' growing source
    /// 2.4e8 (19.5 s); a source with no deletions, 5.8e8 (44 s).
    static let backupMostSyncedFiles = 4e8

    /// The most syncs, backups, samples or rounds of changes one backup experiment may have (at
    /// its defaults, 60 days: 86,400 syncs).
    static let backupMostRounds = 1_000_000

    /// The backup experiment's file (`scenarios/backup.yaml`).
    static let backupExperimentFile = SchemaObject(commonProperties + [
        .required(experimentKey, .word(BackupExperiment.name)),
        .optional("duration", .positiveDuration, "Virtual time the experiment covers; default 60d.", default: .duration(defaultBackupExperimentDuration)),
        .optional("sample_every", .positiveDuration, "How often the figures are sampled; default 1h.", default: .duration(defaultBackupSampleInterval)),
    ] + backupManagerProperties + [
        .optional("source", .object(sourceChurn), "How the application's files change."),
        .optional("store", .object(storeModel), "The object store's model."),
        .optional("client", .object(storeClient), "The manager's timeout and retry policy."),
        .optional("restores", .list(of: .object(restore), maximum: maximumListedNames), "Restores checked byte for byte against the source."),
    ])
}
