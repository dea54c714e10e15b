import Reports
import Simulator

extension ScenarioLoader {
    /// Refuses a job output `prefix` the backup manager could not hold: its parts
    /// (`<prefix>part-00000` …) become files of the backup host's data, so each must be a path a
    /// source directory accepts (no line break: the manifest lists one path per line), and its
    /// copy in a backup, `backups/YYYY-MM-DD-HH-MM-SS/files/<path>`, a key S3 accepts (at most
    /// 1,024 bytes). Either mistake would otherwise load and then trap, or fail every backup
    /// without saying why.
    static func checkBackedUpPrefix(_ prefix: String, parts: Int, at cursor: YAMLCursor) throws(ScenarioError) {
        let lastPart = prefix + WorldJob.partName(max(parts, 1) - 1)
        if let problem = SourceDirectory.problem(withPath: lastPart) {
            throw cursor.error(.invalidValue("with 'backup: true' the prefix begins the path of each part in the backup host's data, and a path there \(problem); got '\(prefix.excerpt)'"))
        }
        let manager = BackupManager.Configuration()
        let length = manager.longestKeyLength(path: lastPart)
        let most = S3ObjectKey.maximumUTF8Length
        guard length > most else { return }
        let room = most - (length - prefix.utf8.count)
        throw cursor.error(.invalidValue(
            "with 'backup: true', a backup's copy of this job's last part (\(manager.backupKey("YYYY-MM-DD-HH-MM-SS", path: "…" + WorldJob.partName(max(parts, 1) - 1)))) would have a key of \(NumberFormat.counted(length, "byte")), more than S3's \(NumberFormat.integer(most)): every copy would be refused and no backup complete; shorten the prefix (\(NumberFormat.counted(prefix.utf8.count, "byte"))) to at most \(NumberFormat.counted(max(room, 0), "byte"))"))
    }
}
