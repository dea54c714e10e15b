import Reports
import Simulator

extension ScenarioLoader {
    /// The backup experiment `document` describes, strictly.
    static func parseBackupExperiment(_ document: ScenarioDocument) throws(ScenarioError) -> BackupExperimentSpec {
        let top = try document.sections(ScenarioSchema.backupExperimentFile)
        let duration = try top["duration"]?.positiveDuration() ?? ScenarioSchema.defaultBackupExperimentDuration
        let defaults = ScenarioSchema.backupManagerDefaults
        let manager = BackupManager.Configuration(
            bucket: try top["bucket"]?.string() ?? defaults.bucket,
            syncInterval: try top["sync_interval"]?.positiveDuration() ?? defaults.syncInterval,
            firstBackupAt: try top["first_backup_at"]?.duration() ?? defaults.firstBackupAt,
            backupInterval: try top["backup_interval"]?.positiveDuration() ?? defaults.backupInterval,
            retentionDays: try top["retention_days"]?.int(in: ScenarioSchema.retentionDays) ?? defaults.retentionDays,
            versioning: try top["versioning"]?.bool() ?? defaults.versioning,
            encryption: try top["encryption"].map { cursor throws(ScenarioError) in cursor.text == "none" ? nil : try cursor.choice(ServerSideEncryption.self) } ?? defaults.encryption,
            noncurrentVersionExpirationDays: try top["noncurrent_expiration_days"].map { cursor throws(ScenarioError) in
                cursor.text == "none" ? nil : try cursor.int(atLeast: 1)
            } ?? defaults.noncurrentVersionExpirationDays)
        guard S3BucketNameRules.isValid(manager.bucket) else {
            throw (top["bucket"] ?? top.cursor).error(.invalidValue("'\(manager.bucket.excerpt)' is not a valid S3 bucket name (3–63 lowercase letters, digits, dots and hyphens)"))
        }
        let client = try top["client"]?.mapping(ScenarioSchema.storeClient)
        let retryDefaults = ScenarioSchema.defaultStoreRetry
        let jitter = try client?["jitter"]?.probability() ?? retryDefaults.jitter
        let retry = RetryPolicy(maxAttempts: try client?["max_attempts"]?.int(in: ScenarioSchema.storeClientAttempts) ?? retryDefaults.maxAttempts,
                                baseDelay: try client?["base_delay"]?.duration() ?? retryDefaults.baseDelay,
                                maxDelay: try client?["max_delay"]?.duration() ?? retryDefaults.maxDelay, jitter: jitter)
        var restores: [BackupExperimentSpec.Restore] = []
        for item in try top["restores"]?.list(atMost: ScenarioSchema.maximumListedNames, of: "restores") ?? [] {
            let fields = try item.mapping(ScenarioSchema.restore)
            let at = try fields.required("at")
            let when = try at.duration()
            guard when <= duration else { throw at.error(.invalidValue("the restore must happen within the run's \(DurationFormat.seconds(duration.seconds, grouping: true))")) }
            let selection = try fields["backup"]?.string() ?? ScenarioSchema.defaultRestoredBackup
            let choice: BackupExperimentSpec.Restore.Selection = switch selection {
            case "latest": .latest
            case "oldest": .oldest
            default: .named(selection)
            }
            if case .named = choice, UTCDateTime(backupName: selection) == nil {
                throw (fields["backup"] ?? item).error(.invalidValue("backup is latest, oldest or a name YYYY-MM-DD-HH-MM-SS, got '\(selection)'"))
            }
            restores.append(.init(at: when, backup: choice))
        }
        let churn = try parseChurn(top["source"])
        let sampleInterval = try top["sample_every"]?.positiveDuration() ?? ScenarioSchema.defaultBackupSampleInterval
        for (key, interval, what) in [("sync_interval", manager.syncInterval, "syncs"), ("backup_interval", manager.backupInterval, "backups"),
                                      ("sample_every", sampleInterval, "samples")] {
            try checkWakeUps(over: duration, every: interval, most: ScenarioSchema.backupMostRounds, at: top[key] ?? top["duration"] ?? top.cursor, what: what)
        }
        let changeEvery = try top["source"]?.mapping(ScenarioSchema.sourceChurn)["change_every"]
        try checkWakeUps(over: duration, every: churn.interval, most: ScenarioSchema.backupMostRounds,
                         at: changeEvery ?? top["duration"] ?? top.cursor, what: "rounds of changes")
        let held = churn.estimatedBytes(over: duration)
        guard held <= ResourceBudget.memoryBytes else {
            throw (top["source"] ?? top.cursor).error(.invalidValue("these files and their changes would hold about \(NumberFormat.fixed(held / 1_073_741_824, decimals: 1, grouping: true)) GiB over \(DurationFormat.seconds(duration.seconds, grouping: true)), more than the \(NumberText.plain(ResourceBudget.memoryBytes / 1_073_741_824)) GiB a run may use; make them fewer or smaller"))
        }
        let synced = churn.estimatedSyncedFiles(over: duration, syncInterval: manager.syncInterval)
        guard synced <= ScenarioSchema.backupMostSyncedFiles else {
            throw (top["source"] ?? top["sync_interval"] ?? top.cursor).error(.invalidValue("the syncs would look at about \(NumberText.figures(synced, against: ScenarioSchema.backupMostSyncedFiles).value) files over \(DurationFormat.seconds(duration.seconds, grouping: true)) (the source grows by its creations less its deletions), more than the \(NumberText.figures(synced, against: ScenarioSchema.backupMostSyncedFiles).limit) a run may; delete more, create less, or sync less often"))
        }
        let store = try parseStoreModel(top["store"])
        let timeout = try client?["timeout"]?.positiveDuration() ?? ScenarioSchema.defaultStoreClientTimeout
        if let timedOut = ResourceBudget.timedOutUploads(churn: churn, manager: manager, store: store, timeout: timeout,
                                                         maxAttempts: retry.maxAttempts, over: duration),
           held + timedOut.bytes > ResourceBudget.memoryBytes {
            let storeFields = try top["store"]?.mapping(ScenarioSchema.storeModel)
            let at = storeFields?["bytes_per_second"] ?? client?["timeout"] ?? top["store"] ?? top["source"] ?? top.cursor
            let gib = { (bytes: Double) in NumberFormat.fixed(bytes / 1_073_741_824, decimals: 1, grouping: true) }
            throw at.error(.invalidValue(
                "files over \(NumberText.figure(timedOut.fittingBytes)) bytes (\(NumberFormat.percent(timedOut.share)) of them) take longer than the client's \(DurationFormat.seconds(timeout.seconds, grouping: true)) timeout to upload at \(bytesASecond(store.bytesPerSecond)): every attempt times out, yet the store keeps what it received as a new version, and the manager tries again (\(retry.maxAttempts) attempts at every sync) — about \(NumberText.figure(timedOut.attempts)) versions of about \(NumberText.figure(timedOut.meanBytes)) bytes held over \(DurationFormat.seconds(timedOut.heldFor, grouping: true)), \(gib(held + timedOut.bytes)) GiB with the files' own, more than the \(NumberText.plain(ResourceBudget.memoryBytes / 1_073_741_824)) GiB a run may use; raise bytes_per_second or client.timeout, or make the files smaller"))
        }
        if let abandoned = ResourceBudget.abandonedBackups(churn: churn, manager: manager, store: store, timeout: timeout, retry: retry, over: duration),
           abandoned.copies > ResourceBudget.backupMostAbandonedCopies {
            let storeFields = try top["store"]?.mapping(ScenarioSchema.storeModel)
            let at = storeFields?["bytes_per_second"] ?? client?["timeout"] ?? top["store"] ?? top["source"] ?? top.cursor
            throw at.error(.invalidValue(abandonedBackupsRefusal(abandoned, store: store, timeout: timeout, retry: retry,
                                                                 syncInterval: manager.syncInterval, over: duration)))
        }
        return BackupExperimentSpec(
            summary: document.summary, file: document.file, seed: document.seed ?? ScenarioSchema.defaultSeed, duration: duration, manager: manager, churn: churn,
            store: store, clientTimeout: timeout, retry: retry, restores: restores, sampleInterval: sampleInterval)
    }

