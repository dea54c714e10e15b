/// One client of a workload — a closed-loop user, or one open-loop request — run as a state
/// machine on the ready queue (``SteppedWork``) instead of as a task.
///
/// Its steps are queued exactly where the jobs of the task it replaces ran: the task's first job
/// when it was spawned, its resumption when an answer arrives or a think time ends, and the hop
/// off the simulation's context when it ends. So every run draws, sends and counts events exactly
/// as before; what goes is a task per client (its allocation, stack slabs and executor
/// preference), which at a hundred thousand concurrent users was most of the cost and memory.
///
/// `@unchecked Sendable`, and what a step passes `inout` is `@exclusivity(unchecked)` (a dynamic
/// check is a thread-local lookup per access): touched only on the simulation thread.
final class WorkloadClient: SteppedWork, @unchecked Sendable {
    private enum Step: UInt8 {
        /// The first job of the client's task: wait out its ramp-up start, or send.
        case begin
        /// Its request was answered (or failed).
        case answered
        /// Its ramp-up start or think time is over.
        case woke
        /// It is done (the task's last job, after it leaves the simulation's context).
        case end
    }

    private let simulation: Simulation
    private let target: any RequestDispatcher
    private let metrics: WorkloadMetrics
    private let ids: RequestCounter
    /// The clients' timeout, in nanoseconds.
    private let timeout: Int64
    private let path: String
    private let client: NodeID
    private let registration: TaskRegistry.Registration
    /// The first request, for an open-loop client that sends exactly one (drawn by the arrivals).
    private var prepared: Request?
    /// Requests it may still send (nil: no limit), until `issueUntil` if set.
    private var quota: Int?
    private let issueUntil: VirtualInstant?
    private let thinkTime: Distribution
    private let start: Duration?
    @exclusivity(unchecked) private var random: SeededRandom
    /// Draws a closed-loop user's keys (an open-loop client's one request has its key already).
    private let nextKey: ((inout SeededRandom) -> UInt64)?
    /// The request in flight, the call carrying it and when it was sent.
    private var request: Request?
    private var call: PendingCall<Response>?
    private var sentAt = VirtualInstant.zero

    /// A closed-loop user on host `client`: sends up to `quota` requests (nil: until
    /// `issueUntil`), thinking `thinkTime` between an answer and the next request, starting after
    /// `start`.
    /// `nextKey` is the workload's key sampler, made once for all its users (it keeps no state).
    static func user(_ client: NodeID, quota: Int?, thinkTime: Distribution, start: Duration?, nextKey: @escaping (inout SeededRandom) -> UInt64,
                     workload: Workload, target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics, ids: RequestCounter) -> WorkloadClient {
        WorkloadClient(client, prepared: nil, quota: quota, thinkTime: thinkTime, start: start, random: simulation.randomStream(client.name),
                       nextKey: nextKey, workload: workload, target: target, simulation: simulation, metrics: metrics, ids: ids)
    }

    /// An open-loop client that sends `request` and ends with its answer.
    static func single(_ request: Request, workload: Workload, target: any RequestDispatcher, simulation: Simulation,
                       metrics: WorkloadMetrics, ids: RequestCounter) -> WorkloadClient {
        WorkloadClient(request.client, prepared: request, quota: 1, thinkTime: .constant(0), start: nil, random: SeededRandom(seed: 0, stream: ""),
                       nextKey: nil, workload: workload, target: target, simulation: simulation, metrics: metrics, ids: ids, name: .request(request.id))
    }

    private init(_ client: NodeID, prepared: Request?, quota: Int?, thinkTime: Distribution, start: Duration?, random: SeededRandom,
                 nextKey: ((inout SeededRandom) -> UInt64)?, workload: Workload, target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics, ids: RequestCounter,
                 name: TaskRegistry.Name? = nil) {
        self.simulation = simulation
        self.target = target
        self.metrics = metrics
        self.ids = ids
        self.client = client
        self.prepared = prepared
        self.quota = quota
        self.thinkTime = thinkTime
        self.start = start
        self.random = random
        timeout = workload.timeout.nanoseconds
        path = workload.path
        issueUntil = prepared == nil ? workload.issueUntil : nil
        self.nextKey = nextKey
        // Registered and queued as spawning its task would: its first step runs where the
        // task's first job would have.
        registration = simulation.tasks.start(name ?? .text(client.name), daemon: false)
        super.init()
        simulation.withExecutor { $0.enqueueStep(self, Step.begin.rawValue) }
    }

    override func runStep(_ code: UInt8) {
        switch Step(rawValue: code)! {
        case .begin:
            if let start, start > .zero {
                sleep(nanoseconds: start.nanoseconds)
            } else {
                sendNext()
            }
        case .answered:
            answered()
        case .woke:
            sendNext()
        case .end:
            simulation.tasks.finish(registration)
        }
    }

    override func timerFired(_ code: UInt8) {
        simulation.withExecutor { $0.enqueueStep(self, Step.woke.rawValue) }
    }

    /// Sends the next request, or ends when its quota is spent or the clients' time is over.
    private func sendNext() {
        guard quota.map({ $0 > 0 }) ?? true, issueUntil.map({ simulation.now < $0 }) ?? true else { return end() }
        quota = quota.map { $0 - 1 }
        let request = prepared ?? Request(id: ids.next(), path: path, key: nextKey!(&random), client: client)
        prepared = nil
        self.request = request
        metrics.recordIssued()
        sentAt = simulation.now
        call = target.dispatch(request, timeoutNanoseconds: timeout, waiter: self, code: Step.answered.rawValue)
    }

    /// Records the answer, then thinks (or sends again at once).
    private func answered() {
        guard let request, let outcome = call?.outcome else { preconditionFailure("an answer without a request") }
        self.request = nil
        call = nil
        target.settled(request, outcome, dispatchedAt: sentAt)
        let now = simulation.now
        metrics.record(outcome, latencyNanoseconds: now.nanoseconds &- sentAt.nanoseconds, now: now)
        WorkloadDriver.observe(request, outcome, from: sentAt, simulation: simulation)
        let think = thinkTime.sampleNanoseconds(using: &random)
        guard think > 0 else { return sendNext() }
        // A user whose thinking would outlast the clients' end sends nothing more: it is done
        // now, not when the thought ends (the run ends with its clients).
        if let issueUntil, now.nanoseconds &+ think >= issueUntil.nanoseconds { return end() }
        sleep(nanoseconds: think)
    }

    /// Lets `duration` nanoseconds pass (a periodic wait: nothing is set once the world is being
    /// torn down).
    private func sleep(nanoseconds duration: Int64) {
        guard !simulation.withExecutor({ $0.isTearingDown }) else { return end() }
        simulation.withExecutor { $0.schedule(at: $0.now &+ duration, .notify(wakeUp(0))) }
    }

    private func end() {
        simulation.withExecutor { $0.enqueueStep(self, Step.end.rawValue) }
    }
}
