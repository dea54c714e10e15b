import Foundation
import Simulator

/// What answers a closed loop's users at once with every server up, so that they spin — send,
/// are answered within a round trip, think, send again — with no fault, deployment or chaos in
/// the file. Checker E (s76) found each of these let a 20-line file load and run for minutes:
/// a server's `max_conns: 1` behind a balancer, 100 users at 1 µs, ran 247,500,214 events in
/// one virtual second against an estimate of 1,610.
extension ResourceBudget {
    /// The network's shortest mean latency, between any two nodes: the default link, every
    /// `network.links` entry and every zone's (`within`, `between`, `pairs`). A user's cycle is
    /// at least two of them (as ``addBackups(of:over:)`` and ``QueueSection/fetchRoundTrip(defaultLink:links:)``
    /// count): a 1 s network with a 1 µs link from a client to its server cycled 424,242 times
    /// faster than estimated.
    static func shortestLatency(in scenario: Scenario) -> Double {
        linkProfiles(of: scenario).map { max($0.latency.mean ?? 0, 0) }.min() ?? 0
    }

    /// The network's longest mean latency: a try's time for the Markov bound on its timing out
    /// (``expectedTries(of:balancer:)``), where more latency means more tries.
    static func longestLatency(in scenario: Scenario) -> Double {
        linkProfiles(of: scenario).map { max($0.latency.mean ?? 0, 0) }.max() ?? 0
    }

    /// Every link profile the file writes: the default, its links and its zones'.
    static func linkProfiles(of scenario: Scenario) -> [LinkProfile] {
        var profiles = [scenario.defaultLink] + scenario.links.map(\.profile)
        if let zones = scenario.zones { profiles += [zones.within, zones.between] + zones.pairs.map(\.profile) }
        return profiles
    }

    /// What in `scenario` may answer a try at once, or take every server out of rotation, with
    /// every server up (nil: nothing), named as the refusal's cause (``SpinningUsers/causes``):
    ///
    /// - a balancer's (or gateway's) `rate_limit`, `circuit_breaker` or `max_conns`, or a
    ///   server's `max_conns` (a 429 or 503 within a round trip);
    /// - a link that loses messages where the balancer has health to eject for the timeouts
    ///   (``spinWindows(in:over:health:readmission:)`` counts them for the whole run);
    /// - servers' own `error_rate` under health that ejects for 5xx (``serversEjectedForErrors(_:servers:)``).
    static func answersAtOnce(in scenario: Scenario) -> String? {
        let servers = scenario.servers
        guard let balancer = scenario.balancer else {
            return servers.contains { $0.maxConnections != nil } ? "servers.max_conns" : nil
        }
        let configuration = balancer.configuration, key = balancer.id.name
        if configuration.rateLimit != nil { return "\(key).rate_limit" }
        if configuration.circuitBreaker != nil { return "\(key).circuit_breaker" }
        if configuration.maxConnections != nil { return "\(key).max_conns" }
        if servers.contains(where: { $0.maxConnections != nil }) { return "servers.max_conns" }
        guard hasHealth(configuration, servers: servers.count) else { return nil }
        if linkProfiles(of: scenario).contains(where: { $0.dropRate > 0 }) { return "lossy links (drop_rate)" }
        if serversEjectedForErrors(configuration, servers: servers) != nil { return "servers' error_rate under the \(key)'s health" }
        return nil
    }

    /// Whether the balancer may take a server out of rotation: passive health (nginx's single
    /// server has none), checks or outlier detection.
    static func hasHealth(_ configuration: LoadBalancer.Configuration, servers: Int) -> Bool {
        (configuration.passiveHealth != nil && servers > 1) || configuration.healthCheck != nil || configuration.outlierDetection != nil
    }

    /// How many of `servers` the balancer's health may keep out at once for their own 500s (nil:
    /// none), of those with an `error_rate`: every one under checks that observe the traffic; at
    /// most `max_ejection_percent` of them all under outlier detection (at least one with
    /// `always_eject_one_host`); all but one under passive health, which counts a 500 as a failure
    /// only when the request moves on to another server (``LoadBalancer``'s `observeListedStatus`),
    /// so the last one left is never taken out for it (E's passive health over two servers at
    /// `error_rate: 0.5` ran 60,202 events in 5 s).
    static func serversEjectedForErrors(_ configuration: LoadBalancer.Configuration, servers: [Scenario.Server]) -> Int? {
        let erring = servers.filter { $0.configuration.errorRate > 0 }.count
        var most = 0
        if let observe = configuration.healthCheck?.observe, observe.layer == .layer7, observe.onError != .fastInterval { most = erring }
        if let outlier = configuration.outlierDetection {
            let share = Int((outlier.maxEjectionPercent / 100 * Double(servers.count)).rounded(.down))
            most = max(most, min(erring, max(share, outlier.alwaysEjectOneHost ? 1 : 0)))
        }
        if configuration.passiveHealth != nil, configuration.retryOn.matches(.answered(status: 500)) { most = max(most, min(erring, servers.count - 1)) }
        return most > 0 ? most : nil
    }

    /// The shortest a user's request may last when it is cut short: the client's `timeout`, or the
    /// balancer's per-try `forward_timeout` (every try), when either is shorter than the fastest
    /// service and a round trip at the shortest latency — nil when neither is. The abandoned
    /// request keeps its slot or queue place until served, so once the servers' room is full of
    /// them every later try is refused at once: 1,000 users with a 1 ms timeout against a 1 s
    /// service ran 359,999,171 events, 658,683 estimated.
    /// `key` is where the deadline is written.
    static func cutShort(in scenario: Scenario, workload: Workload) -> (seconds: Double, key: String)? {
        let service = scenario.servers.compactMap { $0.configuration.serviceTime.mean }.min() ?? 0
        let roundTrip = 2 * shortestLatency(in: scenario)
        var deadline = (seconds: workload.timeout.seconds, key: "workload.timeout")
        if let balancer = scenario.balancer {
            let configuration = balancer.configuration
            let tries = Double(min(configuration.retries, max(scenario.servers.count - 1, 0)) + 1)
            let forwarding = configuration.forwardTimeout.seconds * tries + roundTrip
            if forwarding < deadline.seconds { deadline = (forwarding, "\(balancer.id.name).forward_timeout") }
        }
        return deadline.seconds < service + roundTrip ? deadline : nil
    }
}
