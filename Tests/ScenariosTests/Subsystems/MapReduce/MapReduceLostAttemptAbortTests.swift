import Testing
@testable import Scenarios
@testable import Simulator

/// An attempt declared lost with its worker is stopped when the worker comes back, as Hadoop kills
/// the containers of a node it declared lost: its slot frees in the answer to the worker's first
/// heartbeat, which starts the task's retry. Before, the attempt ran on beside the coordinator's
/// view, kept its slot (the worker reported none free), and its late answer completed the task
/// (`lost: no heartbeat for 2.000 s; answered late at 7.002 s and completed the task`).
struct MapReduceLostAttemptAbortTests {
    static let input: [String: [UInt8]] = ["in.txt": Array("a b\nc d\ne f\n".utf8)]

    /// One worker of one map slot; the 3 s map's worker is paused from 1.5 s to 4.5 s and declared
    /// lost at 3.5 s (no heartbeat for 2 s).
    static let lost = """
        version: 1
        name: lost
        seed: 2
        cluster:
          workers: 1
          map_slots: 1
          cost: {map_per_record: 1s}
          policy: {task_timeout: 60s, worker_timeout: 2s, max_attempts: 4, speculation: false}
        job: {name: word-count, reducers: 1, combiner: true}
        input: {files: [in.txt]}
        faults:
          - {at: 1500ms, pause: worker-1, for: 3s}
        """

    @Test func theLostAttemptIsStoppedAndTheRetryStartsAtTheWorkersFirstHeartbeatBack() throws {
        let run = try MapReduceReproducer(Self.lost, files: Self.input)
        #expect(run.world.passed && run.job.outputExact)
        #expect(run.attemptsCSV == """
            attempt,task,kind,index,worker,speculative,start_s,end_s,outcome
            1,map-0,map,0,worker-1,false,1.000500,3.500000,lost: no heartbeat for 2.000 s
            2,map-0,map,0,worker-1,false,5.001500,8.002506,succeeded
            3,reduce-0,reduce,0,worker-1,false,8.002506,8.003818,succeeded

            """)
        let recovery = try #require(run.job.run.report?.recoveries.first)
        #expect(recovery.lateAnswer == nil)
        #expect(recovery.rescheduledAt == VirtualInstant.zero.advanced(by: .nanoseconds(5_001_500_000)))
        #expect(run.job.run.report?.statistics.lostAttempts == 1)
    }
}
