import Testing
@testable import Simulator

/// `uniform` keys draw again at or above the largest multiple of the range's width below 2⁶⁴, so
/// every key is equally likely (N7, s77): with plain `% width` a width of 3 × 2⁶¹ gave the keys
/// below 2⁶² three chances in four, not two in three.
struct UniformKeyBiasTests {
    static func keys(_ distribution: KeyDistribution, count: Int, seed: UInt64 = 7) -> [UInt64] {
        let draw = distribution.sampler()
        var random = SeededRandom(seed: seed, stream: "client")
        return (0..<count).map { _ in draw(&random) }
    }

    @Test func aWidthNearTwoToTheSixtyThirdIsUniform() {
        let width: UInt64 = 3 << 61
        let keys = Self.keys(.uniform(0...(width - 1)), count: 30_000)
        // 20,000 expected (sd 82); the biased draw's 22,500 is 30 sd above.
        #expect(keys.filter { $0 < 1 << 62 }.count == 19_848)
        #expect(keys.allSatisfy { $0 < width })
    }

    @Test func aSmallWidthDrawsWhatPlainModuloDrew() {
        let keys = Self.keys(.sixDigitIDs, count: 10_000)
        var random = SeededRandom(seed: 7, stream: "client")
        #expect(keys == (0..<10_000).map { _ in 100_000 + random.next() % 900_000 })
    }

    @Test func aWidthThatDividesTwoToTheSixtyFourNeverDrawsAgain() {
        // 2⁶³ divides 2⁶⁴: every draw is kept, as plain modulo kept it.
        let keys = Self.keys(.uniform(0...UInt64(Int64.max)), count: 10_000)
        var random = SeededRandom(seed: 7, stream: "client")
        #expect(keys == (0..<10_000).map { _ in random.next() % (1 << 63) })
    }
}
