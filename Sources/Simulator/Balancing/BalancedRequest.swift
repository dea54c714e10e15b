/// A request the balancer routes in steps of the ready queue (``SteppedWork``) instead of on a
/// pooled task, when nothing on its way can wait for anything but its forwards: no connection
/// queue and no connection pools (see ``LoadBalancer/routesInSteps``).
///
/// Its steps run exactly where the jobs of the handler task it replaces ran: the task's first job
/// when the request is delivered, its resumption when a forward is settled, and its hop off the
/// balancer before the answer leaves (the call's ``ServeStep/respond`` step). Each step does what
/// the task did between two of those jobs, through the same functions of the balancer
/// (``LoadBalancer/route(_:)`` drives them in a task), so every run draws, routes and counts
/// exactly as before; what goes is the task machinery of every balanced request — the executor
/// preference looked up under the task's status lock at every switch, the task's stack slabs and,
/// in a burst beyond the parked tasks, a new task per request.
///
/// `@unchecked Sendable`, and what a step passes `inout` is `@exclusivity(unchecked)` (a dynamic
/// check is a thread-local lookup per access): touched only on the simulation thread.
final class BalancedRequest: SteppedWork, @unchecked Sendable {
    enum Step: UInt8 {
        /// The request arrives at the balancer.
        case start
        /// The forward in flight was settled (answered, or failed).
        case forwarded
    }

    /// Entries that name it (see ``SteppedWork``).
    @exclusivity(unchecked) var wakeUps: UInt32 = 0
    var stepKind: StepKind { .balancedRequest }
    /// The balancer, not counted: ``call``'s handler holds it for as long as the request lives.
    /// Counted, it cost an atomic increment when a request arrived and a decrement when it left.
    private let lentBalancer: Unmanaged<LoadBalancer>
    let request: Request
    /// The client's call being handled: it carries the answer back.
    let call: ServedCall
    /// The circuit breaker's ticket, if the gateway gave one.
    @exclusivity(unchecked) var ticket: CircuitBreaker.Ticket?
    @exclusivity(unchecked) var progress: LoadBalancer.RouteProgress
    /// The forward in flight and its call.
    @exclusivity(unchecked) var inFlight: LoadBalancer.ForwardInFlight?
    @exclusivity(unchecked) var forward: ServedCall?
    /// The balancer's process it was delivered in (its node's incarnation then). Not the call's
    /// ``PendingCall/incarnation``: a call delivered at a zone's point of presence carries that
    /// node's, which a crash of the balancer never moves, so after the balancer's first crash
    /// every request through a point of presence read as the crashed process's and was dropped.
    let process: UInt64

    init(_ request: Request, at balancer: LoadBalancer, call: ServedCall) {
        lentBalancer = .passUnretained(balancer)
        process = balancer.node.incarnation
        self.request = request
        self.call = call
        progress = LoadBalancer.RouteProgress(started: balancer.network.simulation.now)
    }

    /// Runs the step isolated to the balancer. Steps run on the simulation thread, which is the
    /// balancer's executor's, but outside any task: `assumeIsolated` would ask the runtime which
    /// executor is current and box its closure (two allocations per step), so the step's
    /// function, which captures nothing, is called as a nonisolated one instead.
    func runStep(_ code: UInt8) {
        let isolated: (isolated LoadBalancer, Step, BalancedRequest) -> Void = routeStep
        lentBalancer._withUnsafeGuaranteedRef { balancer in
            unsafeBitCast(isolated, to: ((LoadBalancer, Step, BalancedRequest) -> Void).self)(balancer, Step(rawValue: code)!, self)
        }
    }
}

/// Step `step` of `routed` at `balancer` (see ``BalancedRequest/runStep(_:)``).
private func routeStep(_ balancer: isolated LoadBalancer, _ step: BalancedRequest.Step, _ routed: BalancedRequest) {
    balancer.routeStep(step, of: routed)
}

extension LoadBalancer {
    /// Step `step` of routing `routed` (``BalancedRequest``): what ``handle(_:)`` does between
    /// two of its suspensions.
    ///
    /// A request whose balancer process has crashed since it was delivered ends at its next step
    /// (``LoadBalancer/processCrashed()``): its forward's outcome is heard by no one.
    func routeStep(_ step: BalancedRequest.Step, of routed: BalancedRequest) {
        guard isCurrentProcess(routed.process) else {
            routed.inFlight = nil
            routed.forward = nil
            return
        }
        switch step {
        case .start:
            // The request is read in place (a `let` of the routed request), not copied.
            if routed.request.path == "rep" { return routed.call.respond(with: Response(status: 200, server: id, body: AssignmentJSON.replicas(hostnames))) }
            switch enterGateway(routed.request) {
            case .rejected(let response): return routed.call.respond(with: response)
            case .admitted(let ticket): routed.ticket = ticket
            }
            nextTry(of: routed)
        case .forwarded:
            guard let inFlight = routed.inFlight.take(), let outcome = ServedCall.outcome(ofLast: routed.forward.take()) else { preconditionFailure("a forward settled without being sent") }
            let forwardOutcome: ForwardOutcome
            let response: Response?
            switch consume outcome {
            case .success(let answer):
                forwardOutcome = .answered(status: answer.status)
                response = answer
            case .failure(let error):
                forwardOutcome = .failed(error)
                response = nil
            }
            forwardEnded(inFlight, of: routed.request, outcome: forwardOutcome)
            switch verdict(on: routed.request, to: inFlight.target, outcome: forwardOutcome, response: consume response, triesBack: false, progress: &routed.progress) {
            case .answer(let response): answer(routed, with: response)
            case .tryAgain: nextTry(of: routed)
            case .stop: answer(routed, with: unanswered(routed.progress, noServerLeft: false))
            }
        }
    }

    /// Picks a server for the next try and forwards to it, or answers when no try is left.
    private func nextTry(of routed: BalancedRequest) {
        // The request is read in place (a `let` of the routed request); only the forward's
        // handler gets a copy of its own.
        guard routed.progress.attempt <= configuration.retries else { return answer(routed, with: unanswered(routed.progress, noServerLeft: false)) }
        guard let serverID = pickNow(routed.request, excluding: routed.progress.tried),
              let member = startTry(on: serverID, of: routed.request, progress: &routed.progress) else {
            return answer(routed, with: unanswered(routed.progress, noServerLeft: true))
        }
        // What the forward needs of the replica, read in place: a copy of the replica retained
        // and released its server.
        let target = ForwardTarget(members.values[member].replica)
        let server = target.server
        let link = members.values[member].replica.server.link
        // The target moves into the forward's record, and the record into the request.
        let (inFlight, origin) = forwardStarts(routed.request, to: consume target)
        routed.inFlight = consume inFlight
        routed.forward = network.dispatch(from: origin, to: server, timeout: forwardTimeoutNanoseconds,
                                          handler: .server(consume link, routed.request),
                                          waiter: routed.wakeUp(BalancedRequest.Step.forwarded.rawValue))
    }

    /// Sends the request's answer back (the gateway counts it first).
    private func answer(_ routed: BalancedRequest, with response: consuming Response) {
        routed.call.respond(with: leaveGateway(response, ticket: routed.ticket))
    }
}
