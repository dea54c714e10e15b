/// Plain round robin: each request goes to the next eligible server in join order after the one
/// of them picked last, whatever the weights. Ineligible servers are skipped without losing their
/// turn.
///
/// The search starts after the most recently picked server among those eligible for this pick,
/// not after the last pick overall, so that each set of servers the balancer offers keeps its own
/// rotation — as Envoy's locality-aware round robin keeps a scheduler per locality. With
/// `balancer.locality` only the servers of the level drawn are eligible, and picks for two zones'
/// levels interleave at random: one position shared by every level sent each search on from the
/// other zone's server, so the first server of a zone won twice as often as the second (N2, s77:
/// 6,552 to 3,273). Without levels the two rules choose alike while eligibility holds still — a
/// retry starts after the server it left, as before — and differ only where a server skipped
/// while ineligible is eligible again before the search comes round: it gets its turn now.
/// When no eligible server has been picked yet, the search starts after the last pick overall.
///
/// Weights and slow start do not apply; use ``SmoothWeightedRoundRobinStrategy`` for them (nginx's
/// default `round robin` is that algorithm, which equals this one when all weights are equal and no
/// failure has lowered a server's `effective_weight`).
public struct RoundRobinStrategy: BalancingStrategy {
    /// Position in the member list after the last pick overall.
    private var next = 0
    /// Picks made so far: the number of the latest.
    private var picks: UInt64 = 0
    /// The number of each server's latest pick, by id (none: never picked).
    private var lastPicked = ServerIDMap<UInt64>()

    /// A rotation starting at the first server.
    public init() {}

    public var name: String { "round_robin" }

    /// A server that joins (or joins again) has not been picked.
    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {
        lastPicked[serverID] = nil
    }

    public mutating func serverRemoved(_ serverID: Int) {
        lastPicked[serverID] = nil
    }

    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        let count = servers.count
        guard count > 0 else { return nil }
        var start = next % count
        var latest: UInt64 = 0
        for index in 0..<count where servers[index].isEligible {
            if let picked = lastPicked[servers[index].serverID], picked > latest { (latest, start) = (picked, (index + 1) % count) }
        }
        for offset in 0..<count {
            let index = (start + offset) % count
            if servers[index].isEligible {
                next = (index + 1) % count
                picks += 1
                lastPicked[servers[index].serverID] = picks
                return servers[index].serverID
            }
        }
        return nil
    }
}
