import Reports
import Foundation
import Simulator

/// `results/backup/`: the report, its JSON, the timeline and the backups as CSV, and the charts.
extension BackupResult {
    func bundle(spec: BackupExperimentSpec) -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("backup/report.md", markdown(spec: spec))
        bundle.add("backup/report.json", json(spec: spec))
        bundle.add("backup/timeline.csv", timelineCSV())
        bundle.add("backup/backups.csv", backupsCSV())
        bundle.add("backup/restores.csv", restoresCSV())
        bundle.add("backup/bytes_stored.svg", bytesChart(end: spec.duration).svg())
        bundle.add("backup/backups_kept.svg", backupsChart(end: spec.duration).svg())
        bundle.add("backup/errors_per_hour.svg", errorsChart(storms: spec.store.errorStorms, interval: spec.sampleInterval).svg())
        if !restores.isEmpty { bundle.add("backup/restores.svg", restoresChart().svg()) }
        return bundle
    }

    func timelineCSV() -> String {
        var table = CSVTable(header: ["seconds", "current_bytes", "noncurrent_bytes", "manager_bytes", "backups_kept",
                                      "attempts", "failed_attempts", "retries", "failed_syncs"])
        for sample in samples {
            table.append([NumberFormat.trimmed(sample.time, maxDecimals: 3), String(sample.currentBytes), String(sample.noncurrentBytes),
                          String(sample.managerBytes), String(sample.backupsKept), String(sample.attempts),
                          String(sample.failedAttempts), String(sample.retries), String(sample.failedSyncs)])
        }
        return table.rendered()
    }

    func backupsCSV() -> String {
        var table = CSVTable(header: ["name", "taken_at_seconds", "completed_at_seconds", "files", "bytes", "fingerprint", "deleted_at_seconds"])
        for backup in backups {
            table.append([backup.name, NumberFormat.fixed(Double(backup.takenAt) / 1e9, decimals: 3),
                          NumberFormat.fixed(Double(backup.completedAt) / 1e9, decimals: 3), String(backup.fileCount), String(backup.bytes),
                          backup.source.fingerprint, backup.deletedAt.map { NumberFormat.fixed(Double($0) / 1e9, decimals: 3) } ?? ""])
        }
        return table.rendered()
    }

    func restoresCSV() -> String {
        var table = CSVTable(header: ["at_seconds", "finished_at_seconds", "selection", "backup", "expected_files", "restored_files",
                                      "expected_bytes", "restored_bytes", "expected_fingerprint", "restored_fingerprint", "identical", "failure"])
        for check in restores {
            table.append([NumberFormat.fixed(check.at, decimals: 3), NumberFormat.fixed(check.finishedAt, decimals: 3), check.selection,
                          check.backup ?? "", String(check.expectedFiles), String(check.restoredFiles), String(check.expectedBytes),
                          String(check.restoredBytes), check.expectedFingerprint, check.restoredFingerprint, String(check.identical), check.failure ?? ""])
        }
        return table.rendered()
    }

    private struct Document: Encodable {
        struct Statistics: Encodable {
            var lastSyncTime: String?; var bytesStored: Int; var backupCount: Int; var transferBytesPerSecond: Double; var errorRate: Double
        }
        var schema = "orrery.backup/1"
        var seed: UInt64
        var digest: String
        /// `syncs + skippedSyncs` is the multiples of the sync interval due before the end.
        var syncs: Int, skippedSyncs: Int, failedSyncs: Int, filesUploaded: Int, filesDeleted: Int, filesUnchanged: Int, bytesUploaded: Int
        /// What copying the whole source at every sync would have moved: the source's size when each sync began, summed.
        var fullCopyBytes: Int
        var backupsCreated: Int, failedBackups: Int, backupsDeleted: Int, incompleteBackupsDeleted: Int
        /// Folders old enough to go that a retention pass kept because their manifest check
        /// failed (counted at every pass that kept them).
        var foldersKeptUnchecked: Int
        /// The complete backups the final listing found (report.md's "complete backups in the
        /// bucket at the end (listing)"), and apart from them the folders of abandoned attempts
        /// it found (no manifest: not backups), so a JSON reader counts what report.md counts.
        /// Both left out when every try of the final listing failed (`finalListingFailure`, left
        /// out otherwise, says why): nothing is known of the bucket then, which empty lists would misstate.
        var backupsListedAtEnd: [String]?, abandonedFoldersListedAtEnd: [String]?, finalListingFailure: String?
        var attempts: Int, failedAttempts: Int, retries: Int, failedRequests: Int, failuresByCause: [String: Int]
        var injectedErrors: Int, stormErrors: Int, lifecycleActions: Int
        var currentBytes: Int, noncurrentBytes: Int, deleteMarkers: Int
        var statistics: Statistics
        /// The backups and restores as a composed world's report.json gives them (one implementation each).
        var backups: [BackupRecord.Document]
        var restores: [RestoreCheck.Document]
    }

    func json(spec: BackupExperimentSpec) -> String {
        JSONReport.encode(Document(
            seed: spec.seed, digest: digest, syncs: managerStats.syncs, skippedSyncs: managerStats.skippedSyncs, failedSyncs: managerStats.failedSyncs,
            filesUploaded: managerStats.filesUploaded, filesDeleted: managerStats.filesDeleted, filesUnchanged: managerStats.filesUnchanged,
            bytesUploaded: managerStats.bytesUploaded, fullCopyBytes: managerStats.sourceBytesAtSyncs, backupsCreated: managerStats.backupsCreated, failedBackups: managerStats.failedBackups,
            backupsDeleted: managerStats.backupsDeleted, incompleteBackupsDeleted: managerStats.incompleteBackupsDeleted,
            foldersKeptUnchecked: managerStats.foldersKeptUnchecked,
            backupsListedAtEnd: listingFailure == nil ? completeListedAtEnd.map(\.name) : nil,
            abandonedFoldersListedAtEnd: listingFailure == nil ? listedAtEnd.filter { !$0.isComplete }.map(\.name) : nil,
            finalListingFailure: listingFailure,
            attempts: clientStats.attempts, failedAttempts: clientStats.failedAttempts, retries: clientStats.retries,
            failedRequests: clientStats.failedRequests, failuresByCause: clientStats.failuresByCause,
            injectedErrors: storeStats.injectedErrorCount, stormErrors: storeStats.stormErrors, lifecycleActions: storeStats.lifecycleActions.count,
            currentBytes: usage.currentBytes, noncurrentBytes: usage.noncurrentBytes, deleteMarkers: usage.deleteMarkers,
            statistics: .init(lastSyncTime: statistics.lastSyncTime?.description, bytesStored: statistics.bytesStored,
                              backupCount: statistics.backupCount, transferBytesPerSecond: Self.rounded(statistics.transferBytesPerSecond),
                              errorRate: Self.rounded(statistics.errorRate)),
            backups: backups.map(\.document), restores: restores.map(\.document)))
    }

    /// The complete backups (with a manifest) among the folders the final listing found: what
    /// report.md and report.json both count as the backups in the bucket at the end.
    var completeListedAtEnd: [BackupListing] { listedAtEnd.filter(\.isComplete) }

    /// Six significant decimals, so the JSON does not depend on the last bits of a division.
    private static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}
