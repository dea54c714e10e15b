import Testing
@testable import Simulator

/// Round robin keeps each set of servers the balancer offers on its own rotation: under
/// `balancer.locality` picks for two zones' levels interleave at random, and one position shared
/// by both split a zone's two equal servers 2:1 (N2, s77: e1 6,552, e2 3,273, w1 6,646, w2 3,377).
struct RoundRobinLevelsTests {
    @Test func interleavedLevelsEachTakeTurnsEvenly() {
        var strategy = RoundRobinStrategy()
        let east = candidates(active: [0, 0, 0, 0], ineligible: [3, 4])
        let west = candidates(active: [0, 0, 0, 0], ineligible: [1, 2])
        var levels = SeededRandom(seed: 7, stream: "levels")
        var random = SeededRandom(seed: 1)
        var served = [0, 0, 0, 0]
        for index in 0..<10_000 {
            let servers = levels.next() % 2 == 0 ? east : west
            let picked = strategy.pick(Request(id: UInt64(index), key: 0, client: "client"), from: servers, random: &random)!
            served[picked - 1] += 1
        }
        #expect(served == [2_512, 2_511, 2_489, 2_488])
    }

    @Test func oneLevelRotatesAsBeforeAndARetryStartsAfterTheServerItLeft() {
        var strategy = RoundRobinStrategy()
        let all = candidates(active: [0, 0, 0])
        #expect(picks(&strategy, all, count: 4) == [1, 2, 3, 1])
        // The retry of the request server 1 failed: server 1 is tried, so 2 is next.
        #expect(picks(&strategy, candidates(active: [0, 0, 0], ineligible: [1]), count: 1) == [2])
        #expect(picks(&strategy, all, count: 3) == [3, 1, 2])
    }

    @Test func aLevelNeverPickedStartsAfterTheLastPickOverall() {
        var strategy = RoundRobinStrategy()
        #expect(picks(&strategy, candidates(active: [0, 0, 0, 0], ineligible: [1, 2, 4]), count: 2) == [3, 3])
        // Servers 1, 2 and 4 have never been picked: the search goes on from after 3.
        #expect(picks(&strategy, candidates(active: [0, 0, 0, 0], ineligible: [3]), count: 4) == [4, 1, 2, 4])
    }
}
