import Reports
import Simulator

/// The same cluster under different connection pools between the balancer and its servers:
/// the file's traffic (closed loop) without a pool, with TLS, with seed 003's and seed 004's
/// settings and with pools smaller than the concurrency; bursty open-loop traffic with some of
/// them; and seed 004's settings as the number of concurrent users grows.
public struct KeepaliveComparison: Sendable {
    /// Which traffic a variant runs.
    public enum Group: String, Sendable, CaseIterable {
        /// The file's closed loop (seed 003's `ab -c 10`).
        case closedLoop = "closed loop"
        /// Open-loop arrivals with bursts above the cluster's capacity.
        case bursty = "bursty"
        /// Seed 004's settings with more and more users who think between requests.
        case users = "users"
    }

    /// One pool and traffic, and its run.
    public struct Variant: Sendable {
        public var name: String
        public var group: Group
        /// What differs from the file, for the report.
        public var summary: String
        public var scenario: Scenario
        public var result: TrafficResult

        /// The pool's figures (every variant has a pool).
        public var connections: ConnectionFigures? { result.balancer?.connections }
        /// Setups per forward.
        public var setupsPerRequest: Double { connections?.setupsPerRequest ?? 0 }
        /// Setups per forward, nil when nothing was forwarded: 0 setups of 0 forwards is no
        /// figure (a 1 ms run's open-loop rows read 0.0000, and "0.0× the floor").
        public var measuredSetupsPerRequest: Double? {
            guard let connections, connections.forwards > 0 else { return nil }
            return connections.setupsPerRequest
        }
        /// Whether any request succeeded, so that ``mean``, ``p50`` and ``p99`` were measured
        /// (they read 0 s otherwise: ``TrafficResult/latencyMeasured``).
        public var latencyMeasured: Bool { result.latencyMeasured }
        /// `seconds` (one of this run's latency figures) when it was measured, else nil.
        func measured(_ seconds: Double) -> Double? { latencyMeasured ? seconds : nil }
        /// Mean, p50 and p99 latency of successful requests, in seconds.
        public var mean: Double { result.value(of: .meanLatency) }
        public var p50: Double { result.value(of: .p50) }
        public var p99: Double { result.value(of: .p99) }
        /// Closed-loop users, when the traffic is a closed loop.
        public var users: Int? {
            if case .closedLoop(let users, _) = scenario.workload?.arrivals { return users }
            return nil
        }
    }

    /// The burst traffic: a Poisson rate a little above half the cluster's capacity, with
    /// bursts of 4× every 10 s for 2 s (above the capacity, so requests pile up in flight).
    static let burstMultiplier = 4.0
    /// Users of the concurrency sweep, their mean think time, the slots each server gets so the
    /// cluster keeps up, and how long each of those runs lasts.
    static let sweepUsers = [100, 1_000, 2_000, 4_000, 10_000]
    static let sweepThinkTime = Duration.milliseconds(500)
    static let sweepSlots = 128
    static let sweepDuration = Duration.seconds(5)
    /// The users of the sweep that also run without a pool, for the latency saved there.
    static let unpooledSweepUsers = 1_000
    /// The smaller pools tried against the file's 10 users.
    static let smallPools = [4, 1]

    /// The scenario file as loaded.
    public var base: Scenario
    /// The variants, in the report's order.
    public var variants: [Variant]

    /// Loads `path`: a balancer with `keepalive`, servers and a workload.
    static func loadBase(path: String) throws(ScenarioError) -> Scenario {
        let base = try StrategyComparison.loadTraffic(path: path)
        let scenario = base.scenario
        guard scenario.balancer?.configuration.keepalive != nil else {
            throw base.error(at: scenario.balancer == nil ? "" : "balancer", .missingKey(scenario.balancer == nil ? "balancer" : "balancer.keepalive"))
        }
        // The variants change the traffic (the bursts run at 60 % of the capacity the service
        // time gives: a service time of 1ns asked for a billion requests a second), so each is
        // estimated as a world of its own.
        try checkBurstyWorlds(base)
        try ScenarioLoader.checkExperimentWorlds(variants(scenario).map { ($0.name, $0.scenario) }, of: base, experiment: "keepalive experiment")
        return scenario
    }

