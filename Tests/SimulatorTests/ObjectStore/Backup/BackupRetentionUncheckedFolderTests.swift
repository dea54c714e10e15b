import Testing
@testable import Simulator

/// One failed manifest check no longer sinks a retention pass (s78, left.md "Backups"). The pass
/// listed the folders and checked each one's manifest, and the first check that failed after the
/// client's retries threw out of the listing: the whole pass deleted nothing, so under a partial
/// storm the abandoned attempts' folders piled up. As restic's `forget`/`prune` skip what they
/// cannot read and go on, a folder whose check failed is now kept (never deleted unverified) and
/// counted in `foldersKeptUnchecked`, and the rest are judged as usual.
struct BackupRetentionUncheckedFolderTests {
    /// What the manager and the bucket hold after the passes.
    struct Figures: Equatable, CustomStringConvertible {
        var created = 0, deleted = 0, kept = 0, abandonedDeleted = 0, unchecked = 0
        var firstPass: [String] = [], secondPass: [String] = []
        var keptNames: [String] = []
        /// Folders under `backups/` in the bucket at the end, read from the store directly.
        var folders: [String] = []

        var description: String {
            "created \(created), deleted \(deleted), kept \(kept) \(keptNames), abandoned deleted \(abandonedDeleted), unchecked \(unchecked), passes \(firstPass) \(secondPass), folders \(folders)"
        }
    }

    /// The first pass's instant: 30 h 10 min.
    static let passAt = Duration.seconds(30 * 3_600 + 600)

    /// Backups complete at 01:00, 02:00 and 03:00 of the first day, attempts abandoned at 04:00
    /// and 05:00 (a folder holding one copy, no manifest), and a backup completes at 06:00 of the
    /// second day; retention is one day and the client tries each request once. A pass runs at
    /// 30 h 10 min (the five first-day folders are old enough; the newest backup is spared), and,
    /// with `secondPass`, one more an hour later. With `failingSecondCheck`, the store fails every
    /// request reaching it from 40 to 45 ms into the first pass: each request takes 21 ms (0.5 ms
    /// each way, 20 ms first byte), so that is the second manifest check alone — the 02:00
    /// backup's — after the folder listing and the 01:00 check.
    static func run(failingSecondCheck: Bool, secondPass: Bool = false) -> Figures {
        let storms = failingSecondCheck ? [ObjectStore.ErrorStorm(start: passAt + .milliseconds(40), length: .milliseconds(5), errorRate: 1)] : []
        let fixture = BackupFixture(storms: storms, retryPolicy: .never,
                                    configuration: BackupManager.Configuration(bucket: "backups-bucket", retentionDays: 1))
        let manager = fixture.manager, sim = fixture.sim, client = fixture.client
        var figures = fixture.run { () -> Figures in
            try? await manager.prepareBucket()
            await manager.sync()
            for hour in [1, 2, 3] {
                await sim.sleep(until: .after(.seconds(hour * 3_600)))
                _ = try? await manager.backup()
            }
            for hour in [4, 5] {
                await sim.sleep(until: .after(.seconds(hour * 3_600)))
                _ = try? await client.putObject(bucket: "backups-bucket", key: "backups/2026-01-01-0\(hour)-00-00/files/a", body: Array("alpha".utf8))
            }
            await sim.sleep(until: .after(.seconds(30 * 3_600)))
            _ = try? await manager.backup()
            await sim.sleep(until: .after(passAt))
            let first = await manager.applyRetention(sparingNewest: true)
            var second: [String] = []
            if secondPass {
                await sim.sleep(until: .after(passAt + .seconds(3_600)))
                second = await manager.applyRetention(sparingNewest: true)
            }
            let kept = await manager.backups.filter { $0.deletedAt == nil }
            return Figures(created: manager.stats.backupsCreated, deleted: manager.stats.backupsDeleted, kept: kept.count,
                           abandonedDeleted: manager.stats.incompleteBackupsDeleted, unchecked: manager.stats.foldersKeptUnchecked,
                           firstPass: first, secondPass: second, keptNames: kept.map(\.name))
        }
        figures.folders = Set(fixture.listing("backups/").keys.map { String($0.dropFirst("backups/".count).prefix(19)) }).sorted()
        return figures
    }

    /// With every request answered the pass deletes the three old backups and the two abandoned
    /// attempts' folders, keeping the newest.
    @Test func everyCheckAnswered() {
        #expect(Self.run(failingSecondCheck: false) == Figures(
            created: 4, deleted: 3, kept: 1, abandonedDeleted: 2, unchecked: 0,
            firstPass: ["2026-01-01-01-00-00", "2026-01-01-02-00-00", "2026-01-01-03-00-00", "2026-01-01-04-00-00", "2026-01-01-05-00-00"],
            keptNames: ["2026-01-02-06-00-00"], folders: ["2026-01-02-06-00-00"]))
    }

    /// The 02:00 backup's check fails. Before, the pass deleted nothing: deleted 0, kept 4,
    /// abandoned deleted 0, all six folders left. Now only the 02:00 backup is kept, unchecked;
    /// the 01:00 and 03:00 backups and both abandoned folders go.
    @Test func oneFailedCheckKeepsOnlyItsFolder() {
        #expect(Self.run(failingSecondCheck: true) == Figures(
            created: 4, deleted: 2, kept: 2, abandonedDeleted: 2, unchecked: 1,
            firstPass: ["2026-01-01-01-00-00", "2026-01-01-03-00-00", "2026-01-01-04-00-00", "2026-01-01-05-00-00"],
            keptNames: ["2026-01-01-02-00-00", "2026-01-02-06-00-00"], folders: ["2026-01-01-02-00-00", "2026-01-02-06-00-00"]))
    }

    /// The folder kept unchecked is judged again at the next pass, which the store answers: it
    /// goes then, counted deleted once and unchecked once.
    @Test func theUncheckedFolderGoesAtTheNextPass() {
        #expect(Self.run(failingSecondCheck: true, secondPass: true) == Figures(
            created: 4, deleted: 3, kept: 1, abandonedDeleted: 2, unchecked: 1,
            firstPass: ["2026-01-01-01-00-00", "2026-01-01-03-00-00", "2026-01-01-04-00-00", "2026-01-01-05-00-00"],
            secondPass: ["2026-01-01-02-00-00"], keptNames: ["2026-01-02-06-00-00"], folders: ["2026-01-02-06-00-00"]))
    }

    /// A listing is still whole or not given: two backups (at 60 and 61 s) and the storm over the
    /// second manifest check of a listing at 1 h, 40 to 45 ms into it — `listBackups` throws that
    /// check's 503 (the experiment's final listing retries it).
    @Test func aListingStillFailsOnAFailedCheck() {
        let fixture = BackupFixture(storms: [ObjectStore.ErrorStorm(start: .seconds(3_600) + .milliseconds(40), length: .milliseconds(5), errorRate: 1)],
                                    retryPolicy: .never, configuration: BackupManager.Configuration(bucket: "backups-bucket", retentionDays: 1))
        let manager = fixture.manager, sim = fixture.sim
        let outcome = fixture.run { () -> String in
            try? await manager.prepareBucket()
            await manager.sync()
            for second in [0, 1] {
                await sim.sleep(until: .after(.seconds(60 + second)))
                _ = try? await manager.backup()
            }
            await sim.sleep(until: .after(.seconds(3_600)))
            do {
                return "listed \(try await manager.listBackups().count)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "store: ServiceUnavailable (503): Service is unable to handle request.")
    }
}
