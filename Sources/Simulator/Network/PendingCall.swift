/// A call in flight: settled exactly once, by its answer, its failure or its deadline.
///
/// The call is also its own delivery: it carries what the delivery, the handler's run and the
/// answer need, so that its timers wake it by code (no closure per leg) and a pooled task runs
/// its handler (no task per request). A duplicated request is delivered a second time as a copy
/// whose outcomes settle the original.
///
/// Its timers and its handler reach it through protocols, where generic code would run
/// unspecialised (looking up generic metadata at every step); the entry points are specialised
/// for ``Response``, the answer of every server request, which is the hot path.
///
/// `@unchecked Sendable`: touched only on the simulation thread.
final class PendingCall<Response: Sendable>: SteppedWork, @unchecked Sendable, ResettableCall, PooledWork {
    /// Who hears how the call ended.
    enum Waiter {
        /// A task suspended in ``Network/call(from:to:timeout:_:)``.
        case task(UnsafeContinuation<Result<Response, NetworkError>, Never>)
        /// A state machine's step, queued with the outcome in ``outcome``: an entry made when
        /// the call is sent (its target counts it, see ``WakeUp``) and queued as it is once the
        /// call is settled, where holding the target and making the entry then cost a retain and
        /// a release more.
        case step(WakeUp)
    }

    /// What runs the call once it is delivered.
    enum Handler {
        /// A closure, run on a pooled task: it may suspend anywhere (a balancer awaiting a forward).
        case task(@Sendable () async -> Response)
        /// A server replica, reached through its link, serving the request in steps of the ready
        /// queue with no task of its own (only for calls whose answer is a ``Simulator/Response``).
        /// Two fields rather than one struct, so that a step can bind the link alone without
        /// copying (and retaining) the request.
        case server(ServerLink, Request)
        /// A request to a load balancer, routed in steps of the ready queue when nothing on its
        /// way can wait but its forwards (``BalancedRequest``), else on a pooled task (only for
        /// calls whose answer is a ``Simulator/Response``).
        case balancer(LoadBalancer, Request)

        /// A `.server` handler's link or a `.balancer` handler's balancer, not counted (see
        /// ``PendingCall/lentHandlerObject``).
        var lentObject: UnsafeMutableRawPointer? {
            switch self {
            case .server(let link, _): Unmanaged.passUnretained(link).toOpaque()
            case .balancer(let balancer, _): Unmanaged.passUnretained(balancer).toOpaque()
            case .task: nil
            }
        }
    }

    /// What a timer of this call does when it is due.
    enum TimerCode: UInt8 {
        /// The caller's deadline: it fails with `.timeout` unless answered.
        case timeout
        /// The caller learns the destination cannot be reached.
        case unreachable
        /// The request arrives at the destination.
        case deliver
        /// The caller learns its connection was refused or reset.
        case refused
        /// The response arrives back at the caller.
        case answer
        /// The server's service time for this request is over.
        case serviceEnds
        /// The hang that held this request at its server is over.
        case hangEnds
    }

    // The stored properties are declared in the order that leaves the least padding between
    // them (the bytes left after the handler, the waiter and the answer filled by the flags and
    // the 4-byte fields): a call took 296 bytes, a 304-byte block of the allocator (312 in s80,
    // measured by `PendingCallSizeTests`, which fails when a field grows it), where the
    // order of their concerns left 425, a link profile stored whole took 64 more and a second
    // answer field 48 more (measured: 128 bytes more per call made A-4 7 % slower, with 10,000
    // calls in flight).
    /// Entries that name the call (see ``SteppedWork``).
    @exclusivity(unchecked) var wakeUps: UInt32 = 0
    /// The link its answer (or a refusal, or a reset) travels back over, from ``destination`` to
    /// ``source``, by position among its network's profiles: set with ``link`` when the request
    /// is sent. Declared here, it fills the four bytes of padding after ``wakeUps`` (the call
    /// keeps its size).
    @exclusivity(unchecked) var answerLink = LinkIndex(position: 0)
    let network: Network
    /// The network's executor, reached in one step from the call and lent to every timer and
    /// ready-queue call, where reached through the network (or held unowned) it was retained and
    /// released around each. Not counted: ``network`` holds it for as long as the call lives, and
    /// counting it cost an atomic increment when a call was made and a decrement when it was
    /// freed (two calls a balanced request).
    private let lentExecutor: Unmanaged<SimulationExecutor>

