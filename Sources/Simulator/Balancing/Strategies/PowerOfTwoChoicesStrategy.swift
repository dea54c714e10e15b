/// Power of two choices — Envoy's `LEAST_REQUEST` and nginx's `random two least_conn`: draw two
/// distinct eligible servers at random and send the request to the one with fewer active requests
/// per unit of weight (the first drawn on a tie).
///
/// Never picking the busier of the two keeps the maximum load within `O(log log n)` of the mean
/// (Mitzenmacher), nearly as good as least connections while looking at only two servers, which
/// is why large balancers use it when a global least-connections scan is too costly or too stale.
public struct PowerOfTwoChoicesStrategy: BalancingStrategy {
    /// Indices of the eligible servers of the current pick (kept to avoid reallocating).
    private var eligible: [Int] = []

    /// A strategy drawing from the stream the balancer hands it.
    public init() {}

    public var name: String { "least_request" }

    /// Two draws per pick when at least two servers are eligible, none otherwise.
    ///
    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        eligible.removeAll(keepingCapacity: true)
        for index in servers.indices where servers[index].isEligible { eligible.append(index) }
        switch eligible.count {
        case 0: return nil
        case 1: return servers[eligible[0]].serverID
        default:
            let count = UInt64(eligible.count)
            let first = Int(random.next() % count)
            var second = Int(random.next() % (count - 1))
            if second >= first { second += 1 }
            let a = servers[eligible[first]], b = servers[eligible[second]]
            return Double(b.activeRequests) * a.effectiveWeight < Double(a.activeRequests) * b.effectiveWeight ? b.serverID : a.serverID
        }
    }
}
