import Foundation
import Reports
import Simulator

extension ScenarioLoader {
    /// The setup of placement experiment `name` in `document`, strictly, with positions in every
    /// error; `shape` is the experiment's file (``ScenarioSchema/placementExperimentFile(_:own:)``),
    /// whose own sections (A-3's `operations`, `failover`) the caller reads from the mapping returned.
    static func placementExperiment(_ document: ScenarioDocument, name: String, shape: SchemaObject) throws(ScenarioError) -> (spec: PlacementExperimentSpec, top: YAMLMapping) {
        let top = try document.sections(shape)
        let serversCursor = try top.required("servers")
        let counts = try serverCounts(serversCursor, experiment: name)
        var variants: [PlacementExperimentSpec.Variant] = []
        var variantNames = DistinctNames()
        if let list = top["variants"] {
            // Every variant's placements are built and measured: A-4's key movement too.
            var steps = 0.0
            for item in try list.list(atMost: ScenarioSchema.maximumVariants, of: "variants") {
                // Only A-4 compares variants: a second one elsewhere was dropped unsaid.
                guard variants.isEmpty || ScenarioSchema.comparesEveryVariant(name) else {
                    throw item.error(.invalidValue("\(experimentTitle(name)) runs one placement, so this second variant would never run; compare placements in an a4 file"))
                }
                let fields = try item.mapping(ScenarioSchema.placementVariant)
                let nameCursor = try fields.required("name")
                let variant = PlacementExperimentSpec.Variant(label: try nameCursor.name(),
                                                              placement: try parsePlacement(map: fields["map"], placement: fields["placement"], at: item))
                // Two rows of one name in every table, and "the most even is a and the least even is a";
                // by bytes, then by what a reader sees (`ｘ` and `x`), as node names are.
                try variantNames.add(variant.label, at: nameCursor, kind: "variant",
                                     remedy: "give each variant its own name: the report's tables and files tell the variants apart by it")
                steps += try checkPlacement(variant.placement, counts: counts, label: "variant '\(variant.label.excerpt)': ", at: fields["map"] ?? fields["placement"] ?? item)
                if name == A4Experiment.name { steps += variant.placement.keyMovementSteps(servers: counts.max()!) }
                variants.append(variant)
            }
            guard !variants.isEmpty else { throw list.error(.invalidValue("'variants' needs at least one placement")) }
            guard steps <= mostPlacementSetupSteps else {
                let (stepsText, mostText) = placementSetupStepsText(steps)
                throw list.error(.invalidValue("building and measuring \(variants.count == 1 ? "this variant" : "these \(variants.count) variants") takes about \(stepsText) steps, more than the \(mostText) a run may take; use fewer variants or servers"))
            }
        } else {
            let placement = try parsePlacement(map: top["map"], placement: top["placement"], at: top.cursor)
            // Where the map is not written, its default is too small for the servers: the count is
            // at fault. No variant is named: the file wrote none.
            try checkPlacement(placement, counts: counts, at: top["map"] ?? top["placement"] ?? top["servers"] ?? top.cursor)
            variants = [.init(label: "default", placement: placement)]
        }
        if !ScenarioSchema.readsRequests(name), let written = top.entries.first(where: { $0.key == "requests" && !$0.value.isNull }) {
            // A-3's traffic is its failover's: 7 requests read as a setting while 479 were sent.
            throw written.keyCursor.error(.invalidValue("\(experimentTitle(name)) does not read 'requests': its traffic is the failover's rate × duration (and its operations' routes); remove it"))
        }
        let requests = try top["requests"]?.int(in: ScenarioSchema.experimentRequests) ?? ScenarioSchema.defaultExperimentRequests
        let sent = Double(counts.count) * Double(variants.count) * Double(requests)
        guard sent <= Double(ScenarioSchema.experimentMostRequests) else {
            let (sentText, mostText) = NumberText.figures(sent, against: Double(ScenarioSchema.experimentMostRequests))
            throw (top["requests"] ?? serversCursor).error(.invalidValue("\(counts.count) server count\(counts.count == 1 ? "" : "s") × \(variants.count) variant\(variants.count == 1 ? "" : "s") × \(NumberText.figure(Double(requests))) requests send \(sentText) requests, more than the \(mostText) an experiment may send; use fewer requests, server counts or variants"))
        }
        let queue = defaultExperimentQueue(requests: requests)
        let defaults = ScenarioSchema.experimentServerDefaults
        var server = ServerConfiguration(slots: defaults.slots, queueCapacity: queue, serviceTime: defaults.serviceTime)
        if let cursor = top["server"] {
            server = try parseExperimentServer(cursor, defaultQueue: queue)
            // A-1, A-2 and A-4 count requests to judge the placement's split; A-3's cluster serves
            // a failover's stream, where a full queue is part of what a file may study.
            if name != A3Experiment.name { try checkRoomForEveryRequest(server, requests: requests, at: cursor) }
        }
        let spec = PlacementExperimentSpec(
            name: name, summary: document.summary, file: document.file, seed: document.seed ?? ScenarioSchema.defaultSeed,
            serverCounts: counts, requests: requests, variants: variants, server: server)
        return (spec, top)
    }

