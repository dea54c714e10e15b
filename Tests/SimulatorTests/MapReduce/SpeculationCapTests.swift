import Testing
@testable import Simulator

/// Speculative backups are capped as Hadoop's `DefaultSpeculator` caps them (checker M saw five
/// backups of one job at once, none of Hadoop's limits applied): at most
/// max(10, 1 % of the kind's tasks, 10 % of its running tasks) tasks backed up at once, at most one
/// new backup per job and kind in an answer, and none for `retry-after-speculate` (15 s) after an
/// answer that started one.
struct SpeculationCapTests {
    /// Hadoop's `(int) Math.max(…)`, step by step, at its defaults.
    @Test func theCapIsHadoopsAtItsDefaults() {
        let rule = MapReduce.CoordinatorPolicy.Speculation()
        #expect(rule.backupCap(tasks: 4, running: 4) == 10)
        #expect(rule.backupCap(tasks: 100, running: 99) == 10)
        #expect(rule.backupCap(tasks: 1_550, running: 0) == 15)
        #expect(rule.backupCap(tasks: 2_000, running: 150) == 20)
        #expect(rule.backupCap(tasks: 500, running: 309) == 30)
        #expect(rule.retryAfterSpeculate == .seconds(15))
    }

    /// Eight workers, four of them 10× slow: their four maps straggle once the fast four have
    /// completed. With no rest between backups, the cap (here 1) decides how many run at once.
    static func run(cap: Int, rest: Duration = .zero) throws -> MapReduce.JobReport {
        var rule = MapReduce.CoordinatorPolicy.Speculation()
        rule.minimumAllowedBackups = cap
        rule.capTotalTasks = 0
        rule.capRunningTasks = 0
        rule.retryAfterSpeculate = rest
        let documents = Fixtures.logs(seed: 10, count: 8, lines: 100)
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 1 << 20), reducers: 1)
        let configuration = Fixtures.slowCluster(workers: 8, mapSlots: 1, policy: MapReduce.CoordinatorPolicy(speculation: rule))
        return try Fixtures.run(seed: 61, request, configuration: configuration, faults: (1...4).map {
            .init(at: .zero, .network(.slow(NodeID("worker-\($0)"), factor: 10)))
        }).report
    }

    /// The most backups running at any one instant.
    static func mostAtOnce(_ report: MapReduce.JobReport) -> Int {
        let backups = report.attempts.filter(\.speculative)
        return backups.map { backup in backups.filter { $0.start <= backup.start && backup.start < ($0.end ?? .zero) }.count }.max() ?? 0
    }

    /// Four stragglers: uncapped, their four backups run at once on the fast workers; capped at
    /// one, each starts only when the one before has won (on `worker-5`, the first free), and the
    /// job takes 15.675 s instead of 10.040 s.
    @Test func theCapBoundsTheBackupsRunningAtOnce() throws {
        let uncapped = try Self.run(cap: 10)
        #expect(Self.mostAtOnce(uncapped) == 4)
        #expect(uncapped.statistics.speculativeAttempts == 4 && uncapped.statistics.speculativeWins == 4)
        #expect(uncapped.makespan == .nanoseconds(10_039_856_520))
        let capped = try Self.run(cap: 1)
        #expect(Self.mostAtOnce(capped) == 1)
        let backups = capped.attempts.filter(\.speculative)
        #expect(backups.map(\.task) == (0..<4).map { MapReduce.TaskID(.map, $0) })
        #expect(backups.allSatisfy { $0.worker == "worker-5" && $0.outcome == .succeeded })
        for (earlier, later) in zip(backups, backups.dropFirst()) { #expect(later.start == earlier.end) }
        #expect(capped.makespan == .nanoseconds(15_675_199_720))
        #expect(capped.output == uncapped.output)
    }

    /// With the 15 s rest after a backup starts, only two of the four stragglers get one: at
    /// 3.505 s and at 18.518 s, 15 s after the first plus the wait for the next heartbeat.
    @Test func noBackupStartsWithinTheRestAfterOne() throws {
        let report = try Self.run(cap: 10, rest: .seconds(15))
        let backups = report.attempts.filter(\.speculative)
        #expect(backups.map(\.task) == [MapReduce.TaskID(.map, 0), MapReduce.TaskID(.map, 1)])
        let rest = backups[0].start.duration(to: backups[1].start)
        #expect(rest >= .seconds(15) && rest < .seconds(16))
        #expect(report.makespan == .nanoseconds(62_907_957_900))
    }
}
