import Testing
@testable import Scenarios

/// Explicit operations that stop early still answered the steps before the one that stopped
/// them: `store.operations` counts those (it read 0 while `results.jsonl` held them), and the
/// report's "Stopped:" line names the file as well as the line and column.
struct StoreOperationsStoppedTests {
    static let stopped = """
        name: s3
        run: {duration: 10s}
        object_store:
          buckets: [{name: logs}]
        operations:
          - put: {bucket: logs, key: x, body: x, as: w}
          - put: {bucket: logs, key: y, body: y}
          - get: {bucket: logs, key: x, version_id: $w}
        """

    @Test func operationsThatStopCountTheAnswersBeforeTheStop() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.stopped, file: "ops/s3.yaml"))
        #expect(!result.passed)
        #expect(result.value(of: StoreMetric.operations.metric) == 2)
        #expect(result.value(of: StoreMetric.requests.metric) == 2)
        #expect(result.markdown().contains(
            "**Stopped:** ops/s3.yaml:8:5: operation 3 (get): $w has no version id: operation 1 answered 200; the 2 answers before it are in `results.jsonl`.\n"))
    }

    @Test func operationsThatCompleteCountEveryAnswer() throws {
        let yaml = Self.stopped.replacingOccurrences(of: "version_id: $w}", with: "}")
        let result = ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "ops/s3.yaml"))
        #expect(result.passed)
        #expect(result.value(of: StoreMetric.operations.metric) == 3)
    }
}
