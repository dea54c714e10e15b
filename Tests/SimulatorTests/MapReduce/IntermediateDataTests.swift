import Testing
import PropertyBased
@testable import Simulator

/// Intermediate values survive encoding, and document sets merge like sets.
struct IntermediateDataTests {
    @Test func varintsRoundTripAndTakeTheBytesTheySay() throws {
        for value: UInt64 in [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 35, .max] {
            var buffer: [UInt8] = []
            value.encode(into: &buffer)
            #expect(buffer.count == value.encodedSize)
            var reader = MapReduce.ByteReader(buffer)
            #expect(try UInt64.decode(from: &reader) == value)
            #expect(reader.isAtEnd)
        }
        var truncated = MapReduce.ByteReader([0x80, 0x80])
        #expect(throws: MapReduce.DecodingError.self) { try truncated.readVarint() }
    }

    @Test func documentSetsUnionLikeSetsAndRoundTrip() async {
        await propertyCheck(input: Gen.uint32(in: 0...50).array(of: 0...20), Gen.uint32(in: 0...50).array(of: 1...20)) { a, b in
            var merged = MapReduce.DocumentSet(b)
            if !a.isEmpty { merged.formUnion(MapReduce.DocumentSet(a)) }
            #expect(merged.ids == Set(a + b).sorted())
            var buffer: [UInt8] = []
            merged.encode(into: &buffer)
            #expect(buffer.count == merged.encodedSize)
            var reader = MapReduce.ByteReader(buffer)
            #expect((try? MapReduce.DocumentSet.decode(from: &reader)) == merged)
        }
    }

    @Test func mapOutputIsPartitionedSortedAndDecodable() throws {
        let records = Fixtures.records(Fixtures.documents)
        let output = try MapReduce.MapExecution.run(MapReduce.WordCount(), records: records, inputBytes: 0, reducers: 3, combining: true)
        let reduced = try output.partitions.map { try MapReduce.ReduceExecution.run(MapReduce.WordCount(), buffers: [$0]).records }
        #expect(Fixtures.text(reduced.flatMap { $0 }.sorted { $0.precedes($1) }) == Fixtures.text(MapReduce.WordCount().reference(records)))
        #expect(output.statistics.emittedRecords == 29)
        #expect(output.statistics.outputRecords == reduced.map(\.count).reduce(0, +))
        #expect(throws: MapReduce.DecodingError.self) {
            try MapReduce.ReduceExecution.run(MapReduce.WordCount(), buffers: [[5, 0x61]])
        }
    }
}
