import Simulator

/// The files of experiments A-1 … A-4 (``ScenarioLoader/placementExperiment(_:name:shape:)``):
/// server counts, requests, and the assignment's map or another placement algorithm.
extension ScenarioSchema {
    /// The file of placement experiment `name`, with `own` sections only it has (A-3's). What
    /// `name` does not run is refused here as the loader refuses it: a second server count or
    /// variant where only the first would run, and A-3's `requests` (its traffic is its failover's).
    static func placementExperimentFile(_ name: String, own: [SchemaProperty] = []) -> SchemaObject {
        let severalCounts = runsEveryServerCount(name), severalVariants = comparesEveryVariant(name)
        let counts = SchemaNode.list(of: .integer(in: experimentServers), minimum: 1, maximum: severalCounts ? maximumServerCounts : 1)
        let requests: SchemaProperty = readsRequests(name)
            ? .optional("requests", .integer(in: experimentRequests), "Requests per run; default 10000.", default: .integer(defaultExperimentRequests))
            : .optional("requests", .nothing, "Not read: A-3's traffic is its failover's rate × duration.")
        return SchemaObject(commonProperties + [
            .required(experimentKey, .word(name)),
            .required("servers", .anyOf([.integer(in: experimentServers), counts]),
                      severalCounts ? "A replica count, or a list of different ones." : "A replica count (a list of one at most: this experiment runs one count)."),
            requests,
            .optional("map", .object(assignmentMap), "The assignment's consistent hash map, with other parameters."),
            .optional("placement", placementAlgorithm, "Another placement algorithm."),
            .optional("variants", .list(of: .object(placementVariant), maximum: severalVariants ? maximumVariants : 1),
                      severalVariants ? "Several placements compared, each named differently; replaces map and placement." : "One named placement (only A-4 compares several); replaces map and placement."),
            .optional("server", .object(experimentServer), "Every replica's slots, queue and service time."),
        ] + own, rules: [.notBoth("map", "placement")])
    }

    /// Whether experiment `name` runs every count `servers:` lists; A-1 and A-3's
    /// cluster run one, so a second would never run.
    static func runsEveryServerCount(_ name: String) -> Bool { name == A2Experiment.name || name == A4Experiment.name }
    /// Whether experiment `name` measures every one of `variants:`; the others run one placement.
    static func comparesEveryVariant(_ name: String) -> Bool { name == A4Experiment.name }
    /// Whether `requests:` sets experiment `name`'s traffic: A-3's is its failover's rate × duration.
    static func readsRequests(_ name: String) -> Bool { name != A3Experiment.name }

    /// A-3's own sections: the balancer's operations and the failure under load.
    static let a3Sections: [SchemaProperty] = [
        .optional("operations", .list(of: .anyOf([.word("rep"), .object(replicaOperation)]), maximum: maximumA3Operations), "Requests to the balancer's endpoints, in order."),
        .required("failover", .object(failover), "A replica killed under load."),
    ]

    /// A replica count of an experiment.
    static let experimentServers = 1...1_000
    /// `requests` of an experiment: all in flight at once, about 1.4 KB each (a million took
    /// 1.4 GB and 7 s; ten million, 13 GB).
    static let experimentRequests = 1...1_000_000
    /// The most requests a placement experiment sends over all its runs (server counts ×
    /// variants), about 35 s of work.
    static let experimentMostRequests = 5_000_000

    /// The most server counts `servers:` may list; their runs share ``experimentMostRequests``.
    static let maximumServerCounts = 10_000
    /// The most placements `variants:` may list; their setups share the placement budget.
    static let maximumVariants = 1_000

    /// A placement experiment's requests per run when its file does not say.
    static let defaultExperimentRequests = 10_000
    /// Every replica of a placement experiment when `server:` does not say: the model balancer's
    /// replica (``LoadBalancer/Configuration``'s: 4 slots, exponential 2 ms service).
    static let experimentServerDefaults = LoadBalancer.Configuration().server
    /// A-3's balancer when its failover does not say: ``LoadBalancer/Configuration``'s 500 ms
    /// per-try timeout and one retry.
    static let balancerDefaults = LoadBalancer.Configuration()
    /// A-3's heartbeats when its failover does not say (``ReplicaManager/Configuration``'s).
    static let heartbeatDefaults = ReplicaManager.Configuration()
    /// How long A-3's clients wait for an answer when its failover does not say.
    static let defaultFailoverClientTimeout = Duration.seconds(2)

    /// One of `variants:`.
    static let placementVariant = SchemaObject([
        .required("name", .anyText),
        .optional("map", .object(assignmentMap)),
        .optional("placement", placementAlgorithm),
    ], rules: [.notBoth("map", "placement")])

