import Foundation
import Testing
@testable import Scenarios

/// What the loader refuses in a queue section before anything runs: periodic work over one
/// budget for all its kinds, and a node name two clients share, named as such.
struct WorldQueueLoadingTests {
    /// Heartbeats, catch-up rounds and polls each just under the 5 × 10⁷ a run may have, together
    /// 1.2 × 10⁸ (at the shortest periods, 1 ms, over 11,000 s): it ran for 129 s before they were summed. Heartbeats and polls tie for the
    /// most; the error points at the first.
    static let periodicWorkEachUnderTheCap = """
        name: slow_queue
        seed: 5
        run: {duration: 10000s, time_limit: 11000s}
        network: {latency: 0s}
        queue:
          heartbeat_interval: 1ms
          session_timeout: 1s
          catch_up_interval: 1ms
          topics: [{name: T, partitions: 1}]
          producers: [{name: p, to: ["T:*"], messages: 100, rate: 50}]
          consumers: [{name: c, from: ["T:*"], poll_interval: 250us, max_poll_interval: 1s}]
        """

    @Test func thePeriodicWorkOfAllKindsTogetherIsCheckedAgainstOneBudget() {
        #expect(loadError(Self.periodicWorkEachUnderTheCap, file: "q.yaml")?.description ==
            "q.yaml:6:23: error: 1.2 × 10⁸ periodic wake-ups (4.4 × 10⁷ heartbeats, 3.3 × 10⁷ catch-up rounds and 4.4 × 10⁷ polls) in the run's time limit of 11,000.000 s (producers still retrying keep a queue run going until then) is more than the 5 × 10⁷ a queue run may have in all; make the intervals longer, heartbeat_interval first, or set run.time_limit (at queue.heartbeat_interval)")
    }

    @Test func periodicWorkUnderTheBudgetTogetherIsAccepted() throws {
        // A third of each: 1.5 × 10⁷ heartbeats, 1.1 × 10⁷ catch-up rounds and 1.5 × 10⁷ polls.
        let yaml = Self.periodicWorkEachUnderTheCap
            .replacingOccurrences(of: "heartbeat_interval: 1ms", with: "heartbeat_interval: 3ms")
            .replacingOccurrences(of: "catch_up_interval: 1ms", with: "catch_up_interval: 3ms")
            .replacingOccurrences(of: "poll_interval: 250us", with: "poll_interval: 750us")
        let scenario = try ScenarioLoader.parse(yaml, file: "q.yaml")
        let work = try #require(scenario.queue).periodicWakeUps(over: scenario.limits.timeLimit)
        #expect(work.heartbeats + work.catchUpRounds + work.polls.reduce(0, +) <= 5e7)
    }

    @Test func aProducerAndAConsumerSharingANameAreRefusedForThatClash() {
        let yaml = """
            name: name_clash2
            run: {duration: 10s}
            queue:
              topics: [{name: T, partitions: 2}]
              producers: [{name: x, to: ["T:*"], messages: 100, rate: 50}]
              consumers: [{name: x, from: ["T:*"]}]
            """
        #expect(loadError(yaml, file: "q.yaml")?.description ==
            "q.yaml:6:22: error: the node name 'x' is taken by the producer at line 5; every producer and consumer needs a name of its own (a consumer's group may be shared: set group) (at queue.consumers.[0].name)")
    }

    @Test func aClientNamedLikeABrokerIsStillToldTheBrokersNames() {
        let yaml = "run: {duration: 10s}\nqueue:\n  topics: [{name: T, partitions: 2}]\n  consumers: [{name: broker-2, from: [\"T:*\"]}]\n"
        #expect(loadError(yaml, file: "q.yaml")?.description ==
            "q.yaml:4:22: error: the node name 'broker-2' is taken (brokers are broker-1 … broker-3, and the controller is 'controller') (at queue.consumers.[0].name)")
    }
}
