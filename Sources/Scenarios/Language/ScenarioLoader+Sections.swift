import Simulator
import Reports

extension ScenarioLoader {
    /// `run:`. With a workload (`needsStop`) it must say when the clients stop: after a
    /// `duration` of virtual time, after a number of `requests`, or both.
    static func parseLimits(_ cursor: YAMLCursor?, at root: YAMLCursor, needsStop: Bool) throws(ScenarioError) -> Scenario.Limits {
        guard let cursor else {
            if needsStop { throw root.error(.missingKey("run")) }
            return Scenario.Limits(duration: nil, requests: nil, timeLimit: .seconds(3_600), eventLimit: Scenario.Limits.defaultEventLimit)
        }
        let fields = try cursor.mapping(ScenarioSchema.run)
        let duration = try fields["duration"]?.positiveDuration()
        let requests = try fields["requests"]?.int(in: ScenarioSchema.runRequests)
        guard duration != nil || requests != nil || !needsStop else {
            throw cursor.error(.invalidValue("a run needs 'duration' (virtual time) or 'requests' (a count), or both"))
        }
        let defaultLimit = duration.map { $0 * 2 + .seconds(60) } ?? .seconds(3_600)
        return Scenario.Limits(
            duration: duration, requests: requests,
            timeLimit: try fields["time_limit"]?.positiveDuration() ?? defaultLimit,
            eventLimit: try fields["max_events"].map { cursor throws(ScenarioError) in UInt64(try cursor.int(in: ScenarioSchema.runMaxEvents)) } ?? Scenario.Limits.defaultEventLimit)
    }

    static func parseLink(_ fields: YAMLMapping, base: LinkProfile) throws(ScenarioError) -> LinkProfile {
        var profile = base
        if let latency = fields["latency"] { profile.latency = try latency.durationDistribution() }
        if let drop = fields["drop_rate"] { profile.dropRate = try drop.probability() }
        if let duplicate = fields["duplicate_rate"] { profile.duplicateRate = try duplicate.probability() }
        return profile
    }

    static func parseNetwork(_ cursor: YAMLCursor?) throws(ScenarioError) -> (LinkProfile, [Scenario.Link]) {
        guard let cursor else { return (.lan, []) }
        let fields = try cursor.mapping(ScenarioSchema.network)
        let base = try parseLink(fields, base: .lan)
        var links: [Scenario.Link] = []
        for item in try fields["links"]?.list(atMost: ScenarioSchema.maximumLinks, of: "links") ?? [] {
            let linkFields = try item.mapping(ScenarioSchema.networkLink)
            let link = Scenario.Link(
                from: NodeID(try linkFields.required("from").string()), to: NodeID(try linkFields.required("to").string()),
                profile: try parseLink(linkFields, base: base))
            // One entry per direction: a second for the same one silently replaced the first.
            if let earlier = links.firstIndex(where: { $0.from == link.from && $0.to == link.to }) {
                throw item.error(.invalidValue("the link from '\(link.from.name.excerpt)' to '\(link.to.name.excerpt)' is given twice (entries \(earlier + 1) and \(links.count + 1)); one entry per direction"))
            }
            links.append(link)
        }
        return (base, links)
    }

    /// Where `end` (`from` or `to`) of `network.links` entry `index` is written, for an error
    /// about its value (the file's top when it cannot be found).
    static func linkEnd(_ end: String, ofLink index: Int, at top: YAMLMapping) -> YAMLCursor {
        guard let network = top["network"], let fields = try? network.mapping(ScenarioSchema.network),
              let items = try? fields["links"]?.list(), items.indices.contains(index),
              let value = (try? items[index].mapping(ScenarioSchema.networkLink))?[end] else { return top.cursor }
        return value
    }

    /// Balancer-only server settings without a balancer, a balancer node name taken by a server,
    /// or only backups behind a balancer are errors.
    static func validateBalancedServers(_ servers: [Scenario.Server], balancer: Scenario.Balancer?, at top: YAMLMapping) throws(ScenarioError) {
        let serverItems = (try? top.required("servers").list()) ?? []
        guard balancer != nil else {
            for item in serverItems {
                guard let fields = try? item.mapping(ScenarioSchema.server) else { continue }
                for key in ["weight", "backup", "max_conns", "connection_limit"] {
                    if let value = fields[key] { throw value.error(.invalidValue("'\(key.excerpt)' applies behind a load balancer; add a 'balancer' section")) }
                }
            }
            return
        }
        for item in serverItems {
            if let name = (try? item.mapping(ScenarioSchema.server))?["name"], name.text == "balancer" {
                throw name.error(.invalidValue("'balancer' is the balancer's node; give the server another name"))
            }
        }
        try validateConnectionLimits(serverItems, balancer: balancer)
        if servers.allSatisfy(\.isBackup), let item = serverItems.first {
            throw item.error(.invalidValue("every server is a backup; at least one primary is needed"))
        }
    }

