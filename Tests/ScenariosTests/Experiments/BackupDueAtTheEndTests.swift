import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// A backup due at the experiment's last instant is in the report's list of backups as it is in
/// its totals: checker RR's world (s81; two days, a backup every 12 hours from 0 s, so one due at
/// exactly 172,800 s) read "backups completed 5" and "kept at the end 2" beside 2 deleted, while
/// report.json's `backups` and backups.csv had 4 — the list was read before that backup completed,
/// the totals after.
struct BackupDueAtTheEndTests {
    static let experiment = #"""
        {"experiment": "backup", "name": "x0", "seed": 700, "duration": "172800s", "sample_every": "1h", "sync_interval": "300s", "first_backup_at": "0s", "backup_interval": "43200s", "retention_days": 1, "versioning": false, "encryption": "AES256", "noncurrent_expiration_days": "none", "source": {"files": 0, "file_size": {"median": "100", "sigma": 0}, "directories": 8, "change_every": "3600s", "changes_per_round": 1, "weights": {"create": 0, "modify": 0.5, "delete": 0.5, "rewrite": 0.1}}, "store": {"latency": {"lognormal": {"median": "20ms", "sigma": 0.6}}, "bytes_per_second": "100MiB", "internal_error_rate": 0.02, "unavailable_rate": 0.001, "storms": [{"at": "0s", "for": "600s", "rate": 0.9, "code": "ServiceUnavailable"}]}, "client": {"timeout": "5s", "max_attempts": 6, "base_delay": "100ms", "max_delay": "20s", "jitter": 0.5}, "restores": [{"at": "148527s", "backup": "latest"}, {"at": "113117s", "backup": "latest"}, {"at": "123354s", "backup": "2026-01-03-00-00-00"}, {"at": "20755s", "backup": "latest"}]}
        """#

    @Test func theListHoldsTheBackupTheTotalsCount() throws {
        let spec = try #require(try parseExperiment(Self.experiment, file: "x0.yaml") as? BackupExperiment).spec
        let result = try BackupExperiment.run(spec)
        #expect(result.managerStats.backupsCreated == 5)
        #expect(result.backups.count == 5)
        #expect(result.backups.last?.name == "2026-01-03-00-00-00")
        #expect(result.backupsCSV().split(separator: "\n").count == 1 + 5)
    }
}
