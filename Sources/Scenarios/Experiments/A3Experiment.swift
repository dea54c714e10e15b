import Reports
import Simulator

/// Experiment A-3: every balancer operation with good and bad input, then a replica killed under
/// load — how fast the failure is detected, how fast a replacement serves, and what clients lose.
public struct A3Result: Sendable {
    /// One operation and exactly what the balancer answered.
    public struct OperationOutcome: Sendable, Equatable {
        public var operation: String
        public var input: String
        public var status: Int
        public var body: String
        /// The replicas after the operation.
        public var replicasAfter: [String]
    }

    /// A replica the replica manager declared dead, and when.
    public struct Declaration: Sendable, Equatable {
        public var hostname: String
        public var at: Double
    }

    public var operations: [OperationOutcome]
    public var killed: String
    public var killedAt: Double
    /// When the replica manager first declared the killed replica dead at or after its kill, and
    /// when that declaration's replacement served: nil when none followed within the run (a
    /// declaration before the kill was a false suspicion, not a detection: it read −10.298 s).
    public var declaredDeadAt: Double?
    public var replacementServingAt: Double?
    public var replacement: String?
    /// Every declaration of the run, in order: the detection and the false suspicions.
    public var declarations: [Declaration]
    /// When the failover run stopped (traffic, then one client timeout and a second to drain).
    public var runEndsAt: Double
    public var issued: Int
    public var succeeded: Int
    public var clientTimeouts: Int
    public var clientErrors: Int
    /// Of ``clientErrors``, the 503s of replicas whose queue was full: overload, not a failed
    /// forward (a replica's answer is passed on, not retried).
    public var rejectedByFullQueues: Int = 0
    public var failedForwards: Int
    /// Of ``failedForwards``, those sent to the killed replica (the rest timed out at live ones).
    public var failedForwardsToKilled: Int
    public var retried: Int
    public var unanswered: Int
    /// p99 latency of successful requests over the whole run, in seconds.
    public var p99: Double
    /// The slowest successful request, in seconds.
    public var maxLatency: Double
    /// Successful requests per second per server, and failures per second.
    public var timeline: [(server: String, perSecond: [Int])]
    public var failuresPerSecond: [Int]
    public var digest: String
    /// How the balancer placed the requests, which decides where a retry goes.
    public var placement: PlacementSpec = .assignment(.assignment)

    /// Detection time: from the kill to the replica declared dead.
    public var detectionTime: Double? { declaredDeadAt.map { $0 - killedAt } }
    /// Respawn time: from the kill to a replacement serving.
    public var respawnTime: Double? { replacementServingAt.map { $0 - killedAt } }
    /// Requests the clients lost (no 2xx answer).
    public var lost: Int { issued - succeeded }
    /// Declarations of replicas that had not failed: every one but the detection (only the
    /// killed replica fails, and only at its kill).
    public var falseSuspicions: [Declaration] {
        var others = declarations
        if let declaredDeadAt, let index = others.firstIndex(where: { $0.hostname == killed && $0.at == declaredDeadAt }) { others.remove(at: index) }
        return others
    }
    /// The killed replica's own false suspicion before its kill, which took it off the map and
    /// left the kill nothing to detect.
    public var killedDeclaredDeadBeforeKill: Double? {
        declarations.first { $0.hostname == killed && $0.at < killedAt }?.at
    }
}

/// `orrery experiment a3` (`scenarios/a3.yaml`): the cluster of a placement experiment, the
/// balancer operations to try, and the failover run.
public struct A3Experiment: ExperimentFile {
    /// A-3's server failure and its detection and replacement.
    public struct Failover: Sendable, Equatable {
        /// Open-loop request rate while the failure happens.
        public var rate: Double
        /// How long traffic runs.
        public var duration: Duration
        /// When the server is killed, and which one.
        public var killAt: Duration
        public var killed: String
        public var heartbeat: ReplicaManager.Configuration
        public var clientTimeout: Duration
        public var forwardTimeout: Duration
        public var retries: Int
    }

    /// One balancer operation of A-3 with its input.
    public enum Operation: Sendable, Equatable {
        case rep
        case add(n: Int, hostnames: [String])
        case rm(n: Int, hostnames: [String])
        case route(path: String, requestID: UInt64)
    }

    /// One way across any link of A-3's cluster, in seconds (uniform between the two).
    public static let oneWayLatency: ClosedRange<Double> = 0.0002...0.0008
    /// The shortest heartbeat round trip: a replica answers a heartbeat at once, so two of the
    /// shortest one-way latencies. A heartbeat timeout at or below it is met by no heartbeat.
    public static var shortestRoundTrip: Double { 2 * oneWayLatency.lowerBound }

    public static let name = "a3"
    public static let summary = "every balancer operation with good and bad input; a replica killed under load"

    /// The cluster: server count, placement, how a replica serves, the seed.
    public var spec: PlacementExperimentSpec
    /// The operations, run in order as one session.
    public var operations: [Operation]
    /// The failure under load.
    public var failover: Failover
    public var seed: UInt64 {
        get { spec.seed }
        set { spec.seed = newValue }
    }
    public var replayArguments: [String] {
        get { spec.replayArguments }
        set { spec.replayArguments = newValue }
    }
    public var file: String { spec.file }

