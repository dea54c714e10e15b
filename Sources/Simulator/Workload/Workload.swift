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
            return { random in
                width == 0 ? random.next() : range.lowerBound + random.next() % width
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

    public init(arrivals: Arrivals, requestLimit: Int? = nil, issueUntil: VirtualInstant? = nil,
                timeout: Duration = .seconds(1), keys: KeyDistribution = .sixDigitIDs, path: String = "home") {
        self.arrivals = arrivals
        self.requestLimit = requestLimit
        self.issueUntil = issueUntil
        self.timeout = timeout
        self.keys = keys
        self.path = path
    }
}
