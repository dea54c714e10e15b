import Testing
@testable import Scenarios
@testable import Simulator

/// A job commits only once every task is completed, re-run maps included, as Hadoop's `JobImpl`
/// (its `MapTaskRescheduledTransition` takes a re-run map out of `completedTaskCount`, and the
/// job commits only when that count reaches its tasks): checker M's `f4/rerun.yaml`, here over
/// synthetic input. Before, the job finished when its reducer committed at 3.885 s, killing the
/// re-run of map-8 (`killed: job finished`), and counted it among the 4 finished map tasks
/// re-executed.
struct MapReduceRerunBeforeCommitTests {
    /// Worker-1 restarts at 3 s, losing 4 map outputs while the reducer on worker-3 still runs
    /// (it has fetched them all already).
    static let rerun = """
        version: 1
        name: rr
        seed: 5
        cluster:
          workers: 3
          map_slots: 1
          reduce_slots: 1
          cost: {map_per_record: 1ms, reduce_per_key: 1ms}
          policy: {speculation: false, max_attempts: 5, task_timeout: 2s, worker_timeout: 10s}
        job: {name: word-count, reducers: 1, combiner: true}
        input: {synthetic: {lines: 3000, seed: 1}, split_size: 32KiB}
        faults:
          - {at: 3000ms, restart: worker-1}
        """

    @Test func theJobWaitsForTheReRunMapsAfterItsReducerCommits() throws {
        let run = try MapReduceReproducer(Self.rerun, files: [:])
        #expect(run.world.passed && run.job.outputExact)
        #expect(run.attemptsCSV == """
            attempt,task,kind,index,worker,speculative,start_s,end_s,outcome
            1,map-0,map,0,worker-1,false,1.000500,1.338745,killed: ran on unusable node worker-1: worker restarted
            2,map-1,map,1,worker-2,false,1.333833,1.669049,succeeded
            3,map-2,map,2,worker-1,false,1.338745,1.674959,killed: ran on unusable node worker-1: worker restarted
            4,map-3,map,3,worker-3,false,1.667167,2.005400,succeeded
            5,map-4,map,4,worker-2,false,1.669049,2.007275,succeeded
            6,map-5,map,5,worker-1,false,1.674959,2.017197,killed: ran on unusable node worker-1: worker restarted
            7,map-6,map,6,worker-3,false,2.005400,2.344622,succeeded
            8,map-7,map,7,worker-2,false,2.007275,2.351540,succeeded
            9,map-8,map,8,worker-1,false,2.017197,2.354399,killed: ran on unusable node worker-1: worker restarted
            10,map-9,map,9,worker-3,false,2.344622,2.408724,succeeded
            11,reduce-0,reduce,0,worker-3,false,2.408724,3.885444,succeeded
            12,map-0,map,0,worker-1,false,3.002500,3.340745,succeeded
            13,map-2,map,2,worker-2,false,3.335833,3.672048,succeeded
            14,map-5,map,5,worker-1,false,3.340745,3.682983,succeeded
            15,map-8,map,8,worker-3,false,3.669167,4.006368,succeeded

            """)
        let report = try #require(run.job.run.report)
        #expect(report.makespan == .nanoseconds(4_005_867_986))
        #expect(report.statistics.mapReexecutions == 4)
        #expect(report.statistics.retroactiveKills == 4)
        #expect(run.job.markdown().contains("| finished map tasks re-executed (output lost)                       |     4 |"))
    }

    /// Once every reducer has committed, a lost output is not re-run (Hadoop's
    /// `actOnUnusableNode` acts only while `!allReducersComplete()`): worker-3, which ran the
    /// reducer and maps 3, 6 and 9, restarts at 3.95 s, after the reducer committed at 3.885 s
    /// and while map-8 re-runs on it — that attempt is lost and runs again; the completed maps
    /// stay `succeeded` and do not run again.
    @Test func anOutputLostAfterEveryReducerCommittedIsNotReRun() throws {
        let run = try MapReduceReproducer(Self.rerun + "\n  - {at: 3950ms, restart: worker-3}", files: [:])
        #expect(run.world.passed && run.job.outputExact)
        #expect(run.attemptsCSV == """
            attempt,task,kind,index,worker,speculative,start_s,end_s,outcome
            1,map-0,map,0,worker-1,false,1.000500,1.338745,killed: ran on unusable node worker-1: worker restarted
            2,map-1,map,1,worker-2,false,1.333833,1.669049,succeeded
            3,map-2,map,2,worker-1,false,1.338745,1.674959,killed: ran on unusable node worker-1: worker restarted
            4,map-3,map,3,worker-3,false,1.667167,2.005400,succeeded
            5,map-4,map,4,worker-2,false,1.669049,2.007275,succeeded
            6,map-5,map,5,worker-1,false,1.674959,2.017197,killed: ran on unusable node worker-1: worker restarted
            7,map-6,map,6,worker-3,false,2.005400,2.344622,succeeded
            8,map-7,map,7,worker-2,false,2.007275,2.351540,succeeded
            9,map-8,map,8,worker-1,false,2.017197,2.354399,killed: ran on unusable node worker-1: worker restarted
            10,map-9,map,9,worker-3,false,2.344622,2.408724,succeeded
            11,reduce-0,reduce,0,worker-3,false,2.408724,3.885444,succeeded
            12,map-0,map,0,worker-1,false,3.002500,3.340745,succeeded
            13,map-2,map,2,worker-2,false,3.335833,3.672048,succeeded
            14,map-5,map,5,worker-1,false,3.340745,3.682983,succeeded
            15,map-8,map,8,worker-3,false,3.669167,4.670167,lost: worker restarted
            16,map-8,map,8,worker-3,false,4.670167,5.007368,succeeded

            """)
        let report = try #require(run.job.run.report)
        #expect(report.makespan == .nanoseconds(5_006_867_986))
        #expect(report.statistics.mapReexecutions == 4)
        #expect(report.statistics.retroactiveKills == 4)
    }
}