    public init(spec: PlacementExperimentSpec, operations: [Operation], failover: Failover) {
        self.spec = spec
        self.operations = operations
        self.failover = failover
    }

    public static let shape = ScenarioSchema.placementExperimentFile(name, own: ScenarioSchema.a3Sections)

    public static func load(_ document: ScenarioDocument) throws(ScenarioError) -> A3Experiment {
        let (spec, top) = try ScenarioLoader.placementExperiment(document, name: name, shape: shape)
        let failoverCursor = try top.required("failover")
        let failover = try ScenarioLoader.parseFailover(failoverCursor)
        // The failover run starts with the first server count's replicas; a name none of them has
        // would kill nothing.
        let hostnames = (1...spec.serverCounts[0]).map { ConsistentHashMap.defaultHostname(for: $0) }
        guard hostnames.contains(failover.killed) else {
            let kill = try failoverCursor.mapping(ScenarioSchema.failover)["kill"] ?? failoverCursor
            throw kill.error(.invalidValue("the failover kills one of the \(hostnames.count) replicas it starts with (Server 1 … Server \(hostnames.count)), not '\(failover.killed.excerpt)'"))
        }
        return A3Experiment(spec: spec,
                            operations: try top["operations"].map { cursor throws(ScenarioError) in try ScenarioLoader.parseOperations(cursor) } ?? [],
                            failover: failover)
    }

    public func run(jobs: Int) throws(ExperimentFailure) -> ReportBundle {
        try measure().bundle(self)
    }

    /// Runs the operations on one balancer (in order, as one session), then the failover run.
    public func measure() throws(ExperimentFailure) -> A3Result {
        try Self.runFailover(spec, failover, operations: Self.runOperations(spec, operations))
    }

    /// `makeCluster` with a placement that cannot be built as the experiment's failure.
    private static func cluster(_ spec: PlacementExperimentSpec, forwardTimeout: Duration = .milliseconds(500), retries: Int = 1) throws(ExperimentFailure) -> (Simulation, Network, LoadBalancer) {
        do throws(PlacementError) {
            return try makeCluster(spec, seed: spec.seed, forwardTimeout: forwardTimeout, retries: retries)
        } catch {
            throw .placement(error)
        }
    }

    static func makeCluster(_ spec: PlacementExperimentSpec, seed: UInt64, forwardTimeout: Duration = .milliseconds(500), retries: Int = 1) throws(PlacementError) -> (Simulation, Network, LoadBalancer) {
        let simulation = Simulation(seed: seed)
        let network = Network(simulation: simulation, defaultLink: LinkProfile(latency: .uniform(min: oneWayLatency.lowerBound, max: oneWayLatency.upperBound)))
        let balancer = LoadBalancer(placement: try spec.variants[0].placement.makePlacement(),
                                    configuration: .init(forwardTimeout: forwardTimeout, retries: retries, server: spec.server), network: network)
        let servers = spec.serverCounts[0]
        let hostnames = (1...servers).map { ConsistentHashMap.defaultHostname(for: $0) }
        // The loader checked that the map holds every server; a refusal would leave none.
        simulation.spawn("setup") { _ in _ = try? await balancer.add(n: servers, hostnames: hostnames) }
        do {
            try simulation.runToCompletion(timeLimit: .zero)
        } catch {
            preconditionFailure("adding the initial replicas takes no virtual time: \(error)")
        }
        return (simulation, network, balancer)
    }

    static func runOperations(_ spec: PlacementExperimentSpec, _ operations: [Operation]) throws(ExperimentFailure) -> [A3Result.OperationOutcome] {
        let (simulation, network, balancer) = try cluster(spec)
        let outcomes = OutcomeList()
        simulation.spawn("operator") { _ in
            for operation in operations {
                let (name, input, reply) = await perform(operation, balancer: balancer, network: network)
                outcomes.items.append(.init(operation: name, input: input, status: reply.status, body: reply.body, replicasAfter: await balancer.hostnames))
            }
        }
        // A round trip of a few milliseconds each; a slow server makes a route wait for its
        // forward timeouts, so the limit grows with the operations.
        let limit = Duration.seconds(60) + Duration.seconds(2) * operations.count
        do {
            try simulation.runToCompletion(timeLimit: .after(limit))
        } catch {
            simulation.tearDown()
            throw ExperimentFailure("A-3's \(operations.count) operations did not finish within \(DurationFormat.seconds(limit.seconds)) of virtual time (\(error.reportText)); make the servers faster or the operations fewer")
        }
        simulation.tearDown()
        return outcomes.items
    }

