import Foundation
import Testing
@testable import Scenarios
import Simulator

/// The load-time estimate of a MapReduce job's own length: the polls of reducers started before
/// the maps are done, and a world of jobs alone estimated until its jobs end rather than to its
/// default time limit.
struct ResourceBudgetJobLengthTests {
    static func error(_ text: String, file: String = "h.yaml") -> String? {
        ResourceBudgetRunningOnTests.error(text, file: file)
    }

    /// 100 workers of one map slot and 100 reduce slots, 10,000 reducers, maps of 1 s a record:
    /// 16 map tasks of ~650 s. With `reduce_slowstart: 0` and 100 ms heartbeats it processed
    /// 6.87 × 10⁶ events in its first 10 virtual seconds and 2.09 × 10⁷ in 30 (7 an answer, 100,000
    /// answers a second); it ran past 150 s of a checker's patience, where the default's whole
    /// job took 5.5 × 10⁶ events and 661 s of virtual time.
    static func earlyReducers(heartbeat: String = "100ms", slowstart: String? = "0", mapPerRecord: String = "1s", timeLimit: String = "2h") -> String {
        """
        name: s6
        run: {time_limit: \(timeLimit)}
        mapreduce:
          cluster: {workers: 100, map_slots: 1, reduce_slots: 100, cost: {map_per_record: \(mapPerRecord)}, policy: {heartbeat_interval: \(heartbeat)}}
          jobs: [{id: j, name: word-count, reducers: 10000, \(slowstart.map { "reduce_slowstart: \($0), " } ?? "")input: {synthetic: {lines: 10000, seed: 1}}}]
        """
    }

    @Test func reducersStartedEarlyAreCountedForEveryHeartbeatOfTheMapPhase() throws {
        let early = ResourceBudget(try ScenarioLoader.parse(Self.earlyReducers(), file: "s6.yaml"))
        let late = ResourceBudget(try ScenarioLoader.parse(Self.earlyReducers(slowstart: nil), file: "s6.yaml"))
        #expect(early.eventsDrivenBy == "mapreduce.jobs.reduce_slowstart")
        #expect(early.eventsDrivenAt == "mapreduce.jobs.0.reduce_slowstart")
        // 10,000 reducers × ~655 s of maps ÷ 100 ms, 10 events an answer; at least the ~4.6 × 10⁸
        // the measured 7.0 an answer make over the 660 s map phase.
        #expect(early.events > 4.6e8)
        #expect(early.events < 1e9)
        #expect(late.events < 2e7)
        // 10 ms heartbeats and maps of 10 ms a record: 43 × 10⁶ events measured.
        let fast = ResourceBudget(try ScenarioLoader.parse(Self.earlyReducers(heartbeat: "10ms", mapPerRecord: "10ms", timeLimit: "300s"), file: "s1.yaml"))
        #expect(fast.events > 4.3e7)
    }

