import Foundation
import Simulator
import Testing
@testable import Scenarios

/// Three files a hostile-input probe found the loader accepted and the run could not finish:
/// a partition of 28,000 groups (5.4 GB, 108 s), a backup every nanosecond (spun for ever) and
/// 10,000 bursts on a loop of 10 requests (hung). Each is refused where it is written, and a file
/// just inside each bound still loads.
struct LoaderBudgetHolesTests {
    /// The error loading `text` as `h.yaml` gives, or nil when it loads.
    static func error(_ text: String) -> String? { HostileInputTests.error(text) }

    /// The world `text` describes (it must load).
    static func world(_ text: String) throws -> Scenario {
        try ScenarioLoader.parse(text, file: "h.yaml")
    }

    /// Two servers and three open-loop client hosts: nodes s1, s2, client-1 … client-3.
    static let traffic = "seed: 1\nrun: {duration: 10s}\nservers: [{name: s, count: 2}]\nworkload: {type: open_loop, rate: 10, clients: 3}\n"

    // MARK: Partitions

    @Test(arguments: [
        ("a node in two groups", "[[s1], [s2, s1]]",
         "h.yaml:5:42: error: node 's1' is in partition groups 1 and 2; a node is in at most one group (at faults.[0].partition.[1].[1])"),
        ("a node twice in one group", "[[s1, s2, s1]]",
         "h.yaml:5:40: error: node 's1' is twice in partition group 1; a node is in at most one group (at faults.[0].partition.[0].[2])"),
        ("an empty group", "[[s1], []]",
         "h.yaml:5:37: error: partition group 2 is empty; a group names 1 or more nodes (at faults.[0].partition.[1])"),
        ("empty groups only", "[[], []]",
         "h.yaml:5:31: error: partition group 1 is empty; a group names 1 or more nodes (at faults.[0].partition.[0])"),
        ("no group", "[]",
         "h.yaml:5:30: error: a partition needs at least one group (at faults.[0].partition)"),
        ("a client host the workload does not have", "[[s1], [client-4]]",
         "h.yaml:5:38: error: unknown client host 'client-4'; this world's client hosts are client-1 … client-3 (at faults.[0].partition.[1].[0])"),
        ("a client host written with a leading zero", "[[s1], [client-03]]",
         "h.yaml:5:38: error: unknown client host 'client-03'; this world's client hosts are client-1 … client-3 (at faults.[0].partition.[1].[0])"),
    ])
    func aPartitionNamesEachNodeOnceInGroupsOfOneOrMore(_ name: String, _ groups: String, _ expected: String) {
        #expect(Self.error(Self.traffic + "faults: [{at: 1s, partition: \(groups)}]\n") == expected, "\(name)")
    }

