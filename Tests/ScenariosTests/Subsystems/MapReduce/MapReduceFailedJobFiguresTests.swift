import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// MapReduce figures and texts session 69's checkers left: a failed job's events per second, the
/// failed attempts that left out the input and shuffle-store failures, a map's "log unreachable:
/// timeout", a consumer group's offsets committed without a bound while the log was down, and a
/// single-job file's superseded level fault listed "until" the next one.
struct MapReduceFailedJobFiguresTests {
    static func run(_ yaml: String) throws -> RunResult { try MapReduceWorldReportTests.run(yaml) }
    static func jsonMetric(_ result: RunResult, _ metric: String) throws -> Any? { try MapReduceWorldReportTests.jsonMetric(result, metric) }
    static func value(_ metric: MapReduceMetric, in result: RunResult) -> Double? { result.value(of: metric.metric) }

    /// The log crashes for good at 5.3 s, 0.3 s after the job over its 2,000 records was
    /// submitted: map-1 fails 4 times and the job fails at 16.514 s (makespan 11.514 s).
    static let logDown = MapReduceSelfConsistentReportTests.logDown

    /// Item 1: the job read 2,000 ÷ 11.514 s = 173.7 events a second before; a failed job's is
    /// not measured, as its shuffle reduction and recovery time are not, and so is the world's
    /// throughput with no job that succeeded.
    @Test func aFailedJobHasNoEventsPerSecond() throws {
        let result = try Self.run(Self.logDown.replacingOccurrences(of: "faults:", with: """
            expect:
              - mapreduce.events_per_second > 0
              - mapreduce.throughput > 0
            faults:
            """))
        let job = try #require(result.jobs.first?.result)
        #expect(job.run.report?.status == .failed("map-1 failed 4 times; last: failed: input unavailable: the log did not answer within 1.000s"))
        #expect(JobReportTables.seconds(job.run.report?.makespan) == "11.514 s")
        #expect(job.inputRecords == 2_000 && job.value(of: .inputRecords) == 2_000)
        #expect(job.value(of: .eventsPerSecond) == nil)
        #expect(Self.value(.eventsPerSecond, in: result) == nil)
        #expect(Self.value(.throughput, in: result) == nil)
        #expect(try Self.jsonMetric(result, "mapreduce.events_per_second") is NSNull)
        #expect(try Self.jsonMetric(result, "mapreduce.throughput") is NSNull)
        #expect(result.checks.map(\.holds) == [false, false] && result.checks.allSatisfy { $0.measured == nil })
        let markdown = result.markdown()
        #expect(markdown.contains("| `mapreduce.events_per_second`      |        — |"))
        #expect(markdown.contains("| `mapreduce.throughput`             |        — |"))
        #expect(markdown.contains("| `mapreduce.events_per_second > 0` | not measured | **fails** |"))
    }

    /// Beside a job that succeeded, the failed one adds nothing: the mean events per second is
    /// the good job's alone (631.6/s with the failed job's 173.7/s before), and the throughput
    /// counts the good job's 1,000 records over the 15.5 s from the first submission to the
    /// last job's end (3,000 records, 193.4/s before).
    @Test func aFailedJobAddsNothingToTheWorldsRates() throws {
        let result = try Self.run(Self.logDown.replacingOccurrences(of: "  jobs:\n", with: """
              jobs:
                - {id: ok, name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 1000, seed: 1}}}

            """))
        let ok = try #require(result.jobs.first { $0.id == "ok" })
        let failed = try #require(result.jobs.first { $0.id == "wc" })
        #expect(ok.result.succeeded && !failed.result.succeeded)
        let rate = try #require(ok.result.value(of: .eventsPerSecond))
        #expect(NumberFormat.fixed(rate, decimals: 1) == "1089.4")
        #expect(Self.value(.eventsPerSecond, in: result) == rate)
        let end = try #require(failed.result.run.report?.finishedAt?.seconds)
        let throughput = try #require(Self.value(.throughput, in: result))
        #expect(throughput == 1_000 / (end - 1))
        #expect(NumberFormat.fixed(throughput, decimals: 1) == "64.5")
        #expect(Self.value(.inputRecords, in: result) == 3_000)
    }

