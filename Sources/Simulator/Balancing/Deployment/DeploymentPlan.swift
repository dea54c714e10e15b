/// How a new version is rolled out to the servers behind a balancer: which servers, in what order
/// and how many at a time, whether each is drained first, how long each phase may take, and the
/// error check that halts the rollout and rolls it back.
public struct DeploymentPlan: Sendable, Equatable {
    /// How many servers are taken out at once.
    public enum Strategy: String, Sendable, Equatable, CaseIterable {
        /// One server at a time, in the plan's order.
        case rolling
        /// Every server at once: the whole service restarts together.
        case allAtOnce = "all_at_once"
    }

    /// When the deployment starts, from the start of the run.
    public var at: Duration
    public var strategy: Strategy
    /// Whether a server is taken out of rotation and drained before its restart; without it the
    /// restart resets the requests it holds and the balancer finds out by itself.
    public var drain: Bool
    /// The longest wait for a server's requests in flight to finish before it is restarted anyway.
    public var drainTimeout: Duration
    /// How long the restarted process takes to boot (it refuses connections meanwhile).
    public var bootTime: Duration
    /// The longest wait, from the restart, for the health checks to pass the server `rise` times;
    /// a server not healthy by then halts the deployment.
    public var healthDeadline: Duration
    /// The wait after a server is back in rotation before the next one; the error check reads
    /// the answers the balancer gave during it (without a pause there is nothing to read).
    public var pause: Duration
    /// The share of the balancer's answers that may fail (5xx) during a step's pause; above it
    /// the deployment halts and rolls back. Nil: no check.
    public var maxErrorRatio: Double?
    /// The servers, by hostname, in the order they are deployed to; empty: every member, in the
    /// order they joined.
    public var servers: [String]
    /// The version installed.
    public var version: Int
    /// The share of requests the new version answers 500 (a bad release); 0 for a good one.
    public var releaseErrorRate: Double

    /// A plan; by default a graceful rolling deployment of version 2 to every server.
    public init(at: Duration, strategy: Strategy = .rolling, drain: Bool = true, drainTimeout: Duration = .seconds(30),
                bootTime: Duration = .seconds(5), healthDeadline: Duration = .seconds(60), pause: Duration = .zero,
                maxErrorRatio: Double? = nil, servers: [String] = [], version: Int = 2, releaseErrorRate: Double = 0) {
        self.at = at
        self.strategy = strategy
        self.drain = drain
        self.drainTimeout = drainTimeout
        self.bootTime = bootTime
        self.healthDeadline = healthDeadline
        self.pause = pause
        self.maxErrorRatio = maxErrorRatio
        self.servers = servers
        self.version = version
        self.releaseErrorRate = releaseErrorRate
    }
}