    /// Runs `body` with the call's executor, lent (see ``lentExecutor``).
    @inline(__always)
    func withExecutor<Result>(_ body: (SimulationExecutor) -> Result) -> Result { lentExecutor._withUnsafeGuaranteedRef(body) }
    let source: NodeID
    let destination: NodeID
    let handler: Handler
    /// The failure, kept for a step that waits for the outcome (see ``answer``).
    @exclusivity(unchecked) private var settledFailure: NetworkError?
    /// Whether it reached a node that is handling it (and so can be reset).
    @exclusivity(unchecked) var isDelivered = false
    /// Whether its deadline passed while its caller was paused: it times out at the resume, and
    /// its request, if the pause held it, is never sent.
    @exclusivity(unchecked) var expiredWhilePaused = false
    /// Whether ``answer`` holds the answer that settled the call, kept for a step that waits for
    /// the outcome: from then on it is never overwritten.
    @exclusivity(unchecked) private var answerIsSettled = false
    // Set when the request is sent and delivered: one delivery per object.
    /// The link it was sent over, by position among its network's profiles.
    @exclusivity(unchecked) var link = LinkIndex(position: 0)
    /// The call's number in the trace (``TraceEvent/call``), on every line it writes: set when
    /// its `send` is handed to a sink, 0 without one (so a run without a sink pays nothing). In
    /// the four bytes of padding after ``link`` (the call keeps its 312 bytes; 320 as a `UInt64`
    /// here or at the end): a trace keeps at most 4,000,000 lines, each call's first its `send`,
    /// so every number it writes is far below 2³².
    @exclusivity(unchecked) var traceCall: UInt32 = 0
    /// A `.server` handler's link (``servingLink``) or a `.balancer` handler's balancer
    /// (``lentBalancer``), not counted: ``handler`` holds it for as long as the call lives. Bound
    /// out of the handler at every step, the link was retained and released around each (the
    /// compiler cannot tell that the step leaves the handler alone), and the balancer at the
    /// request's delivery; read from here, they are lent.
    private let lentHandlerObject: UnsafeMutableRawPointer?

    /// A `.server` handler's link, lent (see ``lentHandlerObject``).
    private var servingLink: Unmanaged<ServerLink>? {
        guard case .server = handler, let lentHandlerObject else { return nil }
        return .fromOpaque(lentHandlerObject)
    }

    /// A `.balancer` handler's balancer, lent (see ``lentHandlerObject``).
    var lentBalancer: Unmanaged<LoadBalancer>? {
        guard case .balancer = handler, let lentHandlerObject else { return nil }
        return .fromOpaque(lentHandlerObject)
    }
    /// Who waits for the outcome: a task, or a ready step (see ``Network/dispatch(from:to:timeout:handler:waiter:code:)``);
    /// nil once settled.
    @exclusivity(unchecked) private var waiter: Waiter?
    /// Whether the handler's answer is on its way: decided and not yet sent, or travelling back.
    /// It is in ``answer`` unless the call was settled before (by its duplicate's answer), when
    /// nothing can observe it any more: it can only settle the call, which is settled.
    @exclusivity(unchecked) private var answerIsOnItsWay = false
    /// Whether ``answerRoom`` holds an answer.
    @exclusivity(unchecked) private var hasAnswer = false
    /// Whether the answer is a ``Simulator/Response`` (every server request) or an
    /// ``ErasedAnswer`` (every other call): then the protocol entry points below go straight to
    /// the code specialised for it, where a `@_specialize` check would look the generic metadata
    /// up at every call.
    private let answerType = CallAnswerType.of(Response.self)
    /// Its slot among its node's open calls while it is handled there.
    @exclusivity(unchecked) var openSlot: Int32 = -1
    /// The process that sent the call: its node's incarnation then, truncated to the four bytes
    /// of padding here, before ``answerRoom`` (a node would have to crash four billion times to
    /// meet an old process's number again), or one before it for a zombie of a crashed node (see
    /// ``Network/send(_:timeout:)``). Once its node runs another, the process is gone and nothing
    /// it sent is heard of again (``Network/callerStanding(of:)``). Measured with it: 312 bytes a
    /// call, as before (the metadata's instance size; 320 as a `UInt64` beside ``incarnation``).
    @exclusivity(unchecked) var callerProcess: UInt32 = 0
    /// The handler's answer while it is on its way (``answerIsOnItsWay``), then the answer that
    /// settled the call, kept for a step that waits for the outcome (``answerIsSettled``); a
    /// failure is kept in ``settledFailure``. One room for both, as they are one answer except
    /// for a duplicated request's original, which its copy's answer can settle while its own is on
    /// its way (48 bytes less per call, of which A-4 keeps 10,000 in flight). In a room whose type
    /// does not depend on `Response`, and apart from the failure, because freeing a call destroys
    /// its fields in unspecialised code, which looks up the generic metadata of each field type
    /// that depends on `Response` (see ``AnswerRoom``); ``hasAnswer`` says whether it holds one.
    @exclusivity(unchecked) private var answerRoom = AnswerRoom()
    /// The caller's deadline, removed from the timer heap as soon as the call is settled.
    @exclusivity(unchecked) private var timeoutTimer = TimerHandle.none
    /// The call this one is a duplicate delivery of; its outcomes settle that call.
    private let original: PendingCall<Response>?
    /// The destination's node once the request is sent to it, not counted: the call holds its
    /// ``network``, and a network keeps every node it ever had (``Network/removeNode(_:)``
    /// retires a node, it does not free it). Counted, it cost an atomic increment when a request
    /// was sent and a decrement when its call was freed (two calls a balanced request); bound
    /// out of a counted `var` at the request's delivery, at the answer's sending and at its
    /// arrival, it was retained and released around each.
    @exclusivity(unchecked) var lentNode: Unmanaged<NetworkNode>?
    @exclusivity(unchecked) var incarnation: UInt64 = 0
    @exclusivity(unchecked) var number: UInt64 = 0
    /// What its server keeps of it while serving it: the server's epoch when it arrived, its
    /// service time once drawn (lengthened by the pauses that froze it), and its node's frozen
    /// clock when the service began or was last postponed (``NetworkNode/postponedEnd(ofWorkFrozenAt:now:)``).
    @exclusivity(unchecked) var servedEpoch: UInt64 = 0
    @exclusivity(unchecked) var serviceNanoseconds: Int64 = 0
    @exclusivity(unchecked) var serviceFrozenAt: Int64 = 0

