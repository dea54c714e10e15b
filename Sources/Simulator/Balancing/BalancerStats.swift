import OrderedCollections

/// What a balancer did. `@unchecked Sendable`: written only on the simulation thread, read after
/// the run (so its counters skip dynamic exclusivity checks).
public final class BalancerStats: @unchecked Sendable {
    /// Forwards attempted (first tries and retries).
    @exclusivity(unchecked) public internal(set) var forwarded = 0
    /// Forwards that failed (timeout, refused, unreachable).
    @exclusivity(unchecked) public internal(set) var failedForwards = 0
    /// Failed forwards by replica hostname.
    @exclusivity(unchecked) public internal(set) var failedForwardsByServer = OrderedDictionary<String, Int>()
    /// Retries: forwards after a request's failed try, each counted (a request retried twice
    /// counts twice).
    @exclusivity(unchecked) public internal(set) var retried = 0
    /// Requests no server answered whose last try timed out: answered 504 Gateway Timeout, as
    /// nginx does after `proxy_read_timeout` (or a per-try timeout).
    @exclusivity(unchecked) public internal(set) var gatewayTimeouts = 0
    /// Requests no server answered whose last try could not connect (refused, reset, unreachable),
    /// or that found no server to take them (nginx's "no live upstreams"): answered 502 Bad Gateway.
    @exclusivity(unchecked) public internal(set) var badGateways = 0
    /// Requests rejected by the per-client rate limit (429).
    @exclusivity(unchecked) public internal(set) var rateLimited = 0
    /// Requests rejected because the circuit breaker was open (503).
    @exclusivity(unchecked) public internal(set) var circuitRejected = 0
    /// Requests that waited in the connection queue.
    @exclusivity(unchecked) public internal(set) var queued = 0
    /// Requests rejected because the connection queue was full (503).
    @exclusivity(unchecked) public internal(set) var queueFull = 0
    /// Requests whose wait in the connection queue timed out (503).
    @exclusivity(unchecked) public internal(set) var queueTimeouts = 0
    /// Every server that was ever a member, in the order it joined.
    @exclusivity(unchecked) public internal(set) var servers: [UpstreamServerStats] = []
    /// Health, circuit and panic events in the order they happened.
    @exclusivity(unchecked) public internal(set) var events: [BalancerEvent] = []
    /// Answers the balancer gave its clients, and how many of them were 5xx: the failed-request
    /// ratio a deployment's error check reads.
    @exclusivity(unchecked) public internal(set) var answered = 0
    @exclusivity(unchecked) public internal(set) var failedAnswers = 0

    public init() {}

    /// Requests the balancer could not get answered at all: 502 or 504 to the client. A request
    /// whose last try a server answered with a retried status gets that answer, and is not counted.
    public var unanswered: Int { gatewayTimeouts + badGateways }

    /// Requests the balancer turned away before any forward: rate limited, circuit open, queue
    /// full or queue timeout.
    public var rejected: Int { rateLimited + circuitRejected + queueFull + queueTimeouts }

    /// Counts an answer given to a client.
    func count(answer status: Int) {
        answered += 1
        if status >= 500 { failedAnswers += 1 }
    }
}

/// What the balancer did with one server. `@unchecked Sendable`: written only on the simulation
/// thread, read after the run (so its counters skip dynamic exclusivity checks).
public final class UpstreamServerStats: @unchecked Sendable {
    /// The server's hostname.
    public let hostname: String
    /// Forwards sent to it.
    @exclusivity(unchecked) public internal(set) var forwarded = 0
    /// Forwards it answered with a 2xx.
    @exclusivity(unchecked) public internal(set) var succeeded = 0
    /// Forwards it answered with a 5xx.
    @exclusivity(unchecked) public internal(set) var serverErrors = 0
    /// Forwards refused or unreachable.
    @exclusivity(unchecked) public internal(set) var connectErrors = 0
    /// Forwards that timed out.
    @exclusivity(unchecked) public internal(set) var timeouts = 0
    /// Forwards in flight when the balancer's process crashed: their outcome is heard by no one
    /// (``LoadBalancer/processCrashed()``), so they are neither answered nor failed.
    @exclusivity(unchecked) public internal(set) var endedByCrash = 0
    /// Active health checks sent to it, and how many failed.
    @exclusivity(unchecked) public internal(set) var healthChecks = 0
    @exclusivity(unchecked) public internal(set) var failedHealthChecks = 0
    /// How many times the observed traffic reached the health check's `error_limit`: HAProxy's
    /// `failed_hana`, its stats' `hanafail`, counted in `__health_adjust` at every limit reached,
    /// whatever `on_error` then did (``ActiveHealthCheck/observe(_:into:)``).
    @exclusivity(unchecked) public internal(set) var failedHealthAnalyses = 0
    /// Its active connections (forwards in flight) over time.
    @exclusivity(unchecked) public internal(set) var connections = ConcurrencySeries()

    init(hostname: String) { self.hostname = hostname }
}
