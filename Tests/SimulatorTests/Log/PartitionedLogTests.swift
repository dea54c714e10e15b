import Testing
@testable import Simulator

/// Records collected by test tasks. `@unchecked Sendable`: one simulation thread.
final class LogTranscript: @unchecked Sendable {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

/// Topics, partitions and offsets: keyed records land by MurmurHash3, in order, numbered from 0.
struct PartitionedLogTests {
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
            await #expect(throws: LogError.offsetOutOfRange(topic: "t", partition: 0, offset: -1, end: 1)) {
                try await log.readValues(topic: "t", partition: 0, from: -1, maxRecords: 10)
            }
            await #expect(throws: LogError.unknownPartition(topic: "t", partition: 1)) {
                try await log.readValues(topic: "t", partition: 1, from: 0, maxRecords: 1)
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

    /// Appending keyless values in one call lands them where one call each would, and traces each
    /// as `put` of `topic/partition` at its offset: the same events, the same digest.
    @Test func aBatchOfKeylessValuesAppendsAsOneCallEach() throws {
        func appended(batch: Bool) throws -> (records: [[LogRecord]], values: [[[UInt8]]], window: [[UInt8]], events: [TraceEvent], digest: UInt64) {
            let simulation = Simulation(seed: 7)
            let network = Network(simulation: simulation)
            let log = PartitionedLog(network: network)
            let seen = LogObservations()
            simulation.trace.sink = { seen.events.append($0) }
            let values = (0..<11).map { Array("line \($0)".utf8) }
            simulation.spawn("producer") { _ in
                do {
                    try await log.createTopic("lines", partitions: 3)
                    _ = try await log.append(to: "lines", key: Array("k".utf8), value: [9])
                    if batch {
                        try await log.append(to: "lines", values: values)
                    } else {
                        for value in values { _ = try await log.append(to: "lines", key: nil, value: value) }
                    }
                    await #expect(throws: LogError.unknownTopic("other")) { try await log.append(to: "other", values: values) }
                } catch { Issue.record("\(error)") }
            }
            try simulation.runToCompletion(timeLimit: .after(.seconds(1)))
            simulation.spawn("reader") { _ in
                for partition in 0..<3 {
                    seen.records.append((try? await log.read(topic: "lines", partition: partition, from: 0, maxRecords: 100)) ?? [])
                    seen.values.append((try? await log.readValues(topic: "lines", partition: partition, from: 0, maxRecords: 100)) ?? [])
                }
                seen.window = (try? await log.readValues(topic: "lines", partition: 1, from: 1, maxRecords: 2)) ?? []
            }
            try simulation.runToCompletion(timeLimit: .after(.seconds(2)))
            return (seen.records, seen.values, seen.window, seen.events, simulation.trace.digest)
        }
        let one = try appended(batch: false), many = try appended(batch: true)
        #expect(many.records == one.records)
        #expect(many.events == one.events)
        #expect(many.digest == one.digest)
        #expect(many.records.map(\.count) == [4, 4, 4])
        #expect(many.values == many.records.map { $0.map(\.value) })
        #expect(many.window == Array(many.records[1][1...2].map(\.value)))
        let keyed = PartitionedLog.partition(forKey: Array("k".utf8), partitions: 3)
        #expect(many.records[keyed].first?.value == [9])
        let puts = many.events.filter { $0.kind == .put }
        #expect(puts.count == 12)
        var ends = [0, 0, 0]
        ends[keyed] = 1
        var expected = [("lines/\(keyed)", Int64(0))]
        for index in 0..<11 {
            expected.append(("lines/\(index % 3)", Int64(ends[index % 3])))
            ends[index % 3] += 1
        }
        #expect(puts.map(\.object) == expected.map(\.0))
        #expect(puts.map(\.value) == expected.map(\.1))
        #expect(puts.allSatisfy { $0.subject == "log" })
    }
}

/// Trace events and records collected by a test. `@unchecked Sendable`: one simulation thread.
final class LogObservations: @unchecked Sendable {
    var events: [TraceEvent] = []
    var records: [[LogRecord]] = []
    var values: [[[UInt8]]] = []
    var window: [[UInt8]] = []
}
