import Simulator

extension ResourceBudget {
    /// The requests an open loop can have in its servers' slots and queues at once when the
    /// servers are sure to keep up, or nil when they may not.
    ///
    /// A request a server has queued is held until it is served, whether or not its client has
    /// given up (measured: 1,000 a second against 800 served, a 1 s client timeout, peak
    /// memory 37, 45 and 60 MB after 2, 4 and 8 minutes — the backlog, ~320 bytes a request):
    /// where the servers fall behind, their queues fill up to their room. Where they keep up, a
    /// request stays about its service time, and by Little's law the servers hold the arrival
    /// rate times that: 1,000 a second for 30 minutes, 1, 2 and 3 hours into a queue of 10⁷
    /// served in 1 ms by 8 slots held 29, 27, 30 and 28 MB at its peak, where the room of the
    /// queue was charged (4.8 GiB at 3 hours, refused). Counted as the peak rate times the
    /// longest of the client's timeout, the balancer's tries and ten mean service times — a
    /// bound no queue of servers loaded at most half comes near — when:
    ///
    /// - the servers can serve at least twice the peak rate times the tries a request may take
    ///   (`slots × speed ÷ mean service`, the mean of the durations drawn — a normal distribution's
    ///   negative draws are 0; the tries: a balancer's `retries` + 1 at most where a try can time
    ///   out while its server works on — a 1 ms per-try timeout before 10 ms of service made ten
    ///   forwards of every request and held 5.8 GB; servers that answer errors (`error_rate`)
    ///   counted at no capacity, since passive health may take them out and leave their share to
    ///   the others;
    ///   their sum when the traffic is spread evenly — no balancer (the clients take turns),
    ///   or one that turns or counts (round robin, least connections or requests, random), equal
    ///   weights, no zones, no backup — else the slowest server's alone, as if it took every
    ///   request: a hash may send every request to one server, `health_based` most to the
    ///   fastest);
    /// - nothing the file schedules can take their capacity away: no fault names a server, no
    ///   chaos, no deployment.
    /// How many of a request's tries the servers may be working on or holding at once: one, or
    /// where a try can time out and be sent on while its server still works at it — a per-try
    /// timeout under 50 of the slowest server's mean service times — each the balancer makes, a
    /// server apiece (its retries go to servers not yet tried). A 1 ms per-try timeout before
    /// 10 ms of service, ten tries, 5,000 requests a second: ten queued tries a request, 4.46 GB
    /// in 330 s. (A try that fails at once on an erroring server is not held.)
    static func queuedTries(in scenario: Scenario) -> Double {
        guard let balancer = scenario.balancer?.configuration else { return 1 }
        let slowestService = scenario.servers.map { ($0.configuration.serviceTime.durationMean ?? .infinity) / $0.configuration.speed }.max() ?? 0
        guard balancer.forwardTimeout.seconds < 50 * slowestService else { return 1 }
        return Double(min(balancer.retries, max(scenario.servers.count - 1, 0)) + 1)
    }

    ///
    /// `throughConnectionLimits` counts each server's capacity as its connection limit lets the
    /// balancer use it (``requestsQueuedAtBalancer(_:in:workload:inFlight:)``).
    static func requestsHeldWhileKeepingUp(in scenario: Scenario, workload: Workload, throughConnectionLimits: Bool = false) -> Double? {
        guard case .openLoop(let rate) = workload.arrivals, !scenario.servers.isEmpty,
              scenario.deployment == nil, scenario.faults.chaos == nil else { return nil }
        let ids = Set(scenario.servers.map(\.id))
        guard !scenario.faults.entries.contains(where: { $0.fault.nodes.contains(where: ids.contains) }) else { return nil }
        let connection = throughConnectionLimits ? longestConnectionSeconds(in: scenario) : 0
        let capacities = scenario.servers.compactMap { server -> Double? in
            guard server.configuration.errorRate == 0 else { return 0 }
            guard let capacity = server.configuration.capacity else { return nil }
            guard throughConnectionLimits, let limit = server.maxConnections ?? scenario.balancer?.configuration.maxConnections,
                  let service = server.configuration.serviceTime.durationMean else { return capacity }
            return min(capacity, Double(limit) / max(service / server.configuration.speed + connection, 1e-12))
        }
        guard capacities.count == scenario.servers.count, let slowest = capacities.min() else { return nil }
        let spreading: Bool = switch scenario.balancer?.strategy {
        case nil, .roundRobin?, .weightedRoundRobin?, .leastConnections?, .random?, .leastRequest?: true
        case .healthBased?, .ipHash?, .consistentHash?: false
        }
        let even = spreading && scenario.zones == nil && Set(scenario.servers.map(\.weight)).count == 1 && !scenario.servers.contains(where: \.isBackup)
        let capacity = even ? slowest * Double(scenario.servers.count) : slowest
        let peak = rate * workload.peakRateFactor
        let tries = queuedTries(in: scenario)
        guard peak * tries <= capacity / 2 else { return nil }
        var window = workload.timeout.seconds
        if let balancer = scenario.balancer?.configuration {
            window = max(window, balancer.forwardTimeout.seconds * tries)
        }
        let service = scenario.servers.compactMap { $0.configuration.serviceTime.durationMean }.max() ?? 0
        return peak * max(window, 10 * service)
    }

