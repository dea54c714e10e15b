import Testing
@testable import Scenarios

/// Work scheduled after an explicit `run.time_limit` loaded and then stopped the run early — a
/// job at 2 h with a 1 h limit, a restore at 3 h, a 1 h `run.duration` with a 30 m limit — while a
/// fault there was refused at load (C1's F8). Each is refused now, at its line and column, in the
/// fault's words.
struct ScheduledPastTimeLimitTests {
    static func error(_ text: String) -> String? { HostileInputTests.error(text) }

    @Test func aJobSubmittedAfterTheLimitIsRefused() {
        #expect(Self.error("""
            name: m1
            run: {time_limit: 1h}
            mapreduce:
              jobs: [{name: word-count, reducers: 1, submit_at: 2h, input: {synthetic: {lines: 20}}}]
            """) == "h.yaml:4:53: error: job 'job-1' (word-count) is submitted after the run's time limit (3,600.000 s) and would never run; submit it earlier or raise run.time_limit (at mapreduce.jobs.[0].submit_at)")
    }

    @Test func aRestoreAfterTheLimitIsRefused() {
        #expect(Self.error("""
            name: m4
            run: {time_limit: 1h}
            object_store: {buckets: []}
            backup: {host: h, bucket: bkp, sync_interval: 1h, first_backup_at: 1h, backup_interval: 1d, retention_days: 1, source: {files: 1, file_size: {median: 1KiB, sigma: 0}, change_every: 1h, changes_per_round: 1}, restores: [{at: 3h, backup: latest}]}
            """) == "h.yaml:4:225: error: restore 1 comes after the run's time limit (3,600.000 s) and would never happen; move it earlier or raise run.time_limit (at backup.restores.[0].at)")
    }

    @Test func aDurationLongerThanTheLimitIsRefused() {
        #expect(Self.error("""
            name: m3
            run: {duration: 1h, time_limit: 30m}
            servers: [{name: s, count: 1, service_time: 5ms}]
            workload: {type: open_loop, rate: 1}
            """) == "h.yaml:2:17: error: run.duration (3,600.000 s) ends after the run's time limit (1,800.000 s), which would stop the run first; shorten it or raise run.time_limit (at run.duration)")
    }

    /// The fault's refusal is as it was; work at the limit itself, or before it, loads.
    @Test func aFaultIsRefusedAsBeforeAndWorkAtTheLimitLoads() {
        #expect(Self.error("""
            name: m2
            run: {time_limit: 1h}
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 20}}}]
            faults: [{at: 2h, crash: worker-1}]
            """) == "h.yaml:5:15: error: fault 1 comes after the run's time limit (3,600.000 s) and would never happen; move it earlier or raise run.time_limit (at faults.[0].at)")
        #expect(Self.error("""
            name: ok
            run: {duration: 1h, time_limit: 1h}
            mapreduce:
              jobs: [{name: word-count, reducers: 1, submit_at: 1h, input: {synthetic: {lines: 20}}}]
            servers: [{name: s, count: 1, service_time: 5ms}]
            workload: {type: open_loop, rate: 1}
            """) == nil)
    }
}
