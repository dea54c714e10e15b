import Testing
@testable import Scenarios
@testable import Simulator

/// A timed-out attempt is aborted on its worker, as Hadoop's TA_TIMED_OUT kills its container
/// (checker M's `f5/zombie.yaml` and `t6/maxatt.yaml`): its slot frees, the task runs again
/// after the backoff, and the attempt's late answer does not complete the task. Before, the
/// attempt kept its slot and its answer at 7.002 s completed the task
/// (`timed out; answered late at 7.002 s and completed the task`), never retried. The task may
/// run again from the timeout's declaration (after the backoff), and the heartbeat answer that
/// aborts the attempt counts its slot as free: the retry starts at the worker's first heartbeat
/// back, 5.002 s — it waited a heartbeat more (6.003 s) while the worker still reported the
/// aborted attempt's slot as taken.
struct MapReduceTimedOutAttemptTests {
    static let input: [String: [UInt8]] = ["in.txt": Array("a b\nc d\ne f\n".utf8)]

    /// One worker of one map slot; the 3 s map times out at 2.5 s while the worker is paused
    /// from 1.5 s to 4.5 s.
    static let zombie = """
        version: 1
        name: zombie
        seed: 2
        cluster:
          workers: 1
          map_slots: 1
          cost: {map_per_record: 1s}
          policy: {task_timeout: 1s, worker_timeout: 60s, max_attempts: 4, speculation: false}
        job: {name: word-count, reducers: 1, combiner: true}
        input: {files: [in.txt]}
        faults:
          - {at: 1500ms, pause: worker-1, for: 3s}
        """

    @Test func theTimedOutAttemptIsAbortedAndTheTaskRunsAgainAfterTheWorkerIsBack() throws {
        let run = try MapReduceReproducer(Self.zombie, files: Self.input)
        #expect(run.world.passed && run.job.outputExact)
        #expect(run.attemptsCSV == """
            attempt,task,kind,index,worker,speculative,start_s,end_s,outcome
            1,map-0,map,0,worker-1,false,1.000500,2.500000,timed out
            2,map-0,map,0,worker-1,false,5.001500,8.002506,succeeded
            3,reduce-0,reduce,0,worker-1,false,8.002506,8.003818,succeeded

            """)
        #expect(run.job.run.report?.makespan == .nanoseconds(8_003_318_360))
        let recovery = try #require(run.job.run.report?.recoveries.first)
        #expect(recovery.outcome == .timedOut && recovery.lateAnswer == nil)
        #expect(recovery.rescheduledAt == VirtualInstant.zero.advanced(by: .nanoseconds(5_001_500_000)))
        #expect(recovery.recoveryTime == .nanoseconds(7_002_006_180))
        #expect(run.job.run.report?.statistics.timedOutAttempts == 1)
    }

    /// The pauses repeat every 4 s: both attempts time out, and with `max_attempts: 2` the job
    /// fails — before, the first attempt's late answer at 13.0 s completed the task. The retry
    /// starts as the worker is back at 5.002 s (it started at 9.003 s) and times out in the next
    /// pause.
    @Test func twoTimedOutAttemptsUseUpTwoAttempts() throws {
        let pauses = stride(from: 1500, through: 37500, by: 4000).map { "  - {at: \($0)ms, pause: worker-1, for: 3s}" }
        let yaml = """
            version: 1
            name: maxatt
            seed: 2
            cluster:
              workers: 1
              cost: {map_per_record: 1s}
              policy: {task_timeout: 1s, worker_timeout: 60s, max_attempts: 2, speculation: false}
            job: {name: word-count, reducers: 1, combiner: true}
            input: {files: [in.txt], split_size: 1000}
            faults:
            \(pauses.joined(separator: "\n"))
            """
        let run = try MapReduceReproducer(yaml, files: Self.input)
        #expect(!run.world.passed)
        #expect(run.job.run.report?.status == .failed("map-0 failed 2 times; last: timed out"))
        #expect(run.attemptsCSV == """
            attempt,task,kind,index,worker,speculative,start_s,end_s,outcome
            1,map-0,map,0,worker-1,false,1.000500,2.500000,timed out
            2,map-0,map,0,worker-1,false,5.001500,6.500000,timed out

            """)
    }
}
