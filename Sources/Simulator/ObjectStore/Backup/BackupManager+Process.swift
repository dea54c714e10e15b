/// The manager's loop as its host's program: what carries over from one process to the next, and
/// the work a crash settles.
extension BackupManager {
    /// What the manager's program keeps across its host's processes
    /// (``Network/startProcess(on:named:daemon:for:_:)``): what a backup script's host keeps on
    /// disk or in its crontab, not in the memory of the process a crash ends.
    ///
    /// - The schedule (``nextBackup``) is durable, as cron's next run is: a backup due while the
    ///   host was down is taken at the first sync of the process after it.
    /// - ``prepared`` is durable: the bucket, its versioning, encryption and lifecycle are the
    ///   store's state, which no crash of the host undoes, as a backup script sets up its
    ///   repository once (restic's `init`) and does not again at every run. A process whose setup
    ///   did not complete leaves it to the next sync, of its own or of the process after it.
    /// - ``counted``: the multiples of the sync interval counted so far, run or skipped, so that
    ///   each is counted once across processes.
    ///
    /// `@unchecked Sendable`: touched only on the simulation thread.
    final class Program: @unchecked Sendable {
        /// Whether the bucket is set up.
        var prepared = false
        /// The instant (ns) of the next backup due.
        var nextBackup: Int64
        /// The instant of the backup due whose failed attempt ran retention already, if any.
        var retainedAfterFailingBackupDue: Int64?
        /// Multiples 1 … `counted` of the sync interval are counted (run, or skipped); the one a
        /// process has woken for is counted as it wakes.
        var counted: Int64 = 0
        /// Whether the running process is at work (woken for a multiple, or preparing at its
        /// start) rather than asleep until the next multiple: the multiples that pass then are
        /// skipped while busy, up to a crash; those after it, while the host was down.
        var isBusy = false

        init(nextBackup: Int64) { self.nextBackup = nextBackup }
    }

    /// The sync and the backup under way, which the host's crash settles at its instant: the
    /// process is gone, and what it was doing has failed then — not when its call in flight
    /// times out, perhaps after a later process has run, or after the run's end. The dead
    /// process's code, when its call ends, finds its work settled and counts nothing.
    ///
    /// `@unchecked Sendable`: touched only on the simulation thread.
    final class OpenWork: @unchecked Sendable {
        /// A sync under way.
        struct Sync {
            /// The incarnation of the host it runs in (``hostIncarnation``).
            var incarnation: UInt64
            var start: VirtualInstant
            /// What it is doing before it can carry changes, and what a failure then is traced
            /// as; nil once it carries them.
            var unstarted: Unstarted?
            var sourceBytes = 0
            var report = SyncReport()
        }

        /// What a sync does before it can carry changes: set up the bucket (a process whose
        /// program has not), then list the sync prefix (a restarted process, which knows nothing
        /// of it: ``BackupManager/relearnSyncPrefix(since:)``).
        enum Unstarted: String {
            case bucketNotPrepared = "bucket not prepared"
            case syncPrefixNotListed = "sync prefix not listed"
        }

        /// A backup under way: the incarnation it runs in and its start.
        struct Backup {
            var incarnation: UInt64
            var start: VirtualInstant
        }

        var sync: Sync?
        var backup: Backup?
    }

    /// Settles the sync and the backup under way at the host's crash (called by its crash
    /// observer, registered by ``start()``): each has failed, counted and traced now.
    nonisolated func settleOpenWork() {
        let host = client.node.name
        if let sync = openWork.sync {
            openWork.sync = nil
            // The paths it had not done are found again by the next process, which lists the
            // sync prefix and compares every file (``relearnSyncPrefix(since:)``).
            if let unstarted = sync.unstarted {
                stats.syncs += 1
                stats.failedSyncs += 1
                simulation.observeSpan(.backup, host, "sync", from: sync.start, detail: unstarted.rawValue,
                                       outcome: "failed: \(BackupError.hostCrashed)")
            } else {
                var report = sync.report
                report.interrupted = true
                count(report, sourceBytes: sync.sourceBytes)
                traceSync(report, from: sync.start)
            }
        }
        if let backup = openWork.backup {
            openWork.backup = nil
            stats.failedBackups += 1
            simulation.observeSpan(.backup, host, "backup", from: backup.start, outcome: "failed: \(BackupError.hostCrashed)")
        }
    }

    /// Counts a sync that ended (or that a crash ended).
    nonisolated func count(_ report: SyncReport, sourceBytes: Int) {
        stats.syncs += 1
        stats.sourceBytesAtSyncs += sourceBytes
        stats.filesUploaded += report.uploaded.count
        stats.filesDeleted += report.deleted.count
        stats.bytesUploaded += report.bytesUploaded
        if report.succeeded { stats.lastSyncAt = simulation.now.nanoseconds } else { stats.failedSyncs += 1 }
    }

    /// The trace's span of a sync that ended (or that a crash ended).
    nonisolated func traceSync(_ report: SyncReport, from start: VirtualInstant) {
        simulation.observeSpan(.backup, client.node.name, "sync", from: start,
                               detail: "\(report.uploaded.count) uploaded, \(report.deleted.count) deleted, \(report.failed.count) failed"
                                   + (report.interrupted ? ", host crashed" : ""),
                               outcome: report.succeeded ? "ok" : "incomplete", value: Int64(report.bytesUploaded))
    }
}
