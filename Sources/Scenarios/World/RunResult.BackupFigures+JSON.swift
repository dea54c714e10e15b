import Simulator

extension BackupRecord {
    /// A backup as report.json gives it — a composed world's `backup.backups` and the backup
    /// experiment's `backups` alike: its `files`, `bytes`, `fingerprint`, when it was taken and
    /// completed, and when retention deleted it.
    struct Document: Encodable {
        var name: String
        var takenAtSeconds: Double
        var completedAtSeconds: Double
        var files: Int
        var bytes: Int
        var fingerprint: String
        /// Nil while retention keeps it.
        var deletedAtSeconds: Double?
    }

    var document: Document {
        Document(name: name, takenAtSeconds: Double(takenAt) / 1e9, completedAtSeconds: Double(completedAt) / 1e9, files: fileCount,
                 bytes: bytes, fingerprint: source.fingerprint, deletedAtSeconds: deletedAt.map { Double($0) / 1e9 })
    }
}

extension BackupResult.RestoreCheck {
    /// A restore as report.json gives it — a composed world's `backup.restores` and the backup
    /// experiment's `restores` alike — with what it should have brought back beside what it did.
    struct Document: Encodable {
        var atSeconds: Double
        var finishedAtSeconds: Double
        var selection: String
        /// The backup restored; nil when none matched the selection.
        var backup: String?
        var files: Int
        var bytes: Int
        var expectedFiles: Int
        var expectedBytes: Int
        var identical: Bool
        var failure: String?
    }

    var document: Document {
        Document(atSeconds: at, finishedAtSeconds: finishedAt, selection: selection, backup: backup, files: restoredFiles, bytes: restoredBytes,
                 expectedFiles: expectedFiles, expectedBytes: expectedBytes, identical: identical, failure: failure)
    }
}

extension RunResult.BackupFigures {
    /// report.json's `backup`: report.md's "Backups" section — the syncs, backups and bytes
    /// uploaded, every restore byte for byte — and the backups taken, bounded by
    /// ``ReportListBound`` (one a day for as long as the world runs).
    struct Detail: Encodable {
        var syncs: Int
        var failedSyncs: Int
        var skippedSyncs: Int
        var backupsCreated: Int
        var failedBackups: Int
        var backupsDeleted: Int
        var bytesUploaded: Int
        var jobOutputsRestored: Int
        var backups: [BackupRecord.Document]
        var backupsLeftOut: Int?
        var restores: [BackupResult.RestoreCheck.Document]
    }

    var detail: Detail {
        let listed = ReportListBound.split(backups)
        return Detail(
            syncs: syncs, failedSyncs: failedSyncs, skippedSyncs: skippedSyncs, backupsCreated: backupsCreated, failedBackups: failedBackups,
            backupsDeleted: backupsDeleted, bytesUploaded: bytesUploaded, jobOutputsRestored: jobOutputsRestored,
            backups: listed.listed.map(\.document), backupsLeftOut: listed.leftOut, restores: restores.map(\.document))
    }
}
