import Testing
@testable import Simulator

/// A failed page of the folder listing no longer sinks a retention pass (s80). The pass listed
/// the folders with one call that threw at any failed page, and a thrown listing deleted nothing:
/// with more than a page (1,000) of old folders, one failed page under a storm kept them all. Now
/// the folders of the pages before the failed one — the oldest, as the names are instants — are
/// judged, and those never listed are kept (never deleted unverified) for the next pass.
struct BackupRetentionFailedPageTests {
    struct Figures: Equatable, CustomStringConvertible {
        var abandonedDeleted = 0, unchecked = 0, firstPass = 0, secondPass = 0
        /// The first and last folder the first pass removed.
        var firstRemoved: [String] = []
        /// Folders under `backups/` in the bucket at the end, read from the store directly.
        var folders: [String] = []

        var description: String {
            "abandoned deleted \(abandonedDeleted), unchecked \(unchecked), passes \(firstPass) \(secondPass) \(firstRemoved), folders \(folders)"
        }
    }

    /// The first pass's instant: 30 h 10 min.
    static let passAt = Duration.seconds(30 * 3_600 + 600)

    /// 1,002 abandoned attempts' folders from 00:00:00 to 00:16:41 of the first day (one copy
    /// each, no manifest), and a backup completing at 06:00 of the second day; retention is one
    /// day, the client tries each request once. A pass runs at 30 h 10 min, and with `secondPass`
    /// one more an hour later. With `failingSecondPage` the store fails every request reaching
    /// it from 10 to 30 ms into the first pass: the listing's second page alone (its first is
    /// answered at 21 ms; the checks start once the second has failed).
    static func run(failingSecondPage: Bool, secondPass: Bool = false) -> Figures {
        let storms = failingSecondPage ? [ObjectStore.ErrorStorm(start: passAt + .milliseconds(10), length: .milliseconds(20), errorRate: 1)] : []
        let fixture = BackupFixture(storms: storms, retryPolicy: .never,
                                    configuration: BackupManager.Configuration(bucket: "backups-bucket", retentionDays: 1))
        let manager = fixture.manager, sim = fixture.sim, client = fixture.client
        var figures = fixture.run { () -> Figures in
            try? await manager.prepareBucket()
            await manager.sync()
            for index in 0..<1_002 {
                let name = "2026-01-01-00-\(index / 60 < 10 ? "0" : "")\(index / 60)-\(index % 60 < 10 ? "0" : "")\(index % 60)"
                _ = try? await client.putObject(bucket: "backups-bucket", key: "backups/\(name)/files/a", body: Array("alpha".utf8))
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
            return Figures(abandonedDeleted: manager.stats.incompleteBackupsDeleted, unchecked: manager.stats.foldersKeptUnchecked,
                           firstPass: first.count, secondPass: second.count, firstRemoved: [first.first, first.last].compactMap { $0 })
        }
        figures.folders = Set(fixture.listing("backups/").keys.map { String($0.dropFirst("backups/".count).prefix(19)) }).sorted()
        return figures
    }

    /// Every page answered: the pass removes all 1,002 old folders and keeps the newest backup.
    @Test func everyPageAnswered() {
        #expect(Self.run(failingSecondPage: false) == Figures(
            abandonedDeleted: 1_002, unchecked: 0, firstPass: 1_002, firstRemoved: ["2026-01-01-00-00-00", "2026-01-01-00-16-41"],
            folders: ["2026-01-02-06-00-00"]))
    }

    /// The second page fails. Before, the pass removed nothing: 1,003 folders left. Now the first
    /// page's 1,000 go; the two it never listed (00:16:40, 00:16:41) stay, unjudged.
    @Test func aFailedPageKeepsOnlyWhatItWouldHaveListed() {
        #expect(Self.run(failingSecondPage: true) == Figures(
            abandonedDeleted: 1_000, unchecked: 0, firstPass: 1_000, firstRemoved: ["2026-01-01-00-00-00", "2026-01-01-00-16-39"],
            folders: ["2026-01-01-00-16-40", "2026-01-01-00-16-41", "2026-01-02-06-00-00"]))
    }

    /// The next pass, answered, lists them and removes them.
    @Test func theUnlistedFoldersGoAtTheNextPass() {
        #expect(Self.run(failingSecondPage: true, secondPass: true) == Figures(
            abandonedDeleted: 1_002, unchecked: 0, firstPass: 1_000, secondPass: 2, firstRemoved: ["2026-01-01-00-00-00", "2026-01-01-00-16-39"],
            folders: ["2026-01-02-06-00-00"]))
    }
}
