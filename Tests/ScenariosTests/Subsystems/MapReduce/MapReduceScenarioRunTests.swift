import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// A single-job MapReduce scenario, run as the world it becomes: the output equals the sequential
/// oracle and the report's numbers are exactly what the small fixed input gives.
struct MapReduceScenarioRunTests {
    /// Two lines of English and a Latin-1 file with two invalid UTF-8 bytes.
    static let files: [MapReduceInput.File] = [
        .init(name: "words.txt", bytes: Array("the cat saw the dog\nthe dog saw a cat\n".utf8)),
        .init(name: "latin1.txt", bytes: [0x63, 0x61, 0x66, 0xE9, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A, 0xFF, 0xFE, 0x20, 0x63, 0x61, 0x74, 0x0A]),
    ]

    static func scenario(job: any MapReduce.Job = MapReduce.WordCount(), log: MapReduceInput.LogTopic? = nil,
                         faults: [MapReduce.ClusterFault.Entry] = [], expect: [Scenarios.Expectation] = []) -> MapReduceScenario {
        MapReduceScenario(name: "t", file: "t.yaml", seed: 3, cluster: MapReduce.ClusterConfiguration(),
                          job: .init(job: job, reducers: 2, combining: true), input: MapReduceInput(files: files, splitSize: 16, log: log),
                          faults: faults, expectations: expect)
    }

    /// The world's result and its one job's.
    static func run(_ scenario: MapReduceScenario) -> (world: RunResult, job: MapReduceRunResult) {
        let world = ScenarioRunner.run(scenario.world)
        return (world, world.jobs[0].result)
    }

    @Test func theOutputEqualsTheOracleAndEveryWordIsBytes() {
        let (world, result) = Self.run(Self.scenario())
        let expected: [MapReduce.Record] = [
            .init("a", "1"), .init(key: [0x63, 0x61, 0x66, 0xE9], value: Array("2".utf8)), .init("cat", "3"), .init("dog", "2"),
            .init("saw", "2"), .init("the", "3"), .init(key: [0xFF, 0xFE], value: Array("1".utf8)),
        ]
        #expect(result.run.report?.output?.records == expected)
        #expect(result.comparison == OutputComparison(actual: expected, expected: expected))
        #expect(result.outputExact && world.passed)
        #expect(result.inputRecords == 4 && result.inputBytes == 55)
    }

    @Test func theReportsNumbersAreExact() throws {
        let (world, result) = Self.run(Self.scenario())
        let report = try #require(result.run.report)
        #expect(report.mapTasks == 3 && report.reduceTasks == 2)
        #expect(report.statistics.attempts == 5 && report.statistics.retries == 0)
        #expect(report.statistics.map.inputRecords == 4)
        #expect(report.statistics.map.emittedRecords == 14)
        #expect(report.statistics.map.outputRecords == 12)
        #expect(result.value(of: MapReduceMetric.bytesShuffled) == Double(report.statistics.map.outputBytes))
        #expect(result.value(of: MapReduceMetric.makespan) == report.makespan?.seconds)
        #expect(result.value(of: MapReduceMetric.outputRecords) == 7)
        #expect(result.value(of: MapReduceMetric.maxRecoveryTime) == 0)
        #expect(world.value(of: MapReduceMetric.outputExact.metric) == 1)
        #expect(world.value(of: MapReduceMetric.attempts.metric) == 5)
        #expect(world.value(of: MapReduceMetric.mapTasks.metric) == 3)
        #expect(world.value(of: MapReduceMetric.jobs.metric) == 1)
    }

