import Testing
@testable import Scenarios
@testable import Simulator

/// A restarted backup host starts afresh once booted (s83, B5). Its loop was one daemon across
/// crashes: restarted at 3.05 s in the middle of the 3 s backup (its MANIFEST PUT answered at
/// 3.071 s and dropped, the dead process's call ending only at the client's timeout, ~8.04 s),
/// the host booted at 5.05 s and sent nothing until 8.100 s — no syncs, no backups at 6 s and
/// 7 s. The loop now runs as the host's program (`Network.startProcess`): the restart ends the
/// dead process, and the new one begins at the boot's end.
struct BackupRestartTests {
    static let world = """
        name: bk
        seed: 1
        run: {duration: 10s}
        object_store: {}
        backup: {host: app, sync_interval: 100ms, first_backup_at: 0s, backup_interval: 1s,
                 source: {files: 1, file_size: {median: 10}, changes_per_round: 0}}
        faults: [{at: 3.05s, restart: app, boot_time: 2s}]
        """

    static func run() throws -> (RunResult, [TraceEvent]) {
        let events = TraceEvents()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world, file: "bk.yaml"), traceSink: { events.all.append($0) })
        return (result, events.all)
    }

    @Test func theRestartedProcessSendsAtTheFirstMultipleAfterItsBoot() throws {
        let (_, events) = try Self.run()
        let booted = try #require(events.first { $0.kind == .booted && $0.subject == "app" })
        #expect(booted.time.nanoseconds == 5_050_000_000)
        let sends = events.filter { $0.kind == .send && $0.subject == "app" }.map(\.time.nanoseconds)
        // Nothing between the restart and the boot's end; the first send after it at 5.1 s: the
        // backup due at 3 s (failed by the restart), taken at the first sync multiple after 5.05 s.
        #expect(sends.filter { $0 >= 3_050_000_000 && $0 < 5_050_000_000 } == [])
        #expect(sends.first { $0 >= 5_050_000_000 } == 5_100_000_000)
    }

    /// Before: 5 backups (0 s, 1 s, 2 s, 8 s, 9 s), 41 syncs and 58 skipped. Now the 3 s backup
    /// fails at the restart, the one due then is taken at 5.1 s, and 6 s … 9 s on time; the 20
    /// multiples 3.1 s … 5.0 s (down or booting) are skipped, counted once by the new process.
    /// Multiples of 100 ms before the 10 s end: 99 (the one at the end is not run, as in
    /// BackupCountedOnceTests' world without the restart).
    @Test func backupsAreTakenEverySecondAfterTheBootAndEverySyncIsCountedOnce() throws {
        let (result, _) = try Self.run()
        let backup = try #require(result.backup)
        #expect(backup.backups.map(\.name) == ["00", "01", "02", "05", "06", "07", "08", "09"].map { "2026-01-01-00-00-\($0)" })
        #expect(backup.backupsCreated == 8)
        #expect(backup.failedBackups == 1)
        #expect(backup.syncs + backup.skippedSyncs == 99)
        #expect(backup.skippedSyncs == 34)
        #expect(backup.syncs == 65)
        #expect(backup.failedSyncs == 0)
    }

    /// A crash ends the sync under way at its instant, counted failed then: the first sync (at
    /// 60 s, 300 files) is cut at 61 s, and the run ends at 62 s, before the dead process's call
    /// in flight times out (2 s). Counted when that call ended, it was counted nowhere: 1 multiple
    /// due, 0 syncs and 0 skipped.
    @Test func aSyncCutByACrashIsCountedFailedAtTheCrash() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            seed: 9
            run: {duration: 62s}
            object_store:
              client: {timeout: 2s, max_attempts: 6}
            backup:
              host: app
              sync_interval: 60s
              first_backup_at: 1h
              backup_interval: 1d
              source: {files: 300, file_size: {median: 1KiB}, changes_per_round: 0}
            faults:
              - {at: 61s, crash: app}
            """, file: "end.yaml"))
        let backup = try #require(result.backup)
        #expect(backup.syncs == 1)
        #expect(backup.failedSyncs == 1)
        #expect(backup.skippedSyncs == 0)
        #expect(backup.bytesUploaded == 56_135)
    }
}
