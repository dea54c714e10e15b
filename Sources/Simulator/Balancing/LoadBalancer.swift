import OrderedCollections

/// The load balancer: routes every request through a ``BalancingStrategy`` to a server replica
/// over the network, with the failure handling of nginx, HAProxy and Envoy around it, and offers
/// the assignment's operations `rep`, `add` and `rm`.
///
/// What happens to a request, in order (each step only when configured):
/// 1. the gateway: the client's token bucket (429 when empty), then the circuit breaker (503 while open);
/// 2. the choice of a server: the strategy picks among the eligible members — healthy by passive
///    health, active checks and outlier detection (or all primaries in panic), the backups only
///    when no primary is up, not yet tried for this request, below their connection limit; when
///    only connection limits stand in the way the request waits in the queue;
/// 3. the forward, with the per-try timeout; its outcome feeds passive health, outlier detection
///    and the strategy;
/// 4. a failed forward that matches the retry conditions is retried on another server while tries
///    and the retry time budget last;
/// 5. with no try left, as nginx: the last server answer a retry condition covered is passed on;
///    a last try that timed out is a 504, one that could not connect a 502, and a request no
///    server could take (none live, or none at all) a 502.
///
/// With none of it configured — the assignment's map as strategy — a request is routed, and
/// retried on the next replica after a network error, exactly as experiments A-1 … A-4 specify.
///
/// The state every request touches skips dynamic exclusivity checks: the actor runs on its
/// simulation's executor, so only the simulation thread ever touches it.
public actor LoadBalancer {
    /// One server behind the balancer.
    public struct Replica: Sendable {
        /// The id `i` that the hash functions see.
        public let id: Int
        /// Its hostname, unique among replicas (also its network node name).
        public let hostname: String
        /// The server itself.
        public let server: ServerReplica
        /// Its share of traffic relative to the others, for weighted strategies.
        public internal(set) var weight = 1
        /// A backup takes traffic only while no primary is up (nginx's `backup`).
        public internal(set) var isBackup = false
        /// Its own connection limit (nginx's `max_conns`), overriding the balancer's.
        public internal(set) var maxConnections: Int?
    }

    /// Forwarding and failure-handling parameters; every mechanism is off unless set.
    public struct Configuration: Sendable, Equatable {
        /// How long the balancer waits for a replica's answer, per try.
        public var forwardTimeout: Duration
        /// How many other replicas a request is retried on after a failed forward (tries − 1).
        public var retries: Int
        /// How each replica started by `add` serves.
        public var server: ServerConfiguration
        /// Which failures are retried (nginx's `proxy_next_upstream`).
        public var retryOn: RetryConditions
        /// No new try starts once this long has passed since the first (`proxy_next_upstream_timeout`).
        public var retryTimeout: Duration?
        /// nginx's `max_fails` / `fail_timeout`.
        public var passiveHealth: PassiveHealth?
        /// Periodic health checks.
        public var healthCheck: ActiveHealthCheck?
        /// Envoy's outlier detection: consecutive errors, success rate, failure percentage.
        public var outlierDetection: OutlierDetection?
        /// Envoy's panic threshold: below this share of healthy primaries, health is ignored.
        public var panicThreshold: Double?
        /// Weight ramp for servers that recover.
        public var slowStart: SlowStart?
        /// Active connections each server may have (`max_conns`), unless the server sets its own.
        public var maxConnections: Int?
        /// Where requests wait when every eligible server is at its connection limit.
        public var queue: ConnectionQueueConfiguration?
        /// Per-client token bucket in front of everything.
        public var rateLimit: TokenBucket.Configuration?
        /// Circuit breaker in front of the servers.
        public var circuitBreaker: CircuitBreaker.Configuration?
        /// Connections to the servers with setup costs and nginx's keepalive cache; nil: free.
        public var keepalive: KeepaliveConfiguration?
        /// Envoy-style locality: prefer the client's zone, spill over by priority (needs zones).
        public var locality: Locality? = nil

        /// Parameters; everything not given is off, leaving the assignment's behaviour.
        public init(forwardTimeout: Duration = .milliseconds(500), retries: Int = 1, server: ServerConfiguration = ServerConfiguration(slots: 4, serviceTime: .exponential(mean: 0.002)),
                    retryOn: RetryConditions = .nginxDefault, retryTimeout: Duration? = nil, passiveHealth: PassiveHealth? = nil,
                    healthCheck: ActiveHealthCheck? = nil, outlierDetection: OutlierDetection? = nil, panicThreshold: Double? = nil,
                    slowStart: SlowStart? = nil, maxConnections: Int? = nil, queue: ConnectionQueueConfiguration? = nil,
                    rateLimit: TokenBucket.Configuration? = nil, circuitBreaker: CircuitBreaker.Configuration? = nil) {
            self.forwardTimeout = forwardTimeout
            self.retries = retries
            self.server = server
            self.retryOn = retryOn
            self.retryTimeout = retryTimeout
            self.passiveHealth = passiveHealth
            self.healthCheck = healthCheck
            self.outlierDetection = outlierDetection
            self.panicThreshold = panicThreshold
            self.slowStart = slowStart
            self.maxConnections = maxConnections
            self.queue = queue
            self.rateLimit = rateLimit
            self.circuitBreaker = circuitBreaker
        }
    }

    /// The balancer's network node.
    public nonisolated let id: NodeID
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    /// What it forwarded, retried, rejected and decided (readable after the run).
    public nonisolated let stats = BalancerStats()
    /// Its parameters.
    public nonisolated let configuration: Configuration
    /// ``Configuration/forwardTimeout`` in nanoseconds, converted once: every forward waits this
    /// long, and a timeout of 9.2 s or more (its attoseconds overflow 64 bits) cost a 128-bit
    /// division at every conversion.
    nonisolated let forwardTimeoutNanoseconds: Int64
    /// Its connections to the servers, when ``Configuration/keepalive`` is set.
    public nonisolated let connectionPools: ConnectionPools?
    /// The name of the strategy it routes with.
    public nonisolated let strategyName: String
    nonisolated let network: Network
    /// Whether requests that arrive over the network are routed in steps of the ready queue
    /// (``BalancedRequest``): unless a connection queue or connection pools can make one wait
    /// for something else than its forwards, which needs a task.
    nonisolated let routesInSteps: Bool
    @exclusivity(unchecked) var strategy: any BalancingStrategy
    /// The strategy as the balancer was given it, before any server joined: what a restarted
    /// process rebuilds its own from (``strategyAtBoot()``).
    nonisolated let strategyAsConfigured: any BalancingStrategy
    /// The members with their health and load, in the order they joined.
    @exclusivity(unchecked) var members = OrderedDictionary<Int, UpstreamMember>()
    /// The balancer's own stream (random hostnames, random removals).
    @exclusivity(unchecked) var random: SeededRandom
    /// The strategy's stream, apart from the balancer's so strategies never shift its draws.
    @exclusivity(unchecked) var strategyRandom: SeededRandom
    /// The strategy's view of the members, rebuilt for every pick into the same storage.
    @exclusivity(unchecked) var candidates: [UpstreamCandidate] = []
    /// Each member's health in the current pick, by position (same storage every pick).
    @exclusivity(unchecked) var healthy: [Bool] = []
    /// Whether the request of the current pick has tried each server, by server id (the
    /// balancer numbers its servers 1, 2, 3, …, so the ids are small and dense): set for its tries
    /// before the pick and cleared after it, so all false between picks.
    @exclusivity(unchecked) var triedByID: [Bool] = []
    /// Whether the last pick found no server only because of connection limits.
    @exclusivity(unchecked) var blockedByConnectionLimits = false
    let queue: ConnectionQueue?
    var buckets: [NodeID: TokenBucket] = [:]
    var breaker: CircuitBreaker?
    @exclusivity(unchecked) var inPanic = false
    /// A deployment waiting for a server to drain or to pass its health checks, by server id
    /// (looked up, never iterated).
    var deploymentWaiters: [Int: DeploymentWaiter] = [:]
    /// The token of the last deployment wait, so a timeout that fires late resumes nothing.
    var lastWaiterToken: UInt64 = 0
    /// The zones the balancer has points of presence in, when the world has zones.
    var zoning: BalancerZoning?
    /// Whether ``startHealthChecks()`` has started the check loops: a server that joins from
    /// then on starts its own at once.
    var healthChecksStarted = false
    /// The balancer's own node, whose state says whether its process runs (crashed, booting,
    /// paused): the network keeps a node for good, so it is held from the start.
    nonisolated let node: NetworkNode

    /// A balancer on node `id` routing through `placement` (the assignment's map or another).
    public init(_ id: NodeID = "balancer", placement: BalancerPlacement, configuration: Configuration = Configuration(), network: Network) {
        self.init(id, strategy: PlacementStrategy(placement), configuration: configuration, network: network)
    }

    /// A balancer on node `id` routing with `strategy` (empty of servers).
    public init(_ id: NodeID = "balancer", strategy: any BalancingStrategy, configuration: Configuration = Configuration(), network: Network) {
        self.init(id, strategy: strategy, configuration: configuration, network: network, stepsAllowed: true)
    }

    /// A balancer as above that, unless `stepsAllowed`, routes every request on a task (the
    /// tests compare both ways).
    init(_ id: NodeID, strategy: any BalancingStrategy, configuration: Configuration, network: Network, stepsAllowed: Bool) {
        self.id = id
        self.strategy = strategy
        strategyAsConfigured = strategy
        strategyName = strategy.name
        self.configuration = configuration
        forwardTimeoutNanoseconds = configuration.forwardTimeout.nanoseconds
        self.network = network
        routesInSteps = stepsAllowed && configuration.queue == nil && configuration.keepalive == nil
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
        random = network.simulation.randomStream("balancer.\(id.name)")
        strategyRandom = network.simulation.randomStream("balancer.\(id.name).strategy")
        queue = configuration.queue.map { ConnectionQueue($0, executor: network.simulation.executor) }
        breaker = configuration.circuitBreaker.map { CircuitBreaker($0) }
        connectionPools = configuration.keepalive.map { ConnectionPools($0, owner: id, network: network) }
        node = network.addNode(id)
        watchOwnCrashes()
    }

    /// The replicas, in the order they joined.
    public var replicas: OrderedDictionary<Int, Replica> {
        OrderedDictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.replica) })
    }

    /// The hostnames of the replicas, in the order they joined.
    public var hostnames: [String] { members.values.map(\.replica.hostname) }

    /// Forwards in flight to each replica, in join order.
    public var activeConnections: [Int] { members.values.map(\.active) }

    /// Handles a client request: `rep` answers the replica list; anything else is routed.
    public func handle(_ request: Request) async -> Response {
        if request.path == "rep" { return Response(status: 200, server: id, body: AssignmentJSON.replicas(hostnames)) }
        return await route(request)
    }

    /// Adds an existing server as a replica (hostname = its node name) with the next free id.
    ///
    /// - Throws: ``PlacementError`` when the strategy cannot take it; nothing changes then.
    @discardableResult
    public func register(_ server: ServerReplica, weight: Int = 1, backup: Bool = false, maxConnections: Int? = nil) throws(PlacementError) -> Replica {
        precondition(weight >= 1, "a weight must be at least 1")
        let serverID = (members.keys.max() ?? 0) + 1
        try strategy.serverAdded(serverID, hostname: server.id.name, weight: weight)
        let replica = Replica(id: serverID, hostname: server.id.name, server: server, weight: weight, isBackup: backup, maxConnections: maxConnections)
        join(replica)
        return replica
    }

    /// Makes `replica` a member (the strategy has already accepted it).
    func join(_ replica: Replica) {
        let serverStats = UpstreamServerStats(hostname: replica.hostname)
        stats.servers.append(serverStats)
        members[replica.id] = UpstreamMember(replica: replica, stats: serverStats)
        if healthChecksStarted { startCheckLoop(for: replica, membership: serverStats, firstCheckAt: network.simulation.now) }
    }
}

/// A member of the balancer: the replica and what the balancer tracks about it.
struct UpstreamMember {
    var replica: LoadBalancer.Replica
    /// Forwards in flight.
    var active = 0
    var passive = PassiveHealth.State()
    var checks = ActiveHealthCheck.State()
    var outlier = OutlierDetection.State()
    /// When it last became available again after being down (for slow start); nil if never down.
    var recoveredAt: VirtualInstant?
    /// Taken out of rotation by a deployment: no new requests, the forwards in flight go on.
    var draining = false
    /// When its last forward in flight ended during the current drain.
    var drainedAt: VirtualInstant?
    /// Consecutive passed health checks since a deployment restarted it; nil when not watched.
    var deploymentPasses: Int?
    /// When the health checks had passed it `rise` times since the deployment restarted it.
    var healthyAt: VirtualInstant?
    let stats: UpstreamServerStats

    init(replica: LoadBalancer.Replica, stats: UpstreamServerStats) {
        self.replica = replica
        self.stats = stats
    }
}