    /// `handler` is consumed: moved into the call, where a copy of a server's request went
    /// through the runtime's generic tuple copy (twice per forward).
    init(network: Network, from source: NodeID, to destination: NodeID, handler: consuming Handler,
         waiter: Waiter?, original: PendingCall<Response>? = nil) {
        self.network = network
        lentExecutor = .passUnretained(network.executor)
        self.source = source
        self.destination = destination
        lentHandlerObject = handler.lentObject
        self.handler = handler
        self.waiter = waiter
        self.original = original
    }

    deinit {
        // Freed unsettled (its world torn down): the waiting step will not run.
        if case .step(let wakeUp)? = waiter { wakeUp.discard() }
        if hasAnswer {
            switch answerType {
            case .response: withCall(answering: Simulator.Response.self) { $0.answerRoom.deinitialize(as: Simulator.Response.self) }
            case .erased: withCall(answering: ErasedAnswer.self) { $0.answerRoom.deinitialize(as: ErasedAnswer.self) }
            case .other: answerRoom.deinitialize(as: Response.self)
            }
        }
    }

    /// The id of the client request it carries to a server or a balancer, 0 for a closure's call
    /// (``TraceEvent/request``): read for a sink only.
    var carriedRequestID: UInt64 {
        switch handler {
        case .server(_, let request), .balancer(_, let request): request.id
        case .task: 0
        }
    }

    /// The answer in ``answerRoom``, if any.
    private var answer: Response? { hasAnswer ? answerRoom.copy(as: Response.self) : nil }

    /// Puts `response` in ``answerRoom`` in place of what it held.
    private func keepAnswer(_ response: consuming Response) {
        if hasAnswer { answerRoom.deinitialize(as: Response.self) }
        answerRoom.initialize(to: response)
        hasAnswer = true
    }

    /// Takes the answer out of ``answerRoom``, if any.
    private func takeAnswer() -> Response? {
        guard hasAnswer else { return nil }
        hasAnswer = false
        return answerRoom.move(as: Response.self)
    }

    /// A second delivery of this call (a duplicated request); what it yields settles this call.
    func duplicate() -> PendingCall<Response> {
        let copy = PendingCall(network: network, from: source, to: destination, handler: handler, waiter: nil, original: self)
        copy.link = link
        copy.answerLink = answerLink
        copy.callerProcess = callerProcess
        copy.traceCall = traceCall
        return copy
    }

    /// Parks the caller's deadline `timeout` nanoseconds from now.
    func startTimeout(nanoseconds timeout: Int64) {
        timeoutTimer = withExecutor { $0.scheduleCancellable(after: timeout, .notify(wakeUp(TimerCode.timeout.rawValue))) }
    }

