import Reports
import Simulator

/// The backup experiment's report.
extension BackupResult {
    func markdown(spec: BackupExperimentSpec) -> String {
        let setup = spec
        var out = ExperimentReport.headerQuotingDescription(title: Self.title(spec), spec: spec, digest: digest)
        out += setupSection(setup)
        out += syncSection(setup)
        out += backupSection(setup)
        out += restoreSection()
        out += stormSection(setup)
        out += statisticsSection()
        return out
    }

    /// "Backup manager: sync, backups, a 503 storm, restores and retention": the storms and
    /// restores the file has.
    static func title(_ spec: BackupExperimentSpec) -> String {
        var parts = ["sync", "backups"]
        let storms = spec.store.errorStorms
        if storms.count == 1, let storm = storms.first {
            parts.append("a \(storm.code.httpStatus) storm")
        } else if !storms.isEmpty {
            var statuses: [String] = []
            for storm in storms where !statuses.contains("\(storm.code.httpStatus)s") { statuses.append("\(storm.code.httpStatus)s") }
            parts.append("\(NumberFormat.integer(storms.count)) storms of " + Self.listed(statuses))
        }
        if !spec.restores.isEmpty { parts.append("restores") }
        parts.append("retention")
        return "Backup manager: " + Self.listed(parts)
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// A setting's duration as the report writes it: `86,400.000 s`.
    static func seconds(_ duration: Duration) -> String { DurationFormat.seconds(duration.seconds, grouping: true) }

    private func setupSection(_ setup: BackupExperimentSpec) -> String {
        let manager = setup.manager
        var out = "## Setup\n\n"
        let days = NumberFormat.trimmed(setup.duration.seconds / 86_400, maxDecimals: 2)
        let changes = setup.churn.changesPerRound
        out += "\(days) virtual day\(days == "1" ? "" : "s") from \(UTCDateTime(unixSeconds: setup.store.epochUnixSeconds)). "
        out += "The application starts with \(NumberFormat.counted(setup.churn.initialFiles, "file")); every \(Self.seconds(setup.churn.interval)) \(NumberFormat.integer(changes)) of them \(changes == 1 ? "is" : "are") created, modified, deleted or rewritten unchanged. "
        out += "The manager syncs them to `s3://\(manager.bucket)/\(manager.syncPrefix)` every \(Self.seconds(manager.syncInterval)), "
        out += "backs up to `\(manager.backupPrefix)YYYY-MM-DD-HH-MM-SS/` every \(Self.seconds(manager.backupInterval)) from \(Self.seconds(manager.firstBackupAt)), "
        out += "and deletes backups older than \(NumberFormat.counted(manager.retentionDays, "day")). "
        out += "The bucket has versioning \(manager.versioning ? "enabled" : "off"), default encryption \(manager.encryption?.rawValue ?? "none")"
        out += manager.noncurrentVersionExpirationDays.map { " and a lifecycle rule expiring noncurrent versions after \(NumberFormat.counted($0, "day")).\n\n" } ?? ".\n\n"
        out += "Every request crosses the simulated network to the store (first-byte latency \(setup.store.firstByteLatency), "
        out += "\(NumberFormat.percent(setup.store.internalErrorRate, decimals: 2)) injected 500s, \(NumberFormat.percent(setup.store.serviceUnavailableRate, decimals: 2)) injected 503s) "
        out += "and is retried up to \(NumberFormat.counted(setup.retry.maxAttempts, "attempt")) with exponential backoff from \(Self.seconds(setup.retry.baseDelay)) "
        out += "(at most \(Self.seconds(setup.retry.maxDelay)), \(NumberFormat.percent(setup.retry.jitter, decimals: 0)) jitter); one attempt waits \(Self.seconds(setup.clientTimeout)).\n\n"
        return out
    }

    private func syncSection(_ setup: BackupExperimentSpec) -> String {
        let stats = managerStats
        var out = "## Incremental sync\n\n"
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["syncs", NumberFormat.integer(stats.syncs)])
        table.append(["syncs skipped (due while the manager was still busy)", NumberFormat.integer(stats.skippedSyncs)])
        table.append(["syncs that left a change for the next sync", NumberFormat.integer(stats.failedSyncs)])
        table.append(["files uploaded (MD5 differed from the stored ETag)", NumberFormat.integer(stats.filesUploaded)])
        table.append(["files deleted from the bucket (gone from the source)", NumberFormat.integer(stats.filesDeleted)])
        table.append(["changed paths left alone (MD5 equal to the stored ETag)", NumberFormat.integer(stats.filesUnchanged)])
        table.append(["bytes uploaded", NumberFormat.integer(stats.bytesUploaded)])
        table.append(["source at the end", "\(NumberFormat.integer(sourceFiles)) files, \(NumberFormat.integer(sourceBytes)) bytes"])
        out += table.rendered() + "\n"
        if stats.sourceBytesAtSyncs > 0 {
            let fullCopies = Double(stats.sourceBytesAtSyncs)
            out += "Copying the whole source at every sync would have moved \(NumberFormat.integer(stats.sourceBytesAtSyncs)) bytes "
            out += "(the source's size when each of the \(NumberFormat.integer(stats.syncs)) syncs began, summed: "
            out += "\(NumberFormat.integer(stats.sourceBytesAtSyncs / stats.syncs)) bytes a sync on average, \(NumberFormat.integer(sourceBytes)) at the end); "
            out += "comparing MD5s with the stored ETags moved \(NumberFormat.percent(Double(stats.bytesUploaded) / fullCopies, decimals: 3)) of that. "
        }
        out += Self.quietSyncs(syncs: stats.syncs, failedSyncs: stats.failedSyncs, setup) + "\n\n"
        return out
    }

