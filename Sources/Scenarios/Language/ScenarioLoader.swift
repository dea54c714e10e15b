import Foundation
import Reports
import Simulator

/// Reads scenario files strictly: every unknown key, wrong type, impossible value or dangling
/// cross-reference is an error naming the file, line and column, and nothing is run until the
/// whole file is valid.
///
/// A scenario is a set of sections that compose in one world; each present section is read by
/// its subsystem's loader, in an order where every section can check the names it refers to.
public enum ScenarioLoader {
    /// Loads the scenario at `path`.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        try scenario(from: ScenarioDocument.load(path: path))
    }

    /// Parses scenario `text`, reporting positions against `file`.
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
        try scenario(from: ScenarioDocument.parse(text, file: file))
    }

    /// The world `document` describes.
    static func scenario(from document: ScenarioDocument) throws(ScenarioError) -> Scenario {
        let top = try document.sections(ScenarioSchema.worldFile)
        guard top.keys.contains(where: ScenarioSchema.worldSubsystemSections.contains) else {
            throw top.cursor.error(.invalidValue("a scenario needs at least one of: servers and workload, mapreduce, log, queue, object_store, backup, operations"))
        }
        let baseDirectory = MapReduceScenarioLoader.directory(of: document.file)
        let (defaultLink, links) = try parseNetwork(top["network"])
        let mapreduce = try top["mapreduce"].map { cursor throws(ScenarioError) in try parseMapReduceSection(cursor, baseDirectory: baseDirectory) }
        let log = try top["log"].map { cursor throws(ScenarioError) in try parseLogSection(cursor) }
        var store = try top["object_store"].map { cursor throws(ScenarioError) in try parseStoreSection(cursor) }
        let operations = try top["operations"].map { cursor throws(ScenarioError) in try parseOperationsSection(cursor, buckets: store?.buckets.map(\.name) ?? []) }
        if operations != nil, store == nil { store = .forExplicitRequests }
        var servers: [Scenario.Server] = []
        if let serversCursor = top["servers"] { servers = try parseServers(serversCursor, mapreduce: mapreduce) }
        if top["balancer"] != nil, let gateway = top["gateway"] {
            throw gateway.error(.invalidValue("a world has a balancer or a gateway in front of its servers, not both"))
        }
        let balancerCursor = top["balancer"] ?? top["gateway"]
        var balancer = try balancerCursor.map { cursor throws(ScenarioError) in try parseBalancer(cursor, servers: servers) }
        if top["gateway"] != nil { balancer?.id = "gateway" }
        if let balancerCursor, servers.isEmpty {
            throw balancerCursor.error(.invalidValue("a balancer needs servers behind it; add a 'servers' section"))
        }
        try validateBalancedServers(servers, balancer: balancer, at: top)
        let zones = try top["zones"].map { cursor throws(ScenarioError) in try parseZones(cursor, defaultLink: defaultLink) }
        try validateZones(zones, servers: servers, balancer: balancer, at: top)
        let workloadCursor = top["workload"]
        let limits = try parseLimits(top["run"], at: top.cursor, needsStop: workloadCursor != nil)
        var workload: Workload?
        if let workloadCursor {
            guard !servers.isEmpty else { throw workloadCursor.error(.invalidValue("a workload needs servers to send requests to; add a 'servers' section")) }
            workload = try parseWorkload(workloadCursor, limits: limits)
        } else if let serversCursor = top["servers"], mapreduce?.jobs.contains(where: \.throughBalancer) != true {
            throw serversCursor.error(.invalidValue("servers need a 'workload' to send them requests (or a job submitted through the balancer)"))
        }
        let backup = try top["backup"].map { cursor throws(ScenarioError) in try parseBackupSection(cursor, store: store, at: cursor) }
        var queue: QueueSection?
        if let queueCursor = top["queue"] {
            guard let duration = limits.duration else {
                throw queueCursor.error(.invalidValue("a world with a queue runs for run.duration; set it (its consumers poll until then)"))
            }
            queue = try parseQueueSection(queueCursor, duration: duration)
        }
        try checkCrossReferences(top: top, mapreduce: mapreduce, log: log, store: store, balancer: balancer)

        try checkNodeNames(top: top, servers: servers, balancer: balancer, workload: workload, mapreduce: mapreduce, log: log,
                           queue: queue, store: store, backup: backup, operations: operations)
        var nodeNames = worldNodes(servers: servers, balancer: balancer, mapreduce: mapreduce, log: log, store: store,
                                   backup: backup, operations: operations)
        nodeNames += queue?.nodes ?? []
        let parsedFaults = try top["faults"].map { cursor throws(ScenarioError) in
            try parseFaults(cursor, nodes: nodeNames, clientHosts: workload.map(clientHostCount) ?? 0, mapreduce: mapreduce, store: store, zones: zones, servers: servers)
        }
        var worldMapReduce = mapreduce
        if let clusterFaults = parsedFaults?.cluster, !clusterFaults.isEmpty { worldMapReduce?.faults += clusterFaults }
        if let storms = parsedFaults?.storms, !storms.isEmpty { store?.configuration.errorStorms += storms }
        let faults = FaultSchedule(
            entries: parsedFaults?.network ?? [],
            chaos: try top["chaos"].map { cursor throws(ScenarioError) in try parseChaos(cursor, nodes: nodeNames) })
        for (index, link) in links.enumerated() {
            for (id, end) in [(link.from, "from"), (link.to, "to")] where !nodeNames.contains(id) && !id.name.hasPrefix("client") {
                throw linkEnd(end, ofLink: index, at: top).error(.invalidValue("network.links names unknown node '\(id.name.excerpt)' in '\(end.excerpt)'"))
            }
        }
        var scenario = Scenario(
            name: document.name, summary: document.summary, file: document.file, seed: document.seed ?? ScenarioSchema.defaultSeed, limits: limits,
            defaultLink: defaultLink, links: links, servers: servers, balancer: balancer, workload: workload,
            mapreduce: worldMapReduce, log: log, store: store, backup: backup, queue: queue, operations: operations, faults: faults, expectations: [])
        scenario.zones = zones
        scenario.limits.timeLimit = try timeLimit(for: scenario, explicit: top["run"], at: top.cursor)
        try checkProducersWithinLongestRun(scenario, top: top)
        if let queue, let queueCursor = top["queue"] {
            try checkQueueWakeUps(queue, over: scenario.limits.timeLimit, at: queueCursor)
        }
        try checkScheduledWithinTimeLimit(scenario, top: top)
        if let deployCursor = top["deploy"] {
            let plan = try parseDeployment(deployCursor, servers: servers, hasBalancer: balancer != nil)
            if plan.at > scenario.limits.timeLimit, let at = try deployCursor.openMapping()["at"] {
                throw at.error(.invalidValue(pastTimeLimit("the deployment starts", limit: scenario.limits.timeLimit)))
            }
            scenario.deployment = plan
        }
        scenario.expectations = try top["expect"].map { cursor throws(ScenarioError) in
            try parseExpectations(cursor, subsystems: scenario.subsystems, hasBalancer: scenario.balancer != nil, features: Metric.Features(of: scenario))
        } ?? []
        scenario.claims = try top["claims"].map { cursor throws(ScenarioError) in
            try parseClaims(cursor, subsystems: scenario.subsystems, hasBalancer: scenario.balancer != nil, features: Metric.Features(of: scenario))
        } ?? []
        // A refusal over a time limit the file does not write names it as the default.
        var timeLimitWritten = false
        if let run = top["run"], let fields = try? run.openMapping() { timeLimitWritten = fields["time_limit"] != nil }
        if let (section, message) = ResourceBudget(scenario).problem(eventLimit: scenario.limits.eventLimit, timeLimitWritten: timeLimitWritten) {
            throw budgetCursor(section, in: top).error(.invalidValue(message))
        }
        return scenario
    }

    /// Where the value that drives an estimate is written: the budget's dotted section
    /// (`run.time_limit`, `balancer.queue`, `mapreduce.jobs.0.submit_at`: a number indexes a list,
    /// `*` the list's item whose next key holds the largest number — `servers.*.queue`, the
    /// largest queue) followed as deep as the file spells it, so that a refusal points at
    /// `time_limit: 100000h` rather than at `run:`.
    static func budgetCursor(_ section: String, in top: YAMLMapping) -> YAMLCursor {
        let path = section.split(separator: ".").map(String.init)
        guard let first = path.first, var cursor = top[first] else { return top.cursor }
        for key in path.dropFirst() {
            // A number indexes a list (`mapreduce.jobs.0.submit_at`).
            if let index = Int(key), let items = try? cursor.list(), items.indices.contains(index) {
                cursor = items[index]
                continue
            }
            if key == "*", let items = try? cursor.list() {
                guard let next = path.drop(while: { $0 != "*" }).dropFirst().first else { break }
                let valued = items.compactMap { item -> (YAMLCursor, Double)? in
                    guard let value = (try? item.openMapping())?[next], let text = value.text,
                          let number = Double(text.replacingOccurrences(of: "_", with: "")) else { return nil }
                    return (item, number)
                }
                guard let largest = valued.max(by: { $0.1 < $1.1 }) else { break }
                cursor = largest.0
                continue
            }
            guard let mapping = try? cursor.openMapping(), let child = mapping[key] else { break }
            cursor = child
        }
        return cursor
    }

    /// Every node of the world a fault or a link may name.
    static func worldNodes(servers: [Scenario.Server], balancer: Scenario.Balancer?, mapreduce: MapReduceSection?, log: LogSection?,
                           store: StoreSection?, backup: BackupSection?, operations: OperationsSection?) -> [NodeID] {
        var nodes: [NodeID] = []
        func add(_ id: NodeID) { if !nodes.contains(id) { nodes.append(id) } }
        servers.map(\.id).forEach(add)
        if let balancer { add(balancer.id) }
        mapreduce?.nodes.forEach(add)
        if log != nil { add("log") }
        log?.producers.map(\.id).forEach(add)
        if let store { add(store.id) }
        if let backup { add(backup.host) }
        if let operations { add(operations.client) }
        return nodes
    }

    /// How many numbered client hosts `client-1` … `workload` sends from: one per closed-loop
    /// user, or its open-loop `clients` when there are several (one open-loop client is `client`).
    static func clientHostCount(_ workload: Workload) -> Int {
        switch workload.arrivals {
        case .closedLoop(let users, _): users
        case .openLoop: workload.clients > 1 ? workload.clients : 0
        }
    }

    /// The run's time limit: `run.time_limit`, or enough for everything the file schedules —
    /// the clients' duration twice over, the last job, producer (and a log producer's retries,
    /// when an attempt can fail), restore and fault — plus an hour.
    static func timeLimit(for scenario: Scenario, explicit run: YAMLCursor?, at root: YAMLCursor) throws(ScenarioError) -> Duration {
        if let run, let limit = try run.mapping(ScenarioSchema.run)["time_limit"] { return try limit.positiveDuration() }
        return defaultTimeLimit(for: scenario)
    }

    /// The time limit of a world whose file sets none.
    static func defaultTimeLimit(for scenario: Scenario) -> Duration {
        if scenario.subsystems == [.balancer] { return scenario.limits.timeLimit }
        var latest = scenario.limits.duration.map { $0 * 2 } ?? .zero
        for job in scenario.mapreduce?.jobs ?? [] { latest = max(latest, job.submitAt) }
        // A producer sends one record at a time and waits for its acknowledgement: at most one a
        // round trip, whatever its rate (4,000,000 records at 10⁷ a second, sent at ~1,000 a
        // second over 0.5 ms links, ran into the hour and the run stopped early).
        let roundTrip = scenario.acknowledgementRoundTrip
        // Either is later by the time the file's crashes and restarts hold its node down before
        // then (``ProducerRetries/delayed(_:of:from:in:)``).
        for producer in scenario.log?.producers ?? [] {
            let end = max(producer.end, producer.start + .seconds(double: Double(producer.records) * roundTrip))
            latest = max(latest, ProducerRetries.delayed(end, of: producer.id, from: producer.start, in: scenario))
        }
        for producer in scenario.queue?.producers ?? [] {
            let end = QueueSection.pacedEnd(of: producer, roundTrip: roundTrip)
            latest = max(latest, .seconds(double: ProducerRetries.delayed(seconds: end, of: producer.id, from: producer.start, in: scenario)))
        }
        // A log producer whose attempts can fail may retry each record until its last attempt:
        // the limit lets it, so that its errors are counted (a log crashed for good stopped a run
        // at 3,604 s with a producer 1,000 attempts of 10 s from done, and counted none). A queue
        // message expires its delivery timeout after its send (120 s, or the producer's timeout
        // if longer), within the hour the limit adds unless that timeout is longer.
        for producer in ResourceBudget.retryingLogProducers(in: scenario) {
            latest = max(latest, .seconds(double: min(producer.end, YAMLCursor.maximumSeconds)))
        }
        for restore in scenario.backup?.restores ?? [] { latest = max(latest, restore.at) }
        for entry in scenario.faults.entries { latest = max(latest, VirtualInstant.zero.duration(to: entry.at)) }
        if let steps = scenario.operations?.steps {
            // Requests take milliseconds; an hour per step is a bound no run comes near.
            let waited = steps.reduce(Duration.zero) { total, step in
                if case .wait(let duration) = step.action { total + duration } else { total }
            }
            latest = max(latest, waited + .seconds(3_600) * steps.count)
        }
        return latest + .seconds(3_600)
    }
}
