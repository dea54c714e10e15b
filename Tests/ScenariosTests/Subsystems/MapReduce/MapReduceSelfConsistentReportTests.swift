import Foundation
import Testing
@testable import Reports
@testable import Scenarios

/// MapReduce figures and reports that contradicted themselves (session 69's checker C1): a shuffle
/// "reduced by 100 %" for a job whose reducers never committed, a job over a crashed log that ran
/// to the time limit with its input read as "0 records", a bucket input that did not say where it
/// came from, and the Setup's seconds written `3600.000s`.
struct MapReduceSelfConsistentReportTests {
    // The world reports' helpers: a run of a YAML world, and a metric of its report.json.
    static func run(_ yaml: String) throws -> RunResult { try MapReduceWorldReportTests.run(yaml) }
    static func jsonMetric(_ result: RunResult, _ metric: String) throws -> Any? { try MapReduceWorldReportTests.jsonMetric(result, metric) }

    /// Both workers hang from 3.5 s for 10 s with one attempt a task: the job fails with no reduce
    /// task committed.
    static func stuckJob(combiner: Bool) -> String {
        """
        name: failjob
        seed: 2
        run: {duration: 20s}
        mapreduce:
          cluster: {workers: 2, cost: {map_per_record: 1ms}, policy: {max_attempts: 1, task_timeout: 2s, speculation: false}}
          jobs:
            - {id: wc, name: word-count, reducers: 1, combiner: \(combiner), submit_at: 1s, input: {synthetic: {lines: 4000, seed: 1}, split_size: 64KiB}}
        faults:
          - {at: 3.5s, hang: worker-1, for: 10s}
          - {at: 3.5s, hang: worker-2, for: 10s}
        expect: [mapreduce.shuffle_reduction == 0]
        """
    }

    /// Finding 1: 1 − fetched ÷ emitted read 1 with fetched 0; now no figure, and the expectation
    /// on it fails as "not measured".
    @Test func aJobWhoseReducersNeverCommittedHasNoShuffleReduction() throws {
        let result = try Self.run(Self.stuckJob(combiner: false))
        let job = try #require(result.jobs.first?.result)
        #expect(job.run.report?.status == .failed("map-5 failed 1 time; last: timed out"))
        #expect(job.value(of: .shuffleReduction) == nil)
        #expect(job.value(of: .bytesWithoutCombiner) == 393_018)
        #expect(result.value(of: MapReduceMetric.shuffleReduction.metric) == nil)
        #expect(try Self.jsonMetric(result, "mapreduce.shuffle_reduction") is NSNull)
        #expect(result.checks.map(\.holds) == [false])
        let markdown = result.markdown()
        #expect(markdown.contains("| `mapreduce.shuffle_reduction == 0` | not measured | **fails** |"))
        // As narrow as "4.000 s": the failed job's events per second (1,000.1/s before) is not measured either.
        #expect(markdown.contains("| `mapreduce.shuffle_reduction`      |       — |"))
        #expect(markdown.contains("| `mapreduce.events_per_second`      |       — |"))
        #expect(!markdown.contains("every emitted record crosses the network"))
        #expect(markdown.contains("What the shuffle saved is not measured: not every reduce task committed, so the bytes fetched are not the whole shuffle."))
        #expect(markdown.contains("**job failed: map-5 failed 1 time; last: timed out**"))
    }

    @Test func aStuckJobWithACombinerDoesNotClaimItCutTheShuffle() throws {
        let result = try Self.run(Self.stuckJob(combiner: true))
        let markdown = result.markdown()
        #expect(!markdown.contains("the combiner cut the shuffle"))
        #expect(markdown.contains("What the shuffle saved is not measured"))
        #expect(result.value(of: MapReduceMetric.shuffleReduction.metric) == nil)
    }

    /// 2,000 records in a topic; the job is submitted at 5 s and the log crashes at 5.3 s for good.
    static let logDown = """
        name: logdown
        seed: 2
        run: {duration: 20s}
        log:
          topics: [{name: logs, partitions: 2}]
          producers: [{name: app, topic: logs, records: 2000, rate: 1000}]
        mapreduce:
          cluster: {workers: 2, cost: {map_per_record: 1ms}}
          jobs:
            - {id: wc, name: word-count, reducers: 1, submit_at: 5s, input: {topic: logs, records_per_split: 500}}
        faults:
          - {at: 5.3s, crash: log}
        """