    /// Wakes this call by `code` after `delay` nanoseconds.
    func schedule(_ code: TimerCode, after delay: Int64) {
        withExecutor { $0.schedule(at: VirtualInstant.saturating($0.now, plus: delay), .notify(wakeUp(code.rawValue))) }
    }

    /// How the call ended, for a step that waits for it; nil until then.
    var outcome: Result<Response, NetworkError>? {
        if answerIsSettled, let answer { return .success(answer) }
        return settledFailure.map { .failure($0) }
    }

    /// ``outcome`` of `call`, for the step that waited for it, which reads it once and lets the
    /// call go (passing its reference here, taken out of where it kept it). When that reference
    /// is the call's last (no entry, duplicate or queue holds it) nothing can read the call
    /// again, and the answer is moved out rather than copied — its body and its server's name
    /// counted once more, then uncounted twice, once with the copy and once with the call.
    static func outcome(ofLast call: consuming PendingCall?) -> Result<Response, NetworkError>? {
        guard var call else { return nil }
        guard isKnownUniquelyReferenced(&call) else { return call.outcome }
        if call.answerIsSettled, let answer = call.takeAnswer() { return .success(answer) }
        return call.settledFailure.map { .failure($0) }
    }

    /// The handler's answer is decided (at the server) or sent back (on the network).
    func putAnswerOnItsWay(_ response: consuming Response) {
        answerIsOnItsWay = true
        if !answerIsSettled { keepAnswer(response) }
    }

    /// The handler's answer on its way, taken as it is sent or arrives; nil if none is.
    private func takeAnswerOnItsWay() -> Response? {
        guard answerIsOnItsWay else { return nil }
        answerIsOnItsWay = false
        // Once settled the field keeps the settling answer, which stands in for the one on its way.
        return answerIsSettled ? answer : takeAnswer()
    }

    /// The concrete call this is when it answers with a ``Simulator/Response``.
    private var asResponseCall: PendingCall<Simulator.Response> { unsafeDowncast(self, to: PendingCall<Simulator.Response>.self) }

    /// Runs `body` with this call as the concrete call it is when it answers with `Answer` (its
    /// ``answerType``), lent rather than retained: the caller holds the call for as long as
    /// `body` runs, and a retained downcast cost a retain and a release at every timer and step
    /// of every server request.
    @inline(__always)
    private func withCall<Answer>(answering _: Answer.Type, _ body: (PendingCall<Answer>) -> Void) {
        Unmanaged<PendingCall<Answer>>.fromOpaque(Unmanaged.passUnretained(self).toOpaque())._withUnsafeGuaranteedRef(body)
    }

    /// Calls answered with a ``Simulator/Response`` or an ``ErasedAnswer`` are called directly by
    /// their entries.
    var stepKind: StepKind {
        switch answerType {
        case .response: .responseCall
        case .erased: .erasedCall
        case .other: .dynamic
        }
    }

    func timerFired(_ code: UInt8) {
        switch answerType {
        case .response: withCall(answering: Simulator.Response.self) { $0.fire(code) }
        case .erased: withCall(answering: ErasedAnswer.self) { $0.fire(code) }
        case .other: fire(code)
        }
    }

    func runStep(_ code: UInt8) {
        switch answerType {
        case .response: withCall(answering: Simulator.Response.self) { $0.step(code) }
        case .erased: withCall(answering: ErasedAnswer.self) { $0.step(code) }
        case .other: step(code)
        }
    }

    func finish() {
        switch answerType {
        case .response: withCall(answering: Simulator.Response.self) { $0.sendAnswer() }
        case .erased: withCall(answering: ErasedAnswer.self) { $0.sendAnswer() }
        case .other: sendAnswer()
        }
    }

    private func fire(_ code: UInt8) {
        switch TimerCode(rawValue: code)! {
        case .timeout:
            let standing = network.callerStanding(of: self)
            if case .paused(let resumes) = standing {
                // The caller's process is frozen with its timers: its deadline is seen at the
                // resume, after what the pause held (an answer that came meanwhile wins).
                expiredWhilePaused = true
                startTimeout(nanoseconds: resumes - network.simulation.now.nanoseconds)
                return
            }
            settle(.timeout, tracedAs: .timeout, standing: standing)
        case .unreachable:
            settle(.unreachable, tracedAs: .unreachable, standing: network.callerStanding(of: self))
        case .refused:
            settle(.refused, tracedAs: .refused, standing: network.callerStanding(of: self))
        case .deliver:
            network.deliver(self)
        case .answer:
            guard let lentNode, let response = takeAnswerOnItsWay() else { return }
            // An answer is checked against partitions when it is sent (``Network/respond``) and
            // when it arrives, as a request is.
            guard lentNode._withUnsafeGuaranteedRef({ network.canReach($0.id, source) }) else {
                network.simulation.trace.record(.drop, destination.name, source.name, call: UInt64(traceCall))
                return
            }
            network.answer(self, with: response, at: source)
        case .serviceEnds:
            withExecutor { $0.enqueueStep(self, ServeStep.serviceDone.rawValue) }
        case .hangEnds:
            withExecutor { $0.enqueueStep(self, ServeStep.hangDone.rawValue) }
        }
    }

