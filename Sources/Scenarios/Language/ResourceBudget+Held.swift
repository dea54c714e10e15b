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

    static func requestsHeldWhileKeepingUp(in scenario: Scenario, workload: Workload) -> Double? {
        guard case .openLoop(let rate) = workload.arrivals, !scenario.servers.isEmpty,
              scenario.deployment == nil, scenario.faults.chaos == nil else { return nil }
        let ids = Set(scenario.servers.map(\.id))
        guard !scenario.faults.entries.contains(where: { $0.fault.nodes.contains(where: ids.contains) }) else { return nil }
        let capacities = scenario.servers.compactMap { $0.configuration.errorRate > 0 ? 0 : $0.configuration.capacity }
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
}
