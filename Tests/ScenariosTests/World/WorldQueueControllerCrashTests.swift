import Foundation
import Testing
@testable import Scenarios

/// A crashed controller in a world: it declares no live broker dead and takes no partition
/// offline (it did both at 4 s, 291 records undelivered); restarted, it picks up where it was.
/// The group's coordinator is a broker, so the consumer reads on while the controller is down.
struct WorldQueueControllerCrashTests {
    static let crashed = """
        name: crashed-controller
        seed: 3
        run: {duration: 20s}
        network: {latency: 1ms}
        queue:
          brokers: 3
          replication: 2
          topics: [{name: T, partitions: 2}]
          producers: [{name: p, to: ["T:*"], messages: 500, rate: 100}]
          consumers: [{name: c, from: ["T:*"]}]
        faults: [{at: 1s, crash: controller}]
        """

    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "world.yaml"), seed: nil)
    }

    @Test func aCrashedControllerTakesNothingOfflineAndEveryMessageIsAcknowledged() throws {
        let result = try Self.run(Self.crashed)
        let figures = try #require(result.queue)
        #expect(figures.events.isEmpty)
        #expect(result.value(of: QueueMetric.acknowledged.metric) == 500)
        #expect(result.value(of: QueueMetric.leaderChanges.metric) == 0)
        #expect(result.value(of: QueueMetric.offlinePartitions.metric) == 0)
        #expect(figures.audit.logs.map(\.records.count) == [250, 250])
        // The group coordinator is a broker, which runs: the consumer is handed every record (when
        // the coordinator was on the controller's node it had been handed 108 when its session
        // ran out, and read no more).
        #expect(figures.audit.delivered == ["c": 500])
        #expect(result.value(of: QueueMetric.undelivered.metric) == 0)
        #expect(result.value(of: QueueMetric.unexplainedDuplicates.metric) == 0)
    }

    @Test func aControllerRestartedAfterASessionTimeoutDeclaresNoBrokerDeadAndTheGroupReadsEverything() throws {
        let result = try Self.run(Self.crashed.replacingOccurrences(of: "faults: [{at: 1s, crash: controller}]",
                                                                    with: "faults: [{at: 1s, crash: controller}, {at: 6s, restart: controller}]"))
        let figures = try #require(result.queue)
        #expect(figures.events.isEmpty)
        #expect(result.value(of: QueueMetric.acknowledged.metric) == 500)
        #expect(result.value(of: QueueMetric.undelivered.metric) == 0)
        #expect(result.value(of: QueueMetric.unexplainedDuplicates.metric) == 0)
    }
}