    /// Item 3: the ten maps that could not read their split fail and count towards
    /// `max_attempts`, and `mapreduce.failed_attempts` counts them (0 before), as the attempts
    /// table's rows and `orrery_mapreduce_attempts_total{outcome="failed"}` do.
    @Test func theInputFailuresAreFailedAttempts() throws {
        let result = try Self.run(Self.logDown)
        let statistics = try #require(result.jobs.first?.result.run.report?.statistics)
        #expect(statistics.failedAttempts == 10 && statistics.inputFailures == 10 && statistics.jobCodeFailures == 0)
        #expect(Self.value(.failedAttempts, in: result) == 10)
        #expect(try Self.jsonMetric(result, "mapreduce.failed_attempts") as? Int == 10)
        let markdown = result.markdown()
        #expect(markdown.contains("| failed in the job's code                                           |     0 |"))
        #expect(markdown.contains("| failed reading their input (the log did not answer)                |    10 |"))
        #expect(markdown.contains("| `mapreduce.failed_attempts`        |       10 |"))
        let observed = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: Self.logDown)
        #expect(MapReduceAttemptMetricsTests.check(observed) == ["succeeded": 1, "failed": 10, "killed": 1])
    }

    /// The shuffle store's 21 failures count too (0 before).
    @Test func theShuffleStoreFailuresAreFailedAttempts() throws {
        let result = try Self.run(MapReduceSelfConsistentReportTests.shuffleStoreDown)
        let statistics = try #require(result.jobs.first?.result.run.report?.statistics)
        #expect(statistics.outputFailures == 21 && statistics.failedAttempts == 21 && statistics.jobCodeFailures == 0)
        #expect(Self.value(.failedAttempts, in: result) == 21)
    }

    /// Item 4: a map that cannot read its split says what happened in the user's words (it read
    /// `failed: input unavailable: log unreachable: timeout`), and so does a job refused while
    /// its splits were planned, after Kafka's 60 s API timeout.
    @Test func anInputFailureSaysTheLogDidNotAnswer() throws {
        let result = try Self.run(Self.logDown)
        let report = try #require(result.jobs.first?.result.run.report)
        #expect(Set(report.attempts.filter { $0.outcome.isInputFailure }.map(\.outcome.description))
            == ["failed: input unavailable: the log did not answer within 1.000s"])
        let refused = try Self.run(Self.logDown.replacingOccurrences(of: "{at: 5.3s, crash: log}", with: "{at: 4s, crash: log}"))
        #expect(refused.jobs.first?.result.run.rejection == "the input could not be read: the log did not answer within 60.000s")
    }

    /// The other ways a read can fail, each as exact.
    @Test func everyLogFailureIsExplained() {
        let second = Duration.seconds(1)
        #expect(LogClientError.network(.timeout).explanation(within: second) == "the log did not answer within 1.000s")
        #expect(LogClientError.network(.unreachable).explanation(within: second) == "no route to the log (a network partition)")
        #expect(LogClientError.network(.refused).explanation(within: second) == "the log refused the connection (it was restarting)")
        #expect(LogClientError.log(.unknownTopic("t")).explanation(within: second) == "the log refused: unknown topic 't'")
    }

    /// Item 2: the job reads its group's 2,000 records and succeeds at 5.113 s; the log crashed
    /// at 5 s for good, so the client's commit of the offsets gets no answer. It retried to the
    /// time limit (3,605 s; the job never ended, its output never compared: "0/1 jobs exact",
    /// `mapreduce.input_records` 0); now it gives up after Kafka's `default.api.timeout.ms`, the
    /// job succeeds with its output exact, and its report says the offsets were not committed.
    static let commitToADownLog = """
        name: commit
        seed: 2
        log:
          topics: [{name: logs, partitions: 2}]
          producers: [{name: app, topic: logs, records: 2000, rate: 1000}]
        mapreduce:
          cluster: {workers: 2, cost: {map_per_record: 1ms}}
          jobs:
            - {id: wc, name: word-count, reducers: 1, submit_at: 3s, input: {topic: logs, records_per_split: 500, group: batch}}
        faults:
          - {at: 5s, crash: log}
        """

    @Test func anOffsetCommitToADownLogGivesUpAfterTheAPITimeout() throws {
        let result = try Self.run(Self.commitToADownLog)
        #expect(result.failure == nil)
        #expect(result.virtualSeconds == 68)
        #expect(result.passed)
        let job = try #require(result.jobs.first?.result)
        let report = try #require(job.run.report)
        #expect(report.status == .succeeded && job.outputExact)
        #expect(report.offsetCommitFailure == "the log did not answer within 60.000s")
        #expect(Self.value(.inputRecords, in: result) == 2_000)
        #expect(Self.value(.succeeded, in: result) == 1)
        // In report.json and for `expect:` too, not only in report.md and the verdict.
        #expect(Self.value(.offsetsNotCommitted, in: result) == 1)
        #expect(result.headlineFigures(traffic: nil) == ["1/1 jobs exact", "offsets not committed for 1 job"])
        #expect(job.markdown().contains("""
            **Offsets not committed** for group `batch`: the log did not answer within 60.000 s, and the client gave up as \
            Kafka's `commitSync` does after `default.api.timeout.ms`. The output stands; a rerun for the group reads these \
            2,000 records again.


            """))
    }

    /// With the log up the offsets are committed and nothing is said.
    @Test func anOffsetCommitThatGetsThroughSaysNothing() throws {
        let result = try Self.run(Self.commitToADownLog.replacingOccurrences(of: "{at: 5s, crash: log}", with: "{at: 30s, crash: log}"))
        let job = try #require(result.jobs.first?.result)
        #expect(job.run.report?.offsetCommitFailure == nil && job.outputExact)
        #expect(Self.value(.offsetsNotCommitted, in: result) == 0)
        #expect(!result.markdown().contains("Offsets not committed"))
        #expect(result.headlineFigures(traffic: nil) == ["1/1 jobs exact"])
    }

    /// Item 5: a single-job file's superseded slowdown is listed with its own `for:`, as the same
    /// faults in a world are ("slow worker-1 ×5 until 1.500 s" before), and the run is the same.
    @Test func aSingleJobFilesSupersededLevelKeepsItsWrittenLength() throws {
        let faults = """
            faults:
              - {at: 1s, slow: worker-1, factor: 5, for: 2s}
              - {at: 1.5s, slow: worker-1, factor: 3, for: 4s}
            """
        let single = try MapReduceScenarioLoader.parse("""
            name: s5
            seed: 3
            cluster: {workers: 2, cost: {map_per_record: 1ms}}
            job: {name: word-count, reducers: 1}
            input: {synthetic: {lines: 4000, seed: 1}, split_size: 16KiB}
            \(faults)
            """, file: "s5.yaml")
        #expect(single.faults.map(\.writtenLength) == [.seconds(2), nil, nil])
        let listed = ["1.000 s: slow worker-1 ×5 for 2.000 s", "1.500 s: slow worker-1 ×3 for 4.000 s"]
        let result = ScenarioRunner.run(single.world)
        #expect(result.faults == listed)
        #expect(result.markdown().contains("# Faults\n\n- 1.000 s: slow worker-1 ×5 for 2.000 s\n- 1.500 s: slow worker-1 ×3 for 4.000 s\n"))
        let world = try Self.run("""
            name: w5
            seed: 3
            mapreduce:
              cluster: {workers: 2, cost: {map_per_record: 1ms}}
              jobs:
                - {id: s5, name: word-count, reducers: 1, input: {synthetic: {lines: 4000, seed: 1}, split_size: 16KiB}}
            \(faults)
            """)
        #expect(world.faults == listed && world.digest == result.digest)
        var stripped = single
        stripped.faults = single.faults.map { MapReduce.ClusterFault.Entry(at: $0.at, $0.fault) }
        #expect(ScenarioRunner.run(stripped.world).digest == result.digest)
    }
}
