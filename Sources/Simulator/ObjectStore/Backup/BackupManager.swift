/// Seed 000's backup manager: keeps a bucket in step with an application's data directory and
/// takes timestamped backups of it.
///
/// - **Sync** (every 60 s): uploads the files whose MD5 differs from the ETag last stored under
///   `current/<path>`, and deletes the objects of files that are gone. Only paths changed since
///   they last reached the store are looked at, so a sync costs what changed, not the directory.
/// - **Backup** (daily at 02:00): lists `current/` and repairs any difference from a snapshot of
///   the source, copies every file server-side to `backups/YYYY-MM-DD-HH-MM-SS/files/<path>`
///   (checking each copy's ETag against the snapshot's MD5), then writes the backup's manifest.
///   No file crosses the network twice: the sync uploaded it once, the store copies it.
/// - **Restore** reads a manifest and every file, checks each against the manifest, and returns
///   a fresh ``SourceDirectory``.
/// - **Retention** deletes backups older than N days, manifest first.
///
/// Every request goes through an ``ObjectStoreClient``, which retries 500s, 503s and timeouts
/// with exponential backoff and seeded jitter.
public actor BackupManager {
    /// What the manager knows about the object holding one path under the sync prefix.
    enum RemoteCopy: Sendable, Equatable {
        /// Stored with this ETag and size (an acknowledged upload).
        case stored(eTag: String, size: Int)
        /// A request about it failed without an answer: it may or may not be there.
        case unknown
    }

    public nonisolated let unownedExecutor: UnownedSerialExecutor
    /// Where and how often.
    public nonisolated let configuration: Configuration
    /// The store client every request goes through (its stats hold attempts and errors).
    public nonisolated let client: ObjectStoreClient
    /// Counters.
    public nonisolated let stats = BackupStats()
    /// The sync and backup under way, which a crash of the host settles (``settleOpenWork()``).
    nonisolated let openWork = OpenWork()
    nonisolated let simulation: Simulation
    /// The live application data.
    public private(set) var source: SourceDirectory
    /// Paths changed since they last reached the store. Paths here and in ``remote`` are keyed
    /// by their bytes, as the source's files and the bucket's keys are: two paths that differ
    /// only in Unicode normalisation are two files. The running process's memory: a restarted
    /// process begins without it (``forgetWhatTheCrashedProcessKnew()``).
    var pending: Set<S3ObjectKey>
    /// The sync prefix as the running process last saw it, by path (its memory, as ``pending``).
    var remote: [S3ObjectKey: RemoteCopy] = [:]
    /// Every backup completed, oldest first (deleted ones keep their record, marked).
    public internal(set) var backups: [BackupRecord] = []

    /// A manager protecting `source` through `client`.
    public init(client: ObjectStoreClient, source: SourceDirectory = SourceDirectory(), configuration: Configuration = Configuration()) {
        self.client = client
        self.configuration = configuration
        self.source = source
        pending = Set(source.paths.map(S3ObjectKey.init))
        simulation = client.network.simulation
        unownedExecutor = client.network.simulation.executor.asUnownedSerialExecutor()
    }

    /// Applies changes to the source; the next sync carries them to the store.
    public func change(_ changes: [SourceChange]) {
        for change in changes {
            source.apply(change)
            pending.insert(S3ObjectKey(change.path))
        }
    }

    /// Creates the bucket (an existing one is fine) and sets its versioning, default encryption
    /// and lifecycle rules as configured.
    ///
    /// - Throws: ``BackupError/hostCrashed`` when the host is down as it begins or crashes during
    ///   it (the setup stops with its process, after the request in flight, as a backup does:
    ///   ``storing(since:_:)``); the store's error when a request fails.
    public func prepareBucket() async throws(BackupError) {
        guard hostIsUp else { throw .hostCrashed }
        let incarnation = hostIncarnation
        let bucket = configuration.bucket
        do {
            try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in try await self.client.createBucket(bucket) }
        } catch .store(let error) where error.code == .bucketAlreadyOwnedByYou {
            // Created by an earlier attempt whose answer was lost, or by an earlier run.
        }
        if configuration.versioning {
            try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
                try await self.client.putBucketVersioning(bucket, .enabled)
            }
        }
        if let encryption = configuration.encryption {
            try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
                try await self.client.putBucketEncryption(bucket, encryption)
            }
        }
        if let lifecycle = configuration.lifecycle {
            try await storing(since: incarnation) { () async throws(ObjectStoreClientError) in
                try await self.client.putBucketLifecycle(bucket, lifecycle)
            }
        }
    }

    /// Starts the manager's loop as its host's program (``Network/startProcess(on:named:daemon:for:_:)``),
    /// a daemon: prepare the bucket, then sync at every multiple of the sync interval, back up
    /// when a backup is due (retrying at the next sync if it fails), and apply retention after
    /// each backup that completes and after the first failed attempt at each backup due — as a
    /// backup script's `restic forget` or `borg prune` step runs whether or not that night's
    /// backup worked, and S3's lifecycle expires by age alone: old backups and abandoned
    /// attempts' folders go on being deleted while backups fail.
    ///
    /// A crash (or restart) of the host ends the process, and the sync or backup it was running
    /// fails at that instant (``settleOpenWork()``); a restart begins a new process once booted,
    /// which waits for the first multiple after its boot — nothing of the dead process, whose call
    /// in flight ends only at the client's timeout, holds it back. What carries over is the
    /// ``Program``: the backup schedule, the bucket's setup, the multiples counted — and what is
    /// durable, the bucket and the source. Not the dead process's memory: a restarted process
    /// lists the sync prefix at its first sync before it carries anything
    /// (``forgetWhatTheCrashedProcessKnew()``), and prepares the bucket first if it is not set up.
    ///
    /// Every sync due — at every multiple of the sync interval after the start — is counted once:
    /// skipped while the host is down (crashed, or booting after a restart: nothing of the manager
    /// runs; each counted at its instant) or while the manager still runs the
    /// sync, backup or retention before it (it wakes at the first multiple after it is done; the
    /// multiples that passed meanwhile are skipped, not run late), failed when the bucket could
    /// not be prepared, a change did not reach the store or the host crashed during it, ok
    /// otherwise. So `syncs + skippedSyncs` is the multiples due.
    public nonisolated func start() {
        let program = Program(nextBackup: configuration.firstBackupAt.nanoseconds)
        let interval = configuration.syncInterval.nanoseconds
        let (stats, simulation) = (stats, simulation)
        client.network.onCrash(client.node) { [weak self] in
            // The multiples that passed while the process was at work, up to the crash, were
            // skipped while busy; those after it, while the host is down, are counted one by one
            // at their instants (``countSkippedWhileDown(_:every:)``).
            if program.isBusy {
                let missed = simulation.now.nanoseconds / interval - program.counted
                if missed > 0 {
                    stats.skippedSyncs += Int(missed)
                    stats.syncsSkippedWhileBusy += Int(missed)
                    program.counted += missed
                }
                program.isBusy = false
            }
            guard let self else { return }
            self.settleOpenWork()
            simulation.spawn("backup.down.\(self.client.node.name)", daemon: true) { [weak self] _ in
                await self?.countSkippedWhileDown(program, every: interval)
            }
        }
        client.network.startProcess(on: client.node, named: "backup.\(client.node.name)", daemon: true, for: self) { manager, process in
            await manager.runPeriodically(as: process, program)
        }
    }

    /// Counts each multiple of the sync interval due while the host is down (crashed, or booting
    /// after a restart) as skipped, at its instant: nothing of the manager runs then. Begun at a
    /// crash, it ends at the first multiple the host is up for, or that a later process counted.
    private func countSkippedWhileDown(_ program: Program, every interval: Int64) async {
        while true {
            let due = program.counted + 1
            guard await simulation.sleepUnlessTornDown(until: VirtualInstant(nanoseconds: due * interval)),
                  !hostIsUp, program.counted == due - 1 else { return }
            program.counted = due
            stats.skippedSyncs += 1
            simulation.observeInstant(.backup, client.node.name, "sync skipped", detail: "host down")
        }
    }

    /// The loop of one process of the manager's program.
    private func runPeriodically(as process: NodeProcess, _ program: Program) async {
        let interval = configuration.syncInterval.nanoseconds
        if !process.isRestarted {
            program.isBusy = true
            program.prepared = (try? await prepareBucket()) != nil
            guard process.runs else { return }
        }
        // A restarted process knows only what is durable: the bucket, which it lists at its
        // first sync, and the source (``forgetWhatTheCrashedProcessKnew()``).
        var knowsSyncPrefix = true
        if process.isRestarted {
            forgetWhatTheCrashedProcessKnew()
            knowsSyncPrefix = false
        }
        // A restarted process begins at its boot's end: a multiple due at that very instant,
        // not counted while down (``countSkippedWhileDown(_:every:)``), was due while booting.
        var downUntilNow = process.isRestarted
        while true {
            let missed = simulation.now.nanoseconds / interval - program.counted
            if missed > 0 {
                stats.skippedSyncs += Int(missed)
                if downUntilNow {
                    simulation.observeInstant(.backup, client.node.name, "sync skipped", detail: "host down", value: missed)
                } else {
                    stats.syncsSkippedWhileBusy += Int(missed)
                }
                program.counted += missed
            }
            downUntilNow = false
            program.isBusy = false
            guard await simulation.sleepUnlessTornDown(until: VirtualInstant(nanoseconds: (program.counted + 1) * interval)),
                  process.runs else { return }
            program.counted += 1
            program.isBusy = true
            let incarnation = hostIncarnation
            if !program.prepared || !knowsSyncPrefix {
                let start = simulation.now
                openWork.sync = OpenWork.Sync(incarnation: incarnation, start: start, unstarted: .bucketNotPrepared)
                do {
                    if !program.prepared {
                        try await prepareBucket()
                        program.prepared = true
                    }
                    openWork.sync?.unstarted = .syncPrefixNotListed
                    if !knowsSyncPrefix {
                        try await relearnSyncPrefix(since: incarnation)
                        knowsSyncPrefix = true
                    }
                    openWork.sync = nil
                } catch {
                    // Settled at the crash, if one ended it.
                    guard let unstarted = openWork.sync?.unstarted ?? nil, openWork.sync?.incarnation == incarnation, process.runs else { return }
                    openWork.sync = nil
                    // The sync could not start: it is run, and failed.
                    stats.syncs += 1
                    stats.failedSyncs += 1
                    simulation.observeSpan(.backup, client.node.name, "sync", from: start, detail: unstarted.rawValue, outcome: "failed: \(error)")
                    continue
                }
            }
            await sync()
            // A crash during the sync ends the process there: no backup from a host that crashed.
            guard process.runs else { return }
            guard simulation.now.nanoseconds >= program.nextBackup else { continue }
            // A failed backup is tried again at the next sync; so is one due in a second that
            // already has its backup (names have one-second resolution), which is not an attempt.
            let completed: Bool
            do {
                try await backup()
                completed = true
            } catch .nameTaken {
                continue
            } catch {
                completed = false
            }
            guard process.runs else { return }
            if completed {
                while program.nextBackup <= simulation.now.nanoseconds { program.nextBackup += configuration.backupInterval.nanoseconds }
            } else {
                // Retention does not wait for a backup to complete: once for each backup due by
                // the schedule (the latest multiple of the interval from the one that failed),
                // after its first failed attempt; the retries at later syncs do not run it again.
                let backupInterval = configuration.backupInterval.nanoseconds
                let due = program.nextBackup + (simulation.now.nanoseconds - program.nextBackup) / backupInterval * backupInterval
                guard program.retainedAfterFailingBackupDue != due else { continue }
                program.retainedAfterFailingBackupDue = due
            }
            await applyRetention(sparingNewest: true)
            guard process.runs else { return }
        }
    }

    /// Whether the manager's host runs: neither crashed nor booting after a restart.
    var hostIsUp: Bool {
        switch client.network.node(client.node)?.state {
        case .crashed, .starting: false
        case .up, .paused, nil: true
        }
    }

    /// The host's process generation: it changes at every crash (and restart), which ends what
    /// the manager was doing — its calls stop with its process.
    var hostIncarnation: UInt64 { client.network.node(client.node)?.incarnation ?? 0 }

    /// Whether the host is up and has not crashed since it had `incarnation`: whether what the
    /// manager started then may go on.
    func hostRuns(since incarnation: UInt64) -> Bool {
        hostIsUp && hostIncarnation == incarnation
    }

    /// The seed's statistics now.
    public func statistics() -> BackupStatistics {
        let synced = remote.values.reduce(0) { total, copy in
            if case .stored(_, let size) = copy { total + size } else { total }
        }
        let kept = backups.filter { $0.deletedAt == nil }
        return BackupStatistics(
            lastSyncTime: stats.lastSyncAt.map { UTCDateTime(virtualNanoseconds: $0, epochUnixSeconds: epochUnixSeconds) },
            bytesStored: synced + kept.reduce(0) { $0 + $1.bytes }, backupCount: kept.count,
            transferBytesPerSecond: client.stats.transferBytesPerSecond, errorRate: client.stats.errorRate)
    }

    /// Unix time of virtual 0, from the store: backup names are its calendar.
    nonisolated var epochUnixSeconds: Int64 { client.store.configuration.epochUnixSeconds }
}
