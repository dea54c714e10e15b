import Testing
@testable import Scenarios

/// The queue's and the store's figures for a run's one-line verdict, read from their metrics: a
/// world with a queue alone printed nothing after its verdict's colon.
struct RunResultHeadlineTests {
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

    /// Every count grouped, as the counted one beside it ("1000/1,000" read as two numbers).
    @Test func aQueueWorldsHeadlineGroupsItsCounts() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            run: {duration: 5s}
            queue:
              topics: [{name: T, partitions: 2}]
              producers: [{name: p, to: ["T:*"], messages: 1200, rate: 400}]
              consumers: [{name: c, from: ["T:*"]}]
            """, file: "q.yaml"))
        #expect(result.queueHeadline == "1,200/1,200 messages acknowledged, 0 of them lost, 0 never delivered")
    }

    /// A count's mean over seeds is grouped as its minimum and maximum are (`5,994.5` beside `5,918`).
    @Test func aCountsFractionIsGroupedAsItsWholeNumbersAre() {
        #expect(MetricUnit.count.format(5_994.5) == "5,994.5")
        #expect(MetricUnit.count.format(5_918) == "5,918")
        #expect(MetricUnit.count.readable(1_234_567.25) == "1,234,567.25")
    }

    @Test func aStoreWorldsHeadlineGivesItsRequestsAndErrors() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(StoreOperationsStoppedTests.stopped, file: "s3.yaml"))
        #expect(result.storeHeadline == "2 store requests, 0 not answered 2xx")
        #expect(result.queueHeadline == nil)
    }
}
