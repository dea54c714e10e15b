import Simulator
import Testing
@testable import Scenarios

/// Retention runs after the first failed attempt at each backup due (s78), and a failed manifest
/// check no longer ends its pass (s79), so a storm over the backups makes passes that list and
/// check every abandoned attempt's folder — which the load-time estimate did not count. A world
/// of an attempt every second under a 6-hour storm (8,377 attempts failed, 67,338 requests
/// measured) was estimated at 855,670 events, mostly the syncs' files.
@Suite struct BackupStormEstimateTests {
    /// 8 hours, a sync a second, a backup an hour from 1 h, a day's retention, 5 files; with
    /// `storm`, the store fails half the requests from 2 h to the end, each tried twice.
    static func world(storm: Bool) throws -> Scenario {
        let storms = storm ? "  storms: [{at: 2h, for: 6h, rate: 0.5}]\n" : ""
        return try ScenarioLoader.parse("""
            seed: 7
            run: {duration: 8h}
            object_store:
              buckets: []
            \(storms)  client: {max_attempts: 2}
            backup:
              host: h
              bucket: bkp
              sync_interval: 1s
              first_backup_at: 1h
              backup_interval: 1h
              retention_days: 1
              source: {files: 5, file_size: {median: 100, sigma: 0}, change_every: 5m, changes_per_round: 3}
            """, file: "h.yaml")
    }

    /// From 2 h to 8 h: 21,601 attempts (one a sync), 7 passes after a failed attempt (one a
    /// backup due, of 8), each attempt's folder seen by all 15 passes; × 2 tries:
    /// 2 × (2 × 21,601 + 7 × 26 + 21,601 × 15) = 734,798 requests, 100 events each.
    @Test func aStormOverTheBackupsCountsItsAttemptsAndPasses() throws {
        let calm = ResourceBudget(try Self.world(storm: false))
        let stormy = ResourceBudget(try Self.world(storm: true))
        #expect(calm.events.rounded() == 855_670)
        #expect((stormy.events - calm.events).rounded() == 73_479_800)
        #expect(stormy.eventsDrivenBy == "backup.backup_interval")
    }

    /// The figure alone: no storm, nothing.
    @Test func theRequestsOfAStormyBackup() throws {
        let scenario = try Self.world(storm: true)
        #expect(ResourceBudget.stormyBackupRequests(of: scenario, from: 3_600, to: 28_800, spacing: 3_600, backups: 8, kept: 25) == 734_798)
        #expect(ResourceBudget.stormyBackupRequests(of: try Self.world(storm: false), from: 3_600, to: 28_800, spacing: 3_600, backups: 8, kept: 25) == 0)
    }
}
