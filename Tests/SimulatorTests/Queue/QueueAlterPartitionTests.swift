import Testing
@testable import Simulator

/// A leader changes its partition's in-sync set by asking the controller over the network
/// (Kafka's AlterPartition, KIP-497) and keeps the change pending until it is settled, counting
/// meanwhile on the maximal in-sync set: the committed one, still holding the follower it wants
/// to drop (`PendingShrinkIsr.maximalIsr`). So a leader that cannot reach the controller cannot
/// shrink past a dead follower, and its `acks=all` appends wait.
///
/// Seed 002's queue: T1:P1 has replicas broker-2 (leader) and broker-3. Every link takes 0.5 ms
/// one way, the replica timeout (also the AlterPartition request's timeout) is 0.5 s, a failed
/// AlterPartition request is sent again 50 ms after its failure (Kafka's fixed back-off), the
/// controller checks each broker every 1 s and declares it dead after 3 s of silence.
struct QueueAlterPartitionTests {
    static let partition = TopicPartition("T1", 0)

    /// Three records to T1:P1 at 0, 1 and 2 s from a producer that waits 3 s for an answer.
    static func harness(faults: [FaultSchedule.Entry]) -> QueueHarness {
        var harness = QueueHarness()
        harness.producers = [QueueProducerSpec(id: "producer-1", targets: [.partition(partition)], messages: 3, rate: 1, timeout: .seconds(3))]
        harness.consumers = []
        harness.faults = faults
        return harness
    }

    static func events(_ outcome: QueueHarness.Outcome, of partition: TopicPartition? = nil) -> [String] {
        outcome.queue.controller.events.filter { partition == nil || $0.partition == partition }.map {
            "\($0.time.seconds) \($0.kind.rawValue) \($0.partition?.description ?? "-") \($0.broker)"
        }
    }

    static func acknowledgements(_ outcome: QueueHarness.Outcome) -> [String] {
        outcome.queue.ledger.acknowledged.map { "\($0.time.seconds) #\($0.message.sequence) at \($0.offset)" }
    }

    /// The follower crashes at 0.5 s and the controller is cut off from every other node from
    /// 0.5 s to 2.2 s (too short for it to declare the leader dead). The record sent at 1 s is
    /// appended at 1.0005 s; its copy to the crashed follower times out at 1.5005 s, and the
    /// leader asks the controller to drop it: unreachable one hop later, asked again 50 ms after
    /// each failure — every 50.5 ms, at 1.5005 + 0.0505·k s — the 14th retry (2.2075 s) after the
    /// heal, accepted at 2.208 s. Until then the record is not acknowledged — the in-sync set
    /// still holds the follower (the copy sent again to it at 2.0005 s, a catch-up interval into
    /// the pending shrink, meets a crashed node) — and the answer leaves with the controller's
    /// at 2.2085 s (at the producer 2.209 s). The next record, due at 2 s and sent once that
    /// answer is in, needs no follower: 2.21 s. (Before the back-off was Kafka's, the request
    /// was sent again a replica timeout after each attempt started: accepted at 2.501 s.)
    @Test func aLeaderCutOffFromTheControllerCannotShrinkItsInSyncSetAndItsAppendsWait() throws {
        let outcome = try Self.harness(faults: [
            .init(at: .after(.milliseconds(500)), fault: .crash("broker-3")),
            .init(at: .after(.milliseconds(500)), fault: .partition([["controller"]])),
            .init(at: .after(.milliseconds(2_200)), fault: .heal),
        ]).run()
        #expect(Self.events(outcome, of: Self.partition) == ["2.208 left the in-sync set T1:P1 3"])
        #expect(Self.acknowledgements(outcome) == ["0.002 #0 at 0", "2.209 #1 at 1", "2.21 #2 at 2"])
        #expect(outcome.audit.logs[0].inSync == [2])
        #expect(outcome.audit.logs[0].records.count == 3)
        #expect(outcome.audit.lostAcknowledged == 0)
    }

    /// The same with the controller crashed from 0.5 s and restarted (at once) at 2.2 s: the
    /// request sent at 1.5005 s gets no answer and times out at 2.0005 s; the one sent 50 ms
    /// later (2.0505 s) reaches the still crashed controller and times out at 2.5505 s; the third
    /// (2.6005 s) is accepted at 2.601 s, answered at the leader 2.6015 s (producer 2.602 s).
    /// A crashed controller accepts no shrink. (Sent again a replica timeout after each start,
    /// the third went at 2.5005 s: accepted at 2.501 s.)
    @Test func aCrashedControllerAcceptsNoShrink() throws {
        let outcome = try Self.harness(faults: [
            .init(at: .after(.milliseconds(500)), fault: .crash("broker-3")),
            .init(at: .after(.milliseconds(500)), fault: .crash("controller")),
            .init(at: .after(.milliseconds(2_200)), fault: .restart("controller", bootTime: .zero)),
        ]).run()
        #expect(Self.events(outcome, of: Self.partition) == ["2.601 left the in-sync set T1:P1 3"])
        #expect(Self.acknowledgements(outcome) == ["0.002 #0 at 0", "2.602 #1 at 1", "2.603 #2 at 2"])
        #expect(outcome.audit.logs[0].inSync == [2])
    }