    /// `servers:`: one count, or a list of different ones where the experiment runs every count
    /// (A-2, A-4). A-1 and A-3 run one, so a second count is refused where it is (it was dropped
    /// unsaid), as is a count listed twice (its rows repeated in every table).
    static func serverCounts(_ cursor: YAMLCursor, experiment name: String) throws(ScenarioError) -> [Int] {
        if cursor.text != nil { return [try cursor.int(in: ScenarioSchema.experimentServers)] }
        let several = ScenarioSchema.runsEveryServerCount(name)
        let items = try several ? cursor.list(atMost: ScenarioSchema.maximumServerCounts, of: "server counts") : cursor.list()
        guard !items.isEmpty else { throw cursor.error(.invalidValue("at least one server count is needed")) }
        var counts: [Int] = []
        var seen = Set<Int>()
        for item in items {
            guard several || counts.isEmpty else {
                throw item.error(.invalidValue("\(experimentTitle(name)) runs one server count, so this second one would never run; write one count, or compare counts in an a2 or a4 file"))
            }
            let count = try item.int(in: ScenarioSchema.experimentServers)
            guard seen.insert(count).inserted else {
                throw item.error(.invalidValue("server count \(NumberFormat.integer(count)) is listed twice; list each count once (a second run would repeat its rows in every table)"))
            }
            counts.append(count)
        }
        return counts
    }

    /// "A-1" for `a1`: how refusals name the experiment.
    private static func experimentTitle(_ name: String) -> String {
        name.hasPrefix("a") ? "A-" + name.dropFirst() : name
    }

    /// The queue a replica has when `server.queue` is not written: room for every request of a
    /// run, since all of them are launched at once and any one replica may be sent all of them
    /// (the assignment's map sends 84 % to one); at least 100,000, the queue A-3's failover has
    /// always had. A smaller queue turned 10⁶ requests into counts of ~100,005 per busy replica,
    /// which the report then judged as the placement's split.
    static func defaultExperimentQueue(requests: Int) -> Int { max(100_000, requests) }

    static func parseExperimentServer(_ cursor: YAMLCursor, defaultQueue: Int) throws(ScenarioError) -> ServerConfiguration {
        let fields = try cursor.mapping(ScenarioSchema.experimentServer)
        let defaults = ScenarioSchema.experimentServerDefaults
        return ServerConfiguration(slots: try fields["slots"]?.int(in: ScenarioSchema.serverSlots) ?? defaults.slots, queueCapacity: try fields["queue"]?.int(in: ScenarioSchema.serverQueue) ?? defaultQueue,
                                   serviceTime: try fields["service_time"]?.durationDistribution() ?? defaults.serviceTime)
    }

    /// Refuses a written `server:` whose replica cannot hold every request of a run (its slots and
    /// its queue together): the requests it turned away would leave counts that are what the
    /// queues kept, not where the placement sent the requests.
    private static func checkRoomForEveryRequest(_ server: ServerConfiguration, requests: Int, at cursor: YAMLCursor) throws(ScenarioError) {
        let room = server.slots + server.queueCapacity
        guard room < requests else { return }
        // Only a written queue can be short: the default holds every request.
        let blamed = try cursor.mapping(ScenarioSchema.experimentServer)["queue"] ?? cursor
        throw blamed.error(.invalidValue("a replica holds at most \(NumberFormat.counted(room, "request")) (\(NumberFormat.counted(server.slots, "slot")) and a queue of \(NumberFormat.integer(server.queueCapacity))), but a run launches its \(NumberFormat.counted(requests, "request")) at once and the placement may send them all to one replica; those turned away would leave counts that are not the placement's split: make the queue at least \(NumberFormat.integer(requests - server.slots)), or leave it out (its default holds every request)"))
    }

