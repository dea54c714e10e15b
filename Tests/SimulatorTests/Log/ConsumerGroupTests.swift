import Testing
@testable import Simulator

/// Consumer groups share partitions and deliver at least once: what a consumer read but did not
/// commit before crashing is read again.
struct ConsumerGroupTests {
    let simulation = Simulation(seed: 102)
    let network: Network
    let log: PartitionedLog

    init() {
        network = Network(simulation: simulation)
        log = PartitionedLog(network: network, sessionTimeout: .seconds(10))
    }

    func values(_ records: [LogRecord]) -> [String] {
        records.map { "p\($0.partition)@\($0.offset)=" + String(decoding: $0.value, as: UTF8.self) }
    }

    func fill(_ log: PartitionedLog, partitions: Int, records: Int) async throws {
        try await log.createTopic("events", partitions: partitions)
        for index in 0..<records { _ = try await log.append(to: "events", key: nil, value: Array("e\(index)".utf8)) }
    }

    func run(_ body: @escaping @Sendable (PartitionedLog) async throws -> Void) throws {
        let log = log
        simulation.spawn("test") { _ in
            do { try await body(log) } catch { Issue.record("\(error)") }
        }
        try simulation.runToCompletion(timeLimit: .after(.seconds(600)))
    }

    @Test func aConsumerThatCrashesBeforeCommittingReadsTheSameRecordsAgain() throws {
        let consumer = LogConsumer("consumer-1", group: "g", topic: "events", log: log, network: network)
        let network = network
        try run { log in
            try await fill(log, partitions: 1, records: 10)
            let first = try await consumer.poll(maxRecords: 4)
            try await consumer.commit()
            let uncommitted = try await consumer.poll(maxRecords: 3)
            #expect(values(first) == ["p0@0=e0", "p0@1=e1", "p0@2=e2", "p0@3=e3"])
            #expect(values(uncommitted) == ["p0@4=e4", "p0@5=e5", "p0@6=e6"])
            network.crash("consumer-1")
            network.restart("consumer-1")
            let again = try await consumer.poll(maxRecords: 3)
            #expect(again == uncommitted)
            try await consumer.commit()
            network.crash("consumer-1")
            network.restart("consumer-1")
            #expect(values(try await consumer.poll(maxRecords: 10)) == ["p0@7=e7", "p0@8=e8", "p0@9=e9"])
            #expect(try await log.committedOffsets(group: "g", topic: "events") == [7])
        }
    }

    @Test func membersSplitThePartitionsAndASilentMembersShareIsRedeliveredToTheOther() throws {
        let first = LogConsumer("consumer-1", group: "g", topic: "events", log: log, network: network)
        let second = LogConsumer("consumer-2", group: "g", topic: "events", log: log, network: network)
        let simulation = simulation
        try run { log in
            try await fill(log, partitions: 4, records: 8)
            _ = try await first.poll(maxRecords: 0)
            #expect(await first.ownedPartitions == [0, 1, 2, 3])
            _ = try await second.poll(maxRecords: 0)
            // The second member's join rebalanced the group: the first must rejoin.
            await #expect(throws: LogClientError.log(.staleGeneration(group: "g", member: "consumer-1", generation: 1, current: 2))) {
                try await first.poll(maxRecords: 10)
            }
            let mine = try await first.poll(maxRecords: 10)
            #expect(await first.ownedPartitions == [0, 2])
            #expect(Set(mine.map(\.partition)) == [0, 2])
            let theirs = try await second.poll(maxRecords: 10)
            #expect(await second.ownedPartitions == [1, 3])
            #expect(values(theirs) == ["p1@0=e1", "p1@1=e5", "p3@0=e3", "p3@1=e7"])
            // consumer-2 goes silent without committing; after the session timeout its partitions
            // move to consumer-1, which reads them from the committed offsets (the start).
            try await first.commit()
            await simulation.sleep(for: .seconds(11))
            await #expect(throws: LogClientError.self) { try await first.poll(maxRecords: 10) }
            let takenOver = try await first.poll(maxRecords: 10)
            #expect(await first.ownedPartitions == [0, 1, 2, 3])
            #expect(values(takenOver) == ["p1@0=e1", "p1@1=e5", "p3@0=e3", "p3@1=e7"])
            #expect(await log.members(of: "g") == ["consumer-1"])
        }
    }

    @Test func aMemberOfAnOlderGenerationCannotCommit() throws {
        try run { log in
            try await fill(log, partitions: 2, records: 4)
            let old = try await log.joinGroup("g", topic: "events", member: "a")
            _ = try await log.joinGroup("g", topic: "events", member: "b")
            await #expect(throws: LogError.staleGeneration(group: "g", member: "a", generation: old.generation, current: old.generation + 1)) {
                try await log.commit(group: "g", member: "a", generation: old.generation, offsets: [LogPosition(partition: 0, offset: 2)])
            }
            #expect(try await log.committedOffsets(group: "g", topic: "events") == [0, 0])
            await #expect(throws: LogError.groupActive(group: "g", members: ["a", "b"])) {
                try await log.commitStandalone(group: "g", topic: "events", offsets: [LogPosition(partition: 0, offset: 1)])
            }
        }
    }
}
