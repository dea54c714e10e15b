import Testing
@testable import Scenarios

/// `log.unread` counts the records in no job's input: per partition, the records outside the
/// union of the offset ranges the jobs planned. It was the log's records less every job's input
/// records, so a record two jobs read made up for one no job read, across topics too (LG's
/// w4, w5 and w6).
struct LogUnreadUnionTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "unread.yaml"))
    }

    static func value(_ metric: LogMetric, in result: RunResult) -> Double? { result.value(of: metric.metric) }

    /// 300 records at 100 a second into two partitions.
    static let producer = """
        log:
          topics: [{name: t, partitions: 2}]
          producers:
            - {name: p, topic: t, records: 300, rate: 100, seed: 5}

        """

    /// Two jobs read t from offset 0 at 1.5 s and 2 s: 150 and 200 records, the second range
    /// holding the first. The last 100 records were read by neither (0 before: 350 read of 300).
    @Test func recordsTwoJobsReadDoNotStandInForRecordsNoJobRead() throws {
        let result = try Self.run(Self.producer + """
            mapreduce:
              cluster: {workers: 2}
              jobs:
                - {id: a, name: word-count, reducers: 1, submit_at: 1500ms, input: {topic: t, records_per_split: 1000}}
                - {id: b, name: word-count, reducers: 1, submit_at: 2s, input: {topic: t, records_per_split: 1000}}
            expect: [log.unread == 0]
            """)
        #expect(result.jobs.map(\.result.inputRecords) == [150, 200])
        #expect(Self.value(.records, in: result) == 300)
        #expect(Self.value(.readByJobs, in: result) == 350)
        #expect(Self.value(.unread, in: result) == 100)
        #expect(result.log?.unread == 100)
        #expect(!result.passed && result.checks.map(\.measured) == [100])
        #expect(result.markdown().contains("read by jobs: 350, 100 records read by none."))
    }

    /// Jobs at 1 s (100 records, 3 splits of 40) and 1.5 s (150): the union is the first 150
    /// records, 150 unread (50 before).
    @Test func overlappingRangesCountOnce() throws {
        let result = try Self.run(Self.producer + """
            mapreduce:
              cluster: {workers: 2}
              jobs:
                - {id: a, name: word-count, reducers: 2, submit_at: 1s, input: {topic: t, records_per_split: 40}}
                - {id: b, name: word-count, reducers: 1, submit_at: 1500ms, input: {topic: t, records_per_split: 1000}}
            """)
        #expect(result.jobs.map(\.result.inputRecords) == [100, 150])
        #expect(Self.value(.unread, in: result) == 150)
    }

    /// A second topic no job reads: its 10 records are unread, though the jobs' reads of t add
    /// up to more than every record of the log (0 before).
    @Test func aTopicNoJobReadIsUnread() throws {
        let result = try Self.run("""
            log:
              topics: [{name: t, partitions: 2}, {name: u, partitions: 3}]
              producers:
                - {name: p, topic: t, records: 300, rate: 100, seed: 5}
                - {name: q, topic: u, records: 10, rate: 100, seed: 6}
            mapreduce:
              cluster: {workers: 2}
              jobs:
                - {id: a, name: word-count, reducers: 1, submit_at: 5s, input: {topic: t, records_per_split: 1000}}
                - {id: b, name: word-count, reducers: 1, submit_at: 6s, input: {topic: t, records_per_split: 1000}}
            """)
        #expect(result.jobs.map(\.result.inputRecords) == [300, 300])
        #expect(Self.value(.records, in: result) == 310)
        #expect(Self.value(.readByJobs, in: result) == 600)
        #expect(Self.value(.unread, in: result) == 10)
    }

    /// A job that failed read the range it planned (its input records); one refused before it
    /// planned any (the log paused past the client's 60 s) read nothing: every record is unread.
    @Test func aFailedJobReadItsRangeAndARefusedOneNothing() throws {
        let failed = try Self.run(MapReduceSelfConsistentReportTests.logDown)
        #expect(failed.jobs.first?.result.succeeded == false)
        #expect(Self.value(.readByJobs, in: failed) == 2_000 && Self.value(.unread, in: failed) == 0)
        let refused = try Self.run("""
            log:
              topics: [{name: t, partitions: 3}]
              producers: [{name: p, topic: t, records: 10, rate: 1}]
            mapreduce:
              cluster: {workers: 2}
              jobs:
                - {id: j, name: word-count, reducers: 1, submit_at: 2s, input: {topic: t, records_per_split: 5}}
            faults:
              - {at: 1500ms, pause: log, for: 90s}
            """)
        let job = try #require(refused.jobs.first?.result)
        #expect(job.run.rejection != nil)
        let records = try #require(Self.value(.records, in: refused))
        #expect(records > 0)
        #expect(Self.value(.readByJobs, in: refused) == 0 && Self.value(.unread, in: refused) == records)
    }

    /// The union, partition by partition: nested, overlapping, touching and disjoint ranges, and
    /// ranges past a partition's end clamped to it.
    @Test func theCoverageIsTheUnionOfTheRanges() {
        var coverage = TopicCoverage(ends: [100, 50, 10])
        coverage.add(from: [0, 10, 0], to: [40, 20, 0])
        coverage.add(from: [10, 20, 5], to: [30, 30, 10])
        coverage.add(from: [60, 40, 0], to: [80, 70, 0])
        // p0: 0..<40 ∪ 10..<30 ∪ 60..<80; p1: 10..<20 ∪ 20..<30 ∪ 40..<50 (70 clamped); p2: 5..<10.
        #expect(coverage.recordsRead == 60 + 30 + 5)
        #expect(coverage.recordsUnread == 160 - 95)
    }
}
