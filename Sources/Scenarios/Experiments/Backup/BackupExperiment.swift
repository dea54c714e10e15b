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
            log.backups = await manager.backups
            log.listedAtEnd = (try? await manager.listBackups()) ?? []
            let source = await manager.source
            log.source = (source.count, source.totalBytes)
            // Read last, after the sync and the lifecycle pass due at the last instant and the
            // listing: the report's totals and the timeline's last row.
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
        // The end of the run, as the report gives it: the same usage, statistics and counters.
        let end = reading(usage: usage, statistics: statistics, manager: manager, client: client, at: simulation.now)
        let result = BackupResult(
            samples: log.samples + [end], restores: log.restores.compactMap { $0 }, backups: log.backups, listedAtEnd: log.listedAtEnd,
            managerStats: manager.stats, clientStats: client.stats, storeStats: store.stats, statistics: statistics, usage: usage,
            sourceFiles: log.source.files, sourceBytes: log.source.bytes, digest: simulation.trace.digestHex)
        simulation.tearDown()
        return result
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

    /// Why a restore found no backup: before the first one, none had been taken at all ("no such
    /// backup kept" read as if one had been and was gone).
    static func missingBackup(taken: Int) -> String {
        taken == 0 ? "no backup had been taken yet" : "no such backup kept"
    }

    /// Restores the chosen backup and compares it with the snapshot the backup was taken from.
    static func check(_ restore: BackupExperimentSpec.Restore, manager: BackupManager,
                      simulation: Simulation) async -> (check: BackupResult.RestoreCheck, restored: SourceDirectory?) {
        let taken = await manager.backups
        let kept = taken.filter { $0.deletedAt == nil }
        let record: BackupRecord? = switch restore.backup {
        case .latest: kept.last
        case .oldest: kept.first
        case .named(let name): kept.first { $0.name == name }
        }
        var check = BackupResult.RestoreCheck(
            at: simulation.now.seconds, finishedAt: simulation.now.seconds, selection: restore.backup.description, backup: record?.name,
            expectedFiles: record?.fileCount ?? 0, expectedBytes: record?.bytes ?? 0,
            restoredFiles: 0, restoredBytes: 0, expectedFingerprint: record?.source.fingerprint ?? "",
            restoredFingerprint: "", identical: false, failure: record == nil ? missingBackup(taken: taken.count) : nil)
        guard let record else { return (check, nil) }
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
    var statistics: BackupStatistics?
    var usage: ObjectStoreUsage?
    var source: (files: Int, bytes: Int) = (0, 0)

    init(restores: Int) {
        self.restores = Array(repeating: nil, count: restores)
    }
}
