import Simulator
import Testing
@testable import Scenarios

/// Retention runs after the first failed attempt at each backup due (s78), and a failed manifest
/// check no longer ends its pass (s79), so a storm over the backups makes passes that list and
/// check every abandoned attempt's folder — which the load-time estimate did not count. A world
/// of an attempt every second under a 6-hour storm (8,377 attempts failed, 67,338 requests
/// measured) was estimated at 855,670 events, mostly the syncs' files.
struct BackupStormEstimateTests {
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
    /// backup due, of 8). Each attempt's folder was counted seen by all 15 passes, each request
    /// tried twice: 2 × (2 × 21,601 + 7 × 26 + 21,601 × 15) = 734,798 requests, ~10 times the
    /// 67,338 measured. Now (s80) by the passes after it (15 + 194,400 in all), left by 0.5625
    /// of the attempts, each request tried 1.5 times: 1.5 × (2 × 21,601 + 0.5625 × 194,415 +
    /// 7 × 26) = 229,113.66 requests, 100 events each.
    @Test func aStormOverTheBackupsCountsItsAttemptsAndPasses() throws {
        let calm = ResourceBudget(try Self.world(storm: false))
        let stormy = ResourceBudget(try Self.world(storm: true))
        // 872,630 since s81 (855,670 before): the copies each backup makes and retention deletes are counted.
        #expect(calm.events.rounded() == 872_630)
        #expect((stormy.events - calm.events).rounded() == 22_911_366)
        #expect(stormy.eventsDrivenBy == "backup.backup_interval")
    }

    /// A partition cutting the backup host off the store from 2 h to the end fails every sync
    /// and attempt, as a storm of rate 1 does — not counted before (s80: the stormy requests
    /// were 0). Every request fails, so no attempt leaves a folder: 2 × (2 × 21,601 + 7 × 26).
    @Test func aPartitionBetweenTheHostAndTheStoreCountsAsAStorm() throws {
        let text = """
            seed: 7
            run: {duration: 8h}
            object_store:
              buckets: []
              client: {max_attempts: 2}
            backup:
              host: h
              bucket: bkp
              sync_interval: 1s
              first_backup_at: 1h
              backup_interval: 1h
              retention_days: 1
              source: {files: 5, file_size: {median: 100, sigma: 0}, change_every: 5m, changes_per_round: 3}
            faults:
            - {at: 2h, partition: [[h], [s3]]}

            """
        let scenario = try ScenarioLoader.parse(text, file: "h.yaml")
        #expect(ResourceBudget.storeOutages(of: scenario).map { [$0.from, $0.to] } == [[7_200, .infinity]])
        #expect(ResourceBudget.stormyBackupRequests(of: scenario, from: 3_600, to: 28_800, spacing: 3_600, backups: 8, kept: 25) == 86_768)
        let calm = ResourceBudget(try Self.world(storm: false))
        #expect((ResourceBudget(scenario).events - calm.events).rounded() == 8_676_800)
    }

    /// The figure alone: no storm, nothing.
    @Test func theRequestsOfAStormyBackup() throws {
        let scenario = try Self.world(storm: true)
        #expect(ResourceBudget.stormyBackupRequests(of: scenario, from: 3_600, to: 28_800, spacing: 3_600, backups: 8, kept: 25) == 229_113.656_25)
        #expect(ResourceBudget.stormyBackupRequests(of: try Self.world(storm: false), from: 3_600, to: 28_800, spacing: 3_600, backups: 8, kept: 25) == 0)
    }
}
