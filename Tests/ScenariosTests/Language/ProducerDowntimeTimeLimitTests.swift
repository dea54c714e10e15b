import Testing
@testable import Scenarios
@testable import Simulator

/// A restarted producer sends what is left at its rate from the restart's boot end, so its last
/// send is later by the time its node was down (``ProducerRetries/delayed(_:of:from:in:)``). The
/// default time limit and the load-time estimate counted none of it: a lone log producer of 4,000
/// records at 1/s crashed at 10.5 s and restarted at 5,000 s was stopped at the default limit of
/// 8,600 s with 3,611 records, and a queue producer the same way at 12,600 s with 3,612 messages
/// sent of 4,000.
struct ProducerDowntimeTimeLimitTests {
    static let log = """
        name: log-producer-downtime
        log:
          topics: [{name: t, partitions: 1}]
          producers: [{name: p, topic: t, records: 4000, rate: 1, attempts: 1}]
        faults:
          - {at: 10500ms, crash: p}
          - {at: 5000s, restart: p}

        """

    static let queue = """
        name: queue-producer-downtime
        run: {duration: 4000s}
        network: {latency: {constant: 1ms}}
        queue:
          brokers: 1
          topics: [{name: T, partitions: 1}]
          producers:
            - {name: p, to: ["T:1"], messages: 4000, rate: 1}
        faults:
          - {at: 10500ms, crash: p}
          - {at: 9000s, restart: p}

        """

    /// The log producer's last record may still be retried until 4,000 s (3,999 s and its one
    /// attempt's 1 s timeout), later by its node's 4,989.5 s down (10.5 s to 5,000 s): 8,989.5 s,
    /// and the hour after it. The run ends with its last record, at 8,988.001 s.
    @Test func aLogProducersDowntimeIsInItsTimeLimit() throws {
        let scenario = try ScenarioLoader.parse(Self.log, file: "log.yaml")
        #expect(scenario.limits.timeLimit == .seconds(12_589.5))
        let (result, _) = try LogPauseHeldAppendsTests.run(Self.log)
        #expect(result.failure == nil && result.passed)
        #expect(result.virtualSeconds == 8_988.001)
        #expect(result.log?.producers.first?.acknowledged == 4_000)
    }

    /// The queue producer's last message is in at 3,999.002 s at the earliest (a 2 ms round trip
    /// after its send at 3,999 s), later by its node's 8,989.5 s down: 12,988.502 s, and the hour.
    /// The run ends with its last acknowledgement, at 12,988.002 s.
    @Test func aQueueProducersDowntimeIsInItsTimeLimit() throws {
        let scenario = try ScenarioLoader.parse(Self.queue, file: "queue.yaml")
        #expect(scenario.limits.timeLimit == .milliseconds(16_588_502))
        let (result, _) = try LogPauseHeldAppendsTests.run(Self.queue)
        #expect(result.failure == nil && result.passed)
        #expect(result.virtualSeconds == 12_988.002)
        #expect(QueueProducerRestartRunsOnTests.value(.sent, in: result) == 4_000)
        #expect(QueueProducerRestartRunsOnTests.value(.acknowledged, in: result) == 4_000)
    }

    /// The load-time estimate runs the queue world on until the same instant: its retrying
    /// producer's last message expires 120 s after its send, delayed to 12,988.5 s.
    @Test func theEstimateCountsTheDowntime() throws {
        let scenario = try ScenarioLoader.parse(Self.queue, file: "queue.yaml")
        let latest = try #require(ResourceBudget.latestRunningOn(in: scenario))
        #expect(latest.end == 13_108.5)
        #expect(latest.section == "queue.producers.0.messages")
    }

    /// Stretches the producer is not held up by add nothing: a crash no restart follows (the
    /// producer ends there), a stretch before its start or after its last send; one that begins
    /// before its start counts from the start; two count each, the second from the end the first
    /// moved on.
    @Test func onlyTheStretchesThatHoldTheProducerUpCount() throws {
        func delayed(_ faults: String) throws -> Duration {
            let scenario = try ScenarioLoader.parse("""
                log:
                  topics: [{name: t, partitions: 1}]
                  producers: [{name: p, topic: t, records: 11, rate: 1, start: 100s}]
                faults:
                \(faults)
                """, file: "d.yaml")
            return ProducerRetries.delayed(.seconds(110), of: "p", from: .seconds(100), in: scenario)
        }
        #expect(try delayed("  - {at: 105s, crash: p}") == .seconds(110))
        #expect(try delayed("  - {at: 10s, crash: p}\n  - {at: 50s, restart: p}") == .seconds(110))
        #expect(try delayed("  - {at: 111s, crash: p}\n  - {at: 200s, restart: p}") == .seconds(110))
        #expect(try delayed("  - {at: 50s, crash: p}\n  - {at: 102s, restart: p, boot_time: 1s}") == .seconds(113))
        #expect(try delayed("  - {at: 105s, restart: p, boot_time: 2s}") == .seconds(112))
        #expect(try delayed("  - {at: 105s, crash: p}\n  - {at: 108s, restart: p}\n  - {at: 112s, crash: p}\n  - {at: 120s, restart: p}")
            == .seconds(121))
        #expect(try delayed("  - {at: 120s, restart: p}\n  - {at: 105s, crash: p}") == .seconds(125))
    }
}