    /// `servers:`. An entry names its servers (`name`, with `count` copies `name1` … `nameN`), or
    /// puts one on each node of the MapReduce cluster it names with `on:` —
    /// `mapreduce.coordinator`, `mapreduce.workers` or one node such as `mapreduce.worker-2` —
    /// so that the balancer's traffic and the cluster's jobs share those hosts and their faults.
    static func parseServers(_ cursor: YAMLCursor, mapreduce: MapReduceSection? = nil) throws(ScenarioError) -> [Scenario.Server] {
        let items = try cursor.list()
        guard !items.isEmpty else { throw cursor.error(.invalidValue("at least one server is needed")) }
        guard items.count <= maximumServerEntries else {
            throw cursor.error(.invalidValue("at most \(NumberFormat.integer(maximumServerEntries)) server entries, got \(NumberFormat.integer(items.count))"))
        }
        var servers: [Scenario.Server] = []
        for item in items {
            let fields = try item.mapping(ScenarioSchema.server)
            var hosts: [NodeID]?
            let nameCursor: YAMLCursor
            if let on = fields["on"] {
                if let name = fields["name"] { throw name.error(.invalidValue("a server placed with 'on' takes its node's name; drop 'name'")) }
                if let count = fields["count"] { throw count.error(.invalidValue("a server placed with 'on' runs one copy on each node it names; drop 'count'")) }
                hosts = try mapReduceHosts(on, mapreduce: mapreduce)
                nameCursor = on
            } else {
                nameCursor = try fields.required("name")
            }
            let name = hosts == nil ? try nameCursor.name() : ""
            let count = try fields["count"]?.int(in: 1...maximumServers) ?? ScenarioSchema.defaultServerCount
            // The copies are named `name1` … `nameN`: the longest of those is a name too, held to
            // the names' byte limit (a 255-byte name with `count: 2` made the 256-byte `x…x2`).
            if count > 1, name.utf8.count + String(count).count > YAMLCursor.maximumNameBytes {
                throw nameCursor.error(.invalidValue(
                    "a name has at most \(NumberFormat.integer(YAMLCursor.maximumNameBytes)) bytes (UTF-8), and with 'count: \(count)' the last copy's, '\(name.excerpt)\(count)', has \(NumberFormat.integer(name.utf8.count + String(count).count))"))
            }
            let defaults = ScenarioSchema.defaultServer
            var configuration = ServerConfiguration(
                slots: try fields["slots"]?.int(in: ScenarioSchema.serverSlots) ?? defaults.slots,
                queueCapacity: try fields["queue"]?.int(in: ScenarioSchema.serverQueue) ?? defaults.queueCapacity,
                serviceTime: try fields["service_time"]?.durationDistribution() ?? defaults.serviceTime,
                speed: try fields["speed"]?.positiveFactor() ?? defaults.speed,
                errorRate: try fields["error_rate"]?.probability() ?? defaults.errorRate)
            // A server on a cluster node takes job submissions too, and hands them to the coordinator.
            if hosts != nil { configuration.paths.append("jobs") }
            let weight = try fields["weight"]?.int(in: ScenarioSchema.serverWeight) ?? ScenarioSchema.defaultServerWeight
            let isBackup = try fields["backup"]?.bool() ?? false
            let maxConnections = try fields["max_conns"]?.int(atLeast: 1)
            let connectionLimit = try fields["connection_limit"]?.int(in: ScenarioSchema.connectionLimit)
            let zone = try fields["zone"]?.string()
            for id in hosts ?? (1...count).map({ NodeID(count == 1 ? name : "\(name)\($0)") }) {
                if servers.contains(where: { $0.id == id }) || id.name.hasPrefix("client") {
                    throw nameCursor.error(.invalidValue(id.name.hasPrefix("client") ? "server names may not start with 'client' (reserved for client hosts)" : "server '\(id.name.excerpt)' is defined twice"))
                }
                servers.append(Scenario.Server(id: id, configuration: configuration, weight: weight, isBackup: isBackup, maxConnections: maxConnections, connectionLimit: connectionLimit, zone: zone))
            }
            guard servers.count <= maximumServers else {
                throw item.error(.invalidValue("at most \(NumberFormat.integer(maximumServers)) servers in a world, got \(NumberFormat.integer(servers.count))"))
            }
        }
        return servers
    }

    /// The most servers one world may have, and server entries one file may list.
    static let maximumServers = 1_000
    static let maximumServerEntries = 10_000

