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

    /// What every client of one workload (or of one open loop's arrivals) reads and nothing
    /// changes: held once, where copied into each client they made it 448 bytes (A-4 keeps 10,000
    /// users in flight). It also holds what each step calls into — the simulation, the target, the
    /// metrics — for its clients, which reach them through references they do not count (see
    /// ``WorkloadClient/lentSimulation``).
    final class Common: @unchecked Sendable {
        let simulation: Simulation
        let target: any RequestDispatcher
        let metrics: WorkloadMetrics
        let ids: RequestCounter
        /// The clients' timeout, in nanoseconds.
        let timeout: Int64
        let path: String
        /// When users stop sending (an open-loop client sends the one request it was given).
        let issueUntil: VirtualInstant?
        let thinkTime: Distribution
        /// The think time in nanoseconds when it is constant (an open loop's clients think 0):
        /// drawing it copied the distribution out of this object and destroyed it per answer.
        let constantThinkNanoseconds: Int64?
        /// Draws a closed-loop user's keys (an open-loop client's one request has its key already).
        let nextKey: ((inout SeededRandom) -> UInt64)?

        /// What the users of `workload` share, thinking `thinkTime` and drawing keys with `nextKey`,
        /// sending to `target` in `simulation` and recording in `metrics`.
        static func users(of workload: Workload, thinkTime: Distribution, nextKey: @escaping (inout SeededRandom) -> UInt64, ids: RequestCounter,
                          target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics) -> Common {
            Common(ids: ids, timeout: workload.timeout.nanoseconds, path: workload.path, issueUntil: workload.issueUntil, thinkTime: thinkTime, nextKey: nextKey,
                   target: target, simulation: simulation, metrics: metrics)
        }

        /// What the one-request clients of `workload`'s open loop share.
        static func singles(of workload: Workload, ids: RequestCounter, target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics) -> Common {
            Common(ids: ids, timeout: workload.timeout.nanoseconds, path: workload.path, issueUntil: nil, thinkTime: .constant(0), nextKey: nil,
                   target: target, simulation: simulation, metrics: metrics)
        }

        private init(ids: RequestCounter, timeout: Int64, path: String, issueUntil: VirtualInstant?, thinkTime: Distribution,
                     nextKey: ((inout SeededRandom) -> UInt64)?, target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics) {
            self.simulation = simulation
            self.target = target
            self.metrics = metrics
            self.ids = ids
            self.timeout = timeout
            self.path = path
            self.issueUntil = issueUntil
            self.thinkTime = thinkTime
            // What `sampleNanoseconds` gives for a constant, which draws nothing from its stream.
            if case .constant = thinkTime {
                var untouched = SeededRandom(seed: 0, stream: "constant")
                constantThinkNanoseconds = thinkTime.sampleNanoseconds(using: &untouched)
            } else {
                constantThinkNanoseconds = nil
            }
            self.nextKey = nextKey
        }
    }

    /// Entries that name it (see ``SteppedWork``).
    @exclusivity(unchecked) var wakeUps: UInt32 = 0
    var stepKind: StepKind { .workloadClient }
    private let common: Common
    /// ``Common/simulation`` and ``Common/metrics``, not counted: ``common`` holds them for as
    /// long as the client lives. Counted, they cost an atomic increment each when an open-loop
    /// client was made and a decrement each when it was freed, and the target two of each (its
    /// network and balancer); the client reaches the target through ``common``.
    private let lentSimulation: Unmanaged<Simulation>
    private let lentMetrics: Unmanaged<WorkloadMetrics>
    private let client: NodeID
    private let registration: TaskRegistry.Registration
    /// Requests it may still send (nil: no limit), until `issueUntil` if set.
    private var quota: Int?
    /// How long it waits before its first request, in nanoseconds (0: it sends at once).
    private let startNanoseconds: Int64
    @exclusivity(unchecked) private var random: SeededRandom
    /// The request an open-loop client was given (drawn by the arrivals), until it is sent.
    @exclusivity(unchecked) private var prepared: Request?
    /// The call carrying the request in flight, which owns the request (moved into it, not
    /// copied: its text fields were counted at each copy), and when it was sent.
    @exclusivity(unchecked) private var call: PendingCall<Response>?
    @exclusivity(unchecked) private var sentAt = VirtualInstant.zero

    /// A closed-loop user on host `client`: sends up to `quota` requests (nil: until the
    /// workload's end), thinking between an answer and the next request as `common` says,
    /// starting after `start`.
    @discardableResult
    static func user(_ client: NodeID, quota: Int?, start: Duration?, common: Common) -> WorkloadClient {
        WorkloadClient(client, prepared: nil, quota: quota, start: start, random: common.simulation.randomStream(for: client), common: common).begun()
    }

    /// An open-loop client that sends `request` and ends with its answer.
    @discardableResult
    static func single(_ request: consuming Request, common: Common) -> WorkloadClient {
        let client = request.client, id = request.id
        return WorkloadClient(client, prepared: consume request, quota: 1, start: nil, random: singleRandom, common: common, name: .request(id)).begun()
    }

    /// An open-loop client's generator, which it never draws from (its request comes with its key,
    /// and it does not think): one value for all, where seeding one per request hashed its
    /// stream's name each time.
    private static let singleRandom = SeededRandom(seed: 0, stream: "")

    private init(_ client: NodeID, prepared: consuming Request?, quota: Int?, start: Duration?, random: SeededRandom, common: Common,
                 name: TaskRegistry.Name? = nil) {
        self.common = common
        let simulation = common.simulation
        lentSimulation = .passUnretained(simulation)
        lentMetrics = .passUnretained(common.metrics)
        self.client = client
        self.prepared = consume prepared
        self.quota = quota
        startNanoseconds = start.map { $0 > .zero ? $0.nanoseconds : 0 } ?? 0
        self.random = random
        // Registered as spawning its task would (``begun()`` queues its first step).
        registration = simulation.withTasks { $0.start(name ?? .text(client.name), daemon: false) }
    }

    /// Queues the client's first step, where spawning its task would have queued the task's first
    /// job; returns the client. Queued from the initialiser, where the closure that lends the
    /// executor is not inlined, the client was retained and released around it.
    private func begun() -> WorkloadClient {
        withSimulation { $0.withExecutor { $0.enqueueStep(self, Step.begin.rawValue) } }
        return self
    }

    func runStep(_ code: UInt8) {
        switch Step(rawValue: code)! {
        case .begin:
            if startNanoseconds > 0 {
                sleep(nanoseconds: startNanoseconds)
            } else {
                sendNext()
            }
        case .answered:
            answered()
        case .woke:
            sendNext()
        case .end:
            withSimulation { $0.withTasks { $0.finish(registration) } }
        }
    }

    func timerFired(_ code: UInt8) {
        withSimulation { $0.withExecutor { $0.enqueueStep(self, Step.woke.rawValue) } }
    }

    /// Runs `body` with the simulation, lent (see ``lentSimulation``).
    @inline(__always)
    private func withSimulation<Result>(_ body: (Simulation) -> Result) -> Result { lentSimulation._withUnsafeGuaranteedRef(body) }

    /// Runs `body` with the metrics, lent (see ``lentMetrics``).
    @inline(__always)
    private func withMetrics<Result>(_ body: (WorkloadMetrics) -> Result) -> Result { lentMetrics._withUnsafeGuaranteedRef(body) }

    /// Runs `body` with the target, lent by ``common``.
    @inline(__always)
    private func withTarget<Result>(_ body: (any RequestDispatcher) -> Result) -> Result {
        Unmanaged.passUnretained(common)._withUnsafeGuaranteedRef { body($0.target) }
    }

    /// A closed-loop user's next key, drawn by the users' shared sampler, lent by ``common``:
    /// called as `common.nextKey!(&random)`, the sampler's closure was retained and released
    /// around every draw.
    private func nextKey() -> UInt64 {
        Unmanaged.passUnretained(common)._withUnsafeGuaranteedRef { $0.nextKey!(&random) }
    }

    /// Sends the next request, or ends when its quota is spent or the clients' time is over.
    private func sendNext() {
        let now = withSimulation { $0.now }
        guard quota.map({ $0 > 0 }) ?? true, common.issueUntil.map({ now < $0 }) ?? true else { return end() }
        quota = quota.map { $0 - 1 }
        let request = prepared.take() ?? Request(id: common.ids.next(), path: common.path, key: nextKey(), client: client)
        withMetrics { $0.recordIssued() }
        sentAt = now
        call = withTarget { $0.dispatch(consume request, timeoutNanoseconds: common.timeout, waiter: wakeUp(Step.answered.rawValue)) }
    }

    /// Records the answer, then thinks (or sends again at once).
    private func answered() {
        // The request's id, for an observer only, from the call that carries it.
        let observedID = withSimulation { $0.observer == nil } ? nil : call?.requestID
        // Moved out, not copied and then cleared.
        guard let outcome = PendingCall.outcome(ofLast: call.take()) else { preconditionFailure("an answer without a request") }
        withTarget { $0.settled(from: client, outcome, dispatchedAt: sentAt) }
        let now = withSimulation { $0.now }
        withMetrics { $0.record(outcome, latencyNanoseconds: now.nanoseconds &- sentAt.nanoseconds, now: now) }
        withSimulation { WorkloadDriver.observe(client, observedID ?? 0, outcome, from: sentAt, simulation: $0) }
        let think = common.constantThinkNanoseconds ?? common.thinkTime.sampleNanoseconds(using: &random)
        guard think > 0 else { return sendNext() }
        // A user whose thinking would outlast the clients' end sends nothing more: it is done
        // now, not when the thought ends (the run ends with its clients).
        if let issueUntil = common.issueUntil, VirtualInstant.saturating(now.nanoseconds, plus: think) >= issueUntil.nanoseconds { return end() }
        sleep(nanoseconds: think)
    }

    /// Lets `duration` nanoseconds pass (a periodic wait: nothing is set once the world is being
    /// torn down).
    private func sleep(nanoseconds duration: Int64) {
        guard !withSimulation({ $0.withExecutor { $0.isTearingDown } }) else { return end() }
        withSimulation { $0.withExecutor { $0.schedule(at: VirtualInstant.saturating($0.now, plus: duration), .notify(wakeUp(0))) } }
    }

    private func end() {
        withSimulation { $0.withExecutor { $0.enqueueStep(self, Step.end.rawValue) } }
    }
}
