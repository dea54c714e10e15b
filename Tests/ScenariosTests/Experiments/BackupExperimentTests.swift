import Foundation
import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// A four-day backup experiment, short enough for a test: retention of two days, a storm over the
/// second night's backup, and restores after it.
let shortBackupExperiment = """
experiment: backup
seed: 11
duration: 4d
bucket: test-backups
retention_days: 2
source: {files: 30, file_size: {median: 1KiB, sigma: 0.5}, change_every: 10m, changes_per_round: 2, weights: {create: 1, modify: 2, delete: 1, rewrite: 1}}
store:
  internal_error_rate: 0.002
  unavailable_rate: 0.002
  storms: [{at: 25h, for: 2h, rate: 0.5}]
client: {max_attempts: 6, base_delay: 100ms}
restores:
  - {at: 28h, backup: latest}
  - {at: 95h, backup: oldest}
  - {at: 95h, backup: 2026-01-04-02-00-00}
"""

struct BackupExperimentTests {
    @Test func theCommittedBackupFileLoads() throws {
        let backup = try BackupExperiment.load(from: scenarioDirectory).spec
        #expect(backup.duration == .seconds(60 * 86_400))
        #expect(backup.manager.syncInterval == .seconds(60))
        #expect(backup.manager.retentionDays == 30)
        #expect(backup.manager.encryption == .aes256)
        #expect(backup.store.errorStorms == [ObjectStore.ErrorStorm(start: .seconds(457 * 3600), length: .seconds(7200), errorRate: 0.5)])
        #expect(backup.restores.map(\.backup) == [.latest, .oldest, .latest])
        #expect(backup.churn.initialFiles == 200)
    }

    @Test func aShortRunRestoresEveryBackupByteForByteAndKeepsOnlyTheRetainedOnes() throws {
        let spec = try #require(try parseExperiment(shortBackupExperiment, file: "backup.yaml") as? BackupExperiment).spec
        let result = try BackupExperiment.run(spec)
        #expect(result.restores.count == 3)
        #expect(result.restores.allSatisfy { $0.identical && $0.failure == nil })
        // Day 2's 02:00 backup fell in the storm, was abandoned, and succeeded at the next sync, 02:01.
        #expect(result.restores.map(\.backup) == ["2026-01-02-02-01-00", "2026-01-02-02-01-00", "2026-01-04-02-00-00"])
        #expect(result.listedAtEnd.map(\.name) == ["2026-01-02-02-01-00", "2026-01-03-02-00-00", "2026-01-04-02-00-00"])
        #expect(result.listedAtEnd.map(\.isComplete) == [true, true, true])
        #expect(result.backups.filter { $0.deletedAt == nil }.map(\.name) == result.listedAtEnd.filter(\.isComplete).map(\.name))
        // Retention ran after day 4's backup (02:00:00.6): the abandoned 02:00:00 folder of day 2 is
        // two days and 0.6 s old, more than two days, and goes (whole seconds of the pass's time kept
        // it a day longer).
        #expect(result.managerStats.incompleteBackupsDeleted == 1)
        #expect(result.managerStats.failedBackups >= 1)
        #expect(result.samples.count == 97)
        #expect(result.storeStats.stormErrors > 0)
        #expect(result.managerStats.filesUnchanged > 0)
    }

