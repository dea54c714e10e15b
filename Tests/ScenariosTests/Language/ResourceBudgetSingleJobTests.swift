import Foundation
import Testing
@testable import Scenarios
import Simulator

/// A single-job file (`cluster:`, `job:`, `input:` at the top, as `orrery mapreduce` files are)
/// becomes a world with one `mapreduce:` job; its load-time refusals name the keys as that file
/// spells them — `cluster.policy.heartbeat_interval`, `job.reduce_slowstart`, `attempt_chaos` —
/// at their line and column, not the world's `mapreduce.` sections. (`run.max_events` and
/// `run.time_limit` are spelled the same in both.)
struct ResourceBudgetSingleJobTests {
    static func error(_ text: String, file: String = "m.yaml") -> String? { FaultKindSettingsTests.error(text, file: file) }

    /// A thousand workers heartbeating every millisecond until the time limit (a crash keeps the
    /// job from ending early).
    static func heartbeats(run: String? = "run: {time_limit: 1h, max_events: 1000000}") -> String {
        """
        name: m
        cluster:
          workers: 1000
          policy: {heartbeat_interval: 1ms}
        job: {name: word-count, reducers: 2}
        input:
          synthetic: {lines: 1000, seed: 1}
        faults:
          - {at: 1s, crash: worker-1}
        \(run ?? "")
        """
    }

    @Test func aClusterRefusalNamesTheClusterAsTheFileSpellsIt() {
        // Before: "… (mostly from 'mapreduce.cluster'), … (run.max_events); shorten the run
        // (run.duration, run.time_limit, or the latest time the file schedules something) or
        // lower the rate or size (at cluster.policy.heartbeat_interval)" — a single-job file has
        // no run.duration and no `mapreduce:`.
        #expect(Self.error(Self.heartbeats())
            == "m.yaml:4:32: error: this world would need about 3.6 × 10¹⁰ events over its 3,600.000 s of virtual time (mostly from 'cluster'), more than its event limit of 1 × 10⁶ (run.max_events); shorten the run (run.time_limit) or make the job smaller (at cluster.policy.heartbeat_interval)")
        // A file that sets no time limit is told the hour is its default.
        #expect(Self.error(Self.heartbeats(run: nil))
            == "m.yaml:4:32: error: this world would need about 3.6 × 10¹⁰ events over its 3,600.000 s of virtual time (its default run.time_limit: the file sets none) (mostly from 'cluster'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.time_limit) or make the job smaller (at cluster.policy.heartbeat_interval)")
    }

    @Test func anEarlyReducersRefusalNamesTheJobsKeysAsTheFileSpellsThem() {
        // ResourceBudgetJobLengthTests' s6 as a single job.
        let text = """
        name: s6
        run: {time_limit: 2h}
        cluster: {workers: 100, map_slots: 1, reduce_slots: 100, cost: {map_per_record: 1s}, policy: {heartbeat_interval: 10ms}}
        job: {name: word-count, reducers: 10000, reduce_slowstart: 0.7}
        input: {synthetic: {lines: 10000, seed: 1}}
        """
        // Before: "(mostly from 'mapreduce.jobs.reduce_slowstart') … or mapreduce.cluster.policy.heartbeat_interval".
        #expect(Self.error(text, file: "s6.yaml")
            == "s6.yaml:4:60: error: this world would need about 2.01 × 10⁹ events over its 1,364.157 s of virtual time (the longest its jobs may take: it ends with them) (mostly from 'job.reduce_slowstart'), more than its event limit of 2 × 10⁹ (run.max_events); raise reduce_slowstart (a reducer started before its job's maps are done asks the coordinator for their outputs every heartbeat until they are) or cluster.policy.heartbeat_interval, or give the job fewer reducers (at job.reduce_slowstart)")
    }

    @Test func theJobsPartitionsAndAttemptsAreNamedAsTheFileSpellsThem() {
        let partitions = "name: p\ncluster: {workers: 4}\njob: {name: word-count, reducers: 10000}\ninput: {synthetic: {lines: 1000000, seed: 1}, split_size: 100B}\n"
        #expect(Self.error(partitions)
            == "m.yaml:3:35: error: this world would need about 2 × 10¹⁰ events over its 3,600.000 s of virtual time (mostly from 'job'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.time_limit) or make the job smaller (at job.reducers)")
        let attempts = "version: 1\nname: c\ncluster: {workers: 4, policy: {max_attempts: 1000}}\njob: {name: word-count, reducers: 2}\ninput: {synthetic: {lines: 2000000, seed: 1}}\nattempt_chaos: {crash_probability: 1, stall_probability: 0}\n"
        #expect(Self.error(attempts)
            == "m.yaml:6:16: error: this world would need about 2 × 10¹⁰ events over its 3,600.000 s of virtual time (mostly from 'attempt_chaos'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.time_limit) or make the job smaller (at attempt_chaos)")
    }

    @Test func theSpellingOfEachSection() {
        let spell = { (section: String) in ResourceBudget.singleJobSpelling(section) }
        #expect(spell("mapreduce.cluster") == "cluster")
        #expect(spell("mapreduce.cluster.policy.heartbeat_interval") == "cluster.policy.heartbeat_interval")
        #expect(spell("mapreduce.cluster.poll_interval") == "cluster.poll_interval")
        #expect(spell("mapreduce.jobs.0.reducers") == "job.reducers")
        #expect(spell("mapreduce.jobs.reduce_slowstart") == "job.reduce_slowstart")
        #expect(spell("mapreduce.jobs") == "job")
        #expect(ResourceBudget.singleJobSpelling("mapreduce.jobs", position: true) == "input")
        #expect(spell("mapreduce.attempt_chaos") == "attempt_chaos")
        #expect(spell("mapreduce.chaos") == "chaos")
        #expect(spell("run.time_limit") == "run.time_limit")
        #expect(spell("faults") == "faults")
        // A world's refusal is as it was.
        #expect(ResourceBudgetJobLengthTests.error(ResourceBudgetJobLengthTests.earlyReducers(heartbeat: "10ms", slowstart: "0.7"))?.contains("or mapreduce.cluster.policy.heartbeat_interval") == true)
    }
}
