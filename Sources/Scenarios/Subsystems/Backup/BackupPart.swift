import Reports

/// The backup manager's part: the manager on its host with its restores, `backup.*`, and the
/// report's "Backups" section.
enum BackupPart: SubsystemPart {
    static func build(in world: World) { world.buildBackup() }

    static func value(of known: BackupMetric, in result: RunResult) -> Double? {
        guard let backup = result.backup else { return nil }
        switch known {
        case .syncs: return Double(backup.syncs)
        case .failedSyncs: return Double(backup.failedSyncs)
        case .skippedSyncs: return Double(backup.skippedSyncs)
        case .backups: return Double(backup.backupsCreated)
        case .failedBackups: return Double(backup.failedBackups)
        case .backupsKept: return Double(backup.backups.filter { $0.deletedAt == nil }.count)
        case .backupsDeleted: return Double(backup.backupsDeleted)
        case .restores: return Double(backup.restores.count)
        case .restoresExact:
            // Of no restore nothing is exact or not: not measured (an expectation on it fails).
            guard !backup.restores.isEmpty else { return nil }
            return backup.restores.allSatisfy { $0.identical && $0.failure == nil } ? 1 : 0
        case .failedRestores: return Double(backup.restores.filter { !$0.identical || $0.failure != nil }.count)
        case .jobOutputsRestored: return Double(backup.jobOutputsRestored)
        case .bytesUploaded: return Double(backup.bytesUploaded)
        }
    }

    static func markdown(_ result: RunResult) -> String {
        guard let backup = result.backup else { return "" }
        var out = "# Backups\n\n"
        out += summary(backup) + "\n\n"
        if !backup.restores.isEmpty {
            var table = MarkdownTable(columns: [.numeric("at"), .userText("backup"), .numeric("files"), .numeric("bytes"), .text("byte for byte")])
            for restore in backup.restores {
                table.append([DurationFormat.seconds(restore.at, grouping: true), restore.backup ?? restore.selection, NumberFormat.integer(restore.restoredFiles),
                              NumberFormat.integer(restore.restoredBytes), verdict(restore)])
            }
            out += table.rendered() + "\n"
            let empty = backup.restores.filter(isEmptyAndIdentical)
            if !empty.isEmpty {
                out += empty.count == backup.restores.count && empty.count == 1
                    ? "The restore brought back an empty backup (no files): identical to what the backup held, it shows nothing of the data restored.\n\n"
                    : "\(NumberFormat.counted(empty.count, "restore")) of the \(NumberFormat.integer(backup.restores.count)) brought back an empty backup (no files): identical to what the backup held, \(empty.count == 1 ? "it shows" : "they show") nothing of the data restored.\n\n"
            }
            out += "Job output files brought back byte for byte by the restores: \(backup.jobOutputsRestored).\n\n"
        }
        return out
    }

    /// A restore that matched byte for byte a backup of no files: identical, and empty.
    static func isEmptyAndIdentical(_ restore: BackupResult.RestoreCheck) -> Bool {
        restore.identical && restore.failure == nil && restore.restoredFiles == 0
    }

    /// The "byte for byte" cell: `identical`, `identical (empty backup)`, or why not.
    static func verdict(_ restore: BackupResult.RestoreCheck) -> String {
        guard restore.identical else { return "**\(restore.failure ?? "differs")**" }
        return isEmptyAndIdentical(restore) ? "identical (empty backup)" : "identical"
    }

    /// The section's first line: the syncs run (those that failed among them), those skipped
    /// while the host was down or the manager still busy with the work before (not run, so not
    /// among the syncs run), the backups created and the attempts abandoned, retention's
    /// deletions and the bytes uploaded.
    static func summary(_ backup: RunResult.BackupFigures) -> String {
        "\(NumberFormat.counted(backup.syncs, "sync")) run (\(NumberFormat.integer(backup.failedSyncs)) failed), "
            + "\(NumberFormat.integer(backup.skippedSyncs)) skipped while the host was down or the manager still busy, "
            + "\(NumberFormat.counted(backup.backupsCreated, "backup")) created (\(NumberFormat.integer(backup.failedBackups)) failed), "
            + "\(NumberFormat.integer(backup.backupsDeleted)) deleted by retention, \(NumberFormat.counted(backup.bytesUploaded, "byte")) uploaded."
    }
}