    @Test func tooManyEarlyPollsAreRefusedAtReduceSlowstart() {
        #expect(Self.error(Self.earlyReducers(heartbeat: "10ms", slowstart: "0.7"), file: "s6.yaml")
            == "s6.yaml:5:71: error: this world would need about 2.01 × 10⁹ events over its 1,364.157 s of virtual time (the longest its jobs may take: it ends with them) (mostly from 'mapreduce.jobs.reduce_slowstart'), more than its event limit of 2 × 10⁹ (run.max_events); raise reduce_slowstart (a reducer started before its job's maps are done asks the coordinator for their outputs every heartbeat until they are) or mapreduce.cluster.policy.heartbeat_interval, or give the job fewer reducers (at mapreduce.jobs.[0].reduce_slowstart)")
        #expect(Self.error(Self.earlyReducers(heartbeat: "10ms", slowstart: "0"))?.contains("about 6.4 × 10⁹ events") == true)
        // Just inside: a quarter of the map phase left when the reducers start.
        #expect(Self.error(Self.earlyReducers(heartbeat: "10ms", slowstart: "0.75")) == nil)
        // The world the checker found: about 6.4 × 10⁸ events, within the default limit.
        #expect(Self.error(Self.earlyReducers()) == nil)
        #expect(Self.error(Self.earlyReducers(heartbeat: "10ms", slowstart: nil)) == nil)
    }

    /// 1,000 workers beating every 10 ms: a job of 2 s and 1.28 × 10⁶ events (with a 100 s time
    /// limit, 0.57 s and 55 MB), refused before as 3.6 × 10⁹ events over its default hour.
    static func manyWorkers(workers: Int = 1_000, more: String = "") -> String {
        """
        name: m1
        mapreduce:
          cluster: {workers: \(workers), policy: {heartbeat_interval: 10ms}}
          jobs: [{id: j, name: word-count, reducers: 4, input: {synthetic: {lines: 100000, seed: 1}}}]
        \(more)
        """
    }

    @Test func aWorldOfJobsAloneIsEstimatedUntilItsJobsEnd() throws {
        let scenario = try ScenarioLoader.parse(Self.manyWorkers(), file: "m1.yaml")
        let budget = ResourceBudget(scenario)
        #expect(scenario.limits.timeLimit == .seconds(3_600))
        #expect(budget.endsWithJobs)
        #expect(!budget.horizonIsTimeLimit)
        // Well past the 2 s it takes (one reducer taking every record word count could emit);
        // short of the hour.
        #expect(budget.horizon > .seconds(2))
        #expect(budget.horizon < .seconds(600))
        #expect(budget.events > 1.28e6)
        #expect(budget.events < 6e8)
        #expect(Self.error(Self.manyWorkers()) == nil)
        // Its time limit written: still its jobs' end, the shorter.
        let limited = ResourceBudget(try ScenarioLoader.parse(Self.manyWorkers(more: "run: {time_limit: 1000s}"), file: "m1.yaml"))
        #expect(limited.horizon == budget.horizon)
        let short = ResourceBudget(try ScenarioLoader.parse(Self.manyWorkers(more: "run: {time_limit: 10s}"), file: "m1.yaml"))
        #expect(short.horizon == .seconds(10))
        #expect(!short.endsWithJobs)
    }

    /// A fault that can strike the cluster may keep the job from ending: such a world is still
    /// estimated over its time limit, and the refusal says the limit is the default one.
    @Test func aJobAFaultCanStrikeKeepsTheWorldToItsDefaultTimeLimit() throws {
        let crash = "faults: [{at: 1s, crash: worker-1}]"
        let budget = ResourceBudget(try ScenarioLoader.parse(Self.manyWorkers(more: crash + "\nrun: {max_events: 100000000000}"), file: "m1.yaml"))
        #expect(!budget.endsWithJobs)
        #expect(budget.horizon == .seconds(3_601))
        #expect(Self.error(Self.manyWorkers(workers: 600, more: crash), file: "m1.yaml")
            == "m1.yaml:3:56: error: this world would need about 2.2 × 10⁹ events over its 3,601.000 s of virtual time (its default run.time_limit: the file sets none) (mostly from 'mapreduce.cluster'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at mapreduce.cluster.policy.heartbeat_interval)")
        #expect(Self.error(Self.manyWorkers(workers: 500, more: crash)) == nil)
        // Its time limit written, the refusal does not call it a default.
        #expect(Self.error(Self.manyWorkers(workers: 600, more: crash + "\nrun: {time_limit: 3601s}"))?.contains("of virtual time (mostly from 'mapreduce.cluster')") == true)
        // Heartbeats the coordinator may miss (its worker timeout, 10 s): it may lose workers.
        let slow = ResourceBudget(try ScenarioLoader.parse(Self.manyWorkers().replacingOccurrences(of: "heartbeat_interval: 10ms", with: "heartbeat_interval: 6s"), file: "m1.yaml"))
        #expect(!slow.endsWithJobs)
        #expect(slow.horizon == .seconds(3_600))
    }

    /// A single-job file (`cluster:`, `job:`, `input:`) is refused at its job's key as well.
    @Test func aSingleJobFileIsRefusedAtItsJobsReduceSlowstart() {
        let file = """
            name: sj
            cluster: {workers: 100, map_slots: 1, reduce_slots: 100, cost: {map_per_record: 1s}, policy: {heartbeat_interval: 10ms}}
            job: {name: word-count, reducers: 10000, reduce_slowstart: 0}
            input: {synthetic: {lines: 10000, seed: 1}}
            """
        #expect(Self.error(file, file: "sj.yaml")?.hasPrefix("sj.yaml:3:60: error: this world would need about 6.4 × 10⁹ events") == true)
        #expect(Self.error(file, file: "sj.yaml")?.hasSuffix("(at job.reduce_slowstart)") == true)
        #expect(Self.error(file.replacingOccurrences(of: "reduce_slowstart: 0", with: "reduce_slowstart: 0.75")) == nil)
    }
}