    /// The cluster nodes `on:` names.
    static func mapReduceHosts(_ cursor: YAMLCursor, mapreduce: MapReduceSection?) throws(ScenarioError) -> [NodeID] {
        let reference = try cursor.string()
        guard reference.hasPrefix("mapreduce.") else {
            throw cursor.error(.invalidValue("'on' names MapReduce nodes: mapreduce.coordinator, mapreduce.workers or mapreduce.worker-N, got '\(reference.excerpt)'"))
        }
        guard let mapreduce else {
            throw cursor.error(.invalidValue("'\(reference.excerpt)' refers to the mapreduce section, which this scenario does not have"))
        }
        let node = String(reference.dropFirst("mapreduce.".count))
        switch node {
        case "coordinator": return ["coordinator"]
        case "workers": return (1...mapreduce.cluster.workers).map { NodeID("worker-\($0)") }
        default:
            let workers = (1...mapreduce.cluster.workers).map { "worker-\($0)" }
            guard workers.contains(node) else {
                let known = ["coordinator", "workers"] + workers
                throw cursor.error(.invalidValue("unknown MapReduce node '\(node.excerpt)'" + (Suggestion.closest(to: node, among: known).map { "; did you mean 'mapreduce.\($0)'?" } ?? "")))
            }
            return [NodeID(node)]
        }
    }

    static func parseWorkload(_ cursor: YAMLCursor, limits: Scenario.Limits) throws(ScenarioError) -> Workload {
        let fields = try cursor.mapping(ScenarioSchema.workload)
        let typeCursor = try fields.required("type")
        let type = try typeCursor.string()
        try workloadSettings.refuseForeign(in: fields, kind: type)
        let arrivals: Arrivals
        switch type {
        case "closed_loop":
            arrivals = .closedLoop(users: try fields.required("users").int(in: ScenarioSchema.workloadUsers),
                                   thinkTime: try fields["think_time"]?.durationDistribution() ?? ScenarioSchema.defaultThinkTime)
        case "open_loop":
            arrivals = .openLoop(ratePerSecond: try fields.required("rate").positiveRate())
        case let other:
            throw typeCursor.error(.invalidValue("unknown workload type '\(other.excerpt)'" + (Suggestion.closest(to: other, among: ScenarioSchema.workloadTypes).map { "; did you mean '\($0)'?" } ?? "; expected closed_loop or open_loop")))
        }
        var bursts: [Burst] = []
        var clients = ScenarioSchema.defaultClientHosts
        if case .openLoop = arrivals {
            for item in try fields["bursts"]?.list(atMost: ScenarioSchema.maximumBursts, of: "bursts") ?? [] {
                let burst = try item.mapping(ScenarioSchema.burst)
                bursts.append(Burst(at: try burst.required("at").duration(), duration: try burst.required("for").positiveDuration(),
                                    multiplier: try burst.required("multiplier").positiveFactor()))
            }
            clients = try fields["clients"]?.int(in: ScenarioSchema.workloadClients) ?? ScenarioSchema.defaultClientHosts
        }
        return Workload(
            arrivals: arrivals, requestLimit: limits.requests,
            issueUntil: limits.duration.map { VirtualInstant.after($0) },
            timeout: try fields["timeout"]?.duration(atLeast: YAMLCursor.shortestPeriod) ?? ScenarioSchema.defaultClientTimeout,
            keys: try fields["keys"].map { cursor throws(ScenarioError) in try parseKeys(cursor) } ?? .sixDigitIDs,
            path: try fields["path"]?.string() ?? ScenarioSchema.defaultRequestPath,
            rampUp: try fields["ramp_up"]?.positiveDuration(), bursts: bursts, clients: clients)
    }

    /// What each `workload.type` reads: a closed loop's load is set by its users, an open loop's
    /// by its rate; the other kind's settings are refused rather than ignored.
    static let workloadSettings = KindSettings(kinds: [
        ("closed_loop", ["users", "think_time"]),
        ("open_loop", ["rate", "bursts", "clients"]),
    ]) { key, _, kind, _ in
        kind == "closed_loop" ? "'\(key)' applies to open-loop arrivals; a closed loop's load is set by its users"
            : "'\(key)' applies to closed-loop arrivals; an open loop's load is set by its rate"
    }

    static func parseKeys(_ cursor: YAMLCursor) throws(ScenarioError) -> KeyDistribution {
        if let text = cursor.text {
            guard text == ScenarioSchema.sixDigitKeys else {
                throw cursor.error(.invalidValue("unknown key distribution '\(text.excerpt)'; expected six_digit_ids, {uniform: [min, max]} or {zipf: {n:, exponent:}}"))
            }
            return .sixDigitIDs
        }
        let fields = try cursor.mapping(ScenarioSchema.keyFamilies)
        if let uniform = fields["uniform"] {
            let bounds = try uniform.list()
            guard bounds.count == 2 else { throw uniform.error(.invalidValue("uniform keys need [min, max]")) }
            let low = try bounds[0].int(in: ScenarioSchema.uniformKeys), high = try bounds[1].int(in: ScenarioSchema.uniformKeys)
            guard high >= low else { throw bounds[1].error(.invalidValue("max must not be below min")) }
            return .uniform(UInt64(low)...UInt64(high))
        }
        let zipf = try fields.required("zipf").mapping(ScenarioSchema.zipf)
        return .zipf(n: try zipf.required("n").int(in: ScenarioSchema.zipfKeys), exponent: try zipf.required("exponent").double(in: ScenarioSchema.zipfExponent))
    }
}
