import Simulator

/// A world file and the sections ``ScenarioLoader`` reads itself: `run`, `network`, `servers`,
/// `workload`, `chaos`, `expect` and `claims` (the subsystems' sections are in their own files).
extension ScenarioSchema {
    /// The sections of which a world needs at least one.
    static let worldSubsystemSections = ["servers", "workload", "mapreduce", "log", "queue", "object_store", "backup", "operations"]

    /// A world: any subset of the sections, in the order the documentation lists them.
    static let worldFile = SchemaObject(commonProperties + [
        .optional("run", .object(run), "When the clients stop and the run's limits."),
        .optional("network", .object(network), "The default link between nodes, and links that differ."),
        .optional("zones", .object(zonesSection), "Zones the servers and clients sit in, and the links within and between them."),
        .optional("servers", .list(of: .object(server), minimum: 1, maximum: ScenarioLoader.maximumServerEntries), "Server replicas: name and count, or on: MapReduce nodes."),
        .optional("balancer", .object(balancerSection), "A load balancer (node 'balancer') in front of the servers."),
        .optional("gateway", .object(balancerSection), "An API gateway (node 'gateway'): a balancer under another name."),
        .optional("workload", .object(workload), "The clients sending requests to the servers."),
        .optional("mapreduce", .object(mapReduceSection), "A MapReduce cluster and the jobs submitted to it."),
        .optional("log", .object(logSection), "A partitioned log: topics and producers."),
        .optional("queue", .object(queueSection), "Seed 002's sharded queue: brokers, replicated partitions, producers and consumer groups; needs run.duration."),
        .optional("object_store", .object(storeSection), "An S3-style object store and its buckets."),
        .optional("backup", .object(backupSection), "A backup manager syncing a host's files to the object store."),
        .optional("operations", operations, "Explicit object-store requests, in order."),
        .optional("faults", .list(of: .object(worldFault), maximum: ScenarioLoader.maximumFaults), "Faults at given instants."),
        .optional("chaos", .object(chaos), "Seeded random crashes and pauses."),
        .optional("deploy", .object(deploySection), "A new version rolled out to the servers behind the balancer: drain, restart, health, back."),
        .optional("expect", .list(of: expectation, maximum: maximumExpectations), "Assertions on the run's metrics; one that fails fails the run."),
        .optional("claims", .list(of: .object(claim), maximum: maximumClaims), "Statements checked against the run's metrics and reported, never failing the run."),
    ], rules: [.atLeastOne(worldSubsystemSections), .notBoth("balancer", "gateway"),
               // The clients need to be told when to stop, and a queue's consumers poll until run.duration.
               .requiredWith("run", key: "workload"), .requiredWith("run", key: "queue")])

    // MARK: run, network

    /// `run.requests`.
    static let runRequests = 1...1_000_000_000
    /// `run.max_events`, in every kind of file.
    static let runMaxEvents = 1...1_000_000_000_000

    /// `run:`.
    static let run = SchemaObject([
        .optional("duration", .positiveDuration, "Virtual time the clients send for."),
        .optional("requests", .integer(in: runRequests), "Requests the clients send in all."),
        .optional("time_limit", .positiveDuration, "Virtual time after which the run stops; default 2 × duration + 60 s (1h without a duration), and with subsystems beside the servers and clients an hour past the latest thing the file schedules.",
                  default: .derived("2 × duration + 60 s (1 h without a duration); with subsystems beside the servers and clients, an hour past the latest thing the file schedules")),
        .optional("max_events", .integer(in: runMaxEvents), "Events after which the run stops; default 2000000000.", default: .integer(Int(Scenario.Limits.defaultEventLimit))),
    ])

    /// `network:`.
    static let network = SchemaObject(lanLinkProperties + [
        .optional("links", .list(of: .object(networkLink), maximum: maximumLinks), "Links whose profile differs from the default."),
    ])

    /// The most `network.links` a file may list: more than one for each ordered pair of a large
    /// world's servers.
    static let maximumLinks = 10_000

    /// One of `network.links`.
    static let networkLink = SchemaObject([
        .required("from", .anyText, "A node's name."),
        .required("to", .anyText, "A node's name."),
    ] + linkProperties(defaults: "the network's default link's"))

    // MARK: servers