    /// Seed 004's nginx settings: `keepalive 64; keepalive_requests 100; keepalive_timeout 60s;`.
    static func seed004(tls: Bool = false) -> KeepaliveConfiguration {
        KeepaliveConfiguration(idleConnections: 64, requestsPerConnection: 100, idleTimeout: .seconds(60), tls: tls)
    }

    /// Seed 004's pool as nginx's three directives: `64/100/60s`, written from ``seed004(tls:)``
    /// so that the label cannot say other values than the runs had.
    static var seed004Settings: String {
        let pool = seed004()
        return "\(pool.idleConnections)/\(pool.requestsPerConnection)/\(NumberFormat.trimmed(pool.idleTimeout.seconds, maxDecimals: 3))s"
    }

    /// The name of the variant that runs seed 004's pool on the file's traffic: `seed 004: 64/100/60s`.
    static var seed004Variant: String { "seed 004: \(seed004Settings)" }

    /// Every variant, built from the file; the concurrency sweep runs `sweepUsers`.
    static func variants(_ base: Scenario, sweepUsers: [Int] = sweepUsers) -> [(name: String, group: Group, summary: String, scenario: Scenario)] {
        guard let file = base.balancer?.configuration.keepalive else { return [] }
        func with(_ scenario: Scenario, _ keepalive: KeepaliveConfiguration) -> Scenario {
            scenario.withBalancer { $0.keepalive = keepalive }
        }
        var noPool = file
        noPool.idleConnections = 0
        var noPoolTLS = noPool
        noPoolTLS.tls = true
        var list: [(String, Group, String, Scenario)] = [
            ("no pooling", .closedLoop, "no cache: a setup for every forward, closed after its answer", with(base, noPool)),
            ("no pooling, TLS", .closedLoop, "no cache, and TLS: three round trips for every forward", with(base, noPoolTLS)),
            ("keepalive \(file.idleConnections) (the file)", .closedLoop, "the file's pool: keepalive \(file.idleConnections), keepalive_requests \(file.requestsPerConnection)", base),
            (seed004Variant, .closedLoop, "keepalive \(seed004().idleConnections), keepalive_requests \(seed004().requestsPerConnection), keepalive_timeout \(NumberFormat.trimmed(seed004().idleTimeout.seconds, maxDecimals: 3))s", with(base, seed004())),
            ("seed 004, TLS", .closedLoop, "seed 004's pool with TLS to the servers", with(base, seed004(tls: true))),
        ]
        for size in smallPools {
            var small = seed004()
            small.idleConnections = size
            list.append(("keepalive \(size)", .closedLoop, "seed 004's pool cut to \(size) idle connection\(size == 1 ? "" : "s") for \(NumberFormat.counted(base.users, "user"))", with(base, small)))
        }
        let bursty = burstyTraffic(base)
        list.append(("bursty: no pooling", .bursty, "bursty arrivals, no cache", with(bursty, noPool)))
        var burstySmall = seed004()
        burstySmall.idleConnections = smallPools[0]
        list.append(("bursty: keepalive \(smallPools[0])", .bursty, "bursty arrivals, keepalive \(smallPools[0])", with(bursty, burstySmall)))
        list.append(("bursty: seed 004", .bursty, "bursty arrivals, seed 004's pool", with(bursty, seed004())))
        var burstyLarge = seed004()
        burstyLarge.idleConnections = 1_024
        list.append(("bursty: keepalive 1024", .bursty, "bursty arrivals, keepalive 1024", with(bursty, burstyLarge)))
        if let reference = sweepUsers.first(where: { $0 == unpooledSweepUsers }) {
            list.append(("\(reference) users, no pooling", .users, "no cache, \(reference) users thinking \(DurationFormat.milliseconds(sweepThinkTime.seconds)) on average: what a setup costs a cluster that is not saturated",
                         with(usersTraffic(base, users: reference), noPool)))
        }
        for users in sweepUsers {
            list.append(("\(users) users", .users, "seed 004's pool, \(users) users thinking \(DurationFormat.milliseconds(sweepThinkTime.seconds)) on average, \(sweepSlots) slots a server",
                         with(usersTraffic(base, users: users), seed004())))
        }
        return list
    }