    /// `server:` of an experiment.
    static let experimentServer = SchemaObject([
        .optional("slots", .integer(in: serverSlots), "Default 4.", default: .integer(experimentServerDefaults.slots)),
        .optional("queue", .integer(in: serverQueue), "Default: room for every request of a run (the requests), at least 100000. In A-1, A-2 and A-4 at least the requests less the slots.",
                  default: .derived("room for every request of a run, at least 100000")),
        .optional("service_time", distribution, "Default exponential 2ms.", default: .distribution(experimentServerDefaults.serviceTime)),
    ], definition: ("experiment_server", "Every replica's slots, queue and service time in a placement experiment."))

    // MARK: The assignment's map

    /// `map.slots`.
    static let mapSlots = 1...1_048_576
    /// `map.virtual_servers`.
    static let mapVirtualServers = 1...1_024

    /// `map:`.
    static let assignmentMap = SchemaObject([
        .optional("slots", .integer(in: mapSlots), "M, the slot count; default 512.", default: .integer(ConsistentHashMap.Configuration.assignment.slotCount)),
        .optional("virtual_servers", .integer(in: mapVirtualServers), "K, virtual servers per server; default ⌊log₂ M⌋, at least 1 (9 for the default M = 512).",
                  default: .derived("⌊log₂ M⌋, at least 1")),
        .optional("request_hash", .anyOf([.words(RequestHash.namedChoices.map(\.name)), .object(requestPolynomial)]), "H: a name or {polynomial: {i2, i, c}}; default assignment.",
                  default: .word(RequestHash.namedChoices.first { $0.hash == ConsistentHashMap.Configuration.assignment.requestHash }!.name)),
        .optional("virtual_server_hash", .anyOf([.words(VirtualServerHash.namedChoices.map(\.name)), .object(virtualServerPolynomial)]),
                  "Φ: a name or {polynomial: {i2, i, j2, j, c}}; default assignment.",
                  default: .word(VirtualServerHash.namedChoices.first { $0.hash == ConsistentHashMap.Configuration.assignment.virtualServerHash }!.name)),
        .optional("probing", .choice(ConsistentHashMap.Probing.self), "Default linear.", default: .word(ConsistentHashMap.Configuration.assignment.probing.rawValue)),
    ], definition: ("assignment_map", "The assignment's consistent hash map: M slots, K virtual servers per server, the hashes H and Φ, and probing."))

    /// A polynomial's coefficients, each a whole number ≥ 0 (default 0).
    private static func coefficients(_ names: [String]) -> SchemaObject {
        SchemaObject(names.map { .optional($0, .count(atLeast: 0), default: .integer(0)) })
    }

    /// `{polynomial: {i2, i, c}}`.
    static let requestPolynomial = SchemaObject([.required("polynomial", .object(requestCoefficients))])
    /// H's coefficients: `i2·i² + i·i + c`.
    static let requestCoefficients = coefficients(["i2", "i", "c"])
    /// `{polynomial: {i2, i, j2, j, c}}`.
    static let virtualServerPolynomial = SchemaObject([.required("polynomial", .object(virtualServerCoefficients))])
    /// Φ's coefficients: `i2·i² + i·i + j2·j² + j·j + c`.
    static let virtualServerCoefficients = coefficients(["i2", "i", "j2", "j", "c"])

    // MARK: Other algorithms

    /// `virtual_nodes` of a ring.
    static let ringVirtualNodes = 1...10_000
    /// `bounded_loads:`'s `epsilon`: beyond 100 a node may hold over a hundred times the average, no bound at all.
    static let boundedLoadsEpsilon = 0.0...100
    /// `table_size` of a Maglev table (a prime).
    static let maglevTableSize = 2...1_000_003

    /// `placement:` as a mapping: exactly one algorithm with its options.
    static let placementByName: SchemaObject = {
        let algorithms: [SchemaProperty] = [
            .optional("ring", .object(ringOptions), "A ketama-style ring (MurmurHash3)."),
            .optional("jump", .anything, "Jump consistent hash."),
            .optional("maglev", .object(maglevOptions), "Maglev's lookup table."),
            .optional("rendezvous", .anything, "Rendezvous (highest random weight)."),
            .optional("bounded_loads", .object(boundedLoadsOptions), "Consistent hashing with bounded loads."),
        ]
        return SchemaObject(algorithms, rules: [.exactlyOne(algorithms.map(\.name))])
    }()

