import Foundation
import Testing
@testable import Scenarios

/// The backup manager's figures as a composed world reports them — report.md's line, report.json's
/// metrics, the one-line verdict — when a backup fails, when the host is down, and when no restore
/// is asked for (found by an outside checker: a failed backup appeared nowhere but the trace, a
/// host down for the whole run read "19 syncs (0 failed)", and no restore read "0/0 restores exact").
struct BackupFiguresTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "backup-world.yaml"))
    }

    /// The line of report.md that starts with `prefix`.
    static func line(_ markdown: String, startingWith prefix: String) -> String? {
        markdown.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
    }

    /// The number report.json gives `metric`, or nil when it gives null (or nothing).
    /// A backup host `box` syncing bucket `data` of 1 KiB files, backing up daily from
    /// `firstBackupAt`, with `then` (its faults or expectations) after it.
    static func world(duration: String, syncInterval: String, firstBackupAt: String, files: Int, churn: String = "",
                      then: String) -> String {
        """
        seed: 1
        run: {duration: \(duration)}
        object_store: {buckets: [{name: data}]}
        backup:
          host: box
          bucket: data
          sync_interval: \(syncInterval)
          first_backup_at: \(firstBackupAt)
          backup_interval: 24h
          source: {files: \(files), file_size: {median: 1KiB, sigma: 0.5}\(churn)}
        \(then)
        """
    }

    static func jsonMetric(_ result: RunResult, _ metric: String) throws -> Any? {
        let document = try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as! [String: Any]
        return (document["metrics"] as! [String: Any])[metric]
    }

    /// A backup host cut off from the store (requests dropped) from 110 s to 170 s, its data not
    /// changing: the backup due at 2 min fails (its listing times out five times), the one
    /// retried at the next sync, at 3 min, succeeds.
    static let partitioned = world(duration: "5m", syncInterval: "60s", firstBackupAt: "2m", files: 3,
                                   then: "faults: [{at: 110s, partition: [[box], [s3]], mode: drop, for: 60s}]")

    @Test func aFailedBackupIsInTheReportTheJSONAndTheMetrics() throws {
        let result = try Self.run(Self.partitioned)
        let backup = try #require(result.backup)
        #expect(backup.failedBackups == 1)
        #expect(backup.backupsCreated == 1)
        #expect(result.value(of: BackupMetric.failedBackups.metric) == 1)
        #expect(result.value(of: BackupMetric.backups.metric) == 1)
        // The sync due at 2 min, in the partition, had nothing to carry: it sent no request and failed nothing.
        #expect(Self.line(result.markdown(), startingWith: "4 syncs") ==
                "4 syncs run (0 failed), 0 skipped while the host was down or the manager still busy, 1 backup created (1 failed), 0 deleted by retention, 2,325 bytes uploaded.")
        #expect(try Self.jsonMetric(result, "backup.failed_backups") as? Double == 1)
        #expect(result.backupHeadline == "1 backup (1 failed)")
    }
}

extension BackupFiguresTests {
    /// The host crashes at 12 s and never comes back: the sync at 10 s runs, the four due at 20 …
    /// 50 s are skipped (the run ends at 60 s, before that one), and the backup due at 30 s is
    /// never attempted.
    static let hostDown = world(duration: "1m", syncInterval: "10s", firstBackupAt: "30s", files: 3,
                                churn: ", change_every: 5s, changes_per_round: 1", then: "faults: [{at: 12s, crash: box}]")

    @Test func syncsDueWhileTheHostIsDownAreSkippedNotCountedAsRunOrOK() throws {
        let result = try Self.run(Self.hostDown)
        let backup = try #require(result.backup)
        #expect(backup.syncs == 1)
        #expect(backup.failedSyncs == 0)
        #expect(backup.skippedSyncs == 4)
        #expect(backup.backupsCreated == 0 && backup.failedBackups == 0)
        #expect(result.value(of: BackupMetric.skippedSyncs.metric) == 4)
        #expect(Self.line(result.markdown(), startingWith: "1 sync run") ==
                "1 sync run (0 failed), 4 skipped while the host was down or the manager still busy, 0 backups created (0 failed), 0 deleted by retention, 2,630 bytes uploaded.")
        #expect(try Self.jsonMetric(result, "backup.skipped_syncs") as? Double == 4)
    }

    /// A world with backups and no restore: `restores_exact` is not measured (JSON null, "—" in
    /// report.md, an expectation on it fails as not measured) and the verdict leaves restores out.
    static let noRestore = world(duration: "3m", syncInterval: "60s", firstBackupAt: "2m", files: 2,
                                 then: "expect: [backup.restores_exact == true]")

    @Test func restoresExactOfNoRestoreIsNotMeasured() throws {
        let result = try Self.run(Self.noRestore)
        #expect(result.value(of: BackupMetric.restoresExact.metric) == nil)
        #expect(result.value(of: BackupMetric.failedRestores.metric) == 0)
        #expect(try Self.jsonMetric(result, "backup.restores_exact") is NSNull)
        #expect(Self.line(result.markdown(), startingWith: "| `backup.restores_exact`") == "| `backup.restores_exact`          |     — |")
        let check = try #require(result.checks.first)
        #expect(check.measured == nil && !check.holds && !result.passed)
        #expect(result.backupHeadline == "1 backup")
    }

    /// The verdict line `orrery run` prints for that world.
    @Test func theVerdictLineLeavesOutRestoresOfNoRestore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-backup-headline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("backups.yaml").path
        try Self.noRestore.write(toFile: path, atomically: true, encoding: .utf8)
        let headline = try #require(try ScenarioFile.load(path: path).run(seed: nil, formats: []).headline)
        #expect(headline.hasPrefix("FAIL backups seed 1 digest "))
        #expect(headline.hasSuffix(": 1 backup"))
    }
}

extension BackupFiguresTests {
    /// Every sync the report counts is one span of the trace, those with nothing to carry
    /// included (a world whose report said 179 syncs had 43 sync spans: only those that uploaded).
    @Test func everySyncTheReportCountsIsASpanOfTheTrace() throws {
        let run = try ObservabilityFixture.run()
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
        let spans = PerfettoTraceTests.spans(events, category: "sync")
        let backup = try #require(run.result.backup)
        #expect(spans.count == backup.syncs)
        #expect(spans.count == 10)
        #expect(spans.filter { ($0["args"] as? [String: Any])?["outcome"] as? String == "ok" }.count == 10)
    }

    /// The partitioned world's trace: the failed backup's span, and every sync's.
    @Test func thePartitionedWorldsTraceHasTheFailedBackupAndEverySync() throws {
        let run = try ObservabilityFixture.run(yaml: Self.partitioned)
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
        let backup = try #require(run.result.backup)
        #expect(PerfettoTraceTests.spans(events, category: "sync").count == backup.syncs)
        let outcomes = PerfettoTraceTests.spans(events, category: "backup").map { ($0["args"] as? [String: Any])?["outcome"] as? String }
        #expect(outcomes == ["failed: store: network: timeout", "ok"])
    }
}
