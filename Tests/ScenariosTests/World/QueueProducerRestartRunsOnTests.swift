import Testing
@testable import Scenarios
@testable import Simulator

/// A queue producer crashed before its last message starts again once its node's restart has
/// booted (README: "a restart starts it again once booted"), as a log producer does
/// (LogProducerRestartRunsOnTests). A restart is a timer and keeps no run going: a lone producer
/// of 30 messages at 1/s crashed at 10.5 s and restarted at 40 s ended its 30 s world at 30 s,
/// PASS with 11 messages sent and acknowledged and the restart "not reached".
struct QueueProducerRestartRunsOnTests {
    static func world(restart: String, run: String = "duration: 30s") -> String {
        """
        name: queue-producer-restart
        run: {\(run)}
        network: {latency: 1ms}
        queue:
          brokers: 1
          topics: [{name: T, partitions: 1}]
          producers:
            - {name: p, to: ["T:1"], messages: 30, rate: 1}
        faults:
          - {at: 10500ms, crash: p}
          - {at: 40s, restart: p\(restart)}

        """
    }

    static func value(_ metric: QueueMetric, in result: RunResult) -> Double? { result.value(of: metric.metric) }

    /// Messages 0 … 10 go out at 0 … 10 s; the restart at 40 s starts a new process, which sends
    /// message 11 at once and the rest at the rate: message 29 at 58 s, acknowledged a round trip
    /// (2 ms) later, where the run ends.
    @Test func theRunReachesTheRestartAndTheProducerFinishes() throws {
        let (result, events) = try LogPauseHeldAppendsTests.run(Self.world(restart: ""))
        #expect(result.failure == nil && result.passed)
        #expect(result.virtualSeconds == 58.002)
        #expect(Self.value(.sent, in: result) == 30 && Self.value(.acknowledged, in: result) == 30)
        let sends = events.filter { $0.kind == .send && $0.subject == "p" }.map { $0.time.nanoseconds / 1_000_000_000 }
        #expect(sends == Array(0...10) + Array(40...58))
    }

    /// With a boot of 5 s the new process begins at 45 s, its `booted` line: message 29 at 63 s.
    @Test func aBootingRestartIsWaitedForToo() throws {
        let (result, events) = try LogPauseHeldAppendsTests.run(Self.world(restart: ", boot_time: 5s"))
        #expect(result.failure == nil && result.passed)
        #expect(result.virtualSeconds == 63.002)
        #expect(Self.value(.acknowledged, in: result) == 30)
        let sends = events.filter { $0.kind == .send && $0.subject == "p" }.map { $0.time.nanoseconds / 1_000_000_000 }
        #expect(sends == Array(0...10) + Array(45...63))
    }

    /// A restart whose boot ends past the time limit is not waited for (a fault after the limit is
    /// refused at load): the restart at 40 s booting to 45 s, past the limit of 42 s, ends the
    /// run at its duration, 30 s, with the 11 messages sent before the crash.
    @Test func aBootEndingPastTheTimeLimitIsNotWaitedFor() throws {
        let (result, _) = try LogPauseHeldAppendsTests.run(Self.world(restart: ", boot_time: 5s", run: "duration: 30s, time_limit: 42s"))
        #expect(result.failure == nil)
        #expect(result.virtualSeconds == 30)
        #expect(Self.value(.sent, in: result) == 11)
    }
}
