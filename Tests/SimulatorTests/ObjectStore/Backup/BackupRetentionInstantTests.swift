import Testing
@testable import Simulator

/// Retention's rule on exact instants: a backup is deleted when, at the start of the pass, more
/// than `retentionDays` × 86,400 s have passed since its snapshot; one exactly that old is kept.
/// The cutoff was whole seconds of the pass's time, so the answer turned on sub-second durations.
struct BackupRetentionInstantTests {
    static let day: Int64 = 86_400 * 1_000_000_000

    /// A backup taken at 5.25 s, then a pass `after` nanoseconds past one day from the snapshot.
    static func pass(after extra: Int64) -> (deleted: [String], kept: Int, deletedCount: Int) {
        let fixture = BackupFixture(configuration: BackupManager.Configuration(bucket: "backups-bucket", retentionDays: 1))
        let manager = fixture.manager, sim = fixture.sim
        let deleted = fixture.run { () -> [String] in
            try? await manager.prepareBucket()
            await sim.sleep(until: VirtualInstant(nanoseconds: 5_250_000_000))
            let record = try? await manager.backup()
            await sim.sleep(until: VirtualInstant(nanoseconds: (record?.takenAt ?? 0) + day + extra))
            return await manager.applyRetention()
        }
        let kept = fixture.run { await manager.backups.filter { $0.deletedAt == nil }.count }
        return (deleted, kept, manager.stats.backupsDeleted)
    }

    @Test func aBackupExactlyADayOldIsKept() {
        let result = Self.pass(after: 0)
        #expect(result.deleted == [])
        #expect(result.kept == 1)
        #expect(result.deletedCount == 0)
    }

    @Test func aBackupANanosecondOverADayOldIsDeleted() {
        let result = Self.pass(after: 1)
        #expect(result.deleted == ["2026-01-01-00-00-05"])
        #expect(result.kept == 0)
        #expect(result.deletedCount == 1)
    }
}