    /// Finding 2: a map that cannot read its split fails, counted towards `max_attempts` as
    /// Hadoop counts a record reader's IOException, so the job fails at 16.5 s instead of running
    /// to the time limit (3,640 s, 5,448 attempts); its report agrees with itself.
    @Test func aJobOverALogThatNeverReturnsFailsAfterMaxAttempts() throws {
        let result = try Self.run(Self.logDown)
        #expect(result.failure == nil)
        #expect(result.virtualSeconds == 20)
        let job = try #require(result.jobs.first?.result)
        let report = try #require(job.run.report)
        #expect(report.status == .failed("map-1 failed 4 times; last: failed: input unavailable: the log did not answer within 1.000s"))
        #expect(report.attempts.count == 12)
        #expect(report.statistics.inputFailures == 10)
        // Failed attempts all, none in the job's code (MapReduceFailedJobFiguresTests).
        #expect(report.statistics.failedAttempts == 10 && report.statistics.jobCodeFailures == 0 && report.statistics.lostAttempts == 0)
        #expect(report.statistics.map.inputRecords == 500)
        // The input is the range the job planned, counted once the job ended.
        #expect(job.inputRecords == 2_000)
        #expect(result.value(of: MapReduceMetric.inputRecords.metric) == 2_000)
        #expect(result.value(of: LogMetric.readByJobs.metric) == 2_000)
        #expect(result.value(of: MapReduceMetric.failedJobs.metric) == 1)
        // Ten attempts failed, none of their tasks completed: no recovery to measure.
        #expect(result.value(of: MapReduceMetric.maxRecoveryTime.metric) == nil)
        #expect(try Self.jsonMetric(result, "mapreduce.max_recovery_time") is NSNull)
        #expect(result.value(of: MapReduceMetric.maxDetectionTime.metric) == 1.001)
        let markdown = result.markdown()
        #expect(markdown.contains("**job failed: map-1 failed 4 times; last: failed: input unavailable: the log did not answer within 1.000 s**"))
        #expect(markdown.contains("topic `logs` (2 partitions, 500 records per map task); 2,000 records, 199,285 bytes of record values; the completed map tasks read 500 of them (50,291 bytes with the newline ending each record)"))
        #expect(markdown.contains("The job produced no output; the sequential oracle has 1,289 records."))
        #expect(markdown.contains("| failed reading their input (the log did not answer)                |    10 |"))
        #expect(!markdown.contains("still in its map phase"))
        #expect(!markdown.contains("task(s) unfinished"))
    }

    /// A job submitted while the log is down is refused once Kafka's 60 s API timeout has passed
    /// (it was planned at the time limit), and its input is not "0 records" of a topic that held
    /// 2,000.
    @Test func aJobSubmittedWhileTheLogIsDownIsRefusedAndItsInputNotCounted() throws {
        let yaml = Self.logDown.replacingOccurrences(of: "{at: 5.3s, crash: log}", with: "{at: 4s, crash: log}")
        let result = try Self.run(yaml)
        #expect(result.failure == nil)
        let job = try #require(result.jobs.first?.result)
        let rejection = try #require(job.run.rejection)
        #expect(rejection == "the input could not be read: the log did not answer within 60.000s")
        #expect(job.inputUnread == "not read: the job was refused (the input could not be read: the log did not answer within 60.000 s)")
        #expect(result.virtualSeconds == 67)
        let markdown = result.markdown()
        #expect(markdown.contains("topic `logs` (2 partitions, 500 records per map task); not read: the job was refused (the input could not be read: the log did not answer within 60.000 s)"))
        #expect(!markdown.contains("0 records, 0 bytes"))
        #expect(markdown.contains("The job produced no output; its input was not counted, so there is no sequential run to compare."))
        // A refused job read nothing.
        #expect(result.value(of: MapReduceMetric.inputRecords.metric) == 0)
        #expect(result.value(of: LogMetric.readByJobs.metric) == 0)
    }

    /// Finding 3: a job reading a bucket names it; finding 4: the Setup's seconds.
    @Test func aBucketInputNamesItsBucketAndPrefix() throws {
        let result = try Self.run("""
            name: chain
            seed: 4
            run: {duration: 60s}
            mapreduce:
              cluster: {workers: 3, policy: {heartbeat_interval: 1s, worker_timeout: 5s}}
              jobs:
                - {id: first, name: word-count, reducers: 3, submit_at: 1s,
                   input: {synthetic: {lines: 2000, seed: 1}}, output: {bucket: data, prefix: first/}}
                - {id: second, name: word-count, reducers: 2, submit_at: 30s,
                   input: {objects: {bucket: data, prefix: first/}}}
            object_store:
              buckets: [{name: data}]
            """)
        let second = try #require(result.jobs.first { $0.id == "second" }?.result)
        #expect(second.outputExact)
        let input = try #require(second.setupTable().rendered().split(separator: "\n").first { $0.hasPrefix("| input") })
        #expect(input.contains("| the objects under `s3://data/first/` in splits of 65,536 bytes; "))
        #expect(second.setupTable().rendered().contains("heartbeats every 1.000 s, task timeout 10.000 s, worker timeout 5.000 s,"))
    }

    /// Two workers whose shuffle store crashes for good at 1.2 s, 0.2 s into their job.
    static let shuffleStoreDown = """
        name: shdown
        run: {duration: 20s}
        mapreduce:
          cluster: {workers: 2, shuffle: {shuffle_store: {ttl: 1h}}, cost: {map_per_record: 1ms}}
          jobs:
            - {id: j, name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 4000, seed: 1}, split_size: 16KiB}}
        faults:
          - {at: 1.2s, crash: shuffle}
        """

    /// A shuffle store that crashes for good: each map attempt that cannot write its output fails
    /// and counts, as a map output write's IOException does in Hadoop, so the job fails after
    /// `max_attempts` (4) instead of losing attempts to the time limit (3,640 s before).
    @Test func aShuffleStoreThatNeverReturnsFailsTheJobAfterItsAttempts() throws {
        let result = try Self.run(Self.shuffleStoreDown)
        let report = try #require(result.jobs.first?.result.run.report)
        #expect(report.status == .failed("map-1 failed 4 times; last: failed: shuffle store unavailable: the shuffle store did not answer within 1.000s"))
        #expect(report.statistics.outputFailures == 21)
        #expect(report.statistics.lostAttempts == 0)
        #expect(result.virtualSeconds < 60)
        #expect(result.markdown().contains("| failed writing their output (the shuffle store did not answer) "))
    }

    @Test func theShuffleStoresTTLIsWrittenAsEveryTableWritesSeconds() {
        #expect(MapReduceRunResult.describe(.shuffleStore(ttl: .seconds(3600))) == "shuffle store (TTL 3,600.000 s)")
    }
}
