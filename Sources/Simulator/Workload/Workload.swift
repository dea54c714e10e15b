/// Which keys requests carry.
public enum KeyDistribution: Sendable, Equatable {
    /// Uniform over a range: the assignment's random 6-digit request ids are `100_000...999_999`.
    case uniform(ClosedRange<UInt64>)
    /// Zipf over keys 1…n: a few hot keys, a long tail.
    case zipf(n: Int, exponent: Double)

    /// The assignment's random 6-digit request ids.
    public static let sixDigitIDs = KeyDistribution.uniform(100_000...999_999)

    func sampler() -> (inout SeededRandom) -> UInt64 {
        switch self {
        case .uniform(let range):
            let width = range.upperBound - range.lowerBound &+ 1
            // 2⁶⁴ mod width: the draws at or above 2⁶⁴ minus it (the largest multiple of the
            // width) would give the lowest values one more way each, a bias up to 1.5× for widths
            // above 2⁶², so they are drawn again (N7, s77). Below 2³² the share drawn again is
            // under 2⁻³², so what a small range draws is what plain `% width` drew.
            let excess = width == 0 ? 0 : (0 &- width) % width
            return { random in
                guard width != 0 else { return random.next() }
                var draw = random.next()
                while excess != 0 && draw >= 0 &- excess { draw = random.next() }
                return range.lowerBound + draw % width
            }
        case .zipf(let n, let exponent):
            let zipf = ZipfSampler(n: n, exponent: exponent)
            return { random in UInt64(zipf.sample(using: &random)) }
        }
    }
}

/// How requests arrive.
public enum Arrivals: Sendable, Equatable {
    /// Open loop: a Poisson process at `ratePerSecond`, whatever the servers do (a flood).
    case openLoop(ratePerSecond: Double)
    /// Closed loop: `users` each send one request, wait for the answer, think, and repeat.
    case closedLoop(users: Int, thinkTime: Distribution)
}

/// A stretch of time during which open-loop arrivals come faster (a flash crowd, a retry storm).
public struct Burst: Sendable, Equatable {
    /// When it starts, from the start of the run.
    public var at: Duration
    /// How long it lasts.
    public var duration: Duration
    /// The arrival rate during the burst as a multiple of the base rate.
    public var multiplier: Double

    /// A burst of `multiplier` × the base rate from `at` for `duration`.
    public init(at: Duration, duration: Duration, multiplier: Double) {
        precondition(multiplier > 0, "a burst multiplies the rate by a positive factor")
        self.at = at
        self.duration = duration
        self.multiplier = multiplier
    }
}

/// The clients of a run: how they arrive, how many requests they make, and what they ask for.
public struct Workload: Sendable, Equatable {
    public var arrivals: Arrivals
    /// Total requests to issue (across all users); nil for no limit.
    public var requestLimit: Int?
    /// Stop issuing new requests at this virtual instant; nil for no limit.
    public var issueUntil: VirtualInstant?
    /// How long a client waits for an answer.
    public var timeout: Duration
    /// Routing keys.
    public var keys: KeyDistribution
    /// The path every request asks for.
    public var path: String
    /// Load builds up over this long from the start: closed-loop users start one after another,
    /// evenly spread; the open-loop rate rises linearly from zero. Nil starts everything at once.
    public var rampUp: Duration?
    /// Open loop only: periods of faster arrivals.
    public var bursts: [Burst]
    /// Open loop only: how many client hosts (`client-1` …) the requests come from, each request
    /// from one drawn at random; 1 keeps the single host `client`. Matters for IP hashing and
    /// per-client rate limits.
    public var clients: Int

    public init(arrivals: Arrivals, requestLimit: Int? = nil, issueUntil: VirtualInstant? = nil,
                timeout: Duration = .seconds(1), keys: KeyDistribution = .sixDigitIDs, path: String = "home",
                rampUp: Duration? = nil, bursts: [Burst] = [], clients: Int = 1) {
        precondition(clients >= 1, "a workload needs at least one client host")
        self.arrivals = arrivals
        self.requestLimit = requestLimit
        self.issueUntil = issueUntil
        self.timeout = timeout
        self.keys = keys
        self.path = path
        self.rampUp = rampUp
        self.bursts = bursts
        self.clients = clients
    }

    /// The open-loop arrival rate at `now` relative to the base rate: the ramp's fraction times
    /// the multiplier of any burst in progress.
    public func rateFactor(at now: VirtualInstant) -> Double {
        var factor = 1.0
        if let rampUp, rampUp > .zero, now.nanoseconds < rampUp.nanoseconds {
            factor = Double(now.nanoseconds) / Double(rampUp.nanoseconds)
        }
        for burst in bursts where now >= .after(burst.at) && now < .after(burst.at + burst.duration) {
            factor *= burst.multiplier
        }
        return factor
    }

    /// The largest value ``rateFactor(at:)`` takes: what open-loop thinning draws at, and what
    /// the load-time estimate counts draws at. Overlapping bursts multiply, so it is the largest
    /// product of the multipliers in force at one instant, not the largest multiplier: drawn at
    /// that (two ×2 bursts over one window, ×2), every draw of the window was kept and the ×4 the
    /// window stands for was capped at ×2 (N1, s77). At least 1, the rate with no burst.
    ///
    /// The bursts in force change only where one starts or ends, so the instants to look at are
    /// those: the product at each is taken as ``rateFactor(at:)`` takes it (in the bursts' order,
    /// so a peak equals the rate of its moment bit for bit). At most 1,000 bursts a file: 2,000
    /// instants × 1,000 bursts, once per run.
    public var peakRateFactor: Double {
        let windows = bursts.map { (start: VirtualInstant.after($0.at), end: VirtualInstant.after($0.at + $0.duration), multiplier: $0.multiplier) }
        var peak = 1.0
        for instant in windows.map(\.start) + windows.map(\.end) {
            var product = 1.0
            for window in windows where instant >= window.start && instant < window.end { product *= window.multiplier }
            peak = Swift.max(peak, product)
        }
        return peak
    }
}
