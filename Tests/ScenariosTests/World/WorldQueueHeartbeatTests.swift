import Simulator
import Testing
@testable import Scenarios

/// A churn2-like world (the hostile tester's churn2, smaller): eight consumers of one group over
/// a network dropping 3 % of messages, with a 1 s session timeout and heartbeats every 300 ms,
/// crashed and restarted eight times in the first 10 s. With polls as heartbeats a fetch or a
/// commit that timed out kept a member silent past its session and the group rebalanced about
/// once a second until the run ended (40 generations, the last at 39.6 s); with KIP-62's
/// heartbeat loop the rebalances end with the faults.
///
/// The run lasts 80 s: the world ends once its producer is done past its duration, and the 3 %
/// drops also hit the leaders' AlterPartition requests (each loss a replica timeout more before
/// the in-sync set shrinks, past the producer's 1 s timeout), so seed 1's producer finished at
/// 69.9 s and seed 3's at 39.97 s, their last records acknowledged 4 ms and 32 ms before a 40 s
/// run stopped — too late for any consumer polling every 100 ms to be handed them.
struct WorldQueueHeartbeatTests {
    static let churn = """
        name: churn-small
        seed: 1
        run: {duration: 80s}
        network: {latency: {uniform: {min: 1ms, max: 3ms}}, drop_rate: 0.03}
        queue:
          brokers: 3
          replication: 3
          acks: all
          min_insync_replicas: 2
          session_timeout: 1s
          heartbeat_interval: 300ms
          topics: [{name: T, partitions: 6}]
          producers:
            - {name: p1, to: ["T:*"], messages: 150, rate: 10}
          consumers:
            - {name: c1, group: g, from: ["T:*"], commit_interval: 200ms}
            - {name: c2, group: g, from: ["T:*"], commit_interval: 200ms}
            - {name: c3, group: g, from: ["T:*"], commit_interval: 200ms}
            - {name: c4, group: g, from: ["T:*"], commit_interval: 200ms}
            - {name: c5, group: g, from: ["T:*"], commit_interval: 200ms}
            - {name: c6, group: g, from: ["T:*"], commit_interval: 200ms}
            - {name: c7, group: g, from: ["T:*"], commit_interval: 200ms}
            - {name: c8, group: g, from: ["T:*"], commit_interval: 200ms}
        faults:
          - {at: 1.1s, crash: c2}
          - {at: 2s, restart: c2}
          - {at: 2.5s, crash: c5}
          - {at: 2.6s, restart: c5}
          - {at: 3.2s, crash: c7}
          - {at: 4.9s, restart: c7}
          - {at: 4s, crash: c1}
          - {at: 5.5s, restart: c1}
          - {at: 6.3s, crash: c4}
          - {at: 6.4s, restart: c4}
          - {at: 7s, crash: c8}
          - {at: 8.6s, restart: c8}
          - {at: 7.7s, crash: c3}
          - {at: 9.2s, restart: c3}
          - {at: 9.5s, crash: c6}
          - {at: 10s, restart: c6}
        expect:
          - queue.undelivered == 0
          - queue.unexplained_duplicates == 0
          - queue.lost_after_delivery == 0
        """

    /// The run's rebalances, in order, from its trace.
    static func run(_ seed: UInt64) throws -> (result: RunResult, rebalances: [VirtualInstant]) {
        let recorder = RebalanceRecorder()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(churn, file: "churn.yaml"), seed: seed, traceSink: { event in
            if event.kind == .custom && event.object.hasPrefix("rebalance g generation") { recorder.times.append(event.time) }
        })
        return (result, recorder.times)
    }

    @Test func theRebalancesEndWithTheFaultsAndEveryRecordIsHandedOver() throws {
        let (result, rebalances) = try Self.run(1)
        #expect(result.passed, "\(result.checks.filter { !$0.holds })")
        // Six (eight while a restarted consumer's loops outlived its crash and rejoined on the
        // crashed process's poll grid; which joins and heartbeats the drops hit shifted with
        // the AlterPartition requests, and again with their 50 ms retry back-off, Kafka's).
        #expect(rebalances.count == 6)
        // The last fault is c6's restart at 10 s: its new process polls first at 10.100 s and
        // joins afresh, and the group's rebalance ends with generation 6 at 10.627 s, within
        // 3 s of the last fault (as noSeedRebalancesLongAfterItsFaultsEnd asks of every seed).
        #expect(try #require(rebalances.last) < .after(.milliseconds(13_000)))
        let audit = try #require(result.queue).audit
        #expect(audit.undelivered == ["g": 0])
        #expect(audit.delivered["g"] == 150)
    }

    /// The last rebalance comes within 3 s of the last fault: a member evicted while down rejoins
    /// once its join gets through (seed 4: c6, restarted at 10 s, had a join dropped, waited its
    /// 1 s timeout, and rejoined at 11.8 s; generation 8 at 12.5 s).
    @Test(arguments: [2, 3, 4] as [UInt64]) func noSeedRebalancesLongAfterItsFaultsEnd(seed: UInt64) throws {
        let (result, rebalances) = try Self.run(seed)
        #expect(result.passed, "\(result.checks.filter { !$0.holds })")
        #expect(try #require(rebalances.last) < .after(.seconds(13)))
        #expect(rebalances.count <= 9)
    }

    static let badFiles: [(name: String, yaml: String, message: String)] = [
        ("heartbeats no more often than the session timeout", "run: {duration: 5s}\nqueue:\n  heartbeat_interval: 3s\n  topics: [{name: T, partitions: 1}]\n  consumers: [{name: c, from: ['T:*']}]\n",
         "bad.yaml:3:23: error: a consumer heartbeating every 3.000 s is evicted between two heartbeats with session_timeout 3.000 s (Kafka refuses heartbeat.interval.ms ≥ session.timeout.ms); make heartbeat_interval shorter than session_timeout (at queue.heartbeat_interval)"),
        ("a max poll interval no longer than the poll interval", "run: {duration: 5s}\nqueue:\n  topics: [{name: T, partitions: 1}]\n  consumers: [{name: c, from: ['T:*'], poll_interval: 2s, max_poll_interval: 2s}]\n",
         "bad.yaml:4:78: error: a consumer polling every 2.000 s leaves its group before each poll with max_poll_interval 2.000 s; make max_poll_interval longer than poll_interval (at queue.consumers.[0].max_poll_interval)"),
        ("a max poll interval under a millisecond", "run: {duration: 5s}\nqueue:\n  topics: [{name: T, partitions: 1}]\n  consumers: [{name: c, from: ['T:*'], max_poll_interval: 1us}]\n",
         "bad.yaml:4:59: error: must be at least 1ms, got 1us (at queue.consumers.[0].max_poll_interval)"),
    ]

    @Test(arguments: badFiles.map(\.name))
    func aBadHeartbeatSettingIsRefusedWithItsPosition(name: String) throws {
        let testCase = try #require(Self.badFiles.first { $0.name == name })
        #expect(loadError(testCase.yaml)?.description == testCase.message)
    }

    /// Brokers without consumers keep the file format they had: a controller may check them as
    /// rarely as their session timeout.
    @Test func brokersAloneMayHeartbeatAsRarelyAsTheirSessionTimeout() {
        #expect(loadError("run: {duration: 5s}\nqueue:\n  heartbeat_interval: 3s\n  topics: [{name: T, partitions: 1}]\n") == nil)
    }
}

/// The rebalance instants a run's trace sink saw. `@unchecked Sendable`: written on the
/// simulation thread during the run, read after it.
private final class RebalanceRecorder: @unchecked Sendable {
    var times: [VirtualInstant] = []
}