    /// broker-2 (with its producer) is cut off from the controller and every other broker from
    /// 0.5 s to 3.8 s. The record sent at 1 s is appended at 1.0005 s; its copy to broker-3 is
    /// unreachable at 1.001 s, and the shrink the leader asks for from then on never reaches the
    /// controller. The controller's checks of broker-2 (1 s, 2.0005 s, 3.001 s) all fail, so at
    /// 3.0015 s it declares it dead and elects broker-3, still in the in-sync set — not taking
    /// T1:P1 offline, as a shrink made behind the controller's back did. The old leader's
    /// attempts, unreachable one hop after each and sent again 50 ms later, go at
    /// 1.001 + 0.0505·k s; at the first after the election (k = 40, 3.021 s) it sees it was
    /// replaced: its change is dropped, and the record is refused (not the leader), never
    /// acknowledged. Checked again at 4.0015 s, broker-2 is back (4.0025 s); its catch-up round
    /// at 4.5 s drops the unacknowledged record, and it rejoins each set through the leader's
    /// AlterPartition, one round trip after its rejoin request (4.502, 4.504, 4.506 s). The
    /// producer's retry at 6.0215 s (its 3 s back-off after the refusal reached it at 3.0215 s)
    /// goes to broker-3, which copies it to broker-2 (one round trip): answered at 6.0235 s; the
    /// last record at 6.0255 s. (With the retry a replica timeout after each start, the old
    /// leader learnt it at 3.501 s, and the records were answered at 6.5035 and 6.5055 s.)
    @Test func aLeaderReplacedWhileItsShrinkIsPendingChangesNothing() throws {
        let outcome = try Self.harness(faults: [
            .init(at: .after(.milliseconds(500)), fault: .partition([["broker-2", "producer-1"]])),
            .init(at: .after(.milliseconds(3_800)), fault: .heal),
        ]).run()
        #expect(Self.events(outcome) == [
            "3.0015 broker dead - 2", "3.0015 leader elected T1:P1 3", "3.0015 left the in-sync set T1:P2 2",
            "3.0015 left the in-sync set T2:P2 2", "4.0025 broker back - 2", "4.502 joined the in-sync set T1:P1 2",
            "4.504 joined the in-sync set T1:P2 2", "4.506 joined the in-sync set T2:P2 2",
        ])
        #expect(Self.acknowledgements(outcome) == ["0.002 #0 at 0", "6.0235 #1 at 1", "6.0255 #2 at 2"])
        #expect(outcome.audit.logs[0].leader == 3)
        #expect(outcome.audit.logs[0].inSync == [2, 3])
        #expect(outcome.audit.logs[0].records.map(\.epoch) == [0, 1, 1])
        #expect(outcome.audit.lostAcknowledged == 0)
    }

    /// The controller's checks, called directly: a request from a replaced leader (older leader
    /// epoch, or not the leader) is FENCED_LEADER_EPOCH, one built on an older in-sync set is
    /// INVALID_UPDATE_VERSION, and neither changes anything; a current one is applied and bumps
    /// the partition epoch, after which its own retry is stale.
    @Test func theControllerRefusesAFencedOrStaleRequestAndChangesNothing() throws {
        let simulation = Simulation(seed: 2)
        let network = Network(simulation: simulation)
        let queue = try ShardedQueue(topics: QueueHarness.topics, brokers: 3, placement: try HashRing(virtualNodesPerNode: 160),
                                     configuration: QueueConfiguration(), network: network)
        let controller = queue.controller
        func request(leader: Int = 2, leaderEpoch: Int = 0, partitionEpoch: Int = 0) -> QueueController.AlterPartitionRequest {
            .init(partition: Self.partition, leader: leader, leaderEpoch: leaderEpoch, partitionEpoch: partitionEpoch, proposed: [leader])
        }
        let before = try #require(controller.state(of: Self.partition))
        #expect(before.inSync == [2, 3])
        #expect(controller.alterPartition(request(leaderEpoch: -1)) == .fencedLeaderEpoch)
        #expect(controller.alterPartition(request(leader: 3)) == .fencedLeaderEpoch)
        #expect(controller.alterPartition(request(partitionEpoch: 7)) == .invalidUpdateVersion)
        #expect(controller.state(of: Self.partition) == before)
        #expect(controller.events.isEmpty)
        #expect(controller.alterPartition(request()) == .accepted(partitionEpoch: 1))
        #expect(controller.state(of: Self.partition)?.inSync == [2])
        #expect(controller.alterPartition(request()) == .invalidUpdateVersion)
        #expect(controller.events.map(\.kind) == [.leftInSync])
        simulation.tearDown()
    }
}
