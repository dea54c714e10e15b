import Testing
@testable import Simulator

/// A map task over its input as one buffer (``MapReduce/MapInput``, what a worker's attempt
/// runs) produces exactly the bytes and counters of the same task over one record per line,
/// for every built-in job, with and without the combiner; lines appended from log reads stay
/// apart (no word runs from one record into the next).
struct MapInputTests {
    /// Document splits of the fixtures' documents and of synthetic logs, small enough that a
    /// document is cut into several.
    static var splits: [MapReduce.Split] {
        MapReduce.InputSplitter.splits(of: Fixtures.documents + Fixtures.logs(count: 2, lines: 150)
                                       + [MapReduce.Document(id: 9, name: "empty", bytes: [])], targetSize: 4_000)
    }

    /// Each line of a document split as a record of its own: how map tasks were run before.
    static func records(of split: MapReduce.Split) -> [MapReduce.InputRecord] {
        guard case .lines(let document, _, _, _) = split else { return [] }
        var records: [MapReduce.InputRecord] = []
        split.forEachLine { records.append(MapReduce.InputRecord(document: document, line: $0)) }
        return records
    }

    @Test(arguments: [true, false])
    func everyJobMapsASplitAsOneBufferAsItMapsItsLinesOneByOne(combining: Bool) throws {
        let catalog = MapReduce.JobCatalog.standard
        #expect(catalog.names.count == 6)
        var compared = 0
        for name in catalog.names {
            let job = try catalog.job(named: name)
            for split in Self.splits {
                let input = MapReduce.MapInput(split: split)
                let records = Self.records(of: split)
                #expect(input.count == records.count)
                #expect(input.records.map { Array($0.line) } == records.map { Array($0.line) })
                let byLines = try job.runMapTask(input: input, inputBytes: split.knownByteCount, reducers: 3, combining: combining)
                let byRecords = try job.runMapTask(records: records, inputBytes: split.knownByteCount, reducers: 3, combining: combining)
                #expect(byLines == byRecords, "\(name) over \(split)")
                compared += 1
            }
        }
        #expect(compared == 6 * Self.splits.count)
        #expect(Self.splits.count > 5)
    }

    @Test func logValuesAppendedAsLinesKeepTheirWordsApart() throws {
        let values: [[UInt8]] = ["error at", "tail", "", "naïve", "x y", "end"].map { Array($0.utf8) }
        var input = MapReduce.MapInput(document: 3, reservingLines: 0)
        input.append(LogValues(Array(values[0..<3])))
        input.append(LogValues(Array(values[3...])))
        #expect(input.count == 6)
        #expect(input.records.map { Array($0.line) } == values)
        #expect(input.records.allSatisfy { $0.document == 3 })
        var lines: [[UInt8]] = []
        input.forEachLine { lines.append(Array($0)) }
        #expect(lines == values)

        let output = try MapReduce.WordCount().runMapTask(input: input, inputBytes: 0, reducers: 1, combining: true)
        var counts: [String: UInt64] = [:]
        var reader = MapReduce.ByteReader(output.partitions[0])
        while !reader.isAtEnd {
            let key = String(decoding: try reader.readLengthPrefixed(), as: UTF8.self)
            counts[key] = try UInt64.decode(from: &reader)
        }
        #expect(counts == ["error": 1, "at": 1, "tail": 1, "naïve": 1, "x": 1, "y": 1, "end": 1])
        #expect(output.statistics.inputRecords == 6)
        #expect(output.statistics.emittedRecords == 7)
        let byRecords = try MapReduce.WordCount().runMapTask(records: values.map { MapReduce.InputRecord(document: 3, line: $0[...]) },
                                                             inputBytes: 0, reducers: 1, combining: true)
        #expect(output == byRecords)
    }
}
