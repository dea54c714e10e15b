#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seed 000's `HealthBased` routing, made precise as Finagle's and Linkerd's "peak EWMA": each
/// server's health is a time-decaying average of the latency of its forwards and of its error rate
/// (5xx answers and forwards without an answer), and each request goes to the eligible server with
/// the lowest expected cost
///
///     cost = latency × (active + 1) × (1 + errorPenalty × errorRate) / effectiveWeight
///
/// The `(active + 1)` factor is what keeps it from herding: a server that is fastest on average
/// but already busy is not sent everything. A slow server's latency, a failing server's errors and
/// a dead server's timeouts all raise its cost, so traffic drains from it without any health check.
/// Ties — every server before the first answers arrive — are broken by smooth weighted round robin.
///
/// Both averages weigh by time, not by count (Finagle's `PeakEwma.Metric`, Linkerd's
/// `RttEstimate`): an observation made Δt after the previous one is blended in with weight
/// 1 − w, where w = exp(−Δt / ``decay``).
///
/// - **Latency** is a *peak* average: a latency above the current one replaces it at once, and a
///   pick reads it by first observing a latency of 0 at the pick's instant (as Finagle's `get`
///   and tower's `PeakEwma::load` do). So a server nobody sends anything to — one passive health
///   took out, or one that timed out until its cost was the highest — sees its latency halve every
///   `decay × ln 2` (6.93 s by default) until it is the cheapest again and is picked; its first
///   answer then replaces the decayed value.
/// - **Error rate** (1 for an error, 0 for a success) decays towards 0 with the same `decay`
///   between observations, but a pick reads the decayed value without recording it: a read
///   recorded as a success would outweigh real errors whenever picks are frequent.
///
/// A server without latency history is assumed to be as fast as the others are now on average
/// (0 when none has history), so it is tried soon without being flooded; its error rate starts at
/// 0 as of the latest instant the strategy knows.
///
/// The balancer passes the virtual instant of each pick (``pick(_:from:at:random:)``) and starts
/// the forward at that instant, so a forward ends at its pick's instant plus its latency: the
/// strategy keeps the instant of each forward in flight until it ends.
public struct HealthBasedStrategy: BalancingStrategy {
    /// One server's learned health, as of the instants it was last updated.
    public struct Health: Sendable, Equatable {
        /// Peak EWMA of forward latency in seconds; nil until the first forward ends.
        public var latency: Double?
        /// When `latency` was last observed or read by a pick.
        public var latencyUpdated: VirtualInstant
        /// Time-weighted EWMA of the error indicator, between 0 and 1.
        public var errorRate: Double
        /// When the last forward's outcome was observed (or the server joined).
        public var errorsUpdated: VirtualInstant

        /// The same health seen at `now` (not before its instants): both averages decayed by
        /// exp(−Δt / `decay`), as an idle server's are.
        func decayed(to now: VirtualInstant, decay: Double) -> Health {
            var seen = self
            if let latency {
                seen.latency = latency * HealthBasedStrategy.retained(from: latencyUpdated, to: now, decay: decay)
                seen.latencyUpdated = Swift.max(latencyUpdated, now)
            }
            seen.errorRate = errorRate * HealthBasedStrategy.retained(from: errorsUpdated, to: now, decay: decay)
            seen.errorsUpdated = Swift.max(errorsUpdated, now)
            return seen
        }
    }

    /// The averages' decay time τ: an idle server's averages fall by a factor e every τ.
    public let decay: Duration
    /// How many times its latency cost one unit of error rate adds.
    public let errorPenalty: Double
    /// `decay` in seconds.
    private let tau: Double
    private var health = ServerIDMap<Health>()
    private var current = ServerIDMap<SmoothWeightedRoundRobinStrategy.Peer>()
    /// Each server's cost in the current pick, by position (kept to avoid reallocating).
    private var costs: [Double] = []
    /// The pick instant of each forward in flight, by request and server (only looked up).
    private var inFlight: [ForwardKey: VirtualInstant] = [:]
    /// The latest virtual instant the strategy has seen (a pick's, or a forward's end).
    private var clock = VirtualInstant.zero

    /// One forward: a request sent to a server (a request tries a server at most once at a time).
    private struct ForwardKey: Hashable {
        var requestID: UInt64
        var serverID: Int
    }

