import Testing
@testable import Simulator

/// Each group's coordinator is a broker — the first replica of the group's offsets partition the
/// controller considers alive (preferred: FNV-1a of the group's name mod the brokers, then the next
/// brokers in number order) — not the controller. Seed 002's queue (three brokers, replication 2,
/// checks every 1 s, a 3 s session timeout): group consumer-1's offsets replicas are brokers 3 and
/// 1, consumer-2's brokers 1 and 2; broker-3 leads no partition at first.
struct QueueCoordinatorTests {
    /// Seed 002's queue with `faults`; `producing` says the two producers send 1,500 records each
    /// over 15 s (rather than 200 over 2 s), so there is something to read across the faults.
    static func harness(_ faults: [FaultSchedule.Entry], consumers: [QueueConsumerSpec] = QueueHarness.seedConsumers,
                        producing: Bool = false) -> QueueHarness {
        var harness = QueueHarness()
        harness.faults = faults
        harness.consumers = consumers
        if producing { harness.producers = QueueHarness.seedProducers(messages: 1_500, rate: 100) }
        return harness
    }

    static func loaded(_ group: String, _ reason: String, members: Int) -> String {
        "loaded \(group) (\(reason)): \(members) members watched from now"
    }

    @Test func eachGroupIsCoordinatedByTheFirstLiveReplicaOfItsOffsetsPartition() throws {
        // FNV-1a 64 of the name mod 3, in broker-number order: position 2 (broker-3) and 0 (broker-1).
        #expect(StableHash.fnv1a64("consumer-1") % 3 == 2)
        #expect(StableHash.fnv1a64("consumer-2") % 3 == 0)
        let outcome = try Self.harness([]).run()
        let controller = outcome.queue.controller
        #expect(controller.offsetsReplicas(of: "consumer-1") == [3, 1])
        #expect(controller.offsetsReplicas(of: "consumer-2") == [1, 2])
        #expect(controller.coordinator(of: "consumer-1") == 3)
        #expect(controller.coordinator(of: "consumer-2") == 1)
        #expect(controller.groups["consumer-1"]?.coordinator == 3)
        #expect(controller.groups["consumer-2"]?.coordinator == 1)
        // The group's decisions are its coordinator's: each group's first generation.
        // The first polls leave at 0.1 s and take a LAN hop (0.5 ms).
        #expect(outcome.times(of: "rebalance consumer-1 generation 1", by: "broker-3") == [.after(.microseconds(100_500))])
        #expect(outcome.times(of: "rebalance consumer-2 generation 1", by: "broker-1") == [.after(.microseconds(100_500))])
        #expect(!outcome.decisions.contains { $0.text.hasPrefix("loaded") })
        #expect(outcome.audit.undelivered == ["consumer-1": 0, "consumer-2": 0])
        #expect(outcome.audit.duplicates == ["consumer-1": 0, "consumer-2": 0])
    }

    @Test func theOffsetsPartitionHasAsManyReplicasAsTheTopics() throws {
        var harness = Self.harness([])
        harness.configuration = QueueConfiguration(replication: 3)
        harness.duration = .seconds(1)
        let controller = try harness.run().queue.controller
        #expect(controller.offsetsReplicas(of: "consumer-1") == [3, 1, 2])
        #expect(controller.offsetsReplicas(of: "consumer-2") == [1, 2, 3])
    }

    /// broker-3, consumer-1's coordinator, crashes at 5.5 s for good. Its group has no coordinator
    /// that answers until the controller declares broker-3 dead — at 9.005 s, its check that
    /// times out three seconds after the last one broker-3 answered — and moves it to broker-1,
    /// which loads it then. consumer-1's commits to broker-3 wait out their timeouts and its
    /// session runs out: it hands nothing over from the crash until its heartbeat of 10 s, the
    /// first to reach broker-1, is answered. It keeps its partitions (same generation, no
    /// rebalance, no eviction), so nothing is handed over twice or lost.
    @Test func aCrashedCoordinatorsGroupMovesWhenTheControllerDeclaresItDead() throws {
        let outcome = try Self.harness([.init(at: .after(.milliseconds(5_500)), fault: .crash("broker-3"))], producing: true).run()
        let controller = outcome.queue.controller
        let moved = VirtualInstant.after(.milliseconds(9_005))
        #expect(controller.events.filter { $0.kind == .brokerDead }.map(\.time) == [moved])
        #expect(outcome.times(of: Self.loaded("consumer-1", "moved from broker-3", members: 1), by: "broker-1") == [moved])
        #expect(outcome.decisions.filter { $0.text.hasPrefix("loaded") }.count == 1)
        #expect(controller.coordinator(of: "consumer-1") == 1)
        #expect(controller.coordinator(of: "consumer-2") == 1)
        #expect(controller.groups["consumer-1"]?.generation == 1)
        #expect(!outcome.decisions.contains { $0.text.hasPrefix("evicted") || $0.text.hasPrefix("prepare rebalance consumer-1 after generation 1") })
        let handed = outcome.queue.ledger.deliveries.filter { $0.consumer == "consumer-1" }.map(\.time)
        #expect(handed.last { $0 < moved } == .after(.milliseconds(5_505)))
        #expect(handed.first { $0 > moved } == .after(.milliseconds(10_006)))
        #expect(outcome.audit.delivered == ["consumer-1": 3_000, "consumer-2": 3_000])
        #expect(outcome.audit.undelivered == ["consumer-1": 0, "consumer-2": 0])
        #expect(outcome.audit.duplicates == ["consumer-1": 0, "consumer-2": 0])
        #expect(outcome.audit.lostAfterDelivery == ["consumer-1": 0, "consumer-2": 0])
    }

