import Simulator
import Reports

extension ScenarioLoader {
    /// What each word `retries.on` may list stands for, in the order of ``ScenarioSchema/retryConditions``:
    /// nginx's `proxy_next_upstream` words, each status only itself, and `http_5xx`, Orrery's
    /// shorthand for every 5xx (Envoy's `retry_on: 5xx`; nginx has no such word).
    static let retryConditionWords: KeyValuePairs<String, RetryConditions> = [
        "error": .error, "timeout": .timeout, "http_500": .http500, "http_502": .http502, "http_503": .http503, "http_504": .http504,
        "http_404": .http404, "http_5xx": .http5xx, "off": [],
    ]

    /// Parses `balancer:`. Defaults are nginx's: round robin (smooth weighted), a 60 s per-try
    /// timeout (`proxy_read_timeout`), retries on `error timeout` over every server, and passive
    /// health with `max_fails=1 fail_timeout=10s`; everything else is off unless given.
    static func parseBalancer(_ cursor: YAMLCursor, servers: [Scenario.Server]) throws(ScenarioError) -> Scenario.Balancer {
        let fields = try cursor.mapping(ScenarioSchema.balancerSection)
        let strategy = try fields["strategy"].map { cursor throws(ScenarioError) in try parseStrategy(cursor) } ?? ScenarioSchema.defaultStrategy
        if case .consistentHash = strategy, let strategyCursor = fields["strategy"] {
            // A weight is a count of ring points (160 a unit, as nginx's): 10,000 units at most.
            let units = HashRing.maximumPoints / HashRing.defaultVirtualNodesPerNode
            let total = servers.reduce(0) { $0 + $1.weight }
            guard total <= units else {
                throw strategyCursor.error(.invalidValue("with a hash strategy the servers' weights add up to at most \(NumberFormat.integer(units)) (each unit is \(NumberFormat.integer(HashRing.defaultVirtualNodesPerNode)) points on the ring), got \(NumberFormat.integer(total))"))
            }
        }
        var configuration = LoadBalancer.Configuration(forwardTimeout: ScenarioSchema.defaultForwardTimeout, retries: servers.count - 1, retryOn: .nginxDefault, passiveHealth: .nginxDefault)
        if let timeout = fields["forward_timeout"] { configuration.forwardTimeout = try timeout.positiveDuration() }
        if let retries = fields["retries"] {
            let retryFields = try retries.mapping(ScenarioSchema.retries)
            if let tries = retryFields["tries"] { configuration.retries = try tries.int(atLeast: 1) - 1 }
            if let on = retryFields["on"] { configuration.retryOn = try parseRetryConditions(on) }
            configuration.retryTimeout = try retryFields["timeout"]?.positiveDuration()
        }
        if let passive = fields["passive_health"] { configuration.passiveHealth = try parsePassiveHealth(passive) }
        if let check = fields["health_check"] { configuration.healthCheck = try parseHealthCheck(check) }
        if let outlier = fields["outlier_detection"] { configuration.outlierDetection = try parseOutlierDetection(outlier) }
        if let panic = fields["panic_threshold"] { configuration.panicThreshold = try panic.percentage() / 100 }
        if let slowStart = fields["slow_start"] {
            configuration.slowStart = SlowStart(window: try slowStart.positiveDuration())
            if let refusal = slowStartRefusal(strategy) { throw slowStart.error(.invalidValue(refusal)) }
        }
        if let limit = fields["max_conns"] { configuration.maxConnections = try limit.int(atLeast: 1) }
        if let queue = fields["queue"] {
            guard configuration.maxConnections != nil || servers.contains(where: { $0.maxConnections != nil }) else {
                throw queue.error(.invalidValue("a queue holds requests while servers are at 'max_conns'; set 'max_conns' on the balancer or on a server"))
            }
            let queueFields = try queue.mapping(ScenarioSchema.connectionQueue)
            configuration.queue = ConnectionQueueConfiguration(capacity: try queueFields.required("size").int(atLeast: 0),
                                                               timeout: try queueFields["timeout"]?.positiveDuration() ?? ScenarioSchema.defaultQueueTimeout)
        }
        if let limit = fields["rate_limit"] {
            let limitFields = try limit.mapping(ScenarioSchema.rateLimit)
            configuration.rateLimit = TokenBucket.Configuration(rate: try limitFields.required("rate").positiveRate(),
                                                                burst: try limitFields["burst"]?.int(atLeast: 1) ?? ScenarioSchema.defaultBurst)
        }
        if let breaker = fields["circuit_breaker"] {
            configuration.circuitBreaker = try parseCircuitBreaker(breaker)
        }
        if let keepalive = fields["keepalive"] { configuration.keepalive = try parseKeepalive(keepalive, servers: servers) }
        if let locality = fields["locality"] { configuration.locality = try parseLocality(locality) }
        return Scenario.Balancer(strategy: strategy, configuration: configuration)
    }

