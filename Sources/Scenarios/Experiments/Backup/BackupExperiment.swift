import Reports
import Simulator

/// Runs the backup experiment: a store, a client host running the backup manager over changing
/// application data, an hourly sampler, and the restores the file asks for, each checked
/// against the exact source its backup was taken from.
public struct BackupExperiment: ExperimentFile {
    public static let name = "backup"
    public static let summary = "seed 000's backup manager over virtual days: sync, backups, a 503 storm, restores, retention"

    public var spec: BackupExperimentSpec
    public var seed: UInt64 {
        get { spec.seed }
        set { spec.seed = newValue }
    }
    public var replayArguments: [String] {
        get { spec.replayArguments }
        set { spec.replayArguments = newValue }
    }
    public var file: String { spec.file }

    public init(spec: BackupExperimentSpec) { self.spec = spec }

    public static var shape: SchemaObject { ScenarioSchema.backupExperimentFile }

    public static func load(_ document: ScenarioDocument) throws(ScenarioError) -> BackupExperiment {
        BackupExperiment(spec: try ScenarioLoader.parseBackupExperiment(document))
    }

    public func run(jobs: Int) throws(ExperimentFailure) -> ReportBundle {
        // One world, run as the parallel runs are: beside other experiments it takes a slot as theirs do.
        let spec = spec
        return try ParallelWorlds.map(1, width: 1) { _ throws(ExperimentFailure) in try Self.run(spec) }[0].bundle(spec: spec)
    }

    /// Runs the experiment `setup` describes and returns what it measured.
    public static func run(_ setup: BackupExperimentSpec) throws(ExperimentFailure) -> BackupResult {
        let spec = setup
        let simulation = Simulation(seed: spec.seed)
        let network = Network(simulation: simulation)
        let store = ObjectStore("s3", configuration: setup.store, network: network)
        let client = ObjectStoreClient("app-server", store: store, network: network, timeout: setup.clientTimeout, retryPolicy: setup.retry)
        var random = simulation.randomStream("backup.source")
        let manager = BackupManager(client: client, source: setup.churn.initialSource(using: &random), configuration: setup.manager)
        manager.start()
        manager.startChurn(setup.churn)
        let log = BackupRunLog(restores: setup.restores.count)
        let bucket = setup.manager.bucket
        simulation.spawn("sampler", daemon: true) { _ in
            // The timeline's last row is the run's end, made from the totals after the run.
            while simulation.now < .after(setup.duration) {
                log.samples.append(await sample(store: store, manager: manager, client: client, bucket: bucket, at: simulation.now))
                await simulation.sleep(for: setup.sampleInterval)
            }
        }
        for (index, restore) in setup.restores.enumerated() {
            simulation.spawn("restore.\(index + 1)") { _ in
                await simulation.sleep(until: .after(restore.at))
                log.restores[index] = await check(restore, manager: manager, simulation: simulation).check
            }
        }
        simulation.spawn("collector") { _ in
            await simulation.sleep(until: .after(setup.duration))
            (log.listedAtEnd, log.listingFailure) = await finalListing(manager: manager, retry: setup.retry, simulation: simulation)
            let source = await manager.source
            log.source = (source.count, source.totalBytes)
            // Read last, after the sync, the backup and the lifecycle pass due at the last instant
            // and the listing: the report's totals, its list of backups and the timeline's last
            // row. The list read before the listing missed a backup due at the last instant that
            // the totals counted (5 completed, 4 listed: checker RR, s81).
            log.backups = await manager.backups
            log.statistics = await manager.statistics()
            log.usage = await store.state.usage(bucket: bucket)
        }
        do {
            try simulation.runToCompletion(timeLimit: .after(setup.duration + .seconds(86_400)))
        } catch {
            // A request still retrying a day after the end: the store's latency, the client's
            // timeouts and retry delays, or a transfer rate, are too long for the run.
            simulation.tearDown()
            throw ExperimentFailure("the backup experiment's work was still running a day after its \(DurationFormat.seconds(setup.duration.seconds, grouping: true)) (\(error.reportText)); shorten the store's latency, the client's timeout and retry delays, or raise bytes_per_second")
        }
        guard let statistics = log.statistics, let usage = log.usage else { preconditionFailure("the collector ran") }
        let digest = simulation.trace.digestHex
        let end = simulation.now
        // Torn down first: the counters are live, and a request still in flight (a daemon's) counts
        // its attempt as it is cancelled. The last row and the report then read the same totals.
        simulation.tearDown()
        let endReading = reading(usage: usage, statistics: statistics, manager: manager, client: client, at: end)
        return BackupResult(
            samples: log.samples + [endReading], restores: log.restores.compactMap { $0 }, backups: log.backups, listedAtEnd: log.listedAtEnd,
            listingFailure: log.listingFailure, managerStats: manager.stats, clientStats: client.stats, storeStats: store.stats,
            statistics: statistics, usage: usage, sourceFiles: log.source.files, sourceBytes: log.source.bytes, digest: digest)
    }

