import Testing
@testable import Scenarios

/// `mapreduce.max_detection_time` and `max_recovery_time` are the longest over the attempts the
/// jobs lost, and 0 s when none was lost — as `balancer.detection_time` is without a failover, so
/// that `max_detection_time < 1h` holds in a world where nothing failed.
struct MapReduceDetectionMetricTests {
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
        #expect(late.value(of: .maxDetectionTime) == 0 && late.value(of: .maxRecoveryTime) == 0)
        // The world's figure is the early job's, the longest.
        let detection = try #require(early.value(of: .maxDetectionTime))
        #expect(detection == recoveries.map(\.detectionTime.seconds).max())
        #expect(result.value(of: MapReduceMetric.maxDetectionTime.metric) == detection)
        #expect(result.value(of: MapReduceMetric.maxRecoveryTime.metric) == early.value(of: .maxRecoveryTime))
        #expect(result.passed)
    }

    @Test func withNothingLostTheyAreZero() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.world(
            faults: "", expect: "mapreduce.max_detection_time < 1h"), file: "w.yaml"))
        #expect(result.jobs.allSatisfy { $0.result.outputExact })
        #expect(result.value(of: MapReduceMetric.maxDetectionTime.metric) == 0)
        #expect(result.value(of: MapReduceMetric.maxRecoveryTime.metric) == 0)
        #expect(result.checks.map(\.holds) == [true])
        #expect(result.passed)
    }
}
