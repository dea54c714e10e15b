import Foundation
import Testing
@testable import Scenarios

/// A queue producer sends one message and waits for its acknowledgement before the next, so its
/// last message is in no sooner than one round trip a message, whatever its rate — and the world
/// runs until then: 10⁶ messages at 10⁷ a second over 1 ms links took ~2,000 s past a 5 s
/// `run.duration`, while the estimate counted the consumers' polls over the 5 s alone.
struct QueueProducerPacingBudgetTests {
    static let yaml = """
        name: paced
        run: {duration: 5s}
        network: {latency: 1ms}
        queue:
          topics: [{name: T, partitions: 1}]
          producers: [{name: p, to: ["T:*"], messages: 100000, rate: 10000000}]
          consumers: [{name: c, from: ["T:*"]}]
        """

    @Test func theWorldIsEstimatedUntilTheLastMessageCanBeIn() throws {
        let scenario = try ScenarioLoader.parse(Self.yaml, file: "q.yaml")
        let producer = try #require(scenario.queue?.producers.first)
        // 99,999 gaps of a 2 ms round trip, and the last message's own.
        #expect(abs(QueueSection.pacedEnd(of: producer, roundTrip: 0.002) - 200) < 1e-9)
        #expect(scenario.acknowledgementRoundTrip == 0.002)
        let budget = ResourceBudget(scenario)
        #expect(budget.horizon == .seconds(200))
        #expect(budget.runsOn?.section == "queue.producers.0.messages")
        #expect(budget.runsOn?.what == "producer 'p' waits for each of its 100,000 messages' acknowledgement before the next, so its last is in at 200.000 s at the earliest")
        // The default time limit leaves it the hour after, as a log producer's.
        #expect(scenario.limits.timeLimit == .seconds(3_800))
    }

    /// A producer slower than the round trip is paced by its rate.
    @Test func aSlowProducerIsPacedByItsRate() throws {
        let scenario = try ScenarioLoader.parse(Self.yaml.replacingOccurrences(of: "rate: 10000000", with: "rate: 100")
            .replacingOccurrences(of: "duration: 5s", with: "duration: 2000s"), file: "q.yaml")
        let producer = try #require(scenario.queue?.producers.first)
        #expect(abs(QueueSection.pacedEnd(of: producer, roundTrip: 0.002) - (99_999 * 0.01 + 0.002)) < 1e-9)
        // Its last message is in within the duration: nothing keeps the world running past it.
        #expect(ResourceBudget(scenario).horizon == .seconds(2_000))
        #expect(ResourceBudget(scenario).runsOn == nil)
    }
}
