/// What every client of one workload shares, built once per workload.
///
/// Each client held its own copy of these: a retain of every reference at its start and a release
/// at its end, and a closed-loop user built its own key sampler (a closure allocated per user).
/// An open-loop run makes a client per request, and A-4's closed loops a user per request, so
/// the copies were made for every request; now a client holds this one object.
///
/// `@unchecked Sendable`: immutable, and used only on the simulation thread.
final class WorkloadContext: @unchecked Sendable {
    let simulation: Simulation
    let target: any RequestDispatcher
    let metrics: WorkloadMetrics
    let ids: RequestCounter
    /// The clients' timeout, in nanoseconds.
    let timeout: Int64
    let path: String
    /// A closed-loop user's think time between an answer and its next request (zero in an open
    /// loop, whose clients send once).
    let thinkTime: Distribution
    /// Draws a closed-loop user's keys (an open-loop client's one request has its key already).
    let nextKey: (inout SeededRandom) -> UInt64

    init(_ workload: Workload, target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics, ids: RequestCounter) {
        self.simulation = simulation
        self.target = target
        self.metrics = metrics
        self.ids = ids
        timeout = workload.timeout.nanoseconds
        path = workload.path
        if case .closedLoop(_, let thinkTime) = workload.arrivals { self.thinkTime = thinkTime } else { thinkTime = .constant(0) }
        nextKey = workload.keys.sampler()
    }
}
