import Testing
@testable import Simulator

/// A consumer group is not bound to one topic: as Kafka does, the log keeps a group's committed
/// offsets per topic and partition, a topic new to the group is read from its start, and the
/// members reading each topic share that topic's partitions. A group that had read one topic was
/// refused another ("group 'g' consumes topic 't', not 'u'").
struct ConsumerGroupTopicsTests {
    let simulation = Simulation(seed: 7)
    let network: Network
    let log: PartitionedLog

    init() {
        network = Network(simulation: simulation)
        log = PartitionedLog(network: network, sessionTimeout: .seconds(10))
    }

    /// Topic `t` of 2 partitions and `u` of 3, each holding 6 records.
    func fill(_ log: PartitionedLog) async throws {
        try await log.createTopic("t", partitions: 2)
        try await log.createTopic("u", partitions: 3)
        for index in 0..<6 {
            _ = try await log.append(to: "t", key: nil, value: Array("t\(index)".utf8))
            _ = try await log.append(to: "u", key: nil, value: Array("u\(index)".utf8))
        }
    }

    func run(_ body: @escaping @Sendable (PartitionedLog) async throws -> Void) throws {
        let log = log
        simulation.spawn("test") { _ in
            do { try await body(log) } catch { Issue.record("\(error)") }
        }
        try simulation.runToCompletion(timeLimit: .after(.seconds(600)))
    }

    @Test func aGroupCommitsEachTopicsOffsetsApart() throws {
        try run { log in
            try await fill(log)
            try await log.commitStandalone(group: "g", topic: "t", offsets: [LogPosition(partition: 0, offset: 3), LogPosition(partition: 1, offset: 2)])
            // A topic the group never committed is read from its start.
            #expect(try await log.committedOffsets(group: "g", topic: "u") == [0, 0, 0])
            try await log.commitStandalone(group: "g", topic: "u", offsets: [LogPosition(partition: 2, offset: 1)])
            #expect(try await log.committedOffsets(group: "g", topic: "t") == [3, 2])
            #expect(try await log.committedOffsets(group: "g", topic: "u") == [0, 0, 1])
        }
    }

    @Test func membersReadingDifferentTopicsEachGetTheirTopicsPartitions() throws {
        try run { log in
            try await fill(log)
            try await log.commitStandalone(group: "g", topic: "u", offsets: [LogPosition(partition: 1, offset: 1)])
            _ = try await log.joinGroup("g", topic: "t", member: "a")
            _ = try await log.joinGroup("g", topic: "u", member: "b")
            let c = try await log.joinGroup("g", topic: "u", member: "c")
            // One rebalance a join: the generation is the group's, whatever the topic.
            #expect(c.generation == 3)
            let a = try await log.joinGroup("g", topic: "t", member: "a")
            let b = try await log.joinGroup("g", topic: "u", member: "b")
            #expect(a == GroupAssignment(generation: 3, partitions: [0, 1], committedOffsets: [0, 0]))
            #expect(b == GroupAssignment(generation: 3, partitions: [0, 2], committedOffsets: [0, 0]))
            #expect(c == GroupAssignment(generation: 3, partitions: [1], committedOffsets: [1]))
            let read = try await log.fetch(group: "g", member: "c", generation: 3, partition: 1, from: 1, maxRecords: 10)
            #expect(read.map { String(decoding: $0.value, as: UTF8.self) } == ["u4"])
            try await log.commit(group: "g", member: "a", generation: 3, offsets: [LogPosition(partition: 1, offset: 3)])
            #expect(try await log.committedOffsets(group: "g", topic: "t") == [0, 3])
            #expect(try await log.committedOffsets(group: "g", topic: "u") == [0, 1, 0])
        }
    }

    @Test func aMemberMovingToAnotherTopicRebalances() throws {
        try run { log in
            try await fill(log)
            let first = try await log.joinGroup("g", topic: "t", member: "a")
            #expect(try await log.joinGroup("g", topic: "t", member: "a").generation == first.generation)
            let moved = try await log.joinGroup("g", topic: "u", member: "a")
            #expect(moved == GroupAssignment(generation: first.generation + 1, partitions: [0, 1, 2], committedOffsets: [0, 0, 0]))
        }
    }
}
