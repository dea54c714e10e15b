import Testing
@testable import Scenarios
@testable import Simulator

/// A world job over `objects:` that are all empty succeeds with an empty output, as a job over
/// empty files does (README, "Empty input"; checker M's finding 4) — it was refused with
/// "no objects with bytes under s3://docs/d/". A prefix with no object at all is still refused.
struct MapReduceEmptyObjectsTests {
    @Test func emptyObjectsGiveAnEmptyOutput() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            object_store:
              buckets: [{name: out}, {name: docs}]
            operations:
              - put: {bucket: docs, key: d/1.txt, body: ""}
              - put: {bucket: docs, key: d/2.txt, body: ""}
            mapreduce:
              cluster: {workers: 1}
              jobs:
                - {id: j, name: word-count, reducers: 1, submit_at: 1s, input: {objects: {bucket: docs, prefix: d/}}, output: {bucket: out}}
            """, file: "world.yaml"))
        let job = try #require(result.jobs.first?.result)
        #expect(result.passed && job.outputExact)
        #expect(job.run.rejection == nil)
        #expect(job.run.report?.mapTasks == 2)
        #expect(job.run.report?.output?.records == [])
        #expect(job.inputUnread == nil)
        #expect(result.value(of: MapReduceMetric.inputRecords.metric) == 0)
        #expect(result.value(of: MapReduceMetric.outputRecords.metric) == 0)
    }
}
