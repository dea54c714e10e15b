/// Starts the clients of a ``Workload`` as simulation tasks and records what they see.
public enum WorkloadDriver {
    /// Spawns the workload's client tasks on `simulation`; outcomes go to `metrics`.
    ///
    /// Closed-loop user `i` runs on client host `client-i` with its own random stream, so adding a
    /// user does not change what the others do; with a ramp-up, user `i` of `n` starts at
    /// `i/n` of it. Open-loop arrivals come from host `client` (or from `client-1` … when there
    /// are several clients); a ramp-up or bursts make the rate vary, drawn by thinning a Poisson
    /// process at the peak rate, so a plain open loop draws exactly as before.
    public static func start(_ workload: Workload, target: some RequestTarget, simulation: Simulation, metrics: WorkloadMetrics) {
        precondition(workload.requestLimit != nil || workload.issueUntil != nil, "a workload needs a request limit or an end time")
        let ids = RequestCounter()
        guard let target = target as? any RequestDispatcher else {
            preconditionFailure("a workload's target is one of this module's: DirectServers, BalancedServers or ZonedBalancedServers")
        }
        switch workload.arrivals {
        case .closedLoop(let users, let thinkTime):
            // What the users share (their key sampler among it) is made once: made per user, the
            // sampler was a closure allocated per user, and A-4's closed loops make a user per request.
            let common = WorkloadClient.Common.users(of: workload, thinkTime: thinkTime, nextKey: workload.keys.sampler(), ids: ids,
                                                     target: target, simulation: simulation, metrics: metrics)
            for user in 0..<users {
                var quota: Int?
                if let limit = workload.requestLimit {
                    quota = limit / users + (user < limit % users ? 1 : 0)
                    if quota == 0 { continue }
                }
                let start = workload.rampUp.map { Duration.nanoseconds(Int64(Double($0.nanoseconds) * Double(user) / Double(users))) }
                WorkloadClient.user(NodeID.numbered("client-", user + 1), quota: quota, start: start, common: common)
            }
        case .openLoop(let rate):
            _ = OpenLoopArrivals(rate: rate, workload: workload, target: target, simulation: simulation, metrics: metrics, ids: ids)
        }
    }

    /// Shows the finished request to the observer. Synchronous and not inlined, so that its
    /// temporaries stay on the stack rather than growing every client task's async frame.
    @inline(never)
    static func observe(_ client: NodeID, _ id: UInt64, _ outcome: Result<Response, NetworkError>, from start: VirtualInstant, simulation: Simulation) {
        guard simulation.observer != nil else { return }
        let status = if case .success(let response) = outcome { response.status } else { 0 }
        simulation.observeSpan(.traffic, "clients", "request", from: start, detail: "\(client.name) #\(id)",
                               outcome: outcome.observedOutcome, value: Int64(status), flow: id)
    }
}

/// Request ids in issue order. `@unchecked Sendable`: used only on the simulation thread.
final class RequestCounter: @unchecked Sendable {
    @exclusivity(unchecked) private var last: UInt64 = 0
    func next() -> UInt64 {
        last += 1
        return last
    }
}

extension Result<Response, NetworkError> {
    /// The outcome as a timeline shows it: the status code, or the network error's name.
    var observedOutcome: String {
        switch self {
        case .success(let response): return String(response.status)
        case .failure(let error): return String(describing: error)
        }
    }
}
