import Simulator
import Testing
@testable import Scenarios

/// A paused consumer sends nothing, its heartbeats included (a GC pause or SIGSTOP freezes
/// Kafka's heartbeat thread with the rest of the process), so a pause longer than the session
/// timeout gets it evicted; and a consumer whose polls stall leaves its group at its poll deadline,
/// not at the next heartbeat. Both found by the outside checker: the paused consumer kept
/// heartbeating and was never evicted, and the leave came up to a heartbeat interval late.
struct WorldQueuePauseTests {
    static let paused = """
        name: paused-consumer
        seed: 3
        run: {duration: 20s}
        network: {latency: 1ms}
        queue:
          brokers: 3
          replication: 3
          acks: all
          min_insync_replicas: 2
          heartbeat_interval: 1s
          session_timeout: 3s
          topics: [{name: T, partitions: 2}]
          producers:
            - {name: p1, to: ["T:*"], messages: 300, rate: 20}
          consumers:
            - {name: c1, group: g, from: ["T:*"], commit_interval: 2s}
            - {name: c2, group: g, from: ["T:*"], commit_interval: 2s}
        faults:
          - {at: 5.5s, pause: c1, for: 5s}
        expect: [queue.lost_acknowledged == 0, queue.undelivered == 0, queue.lost_after_delivery == 0]
        """

    static let stalled = """
        name: stalled-polls
        seed: 3
        run: {duration: 30s}
        network:
          latency: 1ms
          links:
            - {from: c1, to: broker-2, drop_rate: 1}
        queue:
          brokers: 3
          replication: 2
          acks: all
          heartbeat_interval: 1s
          session_timeout: 10s
          topics: [{name: T, partitions: 2}]
          producers:
            - {name: p1, to: ["T:*"], messages: 400, rate: 20}
          consumers:
            - {name: c1, group: g, from: ["T:*"], timeout: 4s, max_poll_interval: 3s, commit_interval: 0s}
            - {name: c2, group: g, from: ["T:*"], timeout: 4s, max_poll_interval: 3s, commit_interval: 0s}
        expect: [queue.lost_acknowledged == 0]
        """

    /// The run's `custom` trace events: the group's and the consumers' decisions.
    static func run(_ text: String) throws -> (result: RunResult, decisions: [(VirtualInstant, String)]) {
        let recorder = DecisionRecorder()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "world.yaml"), seed: 3, traceSink: { event in
            if event.kind == .custom { recorder.decisions.append((event.time, event.object)) }
        })
        return (result, recorder.decisions)
    }

    @Test func aPausedConsumerIsEvictedASessionTimeoutAfterItsLastHeartbeat() throws {
        let (result, decisions) = try Self.run(Self.paused)
        #expect(result.passed, "\(result.checks.filter { !$0.holds })")
        // Its last heartbeat before the pause left at 5 s (1 ms to the coordinator): evicted 3 s later.
        let eviction = try #require(decisions.first { $0.1 == "evicted c1 from g" })
        #expect(eviction.0 == .after(.milliseconds(8_001)))
        // It learns it lost its partitions after it resumes at 10.5 s (a call whose deadline passed
        // while it was frozen times out at the resume, as a stopped process's timers fire late),
        // and the group takes it back.
        let lost = try #require(decisions.first { $0.1 == "partitions lost g" })
        #expect(lost.0 == .after(.milliseconds(10_600)))
        #expect(decisions.filter { $0.1.hasPrefix("rebalance g generation") }.count == 4)
    }

    /// The second checker's `q12.yaml`: g1's coordinator, broker-2 (FNV-1a of `g1` mod 3 is 1),
    /// paused for 2.5 s. Its session checks ran while it was frozen and evicted both members at
    /// 7.169 s and 7.444 s (then a rebalance and 64 duplicates), where a crash evicted no one. A
    /// frozen process runs no timers: the checks wait for the resume and come after the members'
    /// held heartbeats, so no one is evicted.
    @Test func aPausedCoordinatorEvictsNoOneWhoseHeartbeatsItHeld() throws {
        let world = """
            seed: 1
            run: {duration: 40s}
            network: {latency: {uniform: {min: 1ms, max: 3ms}}}
            queue:
              brokers: 3
              replication: 2
              acks: all
              heartbeat_interval: 1s
              session_timeout: 3s
              replica_timeout: 500ms
              topics: [{name: T, partitions: 3}]
              producers: [{name: p1, to: ["T:*"], messages: 2000, rate: 100}]
              consumers:
                - {name: c1, group: g1, from: ["T:*"], commit_interval: 1s}
                - {name: c2, group: g1, from: ["T:*"], commit_interval: 1s}
            faults: [{at: 5s, pause: broker-2, for: 2500ms}]
            """
        let (result, decisions) = try Self.run(world)
        #expect(!decisions.contains { $0.1.hasPrefix("evicted") })
        // The group's generations are the members' joins at the start; none after the pause.
        #expect(decisions.filter { $0.1.hasPrefix("rebalance g1 generation") }.allSatisfy { $0.0 < .after(.seconds(5)) })
        let queue = try #require(result.queue)
        #expect(queue.audit.undelivered == ["g1": 0] && queue.audit.duplicates == ["g1": 0])
    }

    @Test func aConsumerWhosePollsStallLeavesAtItsPollDeadline() throws {
        let (_, decisions) = try Self.run(Self.stalled)
        // c1's fetches from broker-2 (T:P2's leader) are lost, so its first round, holding both
        // partitions, lasts past its 4 s timeout; g's coordinator, broker-3 (T:P1's leader), hears
        // it. c1's last poll started at 0.1 s: it leaves 3 s later, not at the heartbeat of 4 s.
        let leave = try #require(decisions.first { $0.1 == "poll timeout, leaving g" })
        #expect(leave.0 == .after(.milliseconds(3_100)))
    }
}

private final class DecisionRecorder: @unchecked Sendable {
    var decisions: [(VirtualInstant, String)] = []
}
