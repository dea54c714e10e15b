import Testing
@testable import Simulator

/// A contiguous read of a partition holds exactly the values a read of arrays returns — each
/// value's bytes, in offset order, the empty ones included — and fails with the same errors.
struct LogContiguousReadTests {
    /// What the reads saw. `@unchecked Sendable`: one simulation thread.
    final class Seen: @unchecked Sendable {
        var pairs: [(arrays: [[UInt8]], contiguous: LogValues)] = []
        var errors: [(LogError?, LogError?)] = []
    }

    @Test func aContiguousReadHoldsTheValuesOfAReadOfArrays() throws {
        let simulation = Simulation(seed: 3)
        let log = PartitionedLog(network: Network(simulation: simulation))
        let seen = Seen()
        let values: [[UInt8]] = [Array("first line".utf8), [], Array("naïve café".utf8), [0xFF, 0x00, 0x0A], [], Array("last".utf8), [7]]
        simulation.spawn("reader") { _ in
            do {
                try await log.createTopic("t", partitions: 2)
                try await log.append(to: "t", values: values)  // keyless: partitions 0, 1, 0, 1, …
                for partition in 0..<2 {
                    for (from, max) in [(0, 100), (0, 1), (1, 2), (2, 0), (3, -1), (4, 100), (3, 100)] {
                        guard let end = try? await log.endOffsets(of: "t")[partition], from <= end else { continue }
                        seen.pairs.append((try await log.readValues(topic: "t", partition: partition, from: from, maxRecords: max),
                                           try await log.readContiguousValues(topic: "t", partition: partition, from: from, maxRecords: max)))
                    }
                }
                for (partition, from) in [(0, -1), (0, 5), (2, 0)] {
                    var errors: (LogError?, LogError?) = (nil, nil)
                    do { _ = try await log.readValues(topic: "t", partition: partition, from: from, maxRecords: 1) } catch { errors.0 = error as? LogError }
                    do { _ = try await log.readContiguousValues(topic: "t", partition: partition, from: from, maxRecords: 1) } catch { errors.1 = error as? LogError }
                    seen.errors.append(errors)
                }
                var unknown: (LogError?, LogError?) = (nil, nil)
                do { _ = try await log.readValues(topic: "u", partition: 0, from: 0, maxRecords: 1) } catch { unknown.0 = error as? LogError }
                do { _ = try await log.readContiguousValues(topic: "u", partition: 0, from: 0, maxRecords: 1) } catch { unknown.1 = error as? LogError }
                seen.errors.append(unknown)
            } catch { Issue.record("\(error)") }
        }
        try simulation.runToCompletion(timeLimit: .after(.seconds(1)))

        #expect(seen.pairs.count == 13)
        for pair in seen.pairs {
            #expect(pair.contiguous.count == pair.arrays.count)
            #expect((0..<pair.contiguous.count).map { Array(pair.contiguous[$0]) } == pair.arrays)
            #expect(pair.contiguous.bytes == pair.arrays.flatMap { $0 })
            #expect(pair.contiguous == LogValues(pair.arrays))
        }
        // Partition 0 holds values 0, 2, 4, 6: all four, back to back.
        #expect(seen.pairs[0].contiguous.bytes == values[0] + values[2] + values[4] + values[6])
        #expect(seen.pairs[0].contiguous.ends == [10, 22, 22, 23])
        #expect(seen.errors.map(\.0) == [.offsetOutOfRange(topic: "t", partition: 0, offset: -1, end: 4),
                                          .offsetOutOfRange(topic: "t", partition: 0, offset: 5, end: 4),
                                          .unknownPartition(topic: "t", partition: 2), .unknownTopic("u")])
        #expect(seen.errors.map(\.1) == seen.errors.map(\.0))
    }
}
