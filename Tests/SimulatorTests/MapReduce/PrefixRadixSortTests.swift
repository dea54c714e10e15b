import Testing
@testable import Simulator

/// A map task's keys sorted by the radix sort of their prefixes and then by their bytes come out
/// in the order of a comparison sort, and of the bytes themselves: keys sharing their first eight
/// bytes, keys that are prefixes of others, bytes 0 and 0xFF, the empty key.
struct PrefixRadixSortTests {
    /// Distinct keys drawn from a small alphabet, so that many share prefixes, laid out in one
    /// buffer as an emitter lays them out.
    private func keys(_ count: Int, seed: UInt64) -> (spans: [MapReduce.KeySpan], bytes: MapReduce.Bytes, keys: [[UInt8]]) {
        var random = SeededRandom(seed: seed)
        let alphabet: [UInt8] = [0, 1, 0x61, 0x62, 0x7F, 0x80, 0xFF]
        var seen = Set<[UInt8]>(), keys: [[UInt8]] = [[]]
        seen.insert([])
        let stems = (0..<8).map { _ in (0..<8).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] } }
        while keys.count < count {
            let stem = random.next() % 2 == 0 ? stems[Int(random.next() % 8)] : []
            let tail = (0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let key = Array((stem + tail).prefix(Int(random.next() % 20)))
            if seen.insert(key).inserted { keys.append(key) }
        }
        var bytes = MapReduce.Bytes(), spans: [MapReduce.KeySpan] = []
        for key in keys {
            let head = key.withUnsafeBytes { MapReduce.firstEightBytes(of: $0) }
            spans.append(MapReduce.KeySpan(offset: bytes.count, count: key.count, murmur: 0, head: head))
            bytes += key
        }
        return (spans, bytes, keys)
    }

    @Test(arguments: [2, 5, 300, 3_000])
    func theRadixSortGivesTheComparisonSortsOrder(count: Int) {
        let (spans, bytes, keys) = keys(count, seed: UInt64(count))
        var random = SeededRandom(seed: 9)
        var shuffled = Array(spans.indices)
        shuffled.shuffle(using: &random)
        var byRadix = shuffled, byComparison = shuffled
        MapReduce.MapExecution.sortByKey(&byRadix, spans, bytes, radixFrom: 0)
        MapReduce.MapExecution.sortByKey(&byComparison, spans, bytes, radixFrom: .max)
        #expect(byRadix == byComparison)
        let expected = shuffled.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        #expect(byRadix == expected)
        // Runs of keys sharing their first eight bytes were sorted by their bytes.
        #expect(Set(keys.map { $0.prefix(8) }).count < keys.count || count < 300)
    }

    @Test func entriesSharingEveryByteOrNoneKeepTheirOrderOfArrival() {
        var entries = [7, 3, 7, 0, 3].enumerated().map { MapReduce.SortEntry(prefix: UInt64($0.element), index: $0.offset) }
        MapReduce.radixSortByPrefix(&entries)
        #expect(entries.map(\.index) == [3, 1, 4, 0, 2])
        var same = (0..<5).map { MapReduce.SortEntry(prefix: 0xFFFF_0000_0000_0001, index: $0) }
        MapReduce.radixSortByPrefix(&same)
        #expect(same.map(\.index) == [0, 1, 2, 3, 4])
    }
}