    /// The longest a forward holds a connection besides its service: the request's and the
    /// answer's crossings of the network — each at its largest latency (a distribution's bound,
    /// or the 99.9th percentile of an unbounded one: ``QueueSection/largestLatency(of:)``), a
    /// latency spike's extra included — and, with connection pools, a new connection's setup
    /// round trips (TCP, and TLS's two).
    static func longestConnectionSeconds(in scenario: Scenario) -> Double {
        let profiles = [scenario.defaultLink] + scenario.links.map(\.profile)
        let spike = scenario.faults.entries.reduce(0.0) { longest, entry in
            if case .latencySpike(let extra) = entry.fault { max(longest, extra.seconds) } else { longest }
        }
        let roundTrip = 2 * (profiles.reduce(0.0) { max($0, QueueSection.largestLatency(of: $1.latency)) } + spike)
        return roundTrip * Double(1 + (scenario.balancer?.configuration.keepalive?.setupRoundTrips ?? 0))
    }

    /// The requests the balancer's connection queue (`balancer.queue`) holds at once, each on a
    /// task of its own (~6 KiB: measured 5.3–6.2 KiB a waiting request, 100,000 of them at 564 MB
    /// peak). The servers' rule, reused (``requestsHeldWhileKeepingUp(in:workload:throughConnectionLimits:)``):
    /// a request waits there only while every server is at its `max_conns`, so where the servers
    /// keep up through their connection limits — each server's capacity at most `max_conns ÷
    /// (mean service ÷ speed + ``longestConnectionSeconds(in:)``)` — the queue holds no more than
    /// the servers would; else up to its room. And no request waits longer than the queue's
    /// `timeout` (its deadline is set once, when it joins), so an open loop's queue holds at most
    /// the peak rate × the tries a request may make (each may wait) × that timeout. Measured:
    /// 1,000 a second behind four servers of 8 slots with `max_conns: 100` and a room of 100,000
    /// queued none (30 MB peak), where the room was charged (614 MB; 10⁶ of room, 5.7 GiB, was
    /// refused); 10,000 a second behind four servers of `max_conns: 1` (~2,000 a second) with a
    /// 10 s timeout held 525 MB at its peak against the 614 MB of rate × timeout, and with an
    /// hour's timeout filled a room of 100,000 (564 MB).
    static func requestsQueuedAtBalancer(_ queue: ConnectionQueueConfiguration, in scenario: Scenario, workload: Workload, inFlight: Double) -> Double {
        let keptUp = requestsHeldWhileKeepingUp(in: scenario, workload: workload, throughConnectionLimits: true) ?? .infinity
        var waited = Double.infinity
        if case .openLoop(let rate) = workload.arrivals, let balancer = scenario.balancer?.configuration {
            let tries = Double(min(balancer.retries, max(scenario.servers.count - 1, 0)) + 1)
            waited = rate * workload.peakRateFactor * tries * queue.timeout.seconds
        }
        return min(inFlight, Double(queue.capacity), keptUp, waited)
    }

    /// The waits the balancer's connection queue gives up on stay in it until a connection ends
    /// (``ConnectionQueue``: settled waiters are skipped only then), about 42 bytes each
    /// (measured behind four servers that hold their one connection each for an hour, 50,000
    /// requests a second each waiting 1 ms: with a room of 10, 585,846 of them after 60 s, 53 MB
    /// at the peak; with a room of 100 every request, 1.5 × 10⁷ after 5 minutes, 627 MB — an hour
    /// would be 1.8 × 10⁸, 7.5 GB, where 614 KB for the room had been charged and it loaded). A connection lasts at most a forward's timeout
    /// (after a new connection's `connect_timeout`, with pools), so at most the requests that
    /// arrive in that time can be waiting there, each once a try: 64 bytes each.
    /// And a wait is given up only after the queue's `timeout` in a room of its `size`, so at
    /// most `size` of them are given up every `timeout`. (A closed loop's rate is taken as its
    /// `requests` over the `horizon` they are counted over.)
    static func settledWaitsAtBalancer(_ queue: ConnectionQueueConfiguration, in scenario: Scenario, workload: Workload, requests: Double, over horizon: Double) -> Double {
        guard let balancer = scenario.balancer?.configuration else { return 0 }
        let tries = Double(min(balancer.retries, max(scenario.servers.count - 1, 0)) + 1)
        let longest = min(balancer.forwardTimeout.seconds + (balancer.keepalive?.connectTimeout.seconds ?? 0), horizon)
        let rate: Double = switch workload.arrivals {
        case .openLoop(let rate): rate * workload.peakRateFactor
        case .closedLoop: requests / max(horizon, 1e-9)
        }
        let givenUp = Double(queue.capacity) * (longest / max(queue.timeout.seconds, 1e-9) + 1)
        return min(tries * requests, tries * rate * longest, givenUp)
    }
}