    /// How many syncs at least sent no request, from the figures: a sync sends one only for a path
    /// changed since it last reached the store, so only a sync after a round of changes, or after
    /// a sync that left a change behind, can. Nothing is claimed when that bound says nothing.
    static func quietSyncs(syncs: Int, failedSyncs: Int, _ setup: BackupExperimentSpec) -> String {
        var out = "A sync looks only at paths changed since they last reached the store; one with nothing pending sends no request"
        let interval = setup.churn.interval.seconds
        guard interval > 0, syncs > 0 else { return out + "." }
        let rounds = Int((setup.duration.seconds / interval).rounded(.down)) + 1
        let quiet = syncs - rounds - failedSyncs
        guard quiet > 0 else { return out + "." }
        out += ". The source changed in at most \(NumberFormat.counted(rounds, "round")) (every \(Self.seconds(setup.churn.interval))) and \(NumberFormat.counted(failedSyncs, "sync")) left a change behind, "
        out += "so at least \(NumberFormat.integer(quiet)) of the \(NumberFormat.counted(syncs, "sync")) (\(NumberFormat.percent(Double(quiet) / Double(syncs)))) sent no request at all."
        return out
    }

    private func backupSection(_ setup: BackupExperimentSpec) -> String {
        let kept = backups.filter { $0.deletedAt == nil }
        let complete = completeListedAtEnd
        var out = "## Backups and retention\n\n"
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["backups completed", NumberFormat.integer(managerStats.backupsCreated)])
        table.append(["backup attempts abandoned (retried at the next sync)", NumberFormat.integer(managerStats.failedBackups)])
        table.append(["backups deleted by retention", NumberFormat.integer(managerStats.backupsDeleted)])
        table.append(["folders of abandoned attempts deleted by retention", NumberFormat.integer(managerStats.incompleteBackupsDeleted)])
        table.append(["folders kept unchecked by retention (their manifest check failed)", NumberFormat.integer(managerStats.foldersKeptUnchecked)])
        table.append(["backups kept at the end (manager)", NumberFormat.integer(kept.count)])
        table.append(["complete backups in the bucket at the end (listing)", listingFailure == nil ? NumberFormat.integer(complete.count) : "not known: the listing failed"])
        table.append(["oldest kept", kept.first?.name ?? "—"])
        table.append(["newest kept", kept.last?.name ?? "—"])
        out += table.rendered() + "\n"
        if let listingFailure {
            out += "**The final listing of the bucket's backups failed** — \(listingFailure) — so the folders in the bucket at the end are not known: report.json leaves out `backupsListedAtEnd` and `abandonedFoldersListedAtEnd` rather than give them empty, and its `finalListingFailure` says why.\n\n"
        }
        out += "A backup copies the synced objects server-side (no file crosses the network twice) and checks each copy's ETag against the snapshot's MD5; its manifest is written last, so an interrupted backup is never listed as complete. "
        out += "Retention deletes a backup once it is more than \(NumberFormat.counted(setup.manager.retentionDays, "day")) old, manifest first. "
        if setup.manager.versioning {
            out += "With versioning on, deleted and overwritten bytes stay at rest as noncurrent versions "
            out += setup.manager.noncurrentVersionExpirationDays == nil ? "(no lifecycle rule expires them): " : "until the lifecycle rule expires them: "
        } else {
            out += "With versioning off, a deleted or overwritten object's bytes go at once, and no noncurrent version is kept: "
        }
        out += "at the end the bucket holds \(NumberFormat.integer(usage.currentBytes)) bytes in current objects and \(NumberFormat.integer(usage.noncurrentBytes)) in noncurrent versions "
        out += "(\(NumberFormat.integer(storeStats.lifecycleActions.count)) lifecycle actions over the run).\n\n"
        out += "![bytes stored](bytes_stored.svg)\n\n![backups kept](backups_kept.svg)\n\n"
        return out
    }

    private func restoreSection() -> String {
        var out = "## Restores, checked byte for byte\n\n"
        guard !restores.isEmpty else { return out + "The file asks for no restore.\n\n" }
        var table = MarkdownTable(columns: [.numeric("day"), .userText("backup"), .numeric("files"), .numeric("bytes"), .text("fingerprint (MD5 of every path and MD5)"), .text("byte-identical to its source"), .numeric("took")])
        for check in restores {
            table.append([NumberFormat.fixed(check.at / 86_400, decimals: 2), "\(check.backup ?? "—") (\(check.selection))",
                          NumberFormat.integer(check.restoredFiles), NumberFormat.integer(check.restoredBytes),
                          check.restoredFingerprint.isEmpty ? "—" : "`\(check.restoredFingerprint)`",
                          check.identical ? "yes" : "**no**: \(check.failure ?? "the bytes differ")",
                          DurationFormat.seconds(check.finishedAt - check.at)])
        }
        out += table.rendered() + "\n"
        let identical = restores.filter(\.identical).count
        out += Self.restoreVerdict(identical: identical, restores: restores.count) + " (every path, every byte; each file is also checked against the manifest's MD5 as it is read).\n\n"
        return out + "![restores](restores.svg)\n\n"
    }

    /// How many restores reproduced their backup's source, in the grammar of the count: "1 of 1
    /// restores … their backup" read for a file of one restore.
    static func restoreVerdict(identical: Int, restores: Int) -> String {
        if restores == 1 {
            return identical == 1 ? "The restore reproduced the source exactly as it was when its backup was taken" : "The restore did not reproduce the source as it was when its backup was taken"
        }
        return "\(NumberFormat.integer(identical)) of \(NumberFormat.integer(restores)) restores reproduced the source exactly as it was when their backup was taken"
    }

    private func stormSection(_ setup: BackupExperimentSpec) -> String {
        var out = "## Failures and retries\n\n"
        for storm in setup.store.errorStorms {
            let start = UTCDateTime(virtualNanoseconds: storm.start.nanoseconds, epochUnixSeconds: setup.store.epochUnixSeconds)
            out += "- storm from \(start) for \(Self.seconds(storm.length)): \(NumberFormat.percent(storm.errorRate, decimals: 0)) of requests fail with \(storm.code.httpStatus) \(storm.code.rawValue)\n"
        }
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["attempts sent", NumberFormat.integer(clientStats.attempts)])
        table.append(["attempts failed", NumberFormat.integer(clientStats.failedAttempts)])
        for failure in clientStats.sortedFailures { table.append(["… \(failure.cause)", NumberFormat.integer(failure.count)]) }
        table.append(["retries", NumberFormat.integer(clientStats.retries)])
        table.append(["requests that failed after every retry", NumberFormat.integer(clientStats.failedRequests)])
        table.append(["errors injected by the store (storms included)", NumberFormat.integer(storeStats.injectedErrorCount)])
        table.append(["… during storms", NumberFormat.integer(storeStats.stormErrors)])
        out += "\n" + table.rendered() + "\n"
        out += "A request that still fails after its last retry leaves its path pending: the next sync tries again, and a backup that fails is retried at the next sync, so \(setup.store.errorStorms.isEmpty ? "a failed request" : "a storm") delays work and loses none.\n\n"
        return out + "![errors and retries per hour](errors_per_hour.svg)\n\n"
    }

    private func statisticsSection() -> String {
        let out = "## The seed's statistics at the end\n\n"
        var table = MarkdownTable(columns: [.text("statistic"), .numeric("value")])
        table.append(["last sync", statistics.lastSyncTime?.description ?? "—"])
        table.append(["bytes stored (synced copy + backups kept)", NumberFormat.integer(statistics.bytesStored)])
        table.append(["backup count", NumberFormat.integer(statistics.backupCount)])
        table.append(["transfer rate (bytes per second of request time)", NumberFormat.fixed(statistics.transferBytesPerSecond, decimals: 0, grouping: true)])
        table.append(["error rate (failed attempts / attempts)", NumberFormat.percent(statistics.errorRate, decimals: 3)])
        return out + table.rendered()
    }
}
