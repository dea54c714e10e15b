import Testing
@testable import Simulator

/// The map side's grouping table finds every key by its bytes alone — keys that share their first
/// eight bytes, keys that differ only by trailing zero bytes, keys past the table's first size —
/// and its output is sorted by key bytes.
struct EmitterTests {
    /// Emits each record's line whole as its key, with a count of one.
    struct LineKeys: MapReduce.Job {
        var name: String { "line-keys" }
        func map(_ record: MapReduce.InputRecord, into output: inout MapReduce.Emitter<LineKeys>) { output.emit(record.line, 1) }
        func combine(_ accumulated: inout UInt64, with value: UInt64) { accumulated += value }
        func reduce(key: ArraySlice<UInt8>, values: [UInt64]) -> MapReduce.Bytes { Array(String(values.reduce(0, +)).utf8) }
    }

    /// Keys whose heads, lengths and tails collide in every way a probe can confuse them.
    static let trickyKeys: [[UInt8]] = {
        let alphabet = Array("abcdefghijklmnopqrstu".utf8)
        var keys = (0...alphabet.count).map { Array(alphabet.prefix($0)) }
        keys += (0...alphabet.count).map { Array(alphabet.prefix($0)) + [0] }
        keys += [[0], [0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0xFF], [0xFF, 0xFF], [0x80, 0x00, 0x7F]]
        keys += ["service:api", "service:auth", "service:a", "service:", "service:api ", "status:503", "status:50"].map { Array($0.utf8) }
        keys += (0..<5_000).map { Array("key-\($0 * 7_919 % 10_007)".utf8) }
        return keys
    }()

    @Test(arguments: [true, false])
    func everyKeyIsCountedUnderItsOwnBytesAndEmittedInKeyOrder(combining: Bool) throws {
        // Each key three times, the second and third rounds in other orders.
        let keys = Self.trickyKeys
        let emitted = keys + keys.reversed() + keys.enumerated().map { keys[($0.offset * 31) % keys.count] }
        let records = emitted.map { MapReduce.InputRecord(document: 0, line: $0[...]) }
        var expected: [[UInt8]: Int] = [:]
        for key in emitted { expected[key, default: 0] += 1 }

        let output = try MapReduce.MapExecution.run(LineKeys(), records: records, inputBytes: 0, reducers: 3, combining: combining)
        var counted: [[UInt8]: Int] = [:]
        for partition in output.partitions {
            var reader = MapReduce.ByteReader(partition)
            var previous: [UInt8]?
            while !reader.isAtEnd {
                let key = Array(try reader.readLengthPrefixed())
                counted[key, default: 0] += Int(try UInt64.decode(from: &reader))
                if let previous {
                    #expect(combining ? previous.lexicographicallyPrecedes(key) : !key.lexicographicallyPrecedes(previous))
                }
                previous = key
            }
        }
        #expect(counted == expected)
        #expect(output.statistics.emittedRecords == emitted.count)
        #expect(output.statistics.outputRecords == (combining ? expected.count : emitted.count))
    }

    @Test func theSequentialRunnerGroupsTrickyKeysLikeADictionary() throws {
        let keys = Self.trickyKeys + Self.trickyKeys.prefix(100)
        let records = keys.map { MapReduce.InputRecord(document: 0, line: $0[...]) }
        var counts: [[UInt8]: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        let expected = counts.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { MapReduce.Record(key: $0, value: Array(String(counts[$0]!).utf8)) }
        #expect(try MapReduce.SequentialRunner.run(LineKeys(), records) == expected)
    }
}