    @Test func theReportIsTheSameOnEveryReplay() throws {
        let spec = try #require(try parseExperiment(shortBackupExperiment, file: "backup.yaml") as? BackupExperiment).spec
        let first = try BackupExperiment.run(spec).bundle(spec: spec), second = try BackupExperiment.run(spec).bundle(spec: spec)
        #expect(first == second)
        #expect(first.files.map(\.path) == ["backup/report.md", "backup/report.json", "backup/timeline.csv", "backup/backups.csv",
                                            "backup/restores.csv", "backup/bytes_stored.svg", "backup/backups_kept.svg",
                                            "backup/errors_per_hour.svg", "backup/restores.svg"])
        let report = String(decoding: first.files[0].contents, as: UTF8.self)
        #expect(report.hasPrefix("# Backup manager: sync, backups, a 503 storm, restores and retention\n\n- seed: `11`\n- replay: `orrery run backup.yaml`\n"))
        #expect(report.contains("3 of 3 restores reproduced the source exactly"))
    }

    @Test func theJSONCarriesTheFullCopyBaselineTheMarkdownStates() throws {
        let spec = try #require(try parseExperiment(shortBackupExperiment, file: "backup.yaml") as? BackupExperiment).spec
        let result = try BackupExperiment.run(spec), bundle = result.bundle(spec: spec)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bundle.files[1].contents)) as? [String: Any])
        let baseline = result.managerStats.sourceBytesAtSyncs
        #expect(baseline > result.managerStats.bytesUploaded)
        #expect(json["fullCopyBytes"] as? Int == baseline)
        #expect(json["bytesUploaded"] as? Int == result.managerStats.bytesUploaded)
        let markdown = String(decoding: bundle.files[0].contents, as: UTF8.self)
        #expect(markdown.contains("Copying the whole source at every sync would have moved \(NumberFormat.integer(baseline)) bytes"))
    }

    static let badFiles: [(name: String, yaml: String, message: String)] = [
        ("unknown key", "experiment: backup\nretention_day: 3\n", "x.yaml:2:1: error: unknown key 'retention_day'; did you mean 'retention_days'?"),
        ("storm with a 404", "experiment: backup\nstore:\n  storms: [{at: 1h, for: 1h, rate: 0.5, code: NoSuchKey}]\n",
         "x.yaml:3:47: error: a storm's code names an S3 error answered with 500 or 503, one of InternalError (500), SlowDown (503), ServiceUnavailable (503); got 'NoSuchKey' (S3 answers it with 404) (at store.storms.[0].code)"),
        ("restore after the run", "experiment: backup\nduration: 2d\nrestores: [{at: 3d}]\n",
         "x.yaml:3:17: error: the restore must happen within the run's 172,800.000 s (at restores.[0].at)"),
        ("restore of a malformed name", "experiment: backup\nrestores: [{at: 1d, backup: yesterday}]\n",
         "x.yaml:2:29: error: backup is latest, oldest or a name YYYY-MM-DD-HH-MM-SS, got 'yesterday' (at restores.[0].backup)"),
        ("zero weights", "experiment: backup\nsource: {weights: {create: 0, modify: 0, delete: 0}}\n",
         "x.yaml:2:19: error: at least one weight must be positive (at source.weights)"),
        ("a weight of 1e308", "experiment: backup\nsource: {weights: {create: 1e308}}\n",
         "x.yaml:2:28: error: must be 0 … 1,000,000, got 1e308 (at source.weights.create)"),
        ("syncs every nanosecond", "experiment: backup\nsync_interval: 1ns\n",
         "x.yaml:2:16: error: 5.2 × 10¹⁵ syncs in 5,184,000.000 s is more than the 1 × 10⁶ a run may have; make the interval longer (at sync_interval)"),
        ("a century of syncs", "experiment: backup\nduration: 3155760000s\n",
         "x.yaml:2:11: error: 5.3 × 10⁷ syncs in 3,155,760,000.000 s is more than the 1 × 10⁶ a run may have; make the interval longer (at duration)"),
        ("samples every nanosecond", "experiment: backup\nsample_every: 1ns\n",
         "x.yaml:2:15: error: 5.2 × 10¹⁵ samples in 5,184,000.000 s is more than the 1 × 10⁶ a run may have; make the interval longer (at sample_every)"),
        ("backups every nanosecond", "experiment: backup\nbackup_interval: 1ns\n",
         "x.yaml:2:18: error: 5.2 × 10¹⁵ backups in 5,184,000.000 s is more than the 1 × 10⁶ a run may have; make the interval longer (at backup_interval)"),
        ("a thousand and one restores", "experiment: backup\nrestores: [" + Array(repeating: "{at: 1d}", count: 1_001).joined(separator: ", ") + "]\n",
         "x.yaml:2:11: error: at most 1,000 restores, got 1,001 (at restores)"),
        ("a source that only grows", "experiment: backup\nsource: {weights: {create: 1, delete: 0}}\n",
         "x.yaml:2:9: error: the syncs would look at about 1.4 × 10⁹ files over 5,184,000.000 s (the source grows by its creations less its deletions), more than the 4 × 10⁸ a run may; delete more, create less, or sync less often (at source)"),
        ("changes every nanosecond", "experiment: backup\nsource: {change_every: 1ns}\n",
         "x.yaml:2:24: error: 5.2 × 10¹⁵ rounds of changes in 5,184,000.000 s is more than the 1 × 10⁶ a run may have; make the interval longer (at source.change_every)"),
    ]

    @Test(arguments: badFiles.map(\.name))
    func aBadBackupFileIsRefusedWithItsPosition(name: String) throws {
        let testCase = try #require(Self.badFiles.first { $0.name == name })
        #expect(experimentError(testCase.yaml)?.description == testCase.message)
    }

    /// A request still retrying a day after the end (a store latency of two days, a client
    /// timeout of three) is the experiment's error, not a trap.
    @Test func workStillRunningADayAfterTheEndIsAnError() throws {
        let text = "experiment: backup\nduration: 1d\nstore: {latency: 2d}\nclient: {timeout: 3d}\n"
        let spec = try #require(try parseExperiment(text, file: "backup.yaml") as? BackupExperiment).spec
        do {
            _ = try BackupExperiment.run(spec)
            Issue.record("the run escaped its time limit without an error")
        } catch {
            #expect(error.description.hasPrefix("the backup experiment's work was still running a day after its 86,400.000 s (virtual time limit reached at 172,800.000 s with 1 task unfinished: "), "\(error.description)")
            #expect(error.description.hasSuffix("; shorten the store's latency, the client's timeout and retry delays, or raise bytes_per_second"))
        }
    }
}
