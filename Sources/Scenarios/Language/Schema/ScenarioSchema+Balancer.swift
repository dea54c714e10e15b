import Simulator

/// `balancer:` and `gateway:` (``ScenarioLoader/parseBalancer(_:servers:)``): nginx's, HAProxy's
/// and Envoy's mechanisms, each off unless given.
extension ScenarioSchema {
    /// The keys of `balancer:` (and `gateway:`), in the order the documentation lists them.
    static let balancerSection = SchemaObject([
        .optional("strategy", strategy, "How a server is chosen; default weighted_round_robin.", default: .word(defaultStrategy.name)),
        .optional("forward_timeout", .positiveDuration, "How long one try may take; default 60s.", default: .duration(defaultForwardTimeout)),
        .optional("retries", .object(retries), "Tries over other servers after a failure."),
        .optional("passive_health", .object(passiveHealth), "Servers marked down after failed requests."),
        .optional("health_check", .object(healthCheck), "Active health checks."),
        .optional("outlier_detection", .object(outlierDetection), "Envoy's outlier detection: servers ejected after consecutive errors, or by success rate or failure percentage."),
        .optional("panic_threshold", .percentage, "Below this share of healthy servers, balance over all of them."),
        .optional("slow_start", .positiveDuration, "Window over which a recovered server's weight rises."),
        .optional("max_conns", .count(atLeast: 1), "Connections per server at most."),
        .optional("queue", .object(connectionQueue), "Requests waiting while servers are at max_conns."),
        .optional("rate_limit", .object(rateLimit), "A token bucket in front of the servers."),
        .optional("circuit_breaker", .object(circuitBreaker), "Stop sending while too many requests fail."),
        .optional("keepalive", .object(keepalive), "Connections to the servers: setups and an idle cache per worker (nginx keepalive)."),
        .optional("locality", .object(locality), "Prefer the client's zone, spilling over by Envoy's priority load (needs zones)."),
    ], definition: ("balancer", "A load balancer: strategy, timeouts, retries, health checks, outlier detection, limits and a circuit breaker."))

    /// The words a retry's `on:` may list: nginx's `proxy_next_upstream` words (each status only
    /// itself; `http_403` and `http_429` are left out, as Orrery's servers never answer them) and
    /// `http_5xx`, Orrery's shorthand for every 5xx (like Envoy's `5xx`), which nginx does not have.
    static let retryConditions = ["error", "timeout", "http_500", "http_502", "http_503", "http_504", "http_404", "http_5xx", "off"]

    /// A balancer's strategy and per-try timeout when it does not say (nginx's round robin, which
    /// is weighted, and `proxy_read_timeout 60s`).
    static let defaultStrategy = BalancingStrategyKind.weightedRoundRobin
    static let defaultForwardTimeout = Duration.seconds(60)
    /// What a `hash` strategy hashes when it does not say.
    static let defaultHashKey = ConsistentHashStrategy.Key.request
    /// How long a request may wait in the connection queue when it does not say (nginx's `queue … timeout=60s`).
    static let defaultQueueTimeout = Duration.seconds(60)
    /// A rate limit's burst when it does not say: one request at a time.
    static let defaultBurst = 1
    /// The circuit breaker's settings when it does not say (``CircuitBreaker/Configuration``'s).
    static let circuitBreakerDefaults = CircuitBreaker.Configuration()

    /// `strategy:` as a word, or `{hash: {key, balance_factor}}`.
    static let strategy = SchemaNode.anyOf([.words(BalancingStrategyKind.names), .object(hashStrategy)])

    /// `strategy: {hash: …}`.
    static let hashStrategy = SchemaObject([.required("hash", .object(hashOptions))])

    /// The largest `balance_factor`: a bound of more than a hundred times the average load is none.
    static let maximumBalanceFactor = 100.0

    /// `strategy.hash`.
    static let hashOptions = SchemaObject([
        .optional("key", .choice(ConsistentHashStrategy.Key.self), "What is hashed: the request's key or the client's address; default request.", default: .word(defaultHashKey.rawValue)),
        .optional("balance_factor", .number(exclusiveMinimum: 1, maximum: maximumBalanceFactor), "Bound on a server's load as a multiple of the average (bounded loads), above 1 and at most 100."),
    ])

    /// `retries:`.
    static let retries = SchemaObject([
        .optional("tries", .count(atLeast: 1), "Tries in all, the first included; default: every server.", default: .derived("every server: one try on each")),
        .optional("on", .list(of: .words(retryConditions)), "Failures that are retried, as nginx's proxy_next_upstream: error, timeout, and server answers by status — http_500, http_502, http_503, http_504, each only that status, retried and counted against max_fails; http_404, retried but never counted; http_5xx, Orrery's shorthand for every 5xx (like Envoy's 5xx, not an nginx word). Orrery's servers answer 500, 503 and 404, never 502 or 504. Connect errors and timeouts count against max_fails even when not listed. off, anywhere in the list, retries nothing (nginx's proxy_next_upstream off). Default [error, timeout].",
                  default: .list(ScenarioLoader.retryConditionWords.filter { !$0.value.isEmpty && RetryConditions.nginxDefault.isSuperset(of: $0.value) }.map { .word($0.key) })),
        .optional("timeout", .positiveDuration, "Time for all tries together (nginx's proxy_next_upstream_timeout); default: no limit — leave it out (0 is refused).",
                  default: .derived("no limit: leave it out")),
    ])

    /// `queue:`.
    static let connectionQueue = SchemaObject([
        .required("size", .count(atLeast: 0), "Requests that may wait."),
        .optional("timeout", .positiveDuration, "How long one may wait; default 60s.", default: .duration(defaultQueueTimeout)),
    ])

    /// `rate_limit:`.
    static let rateLimit = SchemaObject([
        .required("rate", .positiveRate, "Requests per second."),
        .optional("burst", .count(atLeast: 1), "Requests allowed at once; default 1.", default: .integer(defaultBurst)),
    ])

    /// `circuit_breaker:`.
    static let circuitBreaker = SchemaObject([
        .optional("failure_ratio", .number(exclusiveMinimum: 0, maximum: 1), "Share of failures that opens the breaker; default 0.5.", default: .number(circuitBreakerDefaults.failureRatio)),
        .optional("window", .count(atLeast: 1), "Requests the ratio is measured over; default 20.", default: .integer(circuitBreakerDefaults.window)),
        .optional("minimum_requests", .count(atLeast: 1), "Requests needed before it may open; default 10, or the window if it is smaller.",
                  default: .derived("\(circuitBreakerDefaults.minimumRequests), or the window if it is smaller")),
        .optional("open_for", .positiveDuration, "How long it stays open; default 5s.", default: .duration(circuitBreakerDefaults.openDuration)),
        .optional("half_open_requests", .count(atLeast: 1), "Trial requests while half open; default 3.", default: .integer(circuitBreakerDefaults.halfOpenRequests)),
    ])
}
