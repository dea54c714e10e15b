@testable import Simulator

/// Candidates 1…n with the given active requests (0 by default) and weights (1 by default).
func candidates(active: [Int], weights: [Int]? = nil, ineligible: [Int] = []) -> [UpstreamCandidate] {
    active.indices.map { index in
        UpstreamCandidate(serverID: index + 1, weight: weights?[index] ?? 1, activeRequests: active[index], isEligible: !ineligible.contains(index + 1))
    }
}

/// `count` picks of `strategy` over fixed candidates; nil picks are kept as 0.
func picks(_ strategy: inout some BalancingStrategy, _ servers: [UpstreamCandidate], count: Int, client: NodeID = "client", seed: UInt64 = 1) -> [Int] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { index in
        strategy.pick(Request(id: UInt64(index), key: UInt64(index), client: client), from: servers, random: &random) ?? 0
    }
}