    private static func sample(store: ObjectStore, manager: BackupManager, client: ObjectStoreClient, bucket: String,
                               at time: VirtualInstant) async -> BackupResult.Sample {
        let usage = await store.state.usage(bucket: bucket)
        let statistics = await manager.statistics()
        return reading(usage: usage, statistics: statistics, manager: manager, client: client, at: time)
    }

    /// One row of the timeline: the store's usage, the manager's statistics and the counters.
    private static func reading(usage: ObjectStoreUsage, statistics: BackupStatistics, manager: BackupManager,
                                client: ObjectStoreClient, at time: VirtualInstant) -> BackupResult.Sample {
        BackupResult.Sample(
            time: time.seconds, currentBytes: usage.currentBytes, noncurrentBytes: usage.noncurrentBytes,
            managerBytes: statistics.bytesStored, backupsKept: statistics.backupCount, attempts: client.stats.attempts,
            failedAttempts: client.stats.failedAttempts, retries: client.stats.retries, failedSyncs: manager.stats.failedSyncs)
    }

    /// The final listing of the bucket's backup folders, tried as the client tries a request: up
    /// to `retry.maxAttempts` listings, the policy's backoff (its ceiling) between them. Each
    /// request of a listing is retried by the client already; this retries the whole listing, so
    /// one that fails is not taken for an empty bucket. Returns the folders, or why every try failed.
    static func finalListing(manager: BackupManager, retry: RetryPolicy, simulation: Simulation) async -> ([BackupListing], String?) {
        var failure = ""
        for attempt in 1...retry.maxAttempts {
            if attempt > 1 { await simulation.sleep(for: retry.ceiling(beforeRetry: attempt - 1)) }
            do {
                return (try await manager.listBackups(), nil)
            } catch {
                failure = error.description
            }
        }
        return ([], "\(NumberFormat.counted(retry.maxAttempts, "listing")) failed, the last with \(failure)")
    }

    /// Why a restore found no backup: before the first one completed, none had (and how many
    /// attempts failed, if any did); a named one that never completed, or that retention deleted;
    /// else none is kept.
    static func missingBackup(_ selection: BackupExperimentSpec.Restore.Selection, taken: [BackupRecord], failed: Int) -> String {
        if taken.isEmpty {
            return failed == 0 ? "no backup had been taken yet" : "no backup completed (\(NumberFormat.integer(failed)) failed)"
        }
        if case .named(let name) = selection {
            return taken.contains { $0.name == name } ? "backup \(name) was deleted by retention" : "no backup named \(name) completed"
        }
        return "no such backup kept"
    }

    /// Restores the chosen backup and compares it with the snapshot the backup was taken from. A
    /// restore that finds no backup fails at once, and is traced as a failed restore as one the
    /// manager performed is (so the OpenMetrics counters and `backup.restores` agree).
    static func check(_ restore: BackupExperimentSpec.Restore, manager: BackupManager,
                      simulation: Simulation) async -> (check: BackupResult.RestoreCheck, restored: SourceDirectory?) {
        let taken = await manager.backups
        let kept = taken.filter { $0.deletedAt == nil }
        let record: BackupRecord? = switch restore.backup {
        case .latest: kept.last
        case .oldest: kept.first
        case .named(let name): kept.first { $0.name == name }
        }
        let missing = record == nil ? missingBackup(restore.backup, taken: taken, failed: manager.stats.failedBackups) : nil
        var check = BackupResult.RestoreCheck(
            at: simulation.now.seconds, finishedAt: simulation.now.seconds, selection: restore.backup.description, backup: record?.name,
            expectedFiles: record?.fileCount ?? 0, expectedBytes: record?.bytes ?? 0,
            restoredFiles: 0, restoredBytes: 0, expectedFingerprint: record?.source.fingerprint ?? "",
            restoredFingerprint: "", identical: false, failure: missing)
        guard let record else {
            simulation.observeSpan(.backup, manager.client.node.name, "restore", from: simulation.now, detail: restore.backup.description,
                                   outcome: "failed: \(missing ?? "")")
            return (check, nil)
        }
        var directory: SourceDirectory?
        do {
            let restored = try await manager.restore(record.name)
            directory = restored
            check.restoredFiles = restored.count
            check.restoredBytes = restored.totalBytes
            check.restoredFingerprint = restored.fingerprint
            check.identical = restored == record.source
        } catch {
            check.failure = error.description
        }
        check.finishedAt = simulation.now.seconds
        return (check, directory)
    }
}

/// What the experiment's tasks collect. `@unchecked Sendable`: written on the simulation thread,
/// read after the run.
private final class BackupRunLog: @unchecked Sendable {
    var samples: [BackupResult.Sample] = []
    /// One slot per restore of the file, in the file's order.
    var restores: [BackupResult.RestoreCheck?]
    var backups: [BackupRecord] = []
    var listedAtEnd: [BackupListing] = []
    var listingFailure: String?
    var statistics: BackupStatistics?
    var usage: ObjectStoreUsage?
    var source: (files: Int, bytes: Int) = (0, 0)

    init(restores: Int) {
        self.restores = Array(repeating: nil, count: restores)
    }
}