    /// `placement:`: an algorithm's name, or one algorithm with its options.
    static let placementAlgorithm = SchemaNode.named("placement", summary: "A placement algorithm: ring, jump, maglev, rendezvous or bounded_loads, bare or with its options.",
                                                     .anyOf([.words(placementByName.keys), .object(placementByName)]))

    /// `ring:`'s options.
    static let ringOptions = SchemaObject([.optional("virtual_nodes", .integer(in: ringVirtualNodes), "Default \(HashRing.defaultVirtualNodesPerNode).", default: .integer(HashRing.defaultVirtualNodesPerNode))])
    /// `maglev:`'s options.
    static let maglevOptions = SchemaObject([.optional("table_size", .integer(in: maglevTableSize), "A prime; default \(MaglevTable.defaultTableSize).", default: .integer(MaglevTable.defaultTableSize))])
    /// `bounded_loads:`'s options.
    static let boundedLoadsOptions = SchemaObject([
        .optional("epsilon", .number(in: boundedLoadsEpsilon), "How far above the average load a node may go, 0 … 100 (a node holds at most 1 + epsilon times the average); default \(NumberText.plain(BoundedLoadRing.defaultEpsilon)).", default: .number(BoundedLoadRing.defaultEpsilon)),
        .optional("virtual_nodes", .integer(in: ringVirtualNodes), "Default \(HashRing.defaultVirtualNodesPerNode).", default: .integer(HashRing.defaultVirtualNodesPerNode)),
    ])

    // MARK: A-3

    /// The most replicas one operation adds or removes.
    static let maximumReplicasPerOperation = 10_000
    /// `add.n` and `rm.n`: zero and below are accepted, so that a file can show the balancer's
    /// answer to them ("must be a positive integer"), and bounded as the replicas are.
    static let replicaChangeCounts = -maximumReplicasPerOperation...maximumReplicasPerOperation
    /// The most operations an A-3 file may list: they run one after another within a minute of
    /// virtual time.
    static let maximumA3Operations = 10_000

    /// `{add: …}`, `{rm: …}` or `{route: …}` of A-3's operations.
    static let replicaOperation = SchemaObject([
        .optional("add", .object(replicaChange)),
        .optional("rm", .object(replicaChange)),
        .optional("route", .object(route)),
    ], rules: [.exactlyOne(["add", "rm", "route"])])

    /// `add:` and `rm:`.
    static let replicaChange = SchemaObject([
        .required("n", .integer(in: replicaChangeCounts), "Replicas; the balancer answers any n, and 0 or below with its error."),
        .optional("hostnames", .list(of: .anyText, maximum: maximumReplicasPerOperation), "At most n; more are answered with the balancer's error."),
    ])

    /// `route:`.
    static let route = SchemaObject([.required("path", .anyText), .optional("request_id", .count(atLeast: 0), "Default 123456.", default: .integer(defaultRouteRequestID))])
    /// The request id a route asks about when it does not say (the assignment's example).
    static let defaultRouteRequestID = 123_456

    /// The most requests A-3's failover may send (its rate times its duration).
    static let maximumFailoverRequests = 10_000_000
    /// The longest duration or timeout in A-3's failover.
    static let longestFailoverSpan = Duration.seconds(3_600)
    /// A duration or timeout of A-3's failover: above zero, at most ``longestFailoverSpan``.
    static let failoverSpan = SchemaNode.duration(atMost: longestFailoverSpan, positive: true)

    /// A-3's `failover:`.
    static let failover = SchemaObject([
        .required("rate", .positiveRate, "Requests per second; rate × duration at most 10,000,000 requests."),
        .required("duration", failoverSpan, "How long traffic lasts, at most 1h."),
        .required("kill_at", .duration, "When the replica is killed; before the traffic ends."),
        .required("kill", .anyText, "The replica killed."),
        .optional("heartbeat_interval", .period, "At least 1ms; default 1s.", default: .duration(heartbeatDefaults.interval)),
        .optional("heartbeat_timeout", failoverSpan, "At most 1h; default 500ms.", default: .duration(heartbeatDefaults.timeout)),
        .optional("misses_before_down", .count(atLeast: 1), "Default 2.", default: .integer(heartbeatDefaults.missesBeforeDown)),
        .optional("spawn_delay", .duration, "Default 2s.", default: .duration(heartbeatDefaults.spawnDelay)),
        .optional("client_timeout", failoverSpan, "At most 1h; default 2s.", default: .duration(defaultFailoverClientTimeout)),
        .optional("forward_timeout", failoverSpan, "At most 1h; default 500ms.", default: .duration(balancerDefaults.forwardTimeout)),
        .optional("retries", .count(atLeast: 0), "Default 1.", default: .integer(balancerDefaults.retries)),
    ])
}
