import Testing
@testable import Simulator

/// A group whose members subscribe to many partitions: a rebalance gathers each partition's
/// subscribers in one pass and a poll reads its member's assignment, where asking every member's
/// list about every partition made one consumer of 100,000 partitions take 23 s.
struct QueueLargeSubscriptionTests {
    /// A controller over topics T (`partitions` partitions) and U (10), one copy each on one broker.
    static func controller(partitions: Int) throws -> QueueController {
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation, defaultLink: .lan)
        var ring = try HashRing(virtualNodesPerNode: 160)
        try ring.add(node: 1)
        let all = (0..<partitions).map { TopicPartition("T", $0) } + (0..<10).map { TopicPartition("U", $0) }
        return QueueController(placement: PartitionPlacement(all, replication: 1, placement: ring), configuration: QueueConfiguration(replication: 1), network: network)
    }

    @Test func eachPartitionGoesInTurnToTheMembersSubscribedToItWhateverTheSubscriptionsSize() throws {
        let controller = try Self.controller(partitions: 40_000)
        let a = (0..<40_000).map { TopicPartition("T", $0) }
        let b = (20_000..<40_000).map { TopicPartition("T", $0) } + (0..<10).map { TopicPartition("U", $0) }
        // a alone: its own generation, every partition of T.
        let alone = controller.poll(group: "g", member: "a", subscriptions: a, holding: false)
        #expect(alone.generation == 1)
        #expect(alone.owned.count == 40_000)
        #expect(alone.owned.map(\.committed).allSatisfy { $0 == 0 })
        // b joins: a rebalance is prepared until a has rejoined holding nothing.
        #expect(controller.poll(group: "g", member: "b", subscriptions: b, holding: false).isRebalancing)
        let viewA = controller.poll(group: "g", member: "a", subscriptions: a, holding: false)
        let viewB = controller.poll(group: "g", member: "b", subscriptions: b, holding: false)
        #expect(viewA.generation == 2 && viewB.generation == 2)
        // T:P1 … T:P20000 have a alone; from T:P20001 on, turns alternate (the 20,001st partition
        // in order is an even turn: a's); U's ten are b's alone.
        #expect(viewA.owned.count == 30_000)
        #expect(viewB.owned.count == 10_010)
        #expect(viewA.owned.prefix(20_001).map(\.partition) == Array(a.prefix(20_001)))
        #expect(viewB.owned.first?.partition == TopicPartition("T", 20_001))
        #expect(viewB.owned.suffix(10).map(\.partition) == (0..<10).map { TopicPartition("U", $0) })
        // Nothing is owned twice, nothing subscribed is left out, and each list is sorted.
        #expect(Set(viewA.owned.map(\.partition)).isDisjoint(with: viewB.owned.map(\.partition)))
        #expect(Set(viewA.owned.map(\.partition) + viewB.owned.map(\.partition)) == Set(a + b))
        #expect(viewB.owned.map(\.partition) == viewB.owned.map(\.partition).sorted())
    }
}
