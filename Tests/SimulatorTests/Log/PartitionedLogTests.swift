import Testing
@testable import Simulator

/// Records collected by test tasks. `@unchecked Sendable`: one simulation thread.
final class LogTranscript: @unchecked Sendable {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

/// Topics, partitions and offsets: keyed records land by MurmurHash3, in order, numbered from 0.
@Suite struct PartitionedLogTests {
    let simulation = Simulation(seed: 101)
    let network: Network
    let log: PartitionedLog
    let transcript = LogTranscript()

    init() {
        network = Network(simulation: simulation)
        log = PartitionedLog(network: network)
    }

    func run(_ body: @escaping @Sendable (PartitionedLog) async throws -> Void) throws {
        let log = log
        simulation.spawn("test") { _ in
            do { try await body(log) } catch { Issue.record("\(error)") }
        }
        try simulation.runToCompletion(timeLimit: .after(.seconds(600)))
    }

    @Test func keyedRecordsLandByMurmurHashInOrderWithConsecutiveOffsets() throws {
        let transcript = transcript
        try run { log in
            try await log.createTopic("events", partitions: 3)
            for index in 0..<30 {
                let key = Array("user-\(index % 7)".utf8)
                let position = try await log.append(to: "events", key: key, value: Array("event-\(index)".utf8))
                #expect(position.partition == Int(MurmurHash3.x86_32(key) % 3))
            }
            for partition in 0..<3 {
                let records = try await log.read(topic: "events", partition: partition, from: 0, maxRecords: 100)
                #expect(records.map(\.offset) == Array(0..<records.count))
                let numbers = records.map { Int(String(decoding: $0.value.dropFirst(6), as: UTF8.self))! }
                #expect(numbers == numbers.sorted())
                transcript.append("p\(partition): \(records.count)")
            }
            #expect(try await log.endOffsets(of: "events").reduce(0, +) == 30)
        }
        #expect(transcript.entries.count == 3)
    }

    @Test func sameKeySamePartitionAndKeylessRecordsGoRoundRobin() throws {
        try run { log in
            try await log.createTopic("t", partitions: 4)
            let first = try await log.append(to: "t", key: Array("k".utf8), value: [1])
            let second = try await log.append(to: "t", key: Array("k".utf8), value: [2])
            #expect(first.partition == second.partition && second.offset == first.offset + 1)
            var keyless: [Int] = []
            for _ in 0..<6 { keyless.append(try await log.append(to: "t", key: nil, value: [0]).partition) }
            #expect(keyless == [0, 1, 2, 3, 0, 1])
        }
    }

    @Test func readsPastTheEndAndUnknownTopicsAreTypedErrors() throws {
        try run { log in
            try await log.createTopic("t", partitions: 1)
            _ = try await log.append(to: "t", key: nil, value: [7])
            #expect(try await log.read(topic: "t", partition: 0, from: 1, maxRecords: 10).isEmpty)
            await #expect(throws: LogError.offsetOutOfRange(topic: "t", partition: 0, offset: 2, end: 1)) {
                try await log.read(topic: "t", partition: 0, from: 2, maxRecords: 10)
            }
            await #expect(throws: LogError.unknownTopic("nope")) { try await log.endOffsets(of: "nope") }
            await #expect(throws: LogError.unknownPartition(topic: "t", partition: 1)) {
                try await log.read(topic: "t", partition: 1, from: 0, maxRecords: 1)
            }
            await #expect(throws: LogError.topicExists("t")) { try await log.createTopic("t", partitions: 2) }
            await #expect(throws: LogError.invalidPartitionCount(topic: "u", count: 0)) { try await log.createTopic("u", partitions: 0) }
        }
    }

    @Test func aProducerAppendsAcrossTheNetworkAndAPartitionStopsIt() throws {
        let producer = LogProducer("producer", log: log, network: network)
        let network = network
        try run { log in
            try await log.createTopic("t", partitions: 2)
            let position = try await producer.send(topic: "t", key: Array("a".utf8), value: Array("hello".utf8))
            #expect(try await log.read(topic: "t", partition: position.partition, from: position.offset, maxRecords: 1).first?.value
                    == Array("hello".utf8))
            network.partition([["producer"], ["log"]])
            await #expect(throws: LogClientError.network(.unreachable)) {
                try await producer.send(topic: "t", key: nil, value: [1])
            }
            network.heal()
            await #expect(throws: LogClientError.log(.unknownTopic("x"))) {
                try await producer.send(topic: "x", key: nil, value: [1])
            }
        }
    }
}
