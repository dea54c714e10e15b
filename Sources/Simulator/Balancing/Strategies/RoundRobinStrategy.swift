/// Plain round robin: each request goes to the next eligible server in join order, whatever the
/// weights. Ineligible servers are skipped without losing the rotation's place.
///
/// Weights and slow start do not apply; use ``SmoothWeightedRoundRobinStrategy`` for them (nginx's
/// default `round robin` is that algorithm, which equals this one when all weights are equal and no
/// failure has lowered a server's `effective_weight`).
public struct RoundRobinStrategy: BalancingStrategy {
    /// Position in the member list where the next search starts.
    private var next = 0

    /// A rotation starting at the first server.
    public init() {}

    public var name: String { "round_robin" }

    /// - Complexity: O(*n*) at worst, O(1) when the next server is eligible.
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        let count = servers.count
        guard count > 0 else { return nil }
        for offset in 0..<count {
            let index = (next + offset) % count
            if servers[index].isEligible {
                next = (index + 1) % count
                return servers[index].serverID
            }
        }
        return nil
    }
}
