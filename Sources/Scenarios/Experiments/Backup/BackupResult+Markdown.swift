import Reports
import Simulator

/// The backup experiment's report.
extension BackupResult {
    func markdown(spec: BackupExperimentSpec) -> String {
        let setup = spec
        var out = ExperimentReport.header(title: "Backup manager: sync, backups, a 503 storm, restores and retention", spec: spec, digest: digest)
        out += setupSection(setup)
        out += syncSection(setup)
        out += backupSection(setup)
        out += restoreSection()
        out += stormSection(setup)
        out += statisticsSection()
        return out
    }

    private func setupSection(_ setup: BackupExperimentSpec) -> String {
        let manager = setup.manager
        var out = "## Setup\n\n"
        out += "\(NumberFormat.fixed(setup.duration.seconds / 86_400, decimals: 0)) virtual days from \(UTCDateTime(unixSeconds: setup.store.epochUnixSeconds)). "
        out += "The application starts with \(NumberFormat.integer(setup.churn.initialFiles)) files; every \(setup.churn.interval.formattedSeconds) \(setup.churn.changesPerRound) of them are created, modified, deleted or rewritten unchanged. "
        out += "The manager syncs them to `s3://\(manager.bucket)/\(manager.syncPrefix)` every \(manager.syncInterval.formattedSeconds), "
        out += "backs up to `\(manager.backupPrefix)YYYY-MM-DD-HH-MM-SS/` every \(manager.backupInterval.formattedSeconds) from \(manager.firstBackupAt.formattedSeconds), "
        out += "and deletes backups older than \(manager.retentionDays) days. "
        out += "The bucket has versioning \(manager.versioning ? "enabled" : "off"), default encryption \(manager.encryption?.rawValue ?? "none")"
        out += manager.noncurrentVersionExpirationDays.map { " and a lifecycle rule expiring noncurrent versions after \($0) days.\n\n" } ?? ".\n\n"
        out += "Every request crosses the simulated network to the store (first-byte latency \(setup.store.firstByteLatency), "
        out += "\(NumberFormat.percent(setup.store.internalErrorRate, decimals: 2)) injected 500s, \(NumberFormat.percent(setup.store.serviceUnavailableRate, decimals: 2)) injected 503s) "
        out += "and is retried up to \(setup.retry.maxAttempts) attempts with exponential backoff from \(setup.retry.baseDelay.formattedSeconds) "
        out += "(at most \(setup.retry.maxDelay.formattedSeconds), \(NumberFormat.percent(setup.retry.jitter, decimals: 0)) jitter); one attempt waits \(setup.clientTimeout.formattedSeconds).\n\n"
        return out
    }

    private func syncSection(_ setup: BackupExperimentSpec) -> String {
        let stats = managerStats
        var out = "## Incremental sync\n\n"
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["syncs", NumberFormat.integer(stats.syncs)])
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
        out += "A sync looks only at paths changed since they last reached the store, so most syncs send no request at all.\n\n"
        return out
    }

    private func backupSection(_ setup: BackupExperimentSpec) -> String {
        let kept = backups.filter { $0.deletedAt == nil }
        let complete = listedAtEnd.filter(\.isComplete)
        var out = "## Backups and retention\n\n"
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["backups completed", NumberFormat.integer(managerStats.backupsCreated)])
        table.append(["backup attempts abandoned (retried at the next sync)", NumberFormat.integer(managerStats.failedBackups)])
        table.append(["backups deleted by retention", NumberFormat.integer(managerStats.backupsDeleted)])
        table.append(["folders of abandoned attempts deleted by retention", NumberFormat.integer(managerStats.incompleteBackupsDeleted)])
        table.append(["backups kept at the end (manager)", NumberFormat.integer(kept.count)])
        table.append(["complete backups in the bucket at the end (listing)", NumberFormat.integer(complete.count)])
        table.append(["oldest kept", kept.first?.name ?? "—"])
        table.append(["newest kept", kept.last?.name ?? "—"])
        out += table.rendered() + "\n"
        out += "A backup copies the synced objects server-side (no file crosses the network twice) and checks each copy's ETag against the snapshot's MD5; its manifest is written last, so an interrupted backup is never listed as complete. "
        out += "Retention deletes a backup once it is more than \(setup.manager.retentionDays) days old, manifest first. "
        out += "With versioning on, deleted and overwritten bytes stay at rest as noncurrent versions until the lifecycle rule expires them: "
        out += "at the end the bucket holds \(NumberFormat.integer(usage.currentBytes)) bytes in current objects and \(NumberFormat.integer(usage.noncurrentBytes)) in noncurrent versions "
        out += "(\(NumberFormat.integer(storeStats.lifecycleActions.count)) lifecycle actions over the run).\n\n"
        out += "![bytes stored](bytes_stored.svg)\n\n![backups kept](backups_kept.svg)\n\n"
        return out
    }

    private func restoreSection() -> String {
        var out = "## Restores, checked byte for byte\n\n"
        var table = MarkdownTable(columns: [.numeric("day"), .text("backup"), .numeric("files"), .numeric("bytes"), .text("fingerprint (MD5 of every path and MD5)"), .text("byte-identical to its source"), .numeric("took")])
        for check in restores {
            table.append([NumberFormat.fixed(check.at / 86_400, decimals: 2), "\(check.backup ?? "—") (\(check.selection))",
                          NumberFormat.integer(check.restoredFiles), NumberFormat.integer(check.restoredBytes),
                          check.restoredFingerprint.isEmpty ? "—" : "`\(check.restoredFingerprint)`",
                          check.identical ? "yes" : "**no**: \(check.failure ?? "the bytes differ")",
                          DurationFormat.seconds(check.finishedAt - check.at)])
        }
        out += table.rendered() + "\n"
        let identical = restores.filter(\.identical).count
        out += "\(identical) of \(restores.count) restores reproduced the source exactly as it was when their backup was taken (every path, every byte; each file is also checked against the manifest's MD5 as it is read).\n\n"
        return out + "![restores](restores.svg)\n\n"
    }

    private func stormSection(_ setup: BackupExperimentSpec) -> String {
        var out = "## Failures and retries\n\n"
        for storm in setup.store.errorStorms {
            let start = UTCDateTime(virtualNanoseconds: storm.start.nanoseconds, epochUnixSeconds: setup.store.epochUnixSeconds)
            out += "- storm from \(start) for \(storm.length.formattedSeconds): \(NumberFormat.percent(storm.errorRate, decimals: 0)) of requests fail with \(storm.code.httpStatus) \(storm.code.rawValue)\n"
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
        out += "A request that still fails after its last retry leaves its path pending: the next sync tries again, and a backup that fails is retried at the next sync, so a storm delays work and loses none.\n\n"
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