    private static func perform(_ operation: Operation, balancer: LoadBalancer, network: Network) async -> (String, String, BalancerReply) {
        switch operation {
        case .rep:
            return ("rep", "", await balancer.rep())
        case .add(let n, let hostnames):
            do throws(ReplicaSetRefusal) {
                return ("add", body(n, hostnames), try await balancer.add(n: n, hostnames: hostnames))
            } catch {
                return ("add", body(n, hostnames), error.reply)
            }
        case .rm(let n, let hostnames):
            do throws(ReplicaSetRefusal) {
                return ("rm", body(n, hostnames), try await balancer.rm(n: n, hostnames: hostnames))
            } catch {
                return ("rm", body(n, hostnames), error.reply)
            }
        case .route(let path, let requestID):
            let request = Request(id: requestID, path: path, key: requestID, client: "client")
            let target = BalancedServers(network: network, balancer: balancer)
            do {
                let response = try await target.send(request, timeout: .seconds(2))
                return ("/\(path)", "request id \(requestID)", BalancerReply(status: response.status, body: response.body))
            } catch {
                return ("/\(path)", "request id \(requestID)", BalancerReply(status: 0, body: "network error: \(error)"))
            }
        }
    }

    /// `{"n": 4, "hostnames": ["S5", "S4"]}`, as the original's request bodies.
    static func body(_ n: Int, _ hostnames: [String]) -> String {
        "{\"n\": \(n), \"hostnames\": [\(hostnames.map(JSONText.quote).joined(separator: ", "))]}"
    }

    static func runFailover(_ spec: PlacementExperimentSpec, _ failover: Failover, operations: [A3Result.OperationOutcome]) throws(ExperimentFailure) -> A3Result {
        let (simulation, network, balancer) = try cluster(spec, forwardTimeout: failover.forwardTimeout, retries: failover.retries)
        let manager = ReplicaManager(balancer: balancer, network: network, configuration: failover.heartbeat)
        manager.start()
        let metrics = WorkloadMetrics()
        let workload = Workload(arrivals: .openLoop(ratePerSecond: failover.rate), issueUntil: .after(failover.duration),
                                timeout: failover.clientTimeout, keys: .sixDigitIDs)
        WorkloadDriver.start(workload, target: BalancedServers(network: network, balancer: balancer), simulation: simulation, metrics: metrics)
        simulation.schedule(after: failover.killAt) { network.crash(NodeID(failover.killed)) }
        // Traffic, then one client timeout for the last requests and a second to drain.
        let end = failover.duration + failover.clientTimeout + .seconds(1)
        do {
            try simulation.run(until: .after(end))
        } catch {
            simulation.tearDown()
            throw ExperimentFailure("A-3's failover run stopped before its end: \(error.reportText)")
        }
        let events = manager.log.events
        // Detection is the first declaration of the killed replica at or after the kill; its
        // replacement the first to serve for it after that declaration.
        let killedAt = VirtualInstant.after(failover.killAt)
        let dead = events.first { $0.kind == .declaredDead && $0.hostname == failover.killed && $0.at >= killedAt }
        let replacement = dead.flatMap { dead in events.first { $0.kind == .replacementServing && $0.replaces == failover.killed && $0.at >= dead.at } }
        let declarations = events.filter { $0.kind == .declaredDead }.map { A3Result.Declaration(hostname: $0.hostname, at: $0.at.seconds) }
        let serverOrder = metrics.completionsPerSecondByServer.keys.sorted { lhs, rhs in
            order(lhs.name) < order(rhs.name)
        }
        let result = A3Result(
            operations: operations, killed: failover.killed, killedAt: failover.killAt.seconds,
            declaredDeadAt: dead?.at.seconds, replacementServingAt: replacement?.at.seconds, replacement: replacement?.hostname,
            declarations: declarations, runEndsAt: end.seconds,
            issued: metrics.issued, succeeded: metrics.succeeded, clientTimeouts: metrics.failedByNetwork[.timeout] ?? 0,
            clientErrors: metrics.failedByStatus.values.reduce(0, +) + (metrics.failedByNetwork[.refused] ?? 0) + (metrics.failedByNetwork[.unreachable] ?? 0),
            rejectedByFullQueues: metrics.failedByStatus[503] ?? 0,
            failedForwards: balancer.stats.failedForwards, failedForwardsToKilled: balancer.stats.failedForwardsByServer[failover.killed] ?? 0,
            retried: balancer.stats.retried, unanswered: balancer.stats.unanswered,
            p99: metrics.latency.percentile(99).seconds, maxLatency: metrics.latency.max.seconds,
            timeline: serverOrder.map { ($0.name, metrics.completionsPerSecondByServer[$0] ?? []) },
            failuresPerSecond: metrics.failuresPerSecond, digest: simulation.trace.digestHex,
            placement: spec.variants[0].placement)
        simulation.tearDown()
        return result
    }

    /// Original replicas (`Server 1` …) first in number order, replacements after by name.
    private static func order(_ hostname: String) -> (Int, String) {
        let prefix = "Server "
        if hostname.hasPrefix(prefix), let number = Int(hostname.dropFirst(prefix.count)) { return (number, "") }
        return (Int.max, hostname)
    }
}

/// Collects operation outcomes in order. `@unchecked Sendable`: used on the simulation thread.
final class OutcomeList: @unchecked Sendable {
    var items: [A3Result.OperationOutcome] = []
}
