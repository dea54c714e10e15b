/// Seed 000's `HealthBased` routing, made precise: each server's health is an exponentially
/// weighted moving average (EWMA) of the latency of its forwards and of its error rate (5xx
/// answers and forwards without an answer), and each request goes to the eligible server with
/// the lowest expected cost
///
///     cost = latencyEWMA × (active + 1) × (1 + errorPenalty × errorEWMA) / effectiveWeight
///
/// The `(active + 1)` factor is what keeps it from herding: a server that is fastest on average
/// but already busy is not sent everything (this is the "peak EWMA" idea of Finagle and Linkerd).
/// A slow server's latency, a failing server's errors and a dead server's timeouts all raise its
/// cost, so traffic drains from it without any health check. Ties — every server before the first
/// answers arrive — are broken by smooth weighted round robin.
public struct HealthBasedStrategy: BalancingStrategy {
    /// One server's learned health.
    public struct Health: Sendable, Equatable {
        /// EWMA of forward latency in seconds; nil until the first forward ends.
        public var latency: Double?
        /// EWMA of the error indicator (1 for an error, 0 for a success), between 0 and 1.
        public var errorRate: Double
    }

    /// Weight of the newest observation in each average, in (0, 1].
    public let smoothing: Double
    /// How many times its latency cost one unit of error rate adds.
    public let errorPenalty: Double
    private var health = ServerIDMap<Health>()
    private var current = ServerIDMap<Double>()
    /// Each server's cost in the current pick, by position (kept to avoid reallocating).
    private var costs: [Double] = []

    /// A strategy with the given averaging; every server starts with no history.
    public init(smoothing: Double = 0.1, errorPenalty: Double = 20) {
        precondition(smoothing > 0 && smoothing <= 1, "smoothing must be in (0, 1]")
        precondition(errorPenalty >= 0, "the error penalty must not be negative")
        self.smoothing = smoothing
        self.errorPenalty = errorPenalty
    }

    public var name: String { "health_based" }

    /// What the strategy has learned about `serverID` so far.
    public func health(of serverID: Int) -> Health {
        health[serverID] ?? Health(latency: nil, errorRate: 0)
    }

    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {
        health[serverID] = Health(latency: nil, errorRate: 0)
    }

    public mutating func serverRemoved(_ serverID: Int) {
        health[serverID] = nil
        current[serverID] = nil
    }

    public mutating func forwardEnded(_ request: Request, serverID: Int, outcome: ForwardOutcome, latency: Duration) {
        guard var learned = health[serverID] else { return }
        let seconds = latency.seconds
        learned.latency = learned.latency.map { $0 + smoothing * (seconds - $0) } ?? seconds
        learned.errorRate += smoothing * ((outcome.isError ? 1 : 0) - learned.errorRate)
        health[serverID] = learned
    }

    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        // A server without history is assumed to be as fast as the average of the others, so it
        // is tried soon without being flooded.
        var observed = 0.0, observedCount = 0.0
        for server in servers {
            if let latency = health[server.serverID]?.latency {
                observed += latency
                observedCount += 1
            }
        }
        let assumed = observedCount > 0 ? observed / observedCount : 0
        costs.removeAll(keepingCapacity: true)
        var lowest = Double.infinity
        for server in servers {
            guard server.isEligible else {
                costs.append(.infinity)
                continue
            }
            let learned = health[server.serverID]
            let latency = learned?.latency ?? assumed
            let errors = learned?.errorRate ?? 0
            let cost = latency * Double(server.activeRequests + 1) * (1 + errorPenalty * errors) / Swift.max(server.effectiveWeight, .leastNormalMagnitude)
            costs.append(cost)
            lowest = Swift.min(lowest, cost)
        }
        guard lowest.isFinite else { return nil }
        let costs = costs
        return SmoothWeightedRoundRobinStrategy.step(&current, among: servers) { costs[$0] == lowest }
    }
}
