import Testing
@testable import Simulator

struct RotationStrategyTests {
    @Test func smoothWeightedRoundRobinWithWeights511IsNginxsSequence() {
        var strategy = SmoothWeightedRoundRobinStrategy()
        let servers = candidates(active: [0, 0, 0], weights: [5, 1, 1])
        // a, a, b, a, c, a, a — nginx's documented sequence — and then the same again.
        #expect(picks(&strategy, servers, count: 14) == [1, 1, 2, 1, 3, 1, 1, 1, 1, 2, 1, 3, 1, 1])
    }

    @Test(arguments: [[1, 1, 1], [3, 2, 1], [10, 5, 5, 1]])
    func smoothWeightedRoundRobinGivesEachServerExactlyItsWeightPerCycle(weights: [Int]) {
        var strategy = SmoothWeightedRoundRobinStrategy()
        let servers = candidates(active: weights.map { _ in 0 }, weights: weights)
        let total = weights.reduce(0, +)
        let chosen = picks(&strategy, servers, count: total * 10)
        for (index, weight) in weights.enumerated() {
            #expect(chosen.filter { $0 == index + 1 }.count == weight * 10)
        }
    }

    @Test func smoothWeightedRoundRobinSkipsIneligibleServers() {
        var strategy = SmoothWeightedRoundRobinStrategy()
        let chosen = picks(&strategy, candidates(active: [0, 0, 0], weights: [5, 1, 1], ineligible: [1]), count: 6)
        #expect(chosen == [2, 3, 2, 3, 2, 3])
    }

    @Test func roundRobinRotatesInJoinOrderAndSkipsIneligibleServers() {
        var strategy = RoundRobinStrategy()
        #expect(picks(&strategy, candidates(active: [0, 0, 0]), count: 6) == [1, 2, 3, 1, 2, 3])
        var skipping = RoundRobinStrategy()
        #expect(picks(&skipping, candidates(active: [0, 0, 0], ineligible: [2]), count: 4) == [1, 3, 1, 3])
        var none = RoundRobinStrategy()
        #expect(picks(&none, candidates(active: [0, 0], ineligible: [1, 2]), count: 1) == [0])
    }

    @Test func roundRobinIgnoresWeights() {
        var strategy = RoundRobinStrategy()
        #expect(picks(&strategy, candidates(active: [0, 0], weights: [5, 1]), count: 4) == [1, 2, 1, 2])
    }

    @Test func randomPicksOnlyEligibleServersInProportionToWeight() {
        var strategy = RandomStrategy()
        let chosen = picks(&strategy, candidates(active: [0, 0, 0], weights: [3, 1, 1], ineligible: [3]), count: 40_000)
        #expect(!chosen.contains(3))
        let share = Double(chosen.filter { $0 == 1 }.count) / Double(chosen.count)
        #expect(abs(share - 0.75) < 0.01)
    }
}
