import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// A MapReduce scenario run: the output equals the sequential oracle and the report's numbers
/// are exactly what the small fixed input gives.
@Suite struct MapReduceScenarioRunTests {
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

    @Test func theOutputEqualsTheOracleAndEveryWordIsBytes() {
        let result = MapReduceScenarioRunner.run(Self.scenario())
        let expected: [MapReduce.Record] = [
            .init("a", "1"), .init(key: [0x63, 0x61, 0x66, 0xE9], value: Array("2".utf8)), .init("cat", "3"), .init("dog", "2"),
            .init("saw", "2"), .init("the", "3"), .init(key: [0xFF, 0xFE], value: Array("1".utf8)),
        ]
        #expect(result.run.report?.output?.records == expected)
        #expect(result.comparison == OutputComparison(actual: expected, expected: expected))
        #expect(result.outputExact && result.passed)
        #expect(result.inputRecords == 4 && result.inputBytes == 55)
    }

    @Test func theReportsNumbersAreExact() throws {
        let result = MapReduceScenarioRunner.run(Self.scenario())
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
        let summary = result.summaryCSV()
        #expect(summary.hasPrefix("metric,value\noutput_exact,1\nsucceeded,1\n"))
        #expect(summary.contains("\nattempts,5\nretries,0\n"))
        #expect(summary.contains("\nmap_tasks,3\noutput_records,7\n"))
    }

    @Test func theReportOpensWithTheSeedAndTheReplayCommand() {
        let result = MapReduceScenarioRunner.run(Self.scenario())
        #expect(result.markdown().hasPrefix("# MapReduce scenario `t`\n\n- seed: `3`\n- replay: `orrery mapreduce t.yaml --seed 3`\n- digest: `\(result.run.digest)`\n- verdict: **PASS**\n"))
        #expect(result.markdown().contains("**Exact**: the 7 output records equal the sequential run of `word-count` over the same 4 input records, byte for byte."))
        let files = result.bundle().files.map(\.path)
        #expect(files == ["t/report.md", "t/report.json", "t/summary.csv", "t/attempts.csv", "t/timeline.svg", "t/output.tsv"])
        let tsv = result.bundle().files.last!.contents
        #expect([UInt8](tsv) == Array("a\t1\n".utf8) + [0x63, 0x61, 0x66, 0xE9] + Array("\t2\ncat\t3\ndog\t2\nsaw\t2\nthe\t3\n".utf8) + [0xFF, 0xFE] + Array("\t1\n".utf8))
    }

    @Test func aFailedExpectationFailsTheRunWithTheSeedAndTheReplayCommand() {
        let expectation = Scenarios.Expectation(metric: MapReduceMetric.makespan.metric, comparison: .lessThan, threshold: 0.001, text: "makespan < 1ms", line: 12, column: 5)
        let result = MapReduceScenarioRunner.run(Self.scenario(expect: [expectation]))
        #expect(!result.passed)
        #expect(result.checks.map(\.holds) == [false])
        let makespan = DurationFormat.seconds(result.run.report?.makespan?.seconds)
        #expect(MapReduceScenarioJob.failureMessage(result)
            == "seed 3: scenario 't' failed; replay with: orrery mapreduce t.yaml --seed 3\n  t.yaml:12:5: expectation 'makespan < 1ms' failed: measured \(makespan)")
    }

    @Test func anInvertedIndexReadThroughALogTopicEqualsItsOracleUnderACrash() throws {
        let log = MapReduceInput.LogTopic(topic: "lines", partitions: 2, recordsPerSplit: 1)
        let result = MapReduceScenarioRunner.run(Self.scenario(job: MapReduce.InvertedIndex(), log: log, faults: [
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