    /// A store's transfer rate as prose writes it: `1 byte a second`, `1,000 bytes a second`.
    static func bytesASecond(_ rate: Double) -> String {
        "\(NumberText.figure(rate)) \(rate == 1 ? "byte" : "bytes") a second"
    }

    /// Why a backup experiment whose backups would be abandoned is refused, and what it would take.
    static func abandonedBackupsRefusal(_ abandoned: ResourceBudget.AbandonedBackups, store: ObjectStore.Configuration, timeout: Duration,
                                        retry: RetryPolicy, syncInterval: Duration, over duration: Duration) -> String {
        let seconds = { (value: Double) in DurationFormat.seconds(value, grouping: true) }
        let (copies, most) = NumberText.figures(abandoned.copies, against: ResourceBudget.backupMostAbandonedCopies)
        let every = abandoned.spacing > syncInterval.seconds
            ? "one every \(seconds(abandoned.spacing)) (the first sync after its manifest's \(retry.maxAttempts) attempts have timed out)"
            : "one at each sync"
        return "no backup could complete: its manifest (about \(NumberText.figure(abandoned.manifestBytes)) bytes, a line for each of about \(NumberText.figure(abandoned.files)) files) would take \(seconds(abandoned.manifestBytes / store.bytesPerSecond)) to upload at \(bytesASecond(store.bytesPerSecond)), longer than the client's \(DurationFormat.seconds(timeout.seconds, grouping: true)) timeout; every attempt, \(every) from \(seconds(abandoned.from)), may leave a copy of every file in the bucket — up to about \(copies) copies over \(seconds(duration.seconds)), more than the \(most) a run may make; raise bytes_per_second to at least \(NumberText.figure(abandoned.neededBytesPerSecond)) or client.timeout above \(seconds(abandoned.manifestBytes / store.bytesPerSecond + (store.firstByteLatency.mean ?? 0)))"
    }