    @Test func theReportOpensWithTheSeedAndTheReplayCommand() throws {
        let (world, _) = Self.run(Self.scenario())
        #expect(world.markdown().hasPrefix("# Scenario `t`\n\n- seed: `3`\n- replay: `orrery run t.yaml --seed 3`\n- digest: `\(world.digest)`\n- verdict: **PASS**\n"))
        #expect(world.markdown().contains("**Exact**: the 7 output records equal the sequential run of `word-count` over the same 4 input records, byte for byte."))
        #expect(world.markdown().contains("![job timeline](t/timeline.svg)"))
        let bundle = world.bundle(formats: ReportFormat.allCases)
        #expect(bundle.files.map(\.path) == ["t/report.md", "t/timeline.svg", "t/t/timeline.svg", "t/report.json", "t/metrics.csv", "t/timeline.csv", "t/t/attempts.csv", "t/t/output.tsv"])
        let chart = String(decoding: try #require(bundle.files.first { $0.path == "t/t/timeline.svg" }).contents, as: UTF8.self)
        #expect(chart.contains("<title>Job timeline: t (word-count), seed 3</title>"))
        let tsv = try #require(bundle.files.last).contents
        #expect([UInt8](tsv) == Array("a\t1\n".utf8) + [0x63, 0x61, 0x66, 0xE9] + Array("\t2\ncat\t3\ndog\t2\nsaw\t2\nthe\t3\n".utf8) + [0xFF, 0xFE] + Array("\t1\n".utf8))
    }

    @Test func aFailedExpectationFailsTheRunWithTheSeedAndTheReplayCommand() throws {
        let expectation = Scenarios.Expectation(metric: MapReduceMetric.makespan.metric, comparison: .lessThan, threshold: 0.001, text: "makespan < 1ms", line: 12, column: 5)
        let (world, result) = Self.run(Self.scenario(expect: [expectation]))
        #expect(!world.passed)
        #expect(world.checks.map(\.holds) == [false])
        // In the threshold's unit, milliseconds for `1ms`, but a makespan of a second or more
        // reads in seconds (it read `1,005.596 ms`).
        let makespan = DurationFormat.readable(try #require(result.run.report?.makespan?.seconds))
        #expect(makespan == "1.006 s")
        let outcome = try ScenarioFile.world(Self.scenario(expect: [expectation]).world).run()
        #expect(outcome.failure
            == "seed 3: scenario 't' failed; replay with: orrery run t.yaml --seed 3\n  t.yaml:12:5: expectation 'makespan < 1ms' failed: measured \(makespan)")
    }

    @Test func anInvertedIndexReadThroughALogTopicEqualsItsOracleUnderACrash() throws {
        let log = MapReduceInput.LogTopic(topic: "lines", partitions: 2, recordsPerSplit: 1)
        let (_, result) = Self.run(Self.scenario(job: MapReduce.InvertedIndex(), log: log, faults: [
            .init(at: .after(.milliseconds(1_100)), .network(.crash("worker-1"))),
        ]))
        // Line i was published to partition i mod 2, and the index lists partitions.
        let records = try #require(result.run.report?.output?.records)
        #expect(records.first { $0.key == Array("the".utf8) }?.value == Array("0,1".utf8))
        #expect(records.first { $0.key == Array("cat".utf8) }?.value == Array("0,1".utf8))
        #expect(records.first { $0.key == Array("a".utf8) }?.value == Array("1".utf8))
        #expect(result.outputExact)
        #expect(result.run.report?.mapTasks == 4)
    }

    @Test func aComparisonNamesTheFirstDifferences() {
        let expected: [MapReduce.Record] = [.init("a", "1"), .init("b", "2"), .init("c", "3")]
        let actual: [MapReduce.Record] = [.init("a", "1"), .init("b", "5"), .init("d", "1")]
        let comparison = OutputComparison(actual: actual, expected: expected)
        #expect(!comparison.exact)
        #expect(comparison.differences == ["- b\t2", "+ b\t5", "- c\t3", "+ d\t1"])
        #expect(OutputComparison(actual: nil, expected: expected) == OutputComparison(actual: nil, expected: expected))
        #expect(!OutputComparison(actual: nil, expected: expected).exact)
    }

    @Test func timelineBarsAreColouredByWhatBecameOfTheAttempt() {
        func attempt(_ outcome: MapReduce.AttemptOutcome, speculative: Bool = false, kind: MapReduce.TaskKind = .map) -> MapReduce.Attempt {
            var attempt = MapReduce.Attempt(number: 1, task: .init(kind, 0), worker: "worker-1", incarnation: 1, speculative: speculative, start: .zero)
            attempt.outcome = outcome
            return attempt
        }
        #expect(JobTimelineChart.category(of: attempt(.succeeded)) == "map")
        #expect(JobTimelineChart.category(of: attempt(.succeeded, kind: .reduce)) == "reduce")
        #expect(JobTimelineChart.category(of: attempt(.succeeded, speculative: true)) == "speculative")
        #expect(JobTimelineChart.category(of: attempt(.lost("worker died"))) == "failed")
        #expect(JobTimelineChart.category(of: attempt(.timedOut)) == "failed")
        #expect(JobTimelineChart.category(of: attempt(.killed("another attempt finished first"), speculative: true)) == "killed or duplicate")
        #expect(JobTimelineChart.label(of: .reduce(3)) == "r3")
    }
}
