import Simulator

/// Variations of a loaded scenario that the claim analyses run beside it: the same cluster
/// without faults, with fewer servers, other clients, other balancer parameters.
extension Scenario {
    /// The scenario with no faults at all.
    func withoutFaults() -> Scenario {
        var copy = self
        copy.faults = FaultSchedule(entries: [], chaos: nil)
        return copy
    }

    /// The scenario with only its first `count` servers.
    func withServers(_ count: Int) -> Scenario {
        var copy = self
        copy.servers = Array(servers.prefix(count))
        return copy
    }

    /// The scenario with `users` closed-loop users (keeping their think time).
    func withUsers(_ users: Int) -> Scenario {
        var copy = self
        if case .closedLoop(_, let thinkTime) = workload?.arrivals {
            copy.workload?.arrivals = .closedLoop(users: users, thinkTime: thinkTime)
        }
        return copy
    }

    /// The scenario with users thinking `thinkTime` on average (exponentially distributed).
    func withThinkTime(_ thinkTime: Duration) -> Scenario {
        var copy = self
        if case .closedLoop(let users, _) = workload?.arrivals {
            copy.workload?.arrivals = .closedLoop(users: users, thinkTime: .exponential(mean: thinkTime.seconds))
        }
        return copy
    }

    /// The scenario with traffic for `duration` (and the time limit that goes with it).
    func withDuration(_ duration: Duration) -> Scenario {
        var copy = self
        copy.limits.duration = duration
        copy.limits.timeLimit = duration * 2 + .seconds(60)
        copy.workload?.issueUntil = .after(duration)
        return copy
    }

    /// The scenario with exactly these faults.
    func withFaults(_ entries: [FaultSchedule.Entry]) -> Scenario {
        var copy = self
        copy.faults = FaultSchedule(entries: entries, chaos: nil)
        return copy
    }

    /// The scenario with its balancer's configuration changed by `change`.
    func withBalancer(_ change: (inout LoadBalancer.Configuration) -> Void) -> Scenario {
        var copy = self
        if var balancer = copy.balancer {
            change(&balancer.configuration)
            copy.balancer = balancer
        }
        return copy
    }

    /// The mean service time of its first server, in seconds.
    var meanServiceTime: Double {
        servers.first?.configuration.serviceTime.mean ?? 0
    }

    /// The closed-loop users, or 0 for an open loop.
    var users: Int {
        if case .closedLoop(let users, _) = workload?.arrivals { return users }
        return 0
    }

    /// The closed-loop users' mean think time in seconds, or 0.
    var meanThinkTime: Double {
        if case .closedLoop(_, let thinkTime) = workload?.arrivals { return thinkTime.mean ?? 0 }
        return 0
    }
}
