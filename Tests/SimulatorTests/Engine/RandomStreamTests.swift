import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Simulator

struct RandomStreamTests {
    @Test func theSameSeedAndNameGiveTheSameSequence() {
        var a = SeededRandom(seed: 42, stream: "server.s1")
        var b = SeededRandom(seed: 42, stream: "server.s1")
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
    }

    @Test func xoshiroMatchesTheReferenceOutputForAKnownState() {
        // SplitMix64(0) fills the state with the published first four SplitMix64 outputs for
        // seed 0 (e220a8397b1dcdaf, 6e789e6aa1b965f4, 06c45d188009454f, f88bb8a8724c81ec); the first
        // xoshiro256** output is rotl(s1 * 5, 7) * 9 for that state.
        var random = SeededRandom(seed: 0)
        let s1: UInt64 = 0x6E78_9E6A_A1B9_65F4
        let times5 = s1 &* 5
        let expected = ((times5 << 7) | (times5 >> 57)) &* 9
        #expect(random.next() == expected)
    }

    /// A node's stream comes from the hash the node holds of its name: the same numbers as the
    /// stream of its name.
    @Test func aNodesStreamIsTheStreamOfItsName() {
        let simulation = Simulation(seed: 2024)
        for name in ["client-1", "client-10000", "s", ""] {
            var byNode = simulation.randomStream(for: NodeID(name))
            var byName = simulation.randomStream(name)
            #expect((0..<8).map { _ in byNode.next() } == (0..<8).map { _ in byName.next() })
        }
    }

    @Test func differentNamesOrSeedsGiveDifferentStreams() {
        var a = SeededRandom(seed: 42, stream: "server.s1")
        var b = SeededRandom(seed: 42, stream: "server.s2")
        var c = SeededRandom(seed: 43, stream: "server.s1")
        let first = a.next()
        #expect(first != b.next())
        #expect(first != c.next())
    }

    @Test(arguments: [
        (Distribution.exponential(mean: 0.01), 0.01),
        (.uniform(min: 2, max: 4), 3),
        (.normal(mean: 5, standardDeviation: 1), 5),
        (.lognormal(median: 0.05, sigma: 0.5), 0.05 * 1.133_148_453),
        (.pareto(scale: 1, shape: 3), 1.5),
        (.constant(7), 7),
        (.empirical([1, 2, 3, 10]), 4),
    ])
    func sampleMeansConvergeToTheDistributionMean(distribution: Distribution, expected: Double) {
        var random = SeededRandom(seed: 7, stream: "means")
        let n = 200_000
        var sum = 0.0
        for _ in 0..<n { sum += distribution.sample(using: &random) }
        #expect(abs(sum / Double(n) - expected) / expected < 0.02)
        #expect(abs(distribution.mean! - expected) / expected < 1e-6)
    }

    @Test func zipfRanksFollowTheirWeights() {
        let zipf = ZipfSampler(n: 1_000, exponent: 1.1)
        var random = SeededRandom(seed: 3, stream: "zipf")
        var counts = [Int](repeating: 0, count: 1_001)
        let n = 500_000
        for _ in 0..<n { counts[zipf.sample(using: &random)] += 1 }
        let harmonic = (1...1_000).reduce(0.0) { $0 + 1 / pow(Double($1), 1.1) }
        for rank in [1, 2, 10] {
            let expected = Double(n) / pow(Double(rank), 1.1) / harmonic
            #expect(abs(Double(counts[rank]) - expected) / expected < 0.03, "rank \(rank)")
        }
        #expect(counts[0] == 0)
    }
}