    /// Why `slow_start` would do nothing with `strategy`, one that reads no slow-start weight
    /// (``BalancingStrategyKind/usesSlowStartWeight``), or nil when it would act. nginx refuses
    /// `slow_start` with `hash` and `ip_hash` ("cannot be used along with"); `round_robin`, which
    /// nginx has not (its round robin is `weighted_round_robin`), ignores weights altogether.
    static func slowStartRefusal(_ strategy: BalancingStrategyKind) -> String? {
        guard !strategy.usesSlowStartWeight else { return nil }
        let why = switch strategy {
        case .roundRobin: "'round_robin' takes the servers in turn whatever their weights, so slow_start would do nothing (nginx's round robin, which weighs its servers, is 'weighted_round_robin')"
        case .ipHash: "'ip_hash' sends each client host to the server its hash picks by the configured weights, so slow_start would do nothing (nginx refuses slow_start with ip_hash)"
        default: "'hash' keeps each key on the server of its point on the ring, so slow_start would do nothing (nginx refuses slow_start with hash); with a balance_factor ('hash_bounded') a recovering server is capped by its slow-start weight"
        }
        let names = BalancingStrategyKind.slowStartNames
        return "slow_start needs a strategy that uses weights (\(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")), so that a recovered server takes a growing share; \(why)"
    }

    /// A strategy: a name, or `{hash: {key: request|client, balance_factor: 1.25}}`.
    static func parseStrategy(_ cursor: YAMLCursor) throws(ScenarioError) -> BalancingStrategyKind {
        if let name = cursor.text {
            switch name {
            case "round_robin": return .roundRobin
            case "weighted_round_robin": return .weightedRoundRobin
            case "least_conn": return .leastConnections
            case "random": return .random
            case "least_request": return .leastRequest
            case "health_based": return .healthBased
            case "ip_hash": return .ipHash
            case "hash": return .consistentHash(key: .request, balanceFactor: nil)
            case "hash_bounded": return .consistentHash(key: .request, balanceFactor: 1.25)
            default:
                let names = BalancingStrategyKind.names
                throw cursor.error(.invalidValue("unknown strategy '\(name.excerpt)'" + (Suggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? "; expected one of \(names.joined(separator: ", "))")))
            }
        }
        let fields = try cursor.mapping(ScenarioSchema.hashStrategy)
        let hash = try fields.required("hash").mapping(ScenarioSchema.hashOptions)
        var key = ScenarioSchema.defaultHashKey
        if let keyCursor = hash["key"] {
            let text = try keyCursor.string()
            guard let parsed = ConsistentHashStrategy.Key(rawValue: text) else {
                throw keyCursor.error(.invalidValue("a hash key is 'request' (the request's key) or 'client' (the client's address), not '\(text.excerpt)'"))
            }
            key = parsed
        }
        var factor: Double?
        if let factorCursor = hash["balance_factor"] {
            let value = try factorCursor.double()
            guard value > 1, value <= ScenarioSchema.maximumBalanceFactor else {
                throw factorCursor.error(.invalidValue("a balance factor must be greater than 1 and at most \(NumberFormat.trimmed(ScenarioSchema.maximumBalanceFactor, maxDecimals: 6, grouping: true)), got \(factorCursor.text?.excerpt ?? "")"))
            }
            factor = value
        }
        return .consistentHash(key: key, balanceFactor: factor)
    }

    /// `retries.on`: the listed words' conditions; `off` anywhere in the list means none, as
    /// nginx's `proxy_next_upstream off` overrides every other word (`ngx_http_upstream_merge_conf`
    /// keeps only `NGX_HTTP_UPSTREAM_FT_OFF`). Failed forwards still count against `max_fails`.
    static func parseRetryConditions(_ cursor: YAMLCursor) throws(ScenarioError) -> RetryConditions {
        var conditions: RetryConditions = []
        var off = false
        for item in try cursor.list() {
            let word = try item.string()
            if word == "off" { off = true }
            guard let condition = retryConditionWords.first(where: { $0.key == word })?.value else {
                if word == "http_403" || word == "http_429" {
                    throw item.error(.invalidValue("'\(word)' is nginx's, but Orrery's servers never answer \(word.dropFirst(5)): there is nothing to retry"))
                }
                let names = ScenarioSchema.retryConditions
                throw item.error(.invalidValue("unknown retry condition '\(word.excerpt)'" + (Suggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? "; expected one of \(names.joined(separator: ", "))")))
            }
            conditions.insert(condition)
        }
        return off ? [] : conditions
    }

    static func parseCircuitBreaker(_ cursor: YAMLCursor) throws(ScenarioError) -> CircuitBreaker.Configuration {
        let fields = try cursor.mapping(ScenarioSchema.circuitBreaker)
        let defaults = ScenarioSchema.circuitBreakerDefaults
        let ratioCursor = fields["failure_ratio"]
        let ratio = try ratioCursor?.probability() ?? defaults.failureRatio
        if let ratioCursor, ratio == 0 { throw ratioCursor.error(.invalidValue("a failure ratio of 0 would open the breaker on the first request")) }
        let window = try fields["window"]?.int(atLeast: 1) ?? defaults.window
        let minimumCursor = fields["minimum_requests"]
        let minimum = try minimumCursor?.int(atLeast: 1) ?? Swift.min(defaults.minimumRequests, window)
        if let minimumCursor, minimum > window { throw minimumCursor.error(.invalidValue("minimum_requests (\(minimum)) cannot exceed the window (\(window))")) }
        return CircuitBreaker.Configuration(
            failureRatio: ratio, window: window, minimumRequests: minimum,
            openDuration: try fields["open_for"]?.positiveDuration() ?? defaults.openDuration,
            halfOpenRequests: try fields["half_open_requests"]?.int(atLeast: 1) ?? defaults.halfOpenRequests)
    }
}

extension YAMLCursor {
    /// A percentage between 0 and 100, written `50` or `50%`.
    func percentage() throws(ScenarioError) -> Double {
        guard let raw = text?.trimmingSpaces else { throw error(.wrongType(expected: "a percentage such as 50%", found: kindDescription)) }
        let number = raw.hasSuffix("%") ? String(raw.dropLast()).trimmingSpaces : raw
        if number == raw { try refuseLeadingZero(raw) }
        // Text that is no number (`0x10`, `ten`) is told so, as every other number key tells it.
        guard let value = DecimalText.number(number[...]) else {
            throw error(.wrongType(expected: "a percentage such as 50%", found: kindDescription))
        }
        guard (0...100).contains(value) else {
            throw error(.invalidValue("a percentage must be between 0 and 100, got \(raw.excerpt)"))
        }
        return value == 0 ? 0 : value
    }
}
