/// nginx's `random` without `two`: each request goes to an eligible server drawn at random with
/// probability proportional to its effective weight.
public struct RandomStrategy: BalancingStrategy {
    /// A strategy drawing from the stream the balancer hands it.
    public init() {}

    public var name: String { "random" }

    /// One uniform draw per pick when any server is eligible, none otherwise.
    ///
    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        var total = 0.0
        for server in servers where server.isEligible { total += server.effectiveWeight }
        guard total > 0 else { return nil }
        var remaining = random.nextUnitInterval() * total
        var last: Int?
        for server in servers where server.isEligible {
            last = server.serverID
            remaining -= server.effectiveWeight
            if remaining < 0 { return server.serverID }
        }
        // Rounding can leave a sliver past the last server: it belongs to the last one.
        return last
    }
}
