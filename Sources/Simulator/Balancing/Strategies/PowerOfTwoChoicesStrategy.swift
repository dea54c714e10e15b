/// Power of two choices — nginx's `random two least_conn` (`ngx_http_upstream_get_random2_peer`):
/// draw two distinct eligible servers, each with probability proportional to its weight, and send
/// the request to the one with fewer active requests per unit of weight — the second drawn unless
/// it is strictly busier, as nginx keeps it. With equal weights this is Envoy's `LEAST_REQUEST`
/// with its default two choices.
///
/// Never picking the busier of the two keeps the maximum load within `O(log log n)` of the mean
/// (Mitzenmacher), nearly as good as least connections while looking at only two servers, which
/// is why large balancers use it when a global least-connections scan is too costly or too stale.
/// The draws are weighted as nginx's are (a draw of the whole total weight, redrawn when it lands
/// on the first server again): with weights 9 and 1 and nothing in flight the heavier server is
/// drawn first 90 % of the time, and then second — which wins the tie — only 10 % of the time.
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
        var total = 0.0
        for index in servers.indices where servers[index].isEligible {
            eligible.append(index)
            total += servers[index].effectiveWeight
        }
        switch eligible.count {
        case 0: return nil
        case 1: return servers[eligible[0]].serverID
        default:
            let first = draw(from: servers, total: total, skipping: nil, random: &random)
            let second = draw(from: servers, total: total - servers[first].effectiveWeight, skipping: first, random: &random)
            let a = servers[first], b = servers[second]
            return Double(b.activeRequests) * a.effectiveWeight > Double(a.activeRequests) * b.effectiveWeight ? a.serverID : b.serverID
        }
    }

    /// The index of an eligible server other than `skipped`, drawn with probability proportional
    /// to its effective weight out of `total` (theirs, summed).
    private func draw(from servers: [UpstreamCandidate], total: Double, skipping skipped: Int?, random: inout SeededRandom) -> Int {
        var remaining = random.nextUnitInterval() * total
        var last = eligible[0]
        for index in eligible where index != skipped {
            last = index
            remaining -= servers[index].effectiveWeight
            if remaining < 0 { return index }
        }
        // Rounding can leave a sliver past the last server: it belongs to the last one.
        return last
    }
}
