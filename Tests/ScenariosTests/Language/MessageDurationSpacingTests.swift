import Testing
@testable import Scenarios

/// Refusals write their durations as reports do, through `DurationFormat` (`3,600.000 s`, grouped,
/// a space before the unit), not the Simulator's `formattedSeconds` (`3600.000s`) or a
/// `VirtualInstant`'s description (`t=9000.000s`): a person reads both, and read two spellings of
/// one quantity. The trace's own text (a storm's detail) keeps the Simulator's spelling.
struct MessageDurationSpacingTests {
    static let balanced = HostileInputTests.traffic + "balancer: {}\n"

    /// The cap in grouped seconds; the value as written (DH: `3600.000000001s` read "got 3,600.000 s").
    @Test func aDeploymentPhaseOverAnHourIsRefusedInGroupedSeconds() {
        #expect(HostileInputTests.error(Self.balanced + "deploy: {at: 1s, pause: 7200}\n")
            == "h.yaml:6:25: error: 'pause' is at most 3,600.000 s, got 7200 (at deploy.pause)")
    }

    @Test func aDeploymentAfterTheTimeLimitIsRefusedInGroupedSeconds() {
        #expect(HostileInputTests.error(Self.balanced + "deploy: {at: 2h}\n")
            == "h.yaml:6:14: error: the deployment starts after the run's time limit (3,600.000 s) and would never happen; move it earlier or raise run.time_limit (at deploy.at)")
    }

    @Test func aQueueRunsFaultEndingLateIsRefusedInSecondsNotAnInstant() {
        #expect(RunawayEstimateTests.error(RunawayEstimateTests.queueRun + "      - {at: 20s, for: 1h, pause: broker-2}\n")
            == "h.yaml:14:24: error: fault 2 would end at 3,620.000 s, after the run's 30.000 s; shorten its for or raise duration (at runs.[0].faults.[1].for)")
    }

    @Test func aHeartbeatNoMoreOftenThanTheSessionTimeoutIsRefusedWithSpacedSeconds() {
        let yaml = "run: {duration: 5s}\nqueue:\n  heartbeat_interval: 4s\n  topics: [{name: T, partitions: 1}]\n  consumers: [{name: c, from: ['T:*']}]\n"
        #expect(loadError(yaml)?.description
            == "bad.yaml:3:23: error: a consumer heartbeating every 4.000 s is evicted between two heartbeats with session_timeout 3.000 s (Kafka refuses heartbeat.interval.ms ≥ session.timeout.ms); make heartbeat_interval shorter than session_timeout (at queue.heartbeat_interval)")
    }
}
