import Testing
@testable import Simulator

/// The combiner shrinks what is shuffled and changes nothing in the output.
struct CombinerTests {
    static func report(_ documents: [MapReduce.Document], combining: Bool, reducers: Int = 1) throws -> MapReduce.JobReport {
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 1 << 20),
                                           reducers: reducers, combining: combining)
        return try Fixtures.run(seed: 71, request).report
    }

    /// `a b a / b a c`: six words, three distinct. Each record is varint(key length) + key +
    /// varint(count): 3 bytes. Without a combiner six records (18 bytes) are shuffled, with it
    /// three (a→3, b→2, c→1: 9 bytes).
    @Test func combinerCutsShuffleBytesExactly() throws {
        let documents = [MapReduce.Document(id: 0, name: "tiny", text: "a b a\nb a c\n")]
        let plain = try Self.report(documents, combining: false)
        let combined = try Self.report(documents, combining: true)
        #expect(plain.statistics.shuffledBytes == 18)
        #expect(plain.statistics.map.outputRecords == 6)
        #expect(combined.statistics.shuffledBytes == 9)
        #expect(combined.statistics.map.outputRecords == 3)
        #expect(combined.statistics.shuffleBytesWithoutCombiner == 18)
        #expect(combined.output == plain.output)
        #expect(Fixtures.text(combined.output!.records) == ["a\t3", "b\t2", "c\t1"])
    }

    @Test func combinerCutsShuffleBytesOnLogs() throws {
        let documents = Fixtures.logs(seed: 12, count: 2, lines: 500)
        let plain = try Self.report(documents, combining: false, reducers: 2)
        let combined = try Self.report(documents, combining: true, reducers: 2)
        #expect(combined.output == plain.output)
        #expect(combined.statistics.shuffledBytes < plain.statistics.shuffledBytes)
        #expect(plain.statistics.shuffledBytes == combined.statistics.shuffleBytesWithoutCombiner)
        let cut = 1 - Double(combined.statistics.shuffledBytes) / Double(plain.statistics.shuffledBytes)
        print("combiner: \(plain.statistics.shuffledBytes) → \(combined.statistics.shuffledBytes) shuffle bytes (\(Int(cut * 100)) % less)")
    }
}