    /// Group g (coordinator broker-3) has members c1 and c2; broker-3 and c1 crash at 5.5 s. The
    /// group moves to broker-1 at 9.005 s, and every member gets a full session timeout from the
    /// load: c1 is evicted at 12.005 s, not at once (the last thing broker-3 heard from it, or from
    /// c2, is over 3 s old by then); c2 is never evicted and reads every partition from generation 3.
    @Test func theNewCoordinatorGivesEveryMemberASessionTimeoutFromTheLoad() throws {
        let members = ["c1", "c2"].map { QueueConsumerSpec(id: NodeID($0), group: "g", targets: QueueHarness.everything) }
        let outcome = try Self.harness([.init(at: .after(.milliseconds(5_500)), fault: .crash("broker-3")),
                                        .init(at: .after(.milliseconds(5_500)), fault: .crash("c1"))], consumers: members, producing: true).run()
        let load = VirtualInstant.after(.milliseconds(9_005))
        #expect(outcome.queue.controller.events.filter { $0.kind == .brokerDead }.map(\.time) == [load])
        #expect(outcome.times(of: Self.loaded("g", "moved from broker-3", members: 2), by: "broker-1") == [load])
        #expect(outcome.times(of: "evicted c1 from g", by: "broker-1") == [load.advanced(by: .seconds(3))])
        #expect(!outcome.decisions.contains { $0.text == "evicted c2 from g" })
        #expect(outcome.times(of: "rebalance g generation 3", by: "broker-1") == [.after(.microseconds(13_104_500))])
        let group = try #require(outcome.queue.controller.groups["g"])
        #expect(group.owners.count == 4 && group.owners.values.allSatisfy { $0 == "c2" })
        #expect(outcome.audit.delivered == ["g": 3_000])
        #expect(outcome.audit.undelivered == ["g": 0])
        // What c1 had read and not committed would be handed over again, as allowed: it had
        // committed everything it was handed (its last commit answered before the crash).
        #expect(outcome.audit.duplicates == outcome.audit.allowedDuplicates)
        #expect(outcome.audit.duplicates == ["g": 0])
    }

    /// broker-3 restarts at 6.5 s, before the controller notices it was down: it loads consumer-1
    /// again on its return (its expiry timers were lost with its process), and the group never moves.
    @Test func aCoordinatorThatRestartsLoadsItsGroupsAgain() throws {
        let outcome = try Self.harness([.init(at: .after(.milliseconds(5_500)), fault: .crash("broker-3")),
                                        .init(at: .after(.milliseconds(6_500)), fault: .restart("broker-3", bootTime: .zero))], producing: true).run()
        #expect(outcome.queue.controller.events.filter { $0.kind == .brokerDead }.isEmpty)
        #expect(outcome.times(of: Self.loaded("consumer-1", "restarted", members: 1), by: "broker-3") == [.after(.milliseconds(6_500))])
        #expect(outcome.decisions.filter { $0.text.hasPrefix("loaded") }.count == 1)
        #expect(!outcome.decisions.contains { $0.text.hasPrefix("evicted") })
        let handed = outcome.queue.ledger.deliveries.filter { $0.consumer == "consumer-1" }.map(\.time)
        #expect(!handed.contains { $0 > .after(.milliseconds(5_505)) && $0 < .after(.milliseconds(6_609)) })
        #expect(outcome.audit.undelivered == ["consumer-1": 0, "consumer-2": 0])
        #expect(outcome.audit.duplicates == ["consumer-1": 0, "consumer-2": 0])
    }

