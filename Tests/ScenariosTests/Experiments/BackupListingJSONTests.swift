import Foundation
import Testing
@testable import Scenarios

/// The backup experiment's report.json names the complete backups the final listing found — the
/// ones report.md counts as "complete backups in the bucket at the end (listing)" — apart from the
/// folders of abandoned attempts beside them. `backupsListedAtEnd` held both, with nothing to tell
/// them apart: the checker's `bk.yaml` listed 13 names where report.md counted 3 (the object store
/// checker's finding 3).
struct BackupListingJSONTests {
    @Test func theJSONListsTheCompleteBackupsReportMDCountsAndTheAbandonedFoldersApart() throws {
        // Three days of retention: day 2's abandoned folder is kept to the end.
        let file = shortBackupExperiment.replacingOccurrences(of: "retention_days: 2", with: "retention_days: 3")
        let spec = try #require(try parseExperiment(file, file: "backup.yaml") as? BackupExperiment).spec
        let result = try BackupExperiment.run(spec)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.json(spec: spec).utf8)) as? [String: Any])
        // The listing found day 2's abandoned 02:00:00 folder beside the three complete backups.
        #expect(document["backupsListedAtEnd"] as? [String] == ["2026-01-02-02-01-00", "2026-01-03-02-00-00", "2026-01-04-02-00-00"])
        #expect(document["abandonedFoldersListedAtEnd"] as? [String] == ["2026-01-02-02-00-00"])
        let row = result.markdown(spec: spec).split(separator: "\n").first { $0.contains("complete backups in the bucket at the end (listing)") }
        #expect(row?.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } == ["complete backups in the bucket at the end (listing)", "3"])
    }
}
