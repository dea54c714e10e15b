import Testing
@testable import Scenarios

/// The queue's and the store's figures for a run's one-line verdict, read from their metrics: a
/// world with a queue alone printed nothing after its verdict's colon.
@Suite struct RunResultHeadlineTests {
    @Test func aQueueWorldsHeadlineGivesItsMessages() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            run: {duration: 5s}
            queue:
              topics: [{name: T, partitions: 2}]
              producers: [{name: p, to: ["T:*"], messages: 100, rate: 50}]
              consumers: [{name: c, from: ["T:*"]}]
            """, file: "q.yaml"))
        #expect(result.queueHeadline == "100/100 messages acknowledged, 0 of them lost, 0 never delivered")
        #expect(result.storeHeadline == nil)
    }

    @Test func aStoreWorldsHeadlineGivesItsRequestsAndErrors() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(StoreOperationsStoppedTests.stopped, file: "s3.yaml"))
        #expect(result.storeHeadline == "2 store requests, 0 not answered 2xx")
        #expect(result.queueHeadline == nil)
    }
}
