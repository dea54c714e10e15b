/// The figures of the traffic through the balancer (or straight to the servers): `balancer.*`.
public enum BalancerMetric: String, MetricCatalog {
    case p50, p90, p95, p99, p999
    case meanLatency = "mean_latency"
    case maxLatency = "max_latency"
    case successRatio = "success_ratio"
    case errorRatio = "error_ratio"
    case throughput
    case completed, succeeded, timeouts, errors
    /// Requests answered 503 Service Unavailable: turned away for want of capacity by a server's
    /// full queue, the balancer's connection queue (full, or waited out) or its open circuit
    /// breaker. Not the requests no server answered (502 and 504, as nginx answers them) nor the
    /// rate limited (429): those count in `errors`, and the 429s in `rate_limited`.
    case rejected
    /// Retries: forwards after a request's failed try (a request may be retried several times).
    case retries
    /// Forwards that got no answer (connect errors and timeouts).
    case failedForwards = "failed_forwards"
    /// Requests the balancer's rate limit turned away.
    case rateLimited = "rate_limited"
    /// Requests the balancer's circuit breaker turned away.
    case circuitRejected = "circuit_rejected"
    /// Requests whose wait in the connection queue expired.
    case queueTimeouts = "queue_timeouts"
    /// The longest time from a break's first fault (``Failover``) to the balancer marking the server
    /// down; a break never detected counts until the run's end.
    case detectionTime = "detection_time"
    /// The longest time from a detected break's repair to the server's return to rotation.
    case recoveryTime = "recovery_time"
    /// The lowest successful requests per second answered by one primary server.
    case minServerThroughput = "min_server_throughput"
    /// The highest successful requests per second answered by one primary server.
    case maxServerThroughput = "max_server_throughput"
    /// The busiest primary's successful requests over the mean (1 is perfectly even); not
    /// measured when no primary served a request.
    case imbalance
    /// Successful requests answered by backup servers.
    case backupServed = "backup_served"
    /// Connection setups to the servers (with keepalive).
    case connectionSetups = "connection_setups"
    /// Forwards over an idle pooled connection.
    case connectionReuses = "connection_reuses"
    /// Setups per forward: 1 without a cache, 1/keepalive_requests at best.
    case setupsPerRequest = "setups_per_request"
    /// The mean time of a completed setup.
    case meanSetupTime = "mean_setup_time"
    /// Idle connections closed because a worker's cache was full (least recently used).
    case connectionsEvicted = "connections_evicted"
    /// Idle connections closed by keepalive_timeout.
    case connectionsExpired = "connections_expired"
    /// Connections closed after keepalive_requests requests.
    case connectionsRetired = "connections_retired"
    /// Cached connections found stale (their server restarted).
    case connectionsStale = "connections_stale"
    /// Setups refused by a server's connection_limit.
    case connectionsRefused = "connections_refused"
    /// The most connections open at once.
    case peakOpenConnections = "peak_open_connections"
    /// Forwards to a server in another zone than the client's, over all forwards (worlds with zones).
    case crossZoneShare = "cross_zone_share"
    /// Forwards to a server in another zone than the client's (worlds with zones).
    case crossZoneForwards = "cross_zone_forwards"

    public static let subsystem = Subsystem.balancer

    /// Whether it is a latency of the successful requests, which a run where none succeeded
    /// does not measure.
    public var isLatency: Bool {
        switch self {
        case .p50, .p90, .p95, .p99, .p999, .meanLatency, .maxLatency: return true
        default: return false
        }
    }

    /// Whether it is a share of the requests that ended (answered, failed or timed out), which a
    /// run where none ended does not measure.
    public var isRatioOfEndedRequests: Bool {
        self == .successRatio || self == .errorRatio
    }

    /// Whether it is successful requests per second of the time up to the last request that
    /// ended, which a run where none ended does not measure (0 requests over 0 s, not 0/s).
    public var isRateOfEndedRequests: Bool {
        self == .throughput || self == .minServerThroughput || self == .maxServerThroughput
    }

    /// Whether it compares what the primary servers served, which a run where they served nothing
    /// does not measure: `imbalance` of no request is 0/0, not the perfectly even 1.
    public var isShareOfServed: Bool { self == .imbalance }

    /// Whether only a balancer measures it (clients that talk to servers directly have none).
    public var needsBalancer: Bool {
        switch self {
        case .retries, .failedForwards, .rateLimited, .circuitRejected, .queueTimeouts, .detectionTime, .recoveryTime, .backupServed,
             .crossZoneShare, .crossZoneForwards: return true
        default: return needsKeepalive
        }
    }

    /// Whether only a world with zones measures it (other worlds neither list nor report it).
    public var needsZones: Bool { self == .crossZoneShare || self == .crossZoneForwards }

    /// Whether only a balancer with keepalive pools measures it (other worlds neither list nor
    /// report it).
    public var needsKeepalive: Bool {
        switch self {
        case .connectionSetups, .connectionReuses, .setupsPerRequest, .meanSetupTime, .connectionsEvicted, .connectionsExpired,
             .connectionsRetired, .connectionsStale, .connectionsRefused, .peakOpenConnections: return true
        default: return false
        }
    }

    public var unit: MetricUnit {
        switch self {
        case .p50, .p90, .p95, .p99, .p999, .meanLatency, .maxLatency, .detectionTime, .recoveryTime, .meanSetupTime: return .duration
        case .successRatio, .errorRatio, .imbalance, .setupsPerRequest, .crossZoneShare: return .ratio
        case .throughput, .minServerThroughput, .maxServerThroughput: return .rate
        default: return .count
        }
    }
}
