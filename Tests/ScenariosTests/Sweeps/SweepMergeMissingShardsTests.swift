import Testing
@testable import Scenarios

/// `merge` of 1 shard of 100,000 named the 99,999 others one by one, a 1.39 MB line: missing
/// shards are counted and listed as ranges, the list cut short at 200 characters.
struct SweepMergeMissingShardsTests {
    @Test func oneMissingShardIsNamed() {
        #expect(SweepMerge.missing([3], of: 8).description == "shard 3/8 missing")
    }

    @Test func severalAreCountedAndListedAsRanges() {
        #expect(SweepMerge.missing(Array(2...100_000), of: 100_000).description == "99,999 of 100,000 shards missing: 2–100000")
        #expect(SweepMerge.missing([2, 3], of: 3).description == "2 of 3 shards missing: 2, 3")
        #expect(SweepMerge.missing([2, 5, 6, 7, 9], of: 10).description == "5 of 10 shards missing: 2, 5–7, 9")
    }

    @Test func aLongListIsCutAtACommaAndCounted() {
        let message = SweepMerge.missing(Array(stride(from: 2, through: 100_000, by: 2)), of: 100_000).description
        #expect(message == "50,000 of 100,000 shards missing: " + (2...100).filter { $0 % 2 == 0 }.map(String.init).joined(separator: ", ") + ", …")
        #expect(message.count == 232)
    }
}
