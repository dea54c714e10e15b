import Simulator
import Testing
@testable import Scenarios

/// Backup failures and restores counted in one place: report.json's `backup.*` and the
/// OpenMetrics counters read the same events (checker K, s77). A backup due in a second that had
/// its backup already threw before the failure counter yet was traced failed (`failed_backups` 0,
/// `orrery_backups_total{outcome="failed"}` 68); a restore that found no backup was in
/// `backup.restores` and not in `orrery_backup_restores_total`.
struct BackupCountedOnceTests {
    /// The last value of every OpenMetrics series of the run of `yaml`, and the run.
    static func metrics(_ yaml: String) throws -> ([String: Double], RunResult) {
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: yaml)
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1))
        return (Dictionary(OpenMetricsTests.samples(text).map { ($0.name + $0.labels, $0.value) }, uniquingKeysWith: { $1 }), run.result)
    }

    /// A sync every 100 ms and a backup due every 300 ms: names have one-second resolution, so
    /// at most one backup a second completes; the ones due meanwhile wait, and are no attempts.
    static let subSecond = """
        seed: 1
        run: {duration: 10s}
        object_store: {}
        backup: {host: app, sync_interval: 100ms, first_backup_at: 0s, backup_interval: 300ms,
                 source: {files: 1, file_size: {median: 10}, changes_per_round: 0}, restores: [{at: 9s}]}
        """

    @Test func aBackupDueInASecondThatHasOneIsNotAFailure() throws {
        let (last, result) = try Self.metrics(Self.subSecond)
        #expect(result.value(of: BackupMetric.backups.metric) == 10)
        #expect(result.value(of: BackupMetric.failedBackups.metric) == 0)
        #expect(last["orrery_backups_total{host=\"app\",outcome=\"ok\"}"] == 10)
        #expect(last["orrery_backups_total{host=\"app\",outcome=\"failed\"}"] == nil)
        // 99 multiples of 100 ms before the end: every one run or skipped while a backup ran.
        #expect(result.value(of: BackupMetric.syncs.metric) == 80)
        #expect(result.value(of: BackupMetric.skippedSyncs.metric) == 19)
    }

    /// Daily backups kept one day; restores of one deleted, one never taken, and the latest.
    static let missing = """
        seed: 5
        run: {duration: 100000s}
        object_store: {}
        backup:
          host: app
          sync_interval: 60s
          first_backup_at: 60s
          backup_interval: 1d
          retention_days: 1
          source: {files: 3, file_size: {median: 100}, changes_per_round: 0}
          restores:
            - {at: 90000s, backup: 2026-01-01-00-01-00}
            - {at: 90000s, backup: 2026-01-01-00-02-00}
            - {at: 90000s, backup: latest}
        """

    @Test func aRestoreThatFindsNoBackupSaysWhyAndIsCountedAsFailedEverywhere() throws {
        let (last, result) = try Self.metrics(Self.missing)
        let restores = try #require(result.backup?.restores)
        #expect(restores.map(\.failure) == ["backup 2026-01-01-00-01-00 was deleted by retention", "no backup named 2026-01-01-00-02-00 completed", nil])
        #expect(result.value(of: BackupMetric.restores.metric) == 3)
        #expect(result.value(of: BackupMetric.failedRestores.metric) == 2)
        #expect(last["orrery_backup_restores_total{host=\"app\",outcome=\"ok\"}"] == 1)
        #expect(last["orrery_backup_restores_total{host=\"app\",outcome=\"failed\"}"] == 2)
    }

    /// Every request fails from 30 s on: the bucket was prepared, no backup completes.
    static let neverCompleted = """
        seed: 1
        run: {duration: 10m}
        object_store:
          client: {timeout: 2s, max_attempts: 1}
        backup:
          host: app
          first_backup_at: 60s
          source: {files: 3, file_size: {median: 100}, changes_per_round: 0}
          restores: [{at: 9m}]
        faults:
          - {at: 30s, errors: s3, rate: 1.0, for: 1h}
        """

    @Test func aRestoreAfterOnlyFailedBackupsSaysSo() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.neverCompleted, file: "never.yaml"))
        #expect(result.value(of: BackupMetric.failedBackups.metric) == 9)
        // Eight attempts had failed at 9 min; the ninth came after the restore.
        #expect(result.backup?.restores.map(\.failure) == ["no backup completed (8 failed)"])
    }
}