    /// A partition cuts broker-3 off from everyone at 5.5 s — consumer-1 (its group's member) and the
    /// controller included — until 12 s. consumer-1's calls to it are refused, and it hands nothing
    /// over once a session timeout has passed since its last answered heartbeat (5 s); the
    /// controller, its checks refused too, declares broker-3 dead at 8.0065 s, three seconds after
    /// the last one it answered, and the group moves to broker-1, which consumer-1's heartbeat of
    /// 9 s reaches. broker-3's process ran throughout, but it was replaced before consumer-1's
    /// session ended there: no one is evicted. When broker-3 answers the controller again (12.009 s)
    /// the group goes back to it, its preferred replica, which loads it: nothing is handed over twice.
    @Test func aPartitionCuttingTheCoordinatorOffMovesItsGroupAndBack() throws {
        let outcome = try Self.harness([.init(at: .after(.milliseconds(5_500)), fault: .partition([["broker-3"]])),
                                        .init(at: .after(.seconds(12)), fault: .heal)], producing: true).run()
        let events = outcome.queue.controller.events
        let moved = VirtualInstant.after(.microseconds(8_006_500)), back = VirtualInstant.after(.milliseconds(12_009))
        #expect(events.filter { $0.kind == .brokerDead }.map(\.time) == [moved])
        #expect(events.filter { $0.kind == .brokerBack }.map(\.time) == [back])
        #expect(outcome.times(of: Self.loaded("consumer-1", "moved from broker-3", members: 1), by: "broker-1") == [moved])
        #expect(outcome.times(of: Self.loaded("consumer-1", "moved from broker-1", members: 1), by: "broker-3") == [back])
        #expect(outcome.decisions.filter { $0.text.hasPrefix("loaded") }.count == 2)
        #expect(!outcome.decisions.contains { $0.text.hasPrefix("evicted") || $0.text.hasPrefix("prepare rebalance consumer-1 after generation 1") })
        #expect(outcome.queue.controller.coordinator(of: "consumer-1") == 3)
        let handed = outcome.queue.ledger.deliveries.filter { $0.consumer == "consumer-1" }.map(\.time)
        #expect(handed.last { $0 < moved } == .after(.milliseconds(7_943)))
        #expect(handed.first { $0 > moved } == .after(.milliseconds(9_046)))
        // consumer-2's coordinator, broker-1, is on the other side with it: nothing happens to it.
        #expect(!outcome.decisions.contains { $0.text.hasPrefix("loaded consumer-2") })
        #expect(outcome.audit.delivered == ["consumer-1": 3_000, "consumer-2": 3_000])
        #expect(outcome.audit.undelivered == ["consumer-1": 0, "consumer-2": 0])
        #expect(outcome.audit.duplicates == ["consumer-1": 0, "consumer-2": 0])
    }

    /// The controller is down from 1 s to 5 s and broker-3 crashes at 2 s: no group moves while the
    /// controller is down (its metadata is frozen); it declares broker-3 dead 3 s after its restart,
    /// and only then does consumer-1's group move to broker-1.
    @Test func noGroupMovesWhileTheControllerIsDown() throws {
        let outcome = try Self.harness([.init(at: .after(.seconds(1)), fault: .crash("controller")),
                                        .init(at: .after(.seconds(2)), fault: .crash("broker-3")),
                                        .init(at: .after(.seconds(5)), fault: .restart("controller", bootTime: .zero))], producing: true).run()
        #expect(outcome.queue.controller.events.filter { $0.kind == .brokerDead }.map(\.time) == [.after(.seconds(8))])
        #expect(outcome.decisions.filter { $0.text.hasPrefix("loaded") }.map(\.time) == [.after(.seconds(8))])
        #expect(outcome.times(of: Self.loaded("consumer-1", "moved from broker-3", members: 1), by: "broker-1") == [.after(.seconds(8))])
        // consumer-1 hands nothing over from a session timeout after its last answered heartbeat
        // (2 s, its commits to broker-3 waiting out their timeouts meanwhile) until broker-1 answers.
        let handed = outcome.queue.ledger.deliveries.filter { $0.consumer == "consumer-1" }.map(\.time)
        #expect(!handed.contains { $0 > .after(.milliseconds(2_049)) && $0 < .after(.milliseconds(8_050)) })
        #expect(outcome.audit.undelivered == ["consumer-1": 0, "consumer-2": 0])
        #expect(outcome.audit.duplicates == ["consumer-1": 0, "consumer-2": 0])
    }
}
