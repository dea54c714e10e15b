import Testing
@testable import Simulator

struct LoadAwareStrategyTests {
    @Test func leastConnectionsPicksTheLeastLoadedServer() {
        var strategy = LeastConnectionsStrategy()
        #expect(picks(&strategy, candidates(active: [4, 1, 3]), count: 3) == [2, 2, 2])
        #expect(picks(&strategy, candidates(active: [4, 1, 3], ineligible: [2]), count: 1) == [3])
    }

    @Test func leastConnectionsComparesConnectionsPerUnitOfWeight() {
        var strategy = LeastConnectionsStrategy()
        // 4 / 2 = 2 per unit of weight beats 3 / 1 = 3.
        #expect(picks(&strategy, candidates(active: [4, 3], weights: [2, 1]), count: 1) == [1])
        var slowStarting = LeastConnectionsStrategy()
        let servers = [UpstreamCandidate(serverID: 1, weight: 2, effectiveWeight: 0.5, activeRequests: 1),
                       UpstreamCandidate(serverID: 2, weight: 1, activeRequests: 1)]
        #expect(picks(&slowStarting, servers, count: 1) == [2], "1 / 0.5 while slow-starting is busier than 1 / 1")
    }

    @Test func leastConnectionsBreaksTiesByWeightedRoundRobinAsNginxDoes() {
        var strategy = LeastConnectionsStrategy()
        #expect(picks(&strategy, candidates(active: [0, 0, 0]), count: 6) == [1, 2, 3, 1, 2, 3])
        var tied = LeastConnectionsStrategy()
        #expect(picks(&tied, candidates(active: [2, 2, 5]), count: 4) == [1, 2, 1, 2], "only the tied least-loaded servers rotate")
    }

    @Test func powerOfTwoChoicesNeverPicksTheBusierOfItsTwoChoices() {
        var random = SeededRandom(seed: 99)
        var loads = SeededRandom(seed: 7)
        var strategy = PowerOfTwoChoicesStrategy()
        for round in 0..<2_000 {
            let active = (0..<5).map { _ in Int(loads.next() % 20) }
            let servers = candidates(active: active)
            // Replay the two draws the strategy makes from the same stream: equal weights, so
            // the first is uniform over 5 and the second over the 4 others.
            var replay = random
            let first = Int(replay.nextUnitInterval() * 5)
            var second = Int(replay.nextUnitInterval() * 4)
            if second >= first { second += 1 }
            let chosen = strategy.pick(Request(id: UInt64(round), key: 0, client: "c"), from: servers, random: &random)
            // nginx keeps the second unless it is strictly busier.
            let expected = active[second] > active[first] ? first + 1 : second + 1
            #expect(chosen == expected)
            #expect(active[chosen! - 1] <= max(active[first], active[second]))
        }
    }

    @Test func powerOfTwoChoicesWithTwoServersAlwaysTakesTheLessBusyOne() {
        var strategy = PowerOfTwoChoicesStrategy()
        #expect(Set(picks(&strategy, candidates(active: [7, 3]), count: 100)) == [2])
        #expect(Set(picks(&strategy, candidates(active: [7, 3, 0], ineligible: [3]), count: 100)) == [2])
    }

    /// nginx's `random two` draws by weight (`ngx_http_upstream_peek_random_peer`) and redraws the
    /// first server; with nothing in flight the second drawn wins. Server j is then chosen with
    /// probability Σ_{i≠j} (w_i / W) · w_j / (W − w_i): for weights 6, 3, 1 that is 0.3238,
    /// 0.4833 and 0.1929 (the draws were uniform, a third each, whatever the weights).
    @Test func powerOfTwoChoicesDrawsByWeightAsNginxDoes() {
        var strategy = PowerOfTwoChoicesStrategy()
        let chosen = picks(&strategy, candidates(active: [0, 0, 0], weights: [6, 3, 1]), count: 100_000)
        let shares = (1...3).map { id in Double(chosen.filter { $0 == id }.count) / 100_000 }
        for (share, expected) in zip(shares, [0.3238, 0.4833, 0.1929]) {
            #expect(abs(share - expected) < 0.006, "\(shares)")
        }
    }
}
