import Testing
@testable import Scenarios

/// `mapreduce.max_detection_time` and `max_recovery_time` are the longest over the attempts the
/// jobs lost: over the jobs that lost one, and not measured when none did. As 0 s, seed 001's
/// claim of 5–15 s to detect a failed worker read "0.000 ms, does not hold" once its coordinator
/// restart re-ran the dead worker's attempt before anything was detected.
@Suite struct MapReduceDetectionMetricTests {
    static func world(faults: String, expect: String) -> String {
        """
        seed: 5
        mapreduce:
          cluster: {workers: 3, cost: {map_per_record: 5ms}, policy: {heartbeat_interval: 500ms, worker_timeout: 2s}}
          jobs:
            - {id: early, name: word-count, reducers: 2, submit_at: 5s, input: {synthetic: {lines: 1000}}}
            - {id: late, name: word-count, reducers: 2, submit_at: 60s, input: {synthetic: {lines: 1000, seed: 2}}}
        \(faults)
        expect: [\(expect)]
        """
    }

    @Test func theLongestIsOverTheJobsThatLostAnAttempt() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(
            faults: "faults: [{at: 5500ms, crash: worker-2}]", expect: "mapreduce.max_detection_time < 1h"), file: "w.yaml"))
        let early = try #require(result.jobs.first { $0.id == "early" }?.result)
        let late = try #require(result.jobs.first { $0.id == "late" }?.result)
        let recoveries = try #require(early.run.report?.recoveries)
        #expect(!recoveries.isEmpty)
        #expect(late.run.report?.recoveries.isEmpty == true)
        #expect(late.value(of: .maxDetectionTime) == nil && late.value(of: .maxRecoveryTime) == nil)
        // The world's figure is the early job's: the late one, which lost nothing, does not blank it.
        let detection = try #require(early.value(of: .maxDetectionTime))
        #expect(detection == recoveries.map(\.detectionTime.seconds).max())
        #expect(result.value(of: MapReduceMetric.maxDetectionTime.metric) == detection)
        #expect(result.value(of: MapReduceMetric.maxRecoveryTime.metric) == early.value(of: .maxRecoveryTime))
        #expect(result.passed)
    }

    @Test func withNothingLostTheyAreNotMeasured() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(
            faults: "", expect: "mapreduce.max_detection_time < 1h"), file: "w.yaml"))
        #expect(result.jobs.allSatisfy { $0.result.outputExact })
        #expect(result.value(of: MapReduceMetric.maxDetectionTime.metric) == nil)
        #expect(result.value(of: MapReduceMetric.maxRecoveryTime.metric) == nil)
        // An expectation on a figure not measured fails, as a percentile of no latency does.
        #expect(!result.passed)
        #expect(result.checks.map(\.holds) == [false])
    }
}
