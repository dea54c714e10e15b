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
    /// users in flight). What each step calls into — the simulation, the target, the metrics —
    /// stays in the client: reached through a shared object, each was retained and released
    /// around every step.
    final class Common: @unchecked Sendable {
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

        /// What the users of `workload` share, thinking `thinkTime` and drawing keys with `nextKey`.
        static func users(of workload: Workload, thinkTime: Distribution, nextKey: @escaping (inout SeededRandom) -> UInt64, ids: RequestCounter) -> Common {
            Common(ids: ids, timeout: workload.timeout.nanoseconds, path: workload.path, issueUntil: workload.issueUntil, thinkTime: thinkTime, nextKey: nextKey)
        }

        /// What the one-request clients of `workload`'s open loop share.
        static func singles(of workload: Workload, ids: RequestCounter) -> Common {
            Common(ids: ids, timeout: workload.timeout.nanoseconds, path: workload.path, issueUntil: nil, thinkTime: .constant(0), nextKey: nil)
        }

        private init(ids: RequestCounter, timeout: Int64, path: String, issueUntil: VirtualInstant?, thinkTime: Distribution,
                     nextKey: ((inout SeededRandom) -> UInt64)?) {
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

    private let simulation: Simulation
    private let target: any RequestDispatcher
    private let metrics: WorkloadMetrics
    private let common: Common
    private let client: NodeID
    private let registration: TaskRegistry.Registration
    /// Requests it may still send (nil: no limit), until `issueUntil` if set.
    private var quota: Int?
    /// How long it waits before its first request, in nanoseconds (0: it sends at once).
    private let startNanoseconds: Int64
    @exclusivity(unchecked) private var random: SeededRandom
    /// The request in flight, or the first request before it is sent when an open-loop client
    /// was given it (drawn by the arrivals).
    private var request: Request?
    /// The call carrying the request in flight, and when it was sent.
    private var call: PendingCall<Response>?
    private var sentAt = VirtualInstant.zero

    /// A closed-loop user on host `client`: sends up to `quota` requests (nil: until the
    /// workload's end), thinking between an answer and the next request as `common` says,
    /// starting after `start`.
    static func user(_ client: NodeID, quota: Int?, start: Duration?, common: Common,
                     target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics) -> WorkloadClient {
        WorkloadClient(client, prepared: nil, quota: quota, start: start, random: simulation.randomStream(for: client),
                       common: common, target: target, simulation: simulation, metrics: metrics)
    }

    /// An open-loop client that sends `request` and ends with its answer.
    static func single(_ request: Request, common: Common, target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics) -> WorkloadClient {
        WorkloadClient(request.client, prepared: request, quota: 1, start: nil, random: singleRandom,
                       common: common, target: target, simulation: simulation, metrics: metrics, name: .request(request.id))
    }

    /// An open-loop client's generator, which it never draws from (its request comes with its key,
    /// and it does not think): one value for all, where seeding one per request hashed its
    /// stream's name each time.
    private static let singleRandom = SeededRandom(seed: 0, stream: "")

    private init(_ client: NodeID, prepared: Request?, quota: Int?, start: Duration?, random: SeededRandom, common: Common,
                 target: any RequestDispatcher, simulation: Simulation, metrics: WorkloadMetrics, name: TaskRegistry.Name? = nil) {
        self.simulation = simulation
        self.target = target
        self.metrics = metrics
        self.common = common
        self.client = client
        request = prepared
        self.quota = quota
        startNanoseconds = start.map { $0 > .zero ? $0.nanoseconds : 0 } ?? 0
        self.random = random
        // Registered and queued as spawning its task would: its first step runs where the
        // task's first job would have.
        registration = simulation.tasks.start(name ?? .text(client.name), daemon: false)
        super.init()
        simulation.withExecutor { $0.enqueueStep(self, Step.begin.rawValue) }
    }

    override func runStep(_ code: UInt8) {
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
            simulation.tasks.finish(registration)
        }
    }

    override func timerFired(_ code: UInt8) {
        simulation.withExecutor { $0.enqueueStep(self, Step.woke.rawValue) }
    }

    /// Sends the next request, or ends when its quota is spent or the clients' time is over.
    private func sendNext() {
        guard quota.map({ $0 > 0 }) ?? true, common.issueUntil.map({ simulation.now < $0 }) ?? true else { return end() }
        quota = quota.map { $0 - 1 }
        let request = self.request ?? Request(id: common.ids.next(), path: common.path, key: common.nextKey!(&random), client: client)
        self.request = request
        metrics.recordIssued()
        sentAt = simulation.now
        call = target.dispatch(request, timeoutNanoseconds: common.timeout, waiter: self, code: Step.answered.rawValue)
    }

    /// Records the answer, then thinks (or sends again at once).
    private func answered() {
        // Moved out, not copied and then cleared.
        guard let request = request.take(), let outcome = call.take()?.outcome else { preconditionFailure("an answer without a request") }
        target.settled(request, outcome, dispatchedAt: sentAt)
        let now = simulation.now
        metrics.record(outcome, latencyNanoseconds: now.nanoseconds &- sentAt.nanoseconds, now: now)
        WorkloadDriver.observe(request, outcome, from: sentAt, simulation: simulation)
        let think = common.constantThinkNanoseconds ?? common.thinkTime.sampleNanoseconds(using: &random)
        guard think > 0 else { return sendNext() }
        // A user whose thinking would outlast the clients' end sends nothing more: it is done
        // now, not when the thought ends (the run ends with its clients).
        if let issueUntil = common.issueUntil, now.nanoseconds &+ think >= issueUntil.nanoseconds { return end() }
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
