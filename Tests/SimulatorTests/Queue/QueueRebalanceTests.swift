import Testing
@testable import Simulator

/// Kafka's eager rebalance: a member that joins (or rejoins) its group makes every member commit
/// and revoke its partitions before the next generation is assigned, so without a failure nothing
/// is handed over twice and no two members read one partition in one generation; what a crashed
/// member had read but not committed is handed over again (at least once).
struct QueueRebalanceTests {
    /// Two members of group `g` reading all four partitions, committing every 5 s (auto-commit).
    static let group = ["c1", "c2"].map {
        QueueConsumerSpec(id: NodeID($0), group: "g", targets: QueueHarness.everything, commitInterval: .seconds(5))
    }

    /// Per partition, the offsets handed to the group in the order they came.
    static func offsetsInOrder(_ ledger: QueueLedger, _ partition: TopicPartition) -> [Int] {
        ledger.deliveries.filter { $0.partition == partition }.map(\.offset)
    }

    @Test func aMemberJoiningLateGetsItsPartitionsFromWhereTheOwnerCommittedOnRevokingThem() throws {
        var harness = QueueHarness()
        harness.producers = QueueHarness.seedProducers(messages: 1_000, rate: 100)
        harness.consumers = Self.group
        // c2 is down before its first poll and joins at 7.5 s, 2.5 s after c1's last auto-commit.
        harness.faults = [.init(at: .after(.milliseconds(50)), fault: .crash("c2")),
                          .init(at: .after(.milliseconds(7_500)), fault: .restart("c2", bootTime: .zero))]
        let outcome = try harness.run()
        let audit = outcome.audit
        #expect(audit.logs.map(\.records.count) == [500, 500, 500, 500])
        #expect(audit.delivered == ["g": 2_000])
        #expect(audit.duplicates == ["g": 0])
        #expect(audit.undelivered == ["g": 0])
        for log in audit.logs {
            #expect(Self.offsetsInOrder(outcome.queue.ledger, log.partition) == Array(0..<log.records.count))
        }
        // The rebalance did happen: after it both members read.
        let late = outcome.queue.ledger.deliveries.filter { $0.time > .after(.seconds(8)) }
        #expect(Set(late.map(\.consumer)) == ["c1", "c2"])
    }

    @Test func twoMembersStartingTogetherWithoutFaultsAreHandedEveryRecordOnceInOrder() throws {
        var harness = QueueHarness()
        harness.consumers = Self.group.map { var consumer = $0; consumer.commitInterval = .seconds(1); return consumer }
        let outcome = try harness.run()
        #expect(outcome.audit.delivered == ["g": 400])
        #expect(outcome.audit.duplicates == ["g": 0])
        for log in outcome.audit.logs {
            #expect(Self.offsetsInOrder(outcome.queue.ledger, log.partition) == Array(0..<log.records.count))
        }
    }

    @Test func aCrashedMembersUncommittedRecordsAreHandedOverAgainAndNothingElse() throws {
        var harness = QueueHarness()
        harness.producers = QueueHarness.seedProducers(messages: 1_000, rate: 100)
        harness.consumers = Self.group
        harness.faults = [.init(at: .after(.milliseconds(7_500)), fault: .crash("c1"))]
        let outcome = try harness.run()
        let audit = outcome.audit, ledger = outcome.queue.ledger
        #expect(audit.duplicates == audit.allowedDuplicates)
        // 236 while each poll asked the coordinator: the rounds, shorter without that round trip,
        // fall differently around c1's last commit.
        #expect(audit.duplicates == ["g": 244])
        #expect(audit.undelivered == ["g": 0])
        // Per partition, what came again is exactly the tail c1 read after its last commit.
        for log in audit.logs {
            let again = ledger.deliveries.filter { $0.partition == log.partition && $0.isDuplicate }.map(\.offset)
            let lastOfC1 = ledger.deliveries.filter { $0.partition == log.partition && $0.consumer == "c1" }.map(\.offset).max()
            if let first = again.first, let lastOfC1 {
                #expect(again == Array(first...lastOfC1))
            }
        }
    }

    @Test func theCoordinatorAssignsTheNextGenerationOnlyOnceEveryMemberHasRevoked() throws {
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation)
        let queue = try ShardedQueue(topics: QueueHarness.topics, brokers: 3, placement: try HashRing(virtualNodesPerNode: 160),
                                     configuration: QueueConfiguration(), network: network)
        let controller = queue.controller, partitions = queue.partitions(QueueHarness.everything)
        func poll(_ member: String, holding: Bool) -> QueueController.GroupView {
            controller.poll(group: "g", member: member, subscriptions: partitions, holding: holding)
        }
        let alone = poll("a", holding: false)
        #expect(alone.generation == 1 && alone.owned.map(\.partition) == partitions && !alone.isRebalancing)
        // b joins: the group prepares a rebalance; b is told nothing, a still owns generation 1.
        #expect(poll("b", holding: false) == .init(generation: 1, owned: [], isRebalancing: true))
        #expect(poll("a", holding: true).isRebalancing)
        // a commits before revoking (onJoinPrepare), still in generation 1.
        try controller.commit(group: "g", member: "a", generation: 1, partition: partitions[1], offset: 7)
        #expect(poll("b", holding: false).isRebalancing)
        let a = poll("a", holding: false), b = poll("b", holding: false)
        #expect(a.generation == 2 && b.generation == 2 && !a.isRebalancing && !b.isRebalancing)
        #expect((a.owned + b.owned).map(\.partition).sorted() == partitions)
        #expect(Set(a.owned.map(\.partition)).isDisjoint(with: b.owned.map(\.partition)))
        #expect((a.owned + b.owned).first { $0.partition == partitions[1] }?.committed == 7)
        #expect(throws: QueueError.fenced(group: "g", member: "a")) {
            try controller.commit(group: "g", member: "a", generation: 1, partition: partitions[0], offset: 9)
        }
        simulation.tearDown()
    }
}
