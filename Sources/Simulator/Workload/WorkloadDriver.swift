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
        switch workload.arrivals {
        case .closedLoop(let users, let thinkTime):
            for user in 0..<users {
                var quota: Int?
                if let limit = workload.requestLimit {
                    quota = limit / users + (user < limit % users ? 1 : 0)
                    if quota == 0 { continue }
                }
                let client = NodeID("client-\(user + 1)")
                let userQuota = quota
                let start = workload.rampUp.map { Duration.nanoseconds(Int64(Double($0.nanoseconds) * Double(user) / Double(users))) }
                simulation.spawn(client.name) { _ in
                    if let start, start > .zero { guard await simulation.sleepUnlessTornDown(for: start) else { return } }
                    var random = simulation.randomStream(client.name)
                    let nextKey = workload.keys.sampler()
                    var sent = 0
                    while userQuota.map({ sent < $0 }) ?? true, workload.issueUntil.map({ simulation.now < $0 }) ?? true {
                        sent += 1
                        let request = Request(id: ids.next(), path: workload.path, key: nextKey(&random), client: client)
                        await issue(request, target: target, timeout: workload.timeout, simulation: simulation, metrics: metrics)
                        let think = thinkTime.sampleDuration(using: &random)
                        guard think > .zero else { continue }
                        // A user whose thinking would outlast the clients' end sends nothing more:
                        // it is done now, not when the thought ends (the run ends with its clients).
                        if let end = workload.issueUntil, simulation.now.advanced(by: think) >= end { break }
                        guard await simulation.sleepUnlessTornDown(for: think) else { break }
                    }
                }
            }
        case .openLoop(let rate):
            simulation.spawn("arrivals") { _ in
                var random = simulation.randomStream("client")
                var thinning = simulation.randomStream("client.thinning")
                var addresses = simulation.randomStream("client.addresses")
                let nextKey = workload.keys.sampler()
                let varies = workload.rampUp != nil || !workload.bursts.isEmpty
                let peak = workload.peakRateFactor
                let gap = Distribution.exponential(mean: 1 / (rate * peak))
                var sent = 0
                let clients = workload.clients > 1 ? (1...workload.clients).map { NodeID("client-\($0)") } : [NodeID("client")]
                while true {
                    guard await simulation.sleepUnlessTornDown(for: gap.sampleDuration(using: &random)) else { break }
                    guard workload.requestLimit.map({ sent < $0 }) ?? true,
                          workload.issueUntil.map({ simulation.now < $0 }) ?? true else { break }
                    // Thinning: an arrival of the peak-rate process is kept with probability
                    // rate(now) / peak rate, which yields a Poisson process of rate rate(now).
                    if varies && thinning.nextUnitInterval() * peak >= workload.rateFactor(at: simulation.now) { continue }
                    sent += 1
                    let client = clients.count == 1 ? clients[0] : clients[Int(addresses.next() % UInt64(clients.count))]
                    let request = Request(id: ids.next(), path: workload.path, key: nextKey(&random), client: client)
                    simulation.spawn("request-\(request.id)") { _ in
                        await issue(request, target: target, timeout: workload.timeout, simulation: simulation, metrics: metrics)
                    }
                }
            }
        }
    }

    private static func issue(_ request: Request, target: some RequestTarget, timeout: Duration, simulation: Simulation, metrics: WorkloadMetrics) async {
        metrics.recordIssued()
        let start = simulation.now
        let outcome: Result<Response, NetworkError>
        do {
            outcome = .success(try await target.send(request, timeout: timeout))
        } catch {
            outcome = .failure(error)
        }
        metrics.record(outcome, latency: start.duration(to: simulation.now), now: simulation.now)
        observe(request, outcome, from: start, simulation: simulation)
    }

    /// Shows the finished request to the observer. Synchronous and not inlined, so that its
    /// temporaries stay on the stack rather than growing every client task's async frame.
    @inline(never)
    private static func observe(_ request: Request, _ outcome: Result<Response, NetworkError>, from start: VirtualInstant, simulation: Simulation) {
        guard simulation.observer != nil else { return }
        let status = if case .success(let response) = outcome { response.status } else { 0 }
        simulation.observeSpan(.traffic, "clients", "request", from: start, detail: "\(request.client.name) #\(request.id)",
                               outcome: outcome.observedOutcome, value: Int64(status), flow: request.id)
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
