import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// MapReduce under heavy loss: lost work is bounded, a failing worker is blacklisted, and a job that
/// does not finish still reports its attempts and why it stopped.
struct MapReduceHardFailureTests {
    static func run(_ yaml: String) throws -> RunResult {
        guard case .world(let scenario) = try ScenarioFile.load(bytes: Array(yaml.utf8), file: "m.yaml") else {
            Issue.record("not a world")
            throw CancellationError()
        }
        return ScenarioRunner.run(scenario)
    }

    /// Attempts crash a third of the time and take the worker's local map outputs with them; with
    /// 32 map tasks on 4 workers the job can never get all its outputs at once.
    @Test func aJobWhoseOutputsKeepVanishingFailsWithTheReasonInsteadOfRunningToTheLimit() throws {
        let result = try Self.run("""
            cluster: {workers: 4, shuffle: local_disk, cost: {map_per_record: 1ms, reduce_per_key: 1ms}}
            attempt_chaos: {crash_probability: 0.33}
            job: {name: word-count, reducers: 2}
            input: {synthetic: {lines: 8000}, split_size: 25KiB}
            run: {time_limit: 2h}
            """)
        #expect(result.failure == nil, "the job ends, the world with it")
        let report = try #require(result.jobs.first?.result.run.report)
        guard case .failed(let reason) = report.status else { Issue.record("status \(report.status)"); return }
        #expect(reason.hasPrefix("no progress: 129 map outputs lost since the job last completed more tasks than ever before (24 of 34); last: worker restarted"))
        #expect(report.mapTasks == 32)
        // A re-run counts as a re-execution when it finishes: 110 of the lost outputs' re-runs
        // finished before the job gave up.
        #expect(report.statistics.mapReexecutions == 110)
        #expect(!report.attempts.isEmpty)
        #expect(result.virtualSeconds < 7_200)
    }

    /// With seed 3, 55 % of the attempts stall for 5 s soon after they start, so they time out at
    /// 2 s and are aborted (the worker lives on; a timed-out attempt's late answer completes
    /// nothing); the others finish in about 0.4 s. Each worker collects timed-out attempts:
    /// worker-1's third, at 14.5 s, blacklists it, and it is given nothing while it is the only
    /// one (25 % of the workers) though map-6, map-7 and reduce-0 start elsewhere meanwhile;
    /// worker-3's blacklisting at 19 s makes it half, and the blacklist is ignored, as Hadoop's AM
    /// ignores one of 33 % or more: worker-1 runs the reduce at 20.0 s. The job still completes
    /// exactly.
    @Test func failingWorkersAreBlacklistedWhileTheyAreUnderAThird() throws {
        let result = try Self.run("""
            seed: 3
            cluster: {workers: 4, cost: {map_per_record: 10ms}, policy: {task_timeout: 2s, max_attempts: 6, speculation: false}}
            attempt_chaos: {crash_probability: 0, stall_probability: 0.55, stall_length: 5s, delay: 10ms}
            job: {name: word-count, reducers: 1}
            input: {synthetic: {lines: 400}, split_size: 4KiB}
            run: {time_limit: 1h}
            """)
        let job = try #require(result.jobs.first?.result)
        let report = try #require(job.run.report)
        #expect(report.status == .succeeded)
        #expect(report.statistics.timedOutAttempts == 10)
        #expect(report.blacklisted == ["worker-1", "worker-3"])
        #expect(report.blacklistIgnored)
        #expect(job.outputExact)
        // No attempt starts on worker-1 while its blacklisting is in force (14.5 … 19 s), though
        // three start elsewhere; one does after.
        let during = report.attempts.filter { $0.start > .after(.milliseconds(14_500)) && $0.start < .after(.seconds(19)) }
        #expect(during.map(\.worker) == ["worker-2", "worker-3", "worker-3"])
        let onWorker1 = report.attempts.filter { $0.worker == "worker-1" && $0.start > .after(.milliseconds(14_500)) }
        #expect(onWorker1.map { "\($0.task)" } == ["reduce-0"])
        #expect(onWorker1.first.map { $0.start > .after(.seconds(19)) } == true)
        #expect(result.markdown().contains("Blacklisted for this job after their repeated failed or timed-out attempts (given none of its tasks afterwards; at the end 2 of the 4 workers, 33 % or more, so the blacklist was ignored and every worker usable, as Hadoop ignores it): `worker-1`, `worker-3`."))
    }

    /// A job still running when the run reaches its time limit reports where it stood.
    @Test func anUnfinishedJobStillShowsItsAttemptsAndWhyItStopped() throws {
        let result = try Self.run("""
            cluster: {workers: 2, cost: {map_per_record: 100ms}}
            job: {name: word-count, reducers: 1}
            input: {synthetic: {lines: 2000}, split_size: 10KiB}
            run: {time_limit: 30s}
            """)
        #expect(result.failure?.hasPrefix("virtual time limit reached at 30.000 s") == true)
        let job = try #require(result.jobs.first?.result)
        let report = try #require(job.run.report)
        #expect(report.status == .running(.map))
        #expect(report.statistics.attempts == 6)
        #expect(job.problems.contains("job running (map phase)"))
        let files = result.bundle(formats: ReportFormat.allCases).files.map(\.path)
        #expect(files.contains("m/m/timeline.svg") && files.contains("m/m/attempts.csv"))
    }
}
