import Testing
@testable import Scenarios

/// `mapreduce.*` over several jobs (counts summed, durations the longest, booleans all of them)
/// and the job's Setup row.
struct MapReducePartTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "world.yaml"))
    }

    static func value(_ metric: MapReduceMetric, in result: RunResult) -> Double? {
        result.value(of: metric.metric)
    }

    /// The checker's `refused.yaml`: one job over 100 synthetic lines, one over an empty bucket.
    static let oneRefused = """
        run: {duration: 20s}
        mapreduce:
          cluster: {workers: 2}
          jobs:
            - {id: good, name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 100, seed: 1}}}
            - {id: bad, name: word-count, reducers: 1, submit_at: 1s, input: {objects: {bucket: empty-bucket}}}
        object_store:
          buckets: [{name: empty-bucket}]
        expect:
          - mapreduce.attempts <= 100
          - mapreduce.attempts > 100
          - mapreduce.makespan < 100s
          - mapreduce.succeeded_jobs == 1
          - mapreduce.output_records > 0
        """

    @Test func aRefusedJobAddsNothingToTheFiguresOfTheJobThatRanButFailsItsBooleans() throws {
        let result = try Self.run(Self.oneRefused)
        let goodJob = try #require(result.jobs.first { $0.id == "good" })
        let good = goodJob.result
        let ran = try #require(good.run.report?.finishedAt?.seconds) - (try #require(goodJob.submittedAt))
        #expect(result.jobs.first { $0.id == "bad" }?.result.run.rejection == "no objects with bytes under s3://empty-bucket/")
        #expect(Self.value(.attempts, in: result) == 2)
        #expect(Self.value(.mapTasks, in: result) == 1)
        #expect(Self.value(.outputRecords, in: result) == 248)
        #expect(Self.value(.bytesShuffled, in: result) == 1_603)
        #expect(Self.value(.makespan, in: result) == good.value(of: .makespan))
        #expect(Self.value(.eventsPerSecond, in: result) == good.value(of: .eventsPerSecond))
        #expect(Self.value(.throughput, in: result) == 100 / ran)
        #expect(Self.value(.jobs, in: result) == 2 && Self.value(.succeededJobs, in: result) == 1 && Self.value(.failedJobs, in: result) == 1)
        #expect(Self.value(.succeeded, in: result) == 0)
        #expect(Self.value(.outputExact, in: result) == 0)
        #expect(result.checks.map(\.measured) == [2, 2, good.value(of: .makespan), 1, 248])
        #expect(result.checks.map(\.holds) == [true, false, true, true, true])
        #expect(!result.passed)
    }

    @Test func whenEveryJobIsRefusedCountsAreZeroAndDurationsNotMeasured() throws {
        let result = try Self.run("""
            mapreduce:
              jobs:
                - {id: bad, name: word-count, reducers: 1, input: {objects: {bucket: empty-bucket}}}
            object_store:
              buckets: [{name: empty-bucket}]
            """)
        #expect(Self.value(.attempts, in: result) == 0)
        #expect(Self.value(.makespan, in: result) == nil)
        #expect(Self.value(.eventsPerSecond, in: result) == nil)
        #expect(Self.value(.throughput, in: result) == nil)
        #expect(Self.value(.succeeded, in: result) == 0)
    }

    /// A job reading a topic: the records' own bytes, and the bytes the map tasks count with a
    /// newline after each record (the Shuffle table's input row), each named.
    @Test func aTopicJobsSetupNamesBothInputByteCounts() throws {
        let result = try Self.run("""
            seed: 2
            run: {duration: 10s}
            log:
              topics: [{name: app, partitions: 2}]
              producers: [{name: p1, topic: app, records: 100, rate: 1000, seed: 3}]
            mapreduce:
              cluster: {workers: 2}
              jobs:
                - {id: t, name: word-count, reducers: 1, submit_at: 1s, input: {topic: app, records_per_split: 50}}
            """)
        let job = try #require(result.jobs.first?.result)
        #expect(job.inputBytes == 9_991)
        #expect(job.run.report?.statistics.map.inputBytes == 10_091)
        // The value column is as wide as the coordinator row, which the input row may not fill.
        #expect(job.setupTable().rendered().contains(
            "| input       | topic `app` (2 partitions, 50 records per map task); 100 records, 9,991 bytes of record values "
                + "(10,091 bytes with the newline ending each record, as the map tasks count them) "))
        #expect(result.markdown().contains("| input                                           |     100 | 10,091 |"))
    }

    @Test func aDocumentJobsSetupKeepsItsOneByteCount() throws {
        let result = try Self.run(Self.oneRefused)
        // Without the padding up to the width of the coordinator row.
        let rows = result.jobs.map { job in
            job.result.setupTable().rendered().split(separator: "\n").first { $0.hasPrefix("| input") }.map { row in
                String(row.dropLast().reversed().drop { $0 == " " }.reversed()) + " |"
            }
        }
        #expect(rows == ["| input       | synthetic log (100 lines, seed 1) in splits of 65,536 bytes; 100 records, 10,146 bytes |",
                         "| input       | the objects under `s3://empty-bucket/` in splits of 65,536 bytes; 0 records, 0 bytes |"])
    }
    /// The checker's `w11-mr-chaos.yaml`: job c1 fails before its reduce phase, c2 succeeds, and
    /// `mapreduce.reduce_phase` read — (nil) for the whole world; it is c2's, the longest of the
    /// jobs that had one. A job with no reduce phase at its end adds nothing to the longest.
    @Test func aJobThatEndedWithoutAPhaseAddsNothingToTheLongest() throws {
        let result = try Self.run(Self.w11)
        let c1 = try #require(result.jobs.first { $0.id == "c1" }?.result)
        let c2 = try #require(result.jobs.first { $0.id == "c2" }?.result)
        #expect(!c1.succeeded && c1.run.report?.finishedAt != nil && c1.value(of: .reducePhase) == nil)
        let phase = try #require(c2.value(of: .reducePhase))
        #expect(Self.value(.reducePhase, in: result) == phase)
        #expect(Self.value(.mapPhase, in: result) == [c1.value(of: .mapPhase), c2.value(of: .mapPhase)].compactMap { $0 }.max())
    }

    static let w11 = """
        name: w11-mr-chaos
        seed: 31
        servers:
          - {on: mapreduce.workers, slots: 2, service_time: 5ms}
        balancer: {strategy: random, retries: {tries: 2, on: [error, timeout]}, forward_timeout: 500ms}
        workload: {type: open_loop, rate: 30, timeout: 1s}
        run: {duration: 40s}
        mapreduce:
          cluster:
            workers: 4
            policy: {heartbeat_interval: 500ms, worker_timeout: 3s, task_timeout: 4s, max_attempts: 6, speculation: true}
          attempt_chaos: {crash_probability: 0.2, stall_probability: 0.2}
          jobs:
            - {id: c1, name: inverted-index, reducers: 2, submit_at: 1s, input: {synthetic: {lines: 6000, seed: 3}, split_size: 32KiB}, output: {bucket: mrout, prefix: c1/}}
            - {id: c2, name: error-sessions, reducers: 3, submit_at: 3s, input: {synthetic: {lines: 4000, seed: 4}, split_size: 32KiB}, output: {bucket: mrout, prefix: c2/}}
        object_store: {buckets: [{name: mrout}]}
        faults:
          - {at: 2s, crash: worker-4}
          - {at: 6s, restart: worker-4}
          - {at: 4s, lose_intermediate: worker-1}
          - {at: 5s, hang: worker-2, for: 4s}
        """
}