    /// A strategy with the given decay time (Finagle's and Linkerd's default: 10 s) and error
    /// penalty; every server starts with no history.
    public init(decay: Duration = .seconds(10), errorPenalty: Double = 20) {
        precondition(decay > .zero, "the decay time must be positive")
        precondition(errorPenalty >= 0, "the error penalty must not be negative")
        self.decay = decay
        self.errorPenalty = errorPenalty
        self.tau = decay.seconds
    }

    public var name: String { "health_based" }

    /// What the strategy has learned about `serverID`, as of the instants it was last updated.
    public func health(of serverID: Int) -> Health {
        health[serverID] ?? Health(latency: nil, latencyUpdated: clock, errorRate: 0, errorsUpdated: clock)
    }

    /// What the strategy knows about `serverID` at `now`, with both averages decayed to it.
    public func health(of serverID: Int, at now: VirtualInstant) -> Health {
        health(of: serverID).decayed(to: now, decay: tau)
    }

    public mutating func serverAdded(_ serverID: Int, hostname: String, weight: Int) throws(PlacementError) {
        health[serverID] = Health(latency: nil, latencyUpdated: clock, errorRate: 0, errorsUpdated: clock)
    }

    public mutating func serverRemoved(_ serverID: Int) {
        health[serverID] = nil
        current[serverID] = nil
    }

    /// Observes the forward's latency and outcome at the instant it ended.
    public mutating func forwardEnded(_ request: Request, serverID: Int, outcome: ForwardOutcome, latency: Duration) {
        let end = inFlight.removeValue(forKey: ForwardKey(requestID: request.id, serverID: serverID)).map { $0.advanced(by: latency) } ?? clock
        clock = Swift.max(clock, end)
        guard var learned = health[serverID] else { return }
        let seconds = latency.seconds
        if let average = learned.latency {
            let w = Self.retained(from: learned.latencyUpdated, to: end, decay: tau)
            learned.latency = seconds > average ? seconds : average * w + seconds * (1 - w)
        } else {
            learned.latency = seconds
        }
        learned.latencyUpdated = Swift.max(learned.latencyUpdated, end)
        let w = Self.retained(from: learned.errorsUpdated, to: end, decay: tau)
        learned.errorRate = learned.errorRate * w + (outcome.isError ? 1 - w : 0)
        learned.errorsUpdated = Swift.max(learned.errorsUpdated, end)
        health[serverID] = learned
    }

    /// Picks at the latest instant the strategy has seen (no time passes).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        pick(request, from: servers, at: clock, random: &random)
    }

    /// - Complexity: O(*n*).
    public mutating func pick(_ request: Request, from servers: [UpstreamCandidate], at now: VirtualInstant, random: inout SeededRandom) -> Int? {
        clock = Swift.max(clock, now)
        // Reading a latency observes 0 now: every member's decays, eligible or not.
        var observed = 0.0, observedCount = 0.0
        for server in servers {
            guard var learned = health[server.serverID], let latency = learned.latency else { continue }
            let decayed = latency * Self.retained(from: learned.latencyUpdated, to: clock, decay: tau)
            learned.latency = decayed
            learned.latencyUpdated = Swift.max(learned.latencyUpdated, clock)
            health[server.serverID] = learned
            observed += decayed
            observedCount += 1
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
            let errors = learned.map { $0.errorRate * Self.retained(from: $0.errorsUpdated, to: clock, decay: tau) } ?? 0
            let cost = latency * Double(server.activeRequests + 1) * (1 + errorPenalty * errors) / Swift.max(server.effectiveWeight, .leastNormalMagnitude)
            costs.append(cost)
            lowest = Swift.min(lowest, cost)
        }
        guard lowest.isFinite else { return nil }
        let costs = costs
        guard let picked = SmoothWeightedRoundRobinStrategy.step(&current, among: servers, include: { costs[$0] == lowest }) else { return nil }
        inFlight[ForwardKey(requestID: request.id, serverID: picked)] = clock
        return picked
    }

    /// The share w = exp(−Δt / τ) of an average that survives from `then` to `now` (1 when `now`
    /// is not later).
    static func retained(from then: VirtualInstant, to now: VirtualInstant, decay tau: Double) -> Double {
        guard now > then else { return 1 }
        return exp(-then.duration(to: now).seconds / tau)
    }
}
