import Testing
@testable import Scenarios

/// The explicit operations' line at one (session 68's checker H5, finding 18).
struct StoreWorldReportTests {
    @Test func oneOperationIsSingular() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: one-op
            object_store: {buckets: [{name: logs}]}
            operations:
              - put: {bucket: logs, key: x, body: x}
            """, file: "one-op.yaml"))
        let markdown = result.markdown()
        #expect(markdown.contains("1 operation answered; its answer is in `results.jsonl`.\n"))
        #expect(!markdown.contains("1 operations answered"))
    }
}