    /// The probe's file: 28,000 groups `[s1]` in a world of two servers. More groups than nodes
    /// means a node named again, refused at the second group.
    @Test func moreGroupsThanTheWorldHasNodesAreRefusedAtTheFirstNodeNamedAgain() {
        let groups = Array(repeating: "[s1]", count: 28_000).joined(separator: ",")
        #expect(Self.error(Self.traffic + "faults: [{at: 1s, partition: [\(groups)]}]\n")
            == "h.yaml:5:37: error: node 's1' is in partition groups 1 and 2; a node is in at most one group (at faults.[0].partition.[1].[0])")
    }

    @Test func aPartitionOfEveryNodeAloneLoads() throws {
        let scenario = try Self.world(Self.traffic + "faults: [{at: 1s, partition: [[s1], [s2], [client-1], [client-2], [client-3]], for: 1s}]\n")
        #expect(scenario.faults.entries.map(\.fault) == [
            .partition([["s1"], ["s2"], ["client-1"], ["client-2"], ["client-3"]]), .heal,
        ])
    }

    @Test func oneOpenLoopClientIsTheHostClientAlone() throws {
        let one = "seed: 1\nrun: {duration: 10s}\nservers: [{name: s, count: 2}]\nworkload: {type: open_loop, rate: 10}\n"
        #expect(Self.error(one + "faults: [{at: 1s, partition: [[s1], [client-1]]}]\n")
            == "h.yaml:5:38: error: unknown client host 'client-1'; this world's only client host is 'client' (at faults.[0].partition.[1].[0])")
        let scenario = try Self.world(one + "faults: [{at: 1s, partition: [[s1], [client]]}]\n")
        #expect(scenario.faults.entries.map(\.fault) == [.partition([["s1"], ["client"]])])
    }

    @Test func aSingleJobsPartitionIsReadAsAWorldsIs() {
        let job = "seed: 1\ncluster: {workers: 4}\njob: {name: log-patterns, reducers: 2}\ninput: {synthetic: {lines: 2000, seed: 3}}\n"
        #expect(Self.error(job + "faults: [{at: 1s, partition: [[worker-1, client], [worker-2, client]]}]\n")
            == "h.yaml:5:62: error: node 'client' is in partition groups 1 and 2; a node is in at most one group (at faults.[0].partition.[1].[1])")
        #expect(Self.error(job + "faults: [{at: 1s, partition: [[worker-1], []]}]\n")
            == "h.yaml:5:43: error: partition group 2 is empty; a group names 1 or more nodes (at faults.[0].partition.[1])")
        #expect(Self.error(job + "faults: [{at: 1s, partition: [[worker-1, worker-2], [coordinator, client]]}]\n") == nil)
    }

    /// The timeline draws a partition once for each node it names, labelled with the whole
    /// partition: 16,000 client hosts alone in their groups held 4.1 GB for 52 s; 17,000 are
    /// refused for the memory they would hold.
    @Test func partitionsWhoseTimelineLabelsWouldNotFitInMemoryAreRefused() {
        func file(users: Int) -> String {
            let groups = (1...users).map { "[client-\($0)]" }.joined(separator: ", ")
            return "seed: 1\nrun: {requests: 10}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: \(users)}\nfaults: [{at: 1s, partition: [\(groups)]}]\n"
        }
        #expect(Self.error(file(users: 17_000))
            == "h.yaml:5:9: error: this world would hold about 4.4 GiB (mostly for 'faults'), more than the 4 GiB a run may use; make it smaller (at faults)")
        #expect(Self.error(file(users: 16_000)) == nil)
    }

    // MARK: Backups

    /// One hour of the object store and a backup manager on host h.
    static func backupWorld(_ settings: String, duration: String = "1h") -> String {
        "seed: 1\nrun: {duration: \(duration)}\nobject_store: {buckets: [{name: data-bucket}]}\nbackup: {host: h, bucket: backups, first_backup_at: 1s, \(settings)}\n"
    }

    @Test func aBackupEveryNanosecondIsRefusedAsASyncEveryNanosecondIs() {
        #expect(Self.error(Self.backupWorld("backup_interval: 1ns"))
            == "h.yaml:4:74: error: this world would need about 3.6 × 10¹³ events over its 3,600.000 s of virtual time (mostly from 'backup.backup_interval'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at backup.backup_interval)")
        #expect(Self.error(Self.backupWorld("sync_interval: 1ns"))
            == "h.yaml:4:9: error: this world would need about 3.6 × 10¹³ events over its 3,600.000 s of virtual time (mostly from 'backup'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at backup)")
    }

    /// 10 events an interval from the first backup (1 s) to the end of the hour: 3,599 s ÷ 18 µs
    /// is 2.0 × 10⁸ intervals, within the 2 × 10⁹ events; 17 µs is not.
    @Test func aBackupIntervalJustInsideTheEventLimitLoads() {
        #expect(Self.error(Self.backupWorld("backup_interval: 18us")) == nil)
        #expect(Self.error(Self.backupWorld("backup_interval: 17us"))
            == "h.yaml:4:74: error: this world would need about 2.1 × 10⁹ events over its 3,600.000 s of virtual time (mostly from 'backup.backup_interval'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at backup.backup_interval)")
    }

    /// An hour of backups a second with the default 60 s sync: one backup a sync (60), each
    /// listing every backup kept for its retention (1,830 in all) after 3 requests of its own,
    /// 100 events a request; 35,990 intervals and 60 syncs at 10 events each.
    @Test func backupsAreCountedPerSyncWithTheBackupsTheirRetentionLists() throws {
        let budget = ResourceBudget(try Self.world(Self.backupWorld("backup_interval: 1s")))
        #expect(budget.events == 237_590)
        #expect(budget.eventsDrivenBy == "backup.backup_interval")
    }

    /// Retention lists every backup kept, so backups a second apart grow with their square; the
    /// manager waits for each answer, so a round trip (25 ms by default) bounds them: 30 days are
    /// 10⁸ requests, a day 3.5 × 10⁶.
    @Test func backupsASecondApartForAMonthAreRefused() {
        #expect(Self.error(Self.backupWorld("sync_interval: 1s, backup_interval: 1s", duration: "30d"))
            == "h.yaml:4:93: error: this world would need about 1 × 10¹⁰ events over its 2,592,000.000 s of virtual time (mostly from 'backup.backup_interval'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at backup.backup_interval)")
        #expect(Self.error(Self.backupWorld("sync_interval: 1s, backup_interval: 1s", duration: "1d")) == nil)
    }

    // MARK: Bursts

    /// An open loop of 1 request a second for 10 s with `count` bursts of × `multiplier`.
    static func burstWorld(count: Int, multiplier: String, run: String = "duration: 10s") -> String {
        let bursts = (0..<count).map { "{at: \($0)ms, for: 1ns, multiplier: \(multiplier)}" }.joined(separator: ", ")
        return "seed: 1\nrun: {\(run)}\nservers: [{name: s}]\nworkload: {type: open_loop, rate: 1, bursts: [\(bursts)]}\n"
    }

    @Test func moreThanAThousandBurstsAreRefused() {
        #expect(Self.error(Self.burstWorld(count: 1_001, multiplier: "2"))
            == "h.yaml:4:46: error: at most 1,000 bursts, got 1,001 (at workload.bursts)")
        #expect(Self.error(Self.burstWorld(count: 10_000, multiplier: "1000000"))
            == "h.yaml:4:46: error: at most 1,000 bursts, got 10,000 (at workload.bursts)")
    }

    /// 20 arrivals drawn (1 a second × 2 for 10 s) at 11 events each (a request without a
    /// balancer) and 0.02 for a wake from the queue (2 a second on the default 100 a second of
    /// its slot), and each looks at the thousand bursts: an event a look. (The run: 112 events.)
    @Test func aThousandBurstsLoadAndEachDrawPaysForLookingAtThem() throws {
        let budget = ResourceBudget(try Self.world(Self.burstWorld(count: 1_000, multiplier: "2")))
        #expect(budget.events == 20_220.4)
        #expect(budget.eventsDrivenBy == "workload.bursts")
    }

    /// The probe's loop with a thousand bursts of × 10⁶: 10⁷ draws, each looking at 1,000
    /// bursts, 4 µs a draw (41 s); a hundred bursts are 1.1 × 10⁹ events (4.6 s).
    @Test func burstLooksCountAgainstTheEventLimit() {
        #expect(Self.error(Self.burstWorld(count: 1_000, multiplier: "1000000"))
            == "h.yaml:4:46: error: this world would need about 1 × 10¹⁰ events over its 10.000 s of virtual time (mostly from 'workload.bursts'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at workload.bursts)")
        #expect(Self.error(Self.burstWorld(count: 100, multiplier: "1000000")) == nil)
    }

    /// A loop that stops at a number of requests draws until it has them: 1,000 requests at 1 a
    /// second with a 1 ns burst of × 10⁶ were 10⁹ draws (65 s) and were counted as 1,000 requests.
    @Test func aRequestLimitedLoopPaysForTheArrivalsItThinsOut() {
        #expect(Self.error(Self.burstWorld(count: 1, multiplier: "1000000", run: "requests: 1000"))
            == "h.yaml:4:11: error: this world would need about 1.1 × 10¹⁰ events over its 3,600.000 s of virtual time (mostly from 'workload'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at workload)")
        #expect(Self.error(Self.burstWorld(count: 1, multiplier: "1000", run: "requests: 1000")) == nil)
    }

    // MARK: Log producers

    /// A producer sends one record at a time and waits for its acknowledgement: its last record
    /// goes out no sooner than a round trip a record, whatever its rate, and the time limit a
    /// file sets none of leaves it that long (an hour past records ÷ rate left 200,000 records
    /// over 10 ms links, 4,000 s of round trips, to stop early).
    @Test func aProducerFasterThanItsRoundTripsHasTheTimeToFinish() throws {
        let text = """
            seed: 1
            network: {latency: 10ms}
            log:
              topics: [{name: logs, partitions: 1}]
              producers: [{name: p, topic: logs, records: 200000, rate: 10000000}]
            """
        #expect(try Self.world(text).limits.timeLimit == .seconds(4_000 + 3_600))
        // Slower than its round trips, the rate decides, as before.
        let slow = text.replacingOccurrences(of: "rate: 10000000", with: "rate: 10")
        #expect(abs(try Self.world(slow).limits.timeLimit.seconds - (19_999.9 + 3_600)) < 1e-6)
    }
}
