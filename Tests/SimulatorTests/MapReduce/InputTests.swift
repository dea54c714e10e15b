import Testing
import PropertyBased
@testable import Simulator

/// Splitting, tokenizing, log-line parsing and the synthetic generator.
struct InputTests {
    @Test(arguments: [1, 7, 40, 1000])
    func splitsEndOnLineBoundariesAndCoverTheDocumentExactly(targetSize: Int) {
        for document in Fixtures.documents {
            let splits = MapReduce.InputSplitter.splits(of: [document], targetSize: targetSize)
            var rebuilt: [UInt8] = []
            for (index, split) in splits.enumerated() {
                guard case .lines(_, _, let offset, let bytes) = split else { Issue.record("not a line split"); return }
                #expect(offset == rebuilt.count)
                rebuilt += bytes
                if index < splits.count - 1 {
                    #expect(bytes.last == UInt8(ascii: "\n"))
                    #expect(bytes.count >= targetSize)
                }
            }
            #expect(rebuilt == document.bytes)
        }
    }

    @Test func logRangesAreCutIntoPiecesOfAtMostTheSplitSize() {
        let splits = MapReduce.InputSplitter.splits(topic: "t", from: [0, 5, 3], to: [7, 5, 4], recordsPerSplit: 3)
        #expect(splits == [.log(topic: "t", partition: 0, offsets: 0..<3), .log(topic: "t", partition: 0, offsets: 3..<6),
                           .log(topic: "t", partition: 0, offsets: 6..<7), .log(topic: "t", partition: 2, offsets: 3..<4)])
    }

    @Test func wordsAreRunsOfLettersDigitsAndNonASCIIBytes() {
        var words: [String] = []
        MapReduce.Words.forEach(in: Array("Hello, wörld! 42x\t-- a_b".utf8)[...]) { words.append(String(decoding: $0, as: UTF8.self)) }
        #expect(words == ["Hello", "wörld", "42x", "a", "b"])
    }

    @Test func wordBytesAreASCIILettersDigitsAndEveryNonASCIIByte() {
        for byte in UInt8.min...UInt8.max {
            let expected = byte >= 0x80 || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
            #expect(MapReduce.Words.isWordByte(byte) == expected, "byte \(byte)")
        }
    }

    @Test func rawBytesAreCutIntoTheSameWordsAsSlices() {
        var generator = MapReduce.SyntheticLogGenerator(seed: 7)
        let lines = generator.lines(200) + Array(" \u{0}é,,x\n".utf8) + [0xFF, 0x20, 0x80]
        var sliced: [[UInt8]] = []
        var raw: [[UInt8]] = []
        MapReduce.Words.forEach(in: lines[...]) { sliced.append(Array($0)) }
        lines.withUnsafeBytes { line in MapReduce.Words.forEach(in: line) { raw.append(Array($0)) } }
        #expect(!raw.isEmpty)
        #expect(raw == sliced)
        MapReduce.Words.forEach(in: UnsafeRawBufferPointer(start: nil, count: 0)) { _ in Issue.record("an empty line has no words") }
    }

    @Test func eightBytesAtATimeMarkExactlyTheWordBytes() {
        for byte in UInt8.min...UInt8.max {
            for position in 0..<8 {
                // The byte among neighbours of both kinds, which must not change its mark.
                let neighbours: [UInt8] = [0x00, 0x7A, 0x2F, 0x80, 0x5B, 0x39, 0x40, 0xFF]
                var bytes = neighbours
                bytes[position] = byte
                let value = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                let expected = bytes.enumerated().reduce(UInt64(0)) { MapReduce.Words.isWordByte($1.element) ? $0 | 0x80 << (8 * UInt64($1.offset)) : $0 }
                #expect(MapReduce.Words.wordBytes(in: value) == expected, "byte \(byte) at \(position)")
            }
        }
    }

    @Test func linesOfAnyBytesAreCutIntoTheSameWordsEightAtATimeAsOneAtATime() async {
        // Bytes at the edges of every range of word bytes, and a space.
        let alphabet: [UInt8] = [0x00, 0x20, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0x7F, 0x80, 0xFF]
        await propertyCheck(input: Gen.int(in: 0...(alphabet.count - 1)).map { alphabet[$0] }.array(of: 0...40)) { line in
            var sliced: [[UInt8]] = []
            var raw: [[UInt8]] = []
            MapReduce.Words.forEach(in: line[...]) { sliced.append(Array($0)) }
            line.withUnsafeBytes { bytes in MapReduce.Words.forEach(in: bytes) { raw.append(Array($0)) } }
            #expect(raw == sliced)
        }
    }

    @Test func firstEightBytesAreReadWholeAndZeroPadded() {
        let bytes: [UInt8] = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA]
        for count in 0...bytes.count {
            let expected = bytes.prefix(min(count, 8)).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            bytes.withUnsafeBytes { #expect(MapReduce.firstEightBytes(of: UnsafeRawBufferPointer(rebasing: $0[..<count])) == expected, "\(count) bytes") }
        }
    }

    @Test func timestampsRoundTripAndMatchTheEpoch() {
        #expect(MapReduce.Timestamp.parse(Array("1970-01-01T00:00:00.000Z".utf8)[...]) == 0)
        #expect(MapReduce.Timestamp.parse(Array("2024-03-15T10:23:45.123Z".utf8)[...]) == 1_710_498_225_123)
        #expect(MapReduce.Timestamp.parse(Array("2024-02-29T23:59:59.999Z".utf8)[...]) == 1_709_251_199_999)
        for millis: Int64 in [0, 1, 951_782_400_000, 1_709_251_199_999, -1, 4_102_444_800_000] {
            #expect(MapReduce.Timestamp.parse(Array(MapReduce.Timestamp.render(millis).utf8)[...]) == millis)
        }
        #expect(MapReduce.Timestamp.render(-1) == "1969-12-31T23:59:59.999Z")
        for bad in ["2023-02-29T00:00:00.000Z", "2024-13-01T00:00:00.000Z", "2024-01-01 00:00:00.000Z", "2024-01-01T00:00:00Z"] {
            #expect(MapReduce.Timestamp.parse(Array(bad.utf8)[...]) == nil, "\(bad)")
        }
    }

    @Test func logLinesParseIntoFieldsAndMalformedLinesDoNot() throws {
        let line = try #require(MapReduce.LogLine(Array("2024-03-15T10:23:45.123Z ERROR payments POST /api/orders 503 124ms upstream timeout".utf8)[...]))
        #expect(line.timestamp == 1_710_498_225_123)
        #expect(String(decoding: line.service, as: UTF8.self) == "payments")
        #expect(String(decoding: line.status, as: UTF8.self) == "503")
        #expect(line.latencyMilliseconds == 124)
        #expect(String(decoding: line.message, as: UTF8.self) == "upstream timeout")
        #expect(line.isError)
        for bad in ["", "2024-03-15T10:23:45.123Z ERROR payments POST /x 5030 1ms", "2024-03-15T10:23:45.123Z INFO a GET / 200 12",
                    "not a timestamp INFO a GET / 200 1ms"] {
            #expect(MapReduce.LogLine(Array(bad.utf8)[...]) == nil, "\(bad)")
        }
    }

    @Test func theGeneratorIsSeededParsesAndSkewsLevels() {
        var first = MapReduce.SyntheticLogGenerator(seed: 5)
        var again = MapReduce.SyntheticLogGenerator(seed: 5)
        var other = MapReduce.SyntheticLogGenerator(seed: 6)
        let bytes = first.lines(5000)
        #expect(bytes == again.lines(5000))
        #expect(bytes != other.lines(5000))
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        let parsed = lines.compactMap { MapReduce.LogLine($0) }
        #expect(parsed.count == 5000)
        #expect(zip(parsed, parsed.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        let levels = Dictionary(grouping: parsed) { String(decoding: $0.level, as: UTF8.self) }.mapValues(\.count)
        #expect(levels["INFO"]! > 3500 && levels["WARN"]! > 300 && levels["ERROR"]! > 100 && levels["ERROR"]! < levels["WARN"]!)
        #expect(parsed.filter(\.isError).allSatisfy { $0.status.first == UInt8(ascii: "5") })
    }

    /// The generator writes each line's bytes straight into its buffer; these are the bytes it
    /// wrote when it built every line as a `String` first (seed 5: the first line, and the
    /// FNV-1a of 5,000 lines), unchanged.
    @Test func theGeneratorWritesTheSameBytesAsEver() {
        var generator = MapReduce.SyntheticLogGenerator(seed: 5)
        let bytes = generator.lines(5000)
        let first = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        #expect(first == "2024-03-15T10:23:45.020Z WARN auth PUT /api/orders 401 97ms completed miss request gc cache request found")
        #expect(bytes.count == 499_702)
        #expect(FNV1a.hash64(bytes) == 8_515_915_015_265_606_295)
    }

    /// Integers are written as `String(value)` padded with zeros to a width, for every sign and
    /// magnitude (zeros before a minus sign, as the `String` padding put them).
    @Test(arguments: [Int64.min, -1_000, -5, -1, 0, 1, 7, 42, 999, 1_000, 2_024, 99_999, 1_710_498_225_000, Int64.max])
    func decimalTextIsTheStringOfTheNumberPadded(_ value: Int64) {
        for width in 0...22 {
            var bytes: MapReduce.Bytes = [7]
            MapReduce.DecimalText.append(value, width: width, to: &bytes)
            let text = String(value)
            #expect(bytes == [7] + Array((String(repeating: "0", count: max(0, width - text.count)) + text).utf8), "\(value) width \(width)")
        }
    }

    /// A timestamp appended to a buffer is its rendered text, at both ends of the years it covers.
    @Test(arguments: [Int64(-62_167_219_200_000), -1, 0, 1_710_498_225_123, 253_402_300_799_999])
    func timestampsAppendTheirText(_ milliseconds: Int64) {
        var bytes: MapReduce.Bytes = []
        MapReduce.Timestamp.append(milliseconds, to: &bytes)
        #expect(bytes == Array(MapReduce.Timestamp.render(milliseconds).utf8))
        #expect(MapReduce.Timestamp.parse(bytes[...]) == milliseconds)
    }
}