    /// `slots` of a server, in worlds and in experiments.
    static let serverSlots = 1...100_000
    /// `queue` of a server, in worlds and in experiments.
    static let serverQueue = 0...10_000_000
    /// `weight` of a server behind a balancer.
    static let serverWeight = 1...1_000_000

    /// What a server entry is when it leaves a setting out: one copy, the model's server
    /// (one slot, a queue of 1,000, exponential 10 ms service, speed 1, no errors), weight 1.
    static let defaultServerCount = 1
    static let defaultServer = ServerConfiguration()
    static let defaultServerWeight = 1

    /// One entry of `servers:`.
    static let server = SchemaObject([
        .optional("name", .anyText, "The server's name; with count, name1 … nameN."),
        .optional("on", .text(pattern: #"^mapreduce\."#), "mapreduce.coordinator, mapreduce.workers or mapreduce.worker-N: one server on each node named."),
        .optional("count", .integer(in: 1...ScenarioLoader.maximumServers), "Copies of the server; default 1.", default: .integer(defaultServerCount)),
        .optional("slots", .integer(in: serverSlots), "Requests served at once; default 1.", default: .integer(defaultServer.slots)),
        .optional("queue", .integer(in: serverQueue), "Requests waiting beyond the slots; default 1000.", default: .integer(defaultServer.queueCapacity)),
        .optional("service_time", distribution, "Time to serve one request; default exponential 10ms.", default: .distribution(defaultServer.serviceTime)),
        .optional("speed", .positiveFactor, "Speed relative to the others; default 1.", default: .number(defaultServer.speed)),
        .optional("error_rate", .probability, "Probability a request fails with 500; default 0.", default: .number(defaultServer.errorRate)),
        .optional("weight", .integer(in: serverWeight), "Weight behind a balancer; default 1.", default: .integer(defaultServerWeight)),
        .optional("backup", .flag, "Served only once no primary may take a request — all down, busy or already tried by it — and then for the rest of its tries (behind a balancer, as nginx backup servers); default false.", default: .boolean(false)),
        .optional("max_conns", .count(atLeast: 1), "Connections the balancer opens to it at most."),
        .optional("connection_limit", .integer(in: connectionLimit), "Connections it accepts from the balancer's keepalive pools, idle ones included; more are refused."),
        .optional("zone", .anyText, "Its zone, one of zones.list (needed when the file has zones)."),
    ], rules: [.exactlyOne(["name", "on"]), .notBoth("on", "count")])

    // MARK: workload

    /// The kinds of arrivals `workload.type` names.
    static let workloadTypes = ["closed_loop", "open_loop"]
    /// `workload.users`.
    static let workloadUsers = 1...1_000_000
    /// `workload.clients`.
    static let workloadClients = 1...100_000

    /// What a workload is when it leaves a setting out.
    static let defaultThinkTime = Distribution.constant(0)
    static let defaultClientTimeout = Duration.seconds(1)
    static let defaultRequestPath = "home"
    static let defaultClientHosts = 1

    /// `workload:`. `type` is required, so the rules on each type's settings
    /// (``ScenarioLoader/workloadSettings``) cover every workload.
    static let workload = SchemaObject([
        .required("type", .words(workloadTypes), "closed_loop (users wait for each answer) or open_loop (Poisson arrivals)."),
        .optional("users", .integer(in: workloadUsers), "Closed loop: users sending one request at a time."),
        .optional("think_time", distribution, "Closed loop: pause between a user's answer and its next request; default 0.", default: .distribution(defaultThinkTime)),
        .optional("rate", .positiveRate, "Open loop: requests per second."),
        .optional("timeout", .period, "How long a client waits for an answer, at least 1ms; default 1s.", default: .duration(defaultClientTimeout)),
        .optional("keys", requestKeys, "The request keys: six_digit_ids (default), {uniform: [min, max]} or {zipf: {n, exponent}}.", default: .word(sixDigitKeys)),
        .optional("path", .anyText, "The requests' path; default home.", default: .word(defaultRequestPath)),
        .optional("ramp_up", .positiveDuration, "Time over which the load rises to its full rate."),
        .optional("bursts", .list(of: .object(burst), maximum: maximumBursts), "Open loop: periods of multiplied rate."),
        .optional("clients", .integer(in: workloadClients), "Open loop: client hosts the requests come from; default 1.", default: .integer(defaultClientHosts)),
    ], rules: [.requiredWhen("users", key: "type", is: "closed_loop"), .requiredWhen("rate", key: "type", is: "open_loop")]
        + ScenarioLoader.workloadSettings.rulesByWord(under: "type"))

    /// The most `workload.bursts` a file may list. Every arrival the open loop draws (at its
    /// base rate times the largest multiplier, then thinned to the rate of the moment) looks at
    /// every burst to find the rate of the moment, about 4 ns a burst: a thousand make a draw
    /// cost what five requests do, and ``ResourceBudget`` counts those looks against the event
    /// limit. Ten thousand 1 ns bursts on a 1-per-second, 10 s loop never finished.
    static let maximumBursts = 1_000

    /// One of `workload.bursts`.
    static let burst = SchemaObject([
        .required("at", .duration),
        .required("for", .positiveDuration),
        .required("multiplier", .positiveFactor),
    ])

    /// `workload.keys` as a mapping.
    static let keyFamilies = SchemaObject([
        .optional("uniform", .list(of: .integer(in: uniformKeys), minimum: 2, maximum: 2), "[min, max], each 0 … 9223372036854775807."),
        .optional("zipf", .object(zipf)),
    ], rules: [.atLeastOne(["uniform", "zipf"])])

    /// `workload.keys.zipf`.
    static let zipf = SchemaObject([
        .required("n", .integer(in: zipfKeys), "Distinct keys."),
        .required("exponent", .number(in: zipfExponent)),
    ])

    /// `zipf.n`.
    static let zipfKeys = 1...1_000_000_000
    /// `workload.keys.uniform`: keys are drawn as 64-bit numbers, read as `Int`s.
    static let uniformKeys = 0...Int.max
    /// `zipf.exponent`.
    static let zipfExponent = 0.001...100.0

    /// `workload.keys`.
    static let requestKeys = SchemaNode.anyOf([.word(sixDigitKeys), .object(keyFamilies)])
    /// The request keys a workload draws unless it says otherwise: six-digit ids.
    static let sixDigitKeys = "six_digit_ids"

    // MARK: chaos, expect, claims

    /// The most names `chaos.nodes` may list (a node listed twice is struck as often as one listed once).
    static let maximumChaosNodes = 10_000

    /// `chaos:` crashes and pauses per hour.
    static let chaosPerHour = 0...3_600.0
    /// How long a node chaos crashes stays down, and a pause lasts, when `chaos:` does not say.
    static let defaultChaosDowntime = Distribution.constant(5)
    static let defaultChaosPauseLength = Distribution.constant(1)

    /// `chaos:`.
    static let chaos = SchemaObject([
        .optional("nodes", .list(of: .anyText, maximum: maximumChaosNodes), "The nodes chaos may strike; default every node.", default: .derived("every node")),
        .optional("crashes_per_hour", .number(in: chaosPerHour), "Default 0.", default: .number(0)),
        .optional("downtime", distribution, "How long a crashed node stays down; default 5s.", default: .distribution(defaultChaosDowntime)),
        .optional("pauses_per_hour", .number(in: chaosPerHour), "Default 0.", default: .number(0)),
        .optional("pause_length", distribution, "How long a pause lasts; default 1s.", default: .distribution(defaultChaosPauseLength)),
    ])

    /// The most assertions `expect:` may list: each is checked after the run and written to every
    /// report (1.29 million took 8 s and 519 MB to load, and wrote a 145 MB report.json).
    static let maximumExpectations = 1_000
    /// The most `claims:` a file may list, for the same reason.
    static let maximumClaims = 1_000
    /// The most conditions one claim's `holds_if` may list.
    static let maximumClaimConditions = 100

    /// An assertion `metric op value`.
    static let expectation = SchemaNode.named("expectation", summary: "'metric op value' with op one of < <= > >= ==, e.g. 'balancer.p99 < 200ms'.",
                                              .text(pattern: "<|>|=="))

    /// One of `claims:`.
    static let claim = SchemaObject([
        .required("claim", .anyText, "The claim as its source words it."),
        .required("holds_if", .anyOf([expectation, .list(of: expectation, minimum: 1, maximum: maximumClaimConditions)]), "The condition, or conditions, under which it holds."),
    ])
}