    /// The file's cluster under open-loop arrivals at 60 % of its capacity, with bursts of
    /// ``burstMultiplier``× for 2 s every 10 s.
    static func burstyTraffic(_ base: Scenario) -> Scenario {
        var copy = base
        let capacity = Double(base.servers.count) / base.meanServiceTime
        let duration = base.limits.duration ?? .seconds(30)
        copy.workload?.arrivals = .openLoop(ratePerSecond: (capacity * 0.6).rounded())
        copy.workload?.bursts = stride(from: 5, to: Int(duration.seconds), by: 10).map {
            Burst(at: .seconds($0), duration: .seconds(2), multiplier: burstMultiplier)
        }
        return copy
    }

    /// The file's cluster with ``sweepSlots`` slots a server and `users` users who think
    /// ``sweepThinkTime`` on average, starting one after another over one think time (so that
    /// they do not all open a connection at the same instant), for ``sweepDuration``.
    static func usersTraffic(_ base: Scenario, users: Int) -> Scenario {
        var copy = base.withUsers(users).withThinkTime(sweepThinkTime).withDuration(sweepDuration)
        copy.workload?.rampUp = sweepThinkTime
        for index in copy.servers.indices { copy.servers[index].configuration.slots = sweepSlots }
        return copy
    }

    /// Runs every variant of `base`, `jobs` worlds at a time.
    static func run(_ base: Scenario, jobs: Int, sweepUsers: [Int] = sweepUsers) -> KeepaliveComparison {
        let specs = variants(base, sweepUsers: sweepUsers)
        let results = ParallelWorlds.map(specs.map(\.scenario), width: jobs) { ScenarioRunner.runTraffic($0) }
        return KeepaliveComparison(base: base, variants: zip(specs, results).map { spec, result in
            Variant(name: spec.name, group: spec.group, summary: spec.summary, scenario: spec.scenario, result: result)
        })
    }

    /// The variant called `name`.
    func variant(_ name: String) -> Variant? { variants.first { $0.name == name } }

    /// The variants of one group, in order.
    func variants(in group: Group) -> [Variant] { variants.filter { $0.group == group } }

    /// The group's variant without a pool (with TLS or not, and as many users), the reference for
    /// the latency saved.
    /// `users` nil: any number of users.
    func unpooled(_ group: Group, tls: Bool = false, users: Int? = nil) -> Variant? {
        variants.first { variant in
            variant.group == group && variant.connections?.idleConnections == 0 && variant.connections?.tls == tls
                && (users == nil || variant.users == users)
        }
    }

    /// The pooled variants of the concurrency sweep, in order.
    var sweep: [Variant] { variants(in: .users).filter { ($0.connections?.idleConnections ?? 0) > 0 } }

    /// Mean latency saved against the group's variant without a pool with the same TLS setting,
    /// in seconds; nil for a variant without a pool or without such a reference, and when either
    /// measured no latency (no request succeeded: 0 s less 0 s read "saved 0.000 ms").
    func saved(_ variant: Variant) -> Double? {
        guard let connections = variant.connections, connections.idleConnections > 0, variant.latencyMeasured,
              let reference = unpooled(variant.group, tls: connections.tls, users: variant.users), reference.latencyMeasured else { return nil }
        return reference.mean - variant.mean
    }
}
