/// An open-loop workload's arrival process — Poisson arrivals at the peak rate, thinned to the
/// rate of the moment — run as a state machine on the ready queue (``SteppedWork``) instead of as
/// a task that sleeps between arrivals.
///
/// Its steps are queued exactly where the jobs of the task it replaces ran: the task's first job
/// when it was spawned, its resumption when each gap ends, and the hop off the simulation's
/// context when it ends. So every run draws, sends and counts events exactly as before; what
/// goes is a task switch per arrival (the runtime's executor-preference lookup under the task's
/// status lock, and its bookkeeping): one of the ~16 events of a request through a balancer.
///
/// `@unchecked Sendable`, and what a step passes `inout` is `@exclusivity(unchecked)` (a dynamic
/// check is a thread-local lookup per access): touched only on the simulation thread.
final class OpenLoopArrivals: SteppedWork, @unchecked Sendable {
    private enum Step: UInt8 {
        /// The first job of the arrivals' task: wait for the first arrival.
        case begin
        /// A gap between arrivals is over.
        case arrived
        /// The arrivals are done (the task's last job, after it leaves the simulation's context).
        case end
    }

    /// Entries that name it (see ``SteppedWork``).
    @exclusivity(unchecked) var wakeUps: UInt32 = 0
    var stepKind: StepKind { .openLoopArrivals }
    private let workload: Workload
    private let target: any RequestDispatcher
    private let simulation: Simulation
    private let metrics: WorkloadMetrics
    private let ids: RequestCounter
    /// What the one-request clients it starts share.
    private let common: WorkloadClient.Common
    private let registration: TaskRegistry.Registration
    @exclusivity(unchecked) private var random: SeededRandom
    @exclusivity(unchecked) private var thinning: SeededRandom
    @exclusivity(unchecked) private var addresses: SeededRandom
    private let nextKey: (inout SeededRandom) -> UInt64
    /// Whether the rate varies (a ramp-up or bursts), so arrivals are thinned.
    private let varies: Bool
    /// The peak rate over the base rate.
    private let peak: Double
    /// The gaps of the peak-rate Poisson process.
    private let gap: Distribution
    /// Arrivals sent so far.
    @exclusivity(unchecked) private var sent = 0
    /// The client hosts requests come from, drawn at random for each when there are several.
    private let clients: [NodeID]

    /// Starts arrivals at `rate` requests per second (before ramp-up and bursts) towards `target`.
    init(rate: Double, workload: Workload, target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics, ids: RequestCounter) {
        self.workload = workload
        self.target = target
        self.simulation = simulation
        self.metrics = metrics
        self.ids = ids
        common = .singles(of: workload, ids: ids, target: target, simulation: simulation, metrics: metrics)
        random = simulation.randomStream("client")
        thinning = simulation.randomStream("client.thinning")
        addresses = simulation.randomStream("client.addresses")
        nextKey = workload.keys.sampler()
        varies = workload.rampUp != nil || !workload.bursts.isEmpty
        peak = workload.peakRateFactor
        gap = Distribution.exponential(mean: 1 / (rate * peak))
        clients = workload.clients > 1 ? (1...workload.clients).map { NodeID.numbered("client-", $0) } : [NodeID("client")]
        // Registered and queued as spawning its task would: its first step runs where the
        // task's first job would have.
        if !simulation.executor.isRunning { simulation.executor.adoptCurrentThread() }
        registration = simulation.tasks.start("arrivals", daemon: false)
        simulation.withExecutor { $0.enqueueStep(self, Step.begin.rawValue) }
    }

    func runStep(_ code: UInt8) {
        switch Step(rawValue: code)! {
        case .begin: waitForNextArrival()
        case .arrived: arrive()
        case .end: simulation.tasks.finish(registration)
        }
    }

    func timerFired(_ code: UInt8) {
        simulation.withExecutor { $0.enqueueStep(self, Step.arrived.rawValue) }
    }

    /// Parks until the next arrival of the peak-rate process; ends once the world is being torn down.
    private func waitForNextArrival() {
        let delay = gap.sampleDuration(using: &random)
        guard !simulation.withExecutor({ $0.isTearingDown }) else { return end() }
        let (sum, overflow) = simulation.now.nanoseconds.addingReportingOverflow(delay.nanoseconds)
        var deadline = overflow ? Int64.max : sum
        // An arrival past the end of the window is none: waking at the end says so as waking at
        // it would (the same events), without waiting past the end for it — a gap longer than
        // the rest of the run (1,000 s at 0.001 requests a second) ran into the time limit and
        // stopped the run early.
        if let until = workload.issueUntil { deadline = Swift.min(deadline, until.nanoseconds) }
        simulation.withExecutor { $0.schedule(at: deadline, .notify(wakeUp(0))) }
    }

    /// One arrival: sends a request unless the limit or the end time is reached (then ends) or
    /// thinning drops it, then waits for the next.
    private func arrive() {
        guard workload.requestLimit.map({ sent < $0 }) ?? true,
              workload.issueUntil.map({ simulation.now < $0 }) ?? true else { return end() }
        // Thinning: an arrival of the peak-rate process is kept with probability
        // rate(now) / peak rate, which yields a Poisson process of rate rate(now).
        if varies && thinning.nextUnitInterval() * peak >= workload.rateFactor(at: simulation.now) { return waitForNextArrival() }
        sent += 1
        let client = clients.count == 1 ? clients[0] : clients[Int(addresses.next() % UInt64(clients.count))]
        let request = Request(id: ids.next(), path: workload.path, key: nextKey(&random), client: client)
        WorkloadClient.single(consume request, common: common)
        waitForNextArrival()
    }

    private func end() {
        simulation.withExecutor { $0.enqueueStep(self, Step.end.rawValue) }
    }
}