    /// `source: {files, file_size: {median, sigma}, directories, change_every, changes_per_round,
    /// weights: {create, modify, delete, rewrite}}`.
    static func parseChurn(_ cursor: YAMLCursor?) throws(ScenarioError) -> SourceChurn {
        guard let cursor else { return SourceChurn() }
        let fields = try cursor.mapping(ScenarioSchema.sourceChurn)
        let defaults = SourceChurn()
        var size = defaults.fileSize
        if let sizeCursor = fields["file_size"] {
            let parts = try sizeCursor.mapping(ScenarioSchema.sourceFileSize)
            size = .lognormal(median: Double(try parts.required("median").byteCount()), sigma: try parts["sigma"]?.double(in: ScenarioSchema.sourceSizeSigma) ?? ScenarioSchema.defaultFileSize.sigma)
        }
        let weights = try fields["weights"]?.mapping(ScenarioSchema.sourceWeights)
        let create = try weights?["create"]?.double(in: ScenarioSchema.sourceWeight) ?? defaults.createWeight
        let modify = try weights?["modify"]?.double(in: ScenarioSchema.sourceWeight) ?? defaults.modifyWeight
        let delete = try weights?["delete"]?.double(in: ScenarioSchema.sourceWeight) ?? defaults.deleteWeight
        let rewrite = try weights?["rewrite"]?.double(in: ScenarioSchema.sourceWeight) ?? defaults.rewriteWeight
        guard create + modify + delete + rewrite > 0 else { throw (fields["weights"] ?? cursor).error(.invalidValue("at least one weight must be positive")) }
        return SourceChurn(initialFiles: try fields["files"]?.int(in: ScenarioSchema.sourceFiles) ?? defaults.initialFiles, fileSize: size,
                           directories: try fields["directories"]?.int(in: ScenarioSchema.sourceDirectories) ?? defaults.directories,
                           interval: try fields["change_every"]?.positiveDuration() ?? defaults.interval,
                           changesPerRound: try fields["changes_per_round"]?.int(in: ScenarioSchema.sourceChanges) ?? defaults.changesPerRound,
                           createWeight: create, modifyWeight: modify, deleteWeight: delete, rewriteWeight: rewrite)
    }

    /// `store: {latency, bytes_per_second, internal_error_rate, unavailable_rate, storms: [{at, for, rate, code}]}`.
    static func parseStoreModel(_ cursor: YAMLCursor?) throws(ScenarioError) -> ObjectStore.Configuration {
        guard let cursor else { return ObjectStore.Configuration() }
        let fields = try cursor.mapping(ScenarioSchema.storeModel)
        let rate = try fields["bytes_per_second"].map { cursor throws(ScenarioError) in
            // A rate is read as a size, in whole bytes (a fraction is refused by the reader): the
            // simulator needs one above zero.
            let bytes = try cursor.byteCount(allowingZero: false)
            guard bytes > 0 else {
                throw cursor.error(.invalidValue("a transfer rate is at least 1 byte a second, got \(cursor.text?.excerpt ?? "")"))
            }
            return Double(bytes)
        } ?? ScenarioSchema.storeModelDefaults.bytesPerSecond
        var storms: [ObjectStore.ErrorStorm] = []
        for item in try fields["storms"]?.list(atMost: ScenarioSchema.maximumListedNames, of: "storms") ?? [] {
            let storm = try item.mapping(ScenarioSchema.storeStorm)
            let code = try storm["code"]?.stormCode() ?? ScenarioSchema.defaultStormCode
            storms.append(.init(start: try storm.required("at").duration(), length: try storm.required("for").positiveDuration(),
                                errorRate: try storm.required("rate").probability(), code: code))
        }
        return ObjectStore.Configuration(
            firstByteLatency: try fields["latency"]?.durationDistribution() ?? ScenarioSchema.storeModelDefaults.firstByteLatency,
            bytesPerSecond: rate,
            internalErrorRate: try fields["internal_error_rate"]?.probability() ?? ScenarioSchema.storeModelDefaults.internalErrorRate,
            serviceUnavailableRate: try fields["unavailable_rate"]?.probability() ?? ScenarioSchema.storeModelDefaults.serviceUnavailableRate,
            errorStorms: storms)
    }
}