    static func parseOperations(_ cursor: YAMLCursor) throws(ScenarioError) -> [A3Experiment.Operation] {
        var operations: [A3Experiment.Operation] = []
        // The operations run one after another within a minute of virtual time (a round trip of a
        // few milliseconds each): 16,384 routes did not finish in it.
        var replicasChanged = 0
        for item in try cursor.list(atMost: ScenarioSchema.maximumA3Operations, of: "operations") {
            if item.text == "rep" {
                operations.append(.rep)
                continue
            }
            let fields = try item.mapping(ScenarioSchema.replicaOperation)
            guard fields.entries.count == 1, let entry = fields.entries.first else {
                throw item.error(.invalidValue("an operation is 'rep' or exactly one of add, rm, route"))
            }
            switch entry.key {
            case "route":
                let route = try entry.value.mapping(ScenarioSchema.route)
                var path = try route.required("path").string()
                if path.hasPrefix("/") { path.removeFirst() }
                operations.append(.route(path: path, requestID: UInt64(try route["request_id"]?.int(atLeast: 0) ?? ScenarioSchema.defaultRouteRequestID)))
            default:
                let body = try entry.value.mapping(ScenarioSchema.replicaChange)
                let nCursor = try body.required("n")
                // The balancer answers any n with its own message; beyond this many replicas it would only be slow.
                let n = try nCursor.int(in: ScenarioSchema.replicaChangeCounts)
                replicasChanged += max(n, 0)
                guard replicasChanged <= ScenarioSchema.maximumReplicasPerOperation * 10 else {
                    throw nCursor.error(.invalidValue("the operations add or remove at most \(NumberFormat.integer(ScenarioSchema.maximumReplicasPerOperation * 10)) replicas in all, and this one brings them to \(NumberFormat.integer(replicasChanged))"))
                }
                var hostnames: [String] = []
                for name in try body["hostnames"]?.list(atMost: ScenarioSchema.maximumReplicasPerOperation, of: "hostnames") ?? [] {
                    // Any text the balancer itself answers (an empty one with its error, so not
                    // a `name()`), but no control character: hostnames are written into the
                    // report and its CSV (an escape sequence reached them raw).
                    hostnames.append(try name.printableText("a hostname"))
                }
                operations.append(entry.key == "add" ? .add(n: n, hostnames: hostnames) : .rm(n: n, hostnames: hostnames))
            }
        }
        return operations
    }

    static func parseFailover(_ cursor: YAMLCursor) throws(ScenarioError) -> A3Experiment.Failover {
        let fields = try cursor.mapping(ScenarioSchema.failover)
        let durationCursor = try fields.required("duration")
        let duration = try failoverSpan(durationCursor)
        let killAtCursor = try fields.required("kill_at")
        let killAt = try killAtCursor.duration()
        guard killAt < duration else { throw killAtCursor.error(.invalidValue("the kill must happen before traffic ends at \(DurationFormat.seconds(duration.seconds, grouping: true))")) }
        let rateCursor = try fields.required("rate")
        let rate = try rateCursor.positiveRate()
        guard rate * duration.seconds <= Double(ScenarioSchema.maximumFailoverRequests) else {
            throw rateCursor.error(.invalidValue("the failover sends at most \(NumberFormat.integer(ScenarioSchema.maximumFailoverRequests)) requests; \(NumberFormat.trimmed(rate, maxDecimals: 6, grouping: true)) per second for \(DurationFormat.seconds(duration.seconds, grouping: true)) is more"))
        }
        let heartbeats = ScenarioSchema.heartbeatDefaults
        let heartbeat = try fields["heartbeat_interval"]?.duration(atLeast: YAMLCursor.shortestPeriod) ?? heartbeats.interval
        let heartbeatTimeout = try fields["heartbeat_timeout"].map(failoverSpan) ?? heartbeats.timeout
        // A timeout no heartbeat can meet declares every replica dead before the kill, leaving
        // nothing to detect: the links are A-3's own, so the file alone decides it.
        let shortest = A3Experiment.shortestRoundTrip
        if heartbeatTimeout.seconds <= shortest, let cursor = fields["heartbeat_timeout"] {
            throw cursor.error(.invalidValue("no heartbeat is answered within \(DurationFormat.readable(heartbeatTimeout.seconds)): its round trip on A-3's links takes at least \(DurationFormat.readable(shortest)) (\(DurationFormat.readable(A3Experiment.oneWayLatency.lowerBound)) each way), so every replica would be declared dead; make heartbeat_timeout longer than \(DurationFormat.readable(shortest))"))
        }
        return A3Experiment.Failover(
            rate: rate, duration: duration, killAt: killAt,
            killed: try fields.required("kill").string(),
            heartbeat: ReplicaManager.Configuration(
                interval: heartbeat,
                timeout: heartbeatTimeout,
                missesBeforeDown: try fields["misses_before_down"]?.int(atLeast: 1) ?? heartbeats.missesBeforeDown,
                spawnDelay: try fields["spawn_delay"]?.duration() ?? heartbeats.spawnDelay),
            clientTimeout: try fields["client_timeout"].map(failoverSpan) ?? ScenarioSchema.defaultFailoverClientTimeout,
            forwardTimeout: try fields["forward_timeout"].map(failoverSpan) ?? ScenarioSchema.balancerDefaults.forwardTimeout,
            retries: try fields["retries"]?.int(atLeast: 0) ?? ScenarioSchema.balancerDefaults.retries)
    }

    /// A failover duration or timeout: longer than zero and at most ``ScenarioSchema/longestFailoverSpan``
    /// (the heartbeats run for as long as the longest of them).
    private static func failoverSpan(_ cursor: YAMLCursor) throws(ScenarioError) -> Duration {
        let span = try cursor.positiveDuration()
        guard span <= ScenarioSchema.longestFailoverSpan else {
            throw cursor.error(.invalidValue("at most 1h in a failover, got \(cursor.text?.excerpt ?? "")"))
        }
        return span
    }
}