    /// Runs the handler on the destination (on a pooled task, isolated to the context).
    @_specialize(exported: false, where Response == Simulator.Response)
    @_specialize(exported: false, where Response == ErasedAnswer)
    nonisolated(nonsending) func handle() async {
        switch handler {
        case .task(let body): putAnswerOnItsWay(await body())
        case .balancer(let balancer, let request): asResponseCall.putAnswerOnItsWay(await balancer.handle(request))
        case .server: return
        }
    }

    /// Runs a step of its server's work (``ServeStep``), or sends the answer back.
    private func step(_ code: UInt8) {
        let step = ServeStep(rawValue: code)!
        if step == .respond {
            sendAnswer()
            return
        }
        guard let servingLink else { return }
        // A `.server` handler is only ever made for calls answered with a `Simulator.Response`.
        let call = unsafeDowncast(self, to: PendingCall<Simulator.Response>.self)
        if servingLink._withUnsafeGuaranteedRef({ $0.withServer { $0.serve(step, of: call) } }) { return }
        // Its replica was freed (removed from its balancer, which crashed its node): the call
        // is answered as a crashed replica answers the calls it held.
        call.respond(with: Simulator.Response(status: 500, server: destination))
    }

    /// Wakes this call by `code` at virtual instant `deadline` (never earlier than now).
    func schedule(_ code: TimerCode, at deadline: Int64) {
        withExecutor { $0.schedule(at: deadline, .notify(wakeUp(code.rawValue))) }
    }

    /// Sends the handler's answer back.
    private func sendAnswer() {
        guard let lentNode, let response = takeAnswerOnItsWay() else { return }
        lentNode._withUnsafeGuaranteedRef { node in
            node.openCalls.close(slot: openSlot, number: number)
            network.respond(self, response, from: node)
        }
    }

    func reset(on network: Network) {
        guard isDelivered else { return }
        schedule(.refused, after: network.sampleLatency(answerLink))
    }

    /// Whether an answer arriving now would settle the call: its caller (the original's, for a
    /// duplicate) is still waiting.
    var isAwaitingOutcome: Bool { original?.isAwaitingOutcome ?? (waiter != nil) }

    /// Whether someone would hear an answer sent now: the caller still waits (its deadline has
    /// not passed, no other outcome came) and its process still runs — every caller, whether a
    /// task or a step waits for it (a task's call keeps no ``outcome``).
    var isAwaitedByRunningCaller: Bool {
        isAwaitingOutcome && network.callerStanding(of: self) != .gone
    }

    /// Settles the call with `failure` (its deadline, an unreachable destination, a refused or
    /// reset connection), traced as `kind` from the caller when its process, in `standing`, still
    /// runs. A process that is gone hears nothing: its call ends, at the same instant, untraced
    /// (see ``Network/callerStanding(of:)``).
    private func settle(_ failure: NetworkError, tracedAs kind: TraceKind, standing: Network.CallerStanding) {
        guard settle(.failure(failure)), standing != .gone else { return }
        network.simulation.trace.record(kind, source.name, destination.name, call: UInt64(traceCall))
    }

    /// Resumes the caller unless an earlier outcome already did; returns whether this one won.
    @discardableResult
    func settle(_ result: consuming Result<Response, NetworkError>) -> Bool {
        if let original { return original.settle(result) }
        guard let waiter = waiter.take() else { return false }
        withExecutor { $0.cancelTimer(timeoutTimer, notifying: WakeUp(target: Unmanaged.passUnretained(self).toOpaque(), code: TimerCode.timeout.rawValue, kind: stepKind)) }
        switch waiter {
        case .task(let continuation):
            continuation.resume(returning: result)
        case .step(let wakeUp):
            switch result {
            case .success(let response):
                keepAnswer(response)
                answerIsSettled = true
            case .failure(let error): settledFailure = error
            }
            // Queued where the waiting task's job would be: at the back of the ready queue.
            withExecutor { $0.enqueue(wakeUp) }
        }
        return true
    }
}
