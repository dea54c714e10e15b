extension Network {
    /// Sends a request from `source` to `destination`, runs `handler` there when it arrives, and
    /// returns its answer once the response has travelled back.
    ///
    /// The request travels on the link from `source` to `destination` and the response on the
    /// link back, from `destination` to `source` (see ``setLink(from:to:_:)``): each takes one
    /// latency sampled from its link's profile and may be lost at its link's drop rate, and each
    /// is lost when sent or arriving across a partition; a duplicated request (at the request
    /// link's duplicate rate) runs `handler` twice (the first answer wins). The caller's wait is
    /// bounded by `timeout` in virtual time; once the call is settled its deadline leaves the
    /// timer heap.
    ///
    /// - Throws: ``NetworkError/timeout`` exactly at the deadline when no answer came back
    ///   (loss, a crashed or paused destination, or a slow one); ``NetworkError/unreachable``
    ///   across a partition or to an unknown node; ``NetworkError/refused`` while the
    ///   destination is booting, or when its process restarts while handling the call (the
    ///   connection is reset).
    ///
    /// `process` is the number of the process on `source` the call is made for
    /// (``process(of:)``, read when the caller's work began): a call made for a process that is no
    /// longer the one running there — code still running after its crash, even once a restart runs
    /// a new one — is not sent (``send(_:timeout:process:)``). Nil: the one running now.
    public func call<Response: Sendable>(
        from source: NodeID, to destination: NodeID, process: UInt64? = nil, timeout: Duration,
        _ handler: @escaping @Sendable () async -> Response
    ) async throws(NetworkError) -> Response {
        if Response.self == Simulator.Response.self {
            return try await call(from: source, to: destination, process: process, timeout: timeout, handler: .task(handler))
        }
        // Every other answer travels erased, so that the call runs specialised code (see
        // ``ErasedAnswer``), and is checked for its type once, here.
        let answer: ErasedAnswer = try await call(from: source, to: destination, process: process, timeout: timeout, handler: .task {
            ErasedAnswer(value: await handler())
        })
        return answer.value as! Response
    }

    func call<Response: Sendable>(
        from source: NodeID, to destination: NodeID, process: UInt64? = nil, timeout: Duration, handler: PendingCall<Response>.Handler
    ) async throws(NetworkError) -> Response {
        let result: Result<Response, NetworkError> = await withUnsafeContinuation { continuation in
            send(PendingCall(network: self, from: source, to: destination, handler: handler, waiter: .task(continuation)),
                 timeout: timeout.nanoseconds, process: process)
        }
        return try result.get()
    }

    /// Sends a request like ``call(from:to:timeout:_:)`` but without a task waiting: the outcome
    /// goes to the step that `waiter` names (made with ``SteppedWork/wakeUp(_:)``, and run once the
    /// call is settled), which reads it from the returned call's ``PendingCall/outcome``. The
    /// timeout is in nanoseconds.
    func dispatch<Response: Sendable>(
        from source: NodeID, to destination: NodeID, timeout: Int64, handler: consuming PendingCall<Response>.Handler,
        waiter: WakeUp
    ) -> PendingCall<Response> {
        let call = PendingCall(network: self, from: source, to: destination, handler: handler, waiter: .step(waiter))
        send(call, timeout: timeout)
        return call
    }

    /// Sends `call`, whose caller waits at most `timeout` nanoseconds, for the process numbered
    /// `process` on its source (nil: the one running there now).
    ///
    /// A process that is gone sends nothing: code still running for a crashed process (a zombie —
    /// a loop, a retry, a step that outlived it) learns so only by timing out, silently, and its
    /// call leaves no trace line at all — no `send`, no `drop` — whether its host is still down or
    /// already runs the next process (which the call is not: it is never sent as the new
    /// process's). So a trace holds nothing from a node inside its downtime, and a call is
    /// traced for no one once its caller is gone (``callerStanding(of:)``).
    private func send<Response: Sendable>(_ call: PendingCall<Response>, timeout: Int64, process: UInt64? = nil) {
        let source = call.source, destination = call.destination
        call.startTimeout(nanoseconds: timeout)
        // The nodes are lent by the network's table: nothing here removes a node. The sender is
        // the process the call belongs to: a point of presence sends for its owner's.
        let sender = lentProcessNode(source)
        if let sender {
            let (state, incarnation) = sender._withUnsafeGuaranteedRef { ($0.state, $0.incarnation) }
            // A crash moved the node on to the next incarnation, which a restart runs: the
            // process now is the one the crash ended, gone whatever comes after.
            let running = state == .crashed ? incarnation &- 1 : incarnation
            let caller = process ?? running
            call.callerProcess = UInt32(truncatingIfNeeded: caller)
            if state == .crashed || caller != incarnation { return }
        }
        simulation.trace.record(.send, subjectHash: source.stableHash, objectHash: destination.stableHash, value: 0) {
            // Numbered only for a sink, while its line is made: a run without one pays nothing.
            call.traceCall = UInt32(truncatingIfNeeded: self.simulation.trace.nextCall())
            return TraceEvent(time: self.simulation.now, kind: .send, subject: source.name, object: destination.name, value: 0,
                              call: UInt64(call.traceCall), request: call.carriedRequestID)
        }
        if let sender, sender._withUnsafeGuaranteedRef({ $0.state == .paused }) {
            // A frozen process sends nothing (a Kafka consumer's heartbeat thread stops with
            // it, as a MapReduce worker's does): the request leaves when it resumes, unless its
            // deadline passed meanwhile. A crash before then loses it with its process, which
            // learns nothing (it is gone).
            sender._withUnsafeGuaranteedRef { node in
                node.heldWhilePaused.append { resumed in
                    if resumed, call.isAwaitingOutcome, !call.expiredWhilePaused { self.transmit(call) }
                }
            }
            return
        }
        transmit(call)
    }

    /// Puts `call`'s request on the wire from its (running) source: lost, refused as unreachable
    /// or delivered after one latency of its link, perhaps twice. A request across a partition
    /// is refused, or lost if the partition drops (``PartitionMode``); one to a node the network
    /// does not know (or forgot) is refused.
    private func transmit<Response: Sendable>(_ call: PendingCall<Response>) {
        let source = call.source, destination = call.destination
        let link = linkIndex(from: source, to: destination)
        call.link = link
        guard let node = lentNode(destination) else {
            call.schedule(.unreachable, after: sampleLatency(link))
            return
        }
        guard canReach(source, destination) else {
            if partitionMode == .drop {
                simulation.trace.record(.drop, source.name, destination.name, call: UInt64(call.traceCall))
            } else {
                call.schedule(.unreachable, after: sampleLatency(link))
            }
            return
        }
        call.lentNode = node
        if random.chance(dropRate(link)) {
            simulation.trace.record(.drop, source.name, destination.name, call: UInt64(call.traceCall))
            return
        }
        let copies = random.chance(duplicateRate(link)) ? 2 : 1
        if copies == 2 { simulation.trace.record(.duplicate, source.name, destination.name, call: UInt64(call.traceCall)) }
        // Resolved once per call, as the request's link is: its answer (or a refusal) comes back
        // over it. Without overrides this is the default link, with no lookup.
        call.answerLink = linkIndex(from: destination, to: source)
        call.schedule(.deliver, after: sampleLatency(link))
        if copies == 2 {
            let copy = call.duplicate()
            copy.lentNode = node
            copy.schedule(.deliver, after: sampleLatency(link))
        }
    }

    /// Where the process that sent a call stands, as its call's timers and answer find it.
    enum CallerStanding: Equatable {
        /// It runs (or its caller is no node the network knows, which nothing crashes).
        case running
        /// It is frozen until this instant, in nanoseconds.
        case paused(resumes: Int64)
        /// It crashed since it sent the call: its node is down, booting or running a later process.
        case gone
    }

    /// Where the process that sent `call` stands now.
    ///
    /// Paused: a call it made whose deadline passes during the pause times out at the resume,
    /// once what the pause held (the deliveries and answers that reached it, in order) has been
    /// handled — SIGSTOP freezes a process's timers with it, and a timer due meanwhile fires late,
    /// once, when it continues (the coordinator's session checks wait the same way). The deadline
    /// is measured across the pause, as the process's clock sees it: a call not answered by then
    /// fails at the resume.
    ///
    /// Gone: a process that crashed took its sockets and timers with it, so nothing its calls
    /// meet is heard — no answer (lost as it reaches the host, ``answer(_:with:at:)``; a
    /// restarted process has no such connection), no refusal, no deadline. The call still ends
    /// when its first outcome comes, as it would have, so that code still running for the
    /// crashed process (a zombie) goes on at the same instant and stops at its own check of the
    /// process, but untraced: the trace holds no `timeout`, `refused` or `unreachable` of a
    /// process that is gone, and no `respond` to one. The rule is the network's, for every
    /// caller — a balancer's forwards and health checks, a MapReduce worker's heartbeats, a
    /// producer's appends — as the pause's is.
    /// A point of presence's calls are its owner's process's (``addPointOfPresence(_:of:)``).
    func callerStanding<Response: Sendable>(of call: PendingCall<Response>) -> CallerStanding {
        guard let host = lentProcessNode(call.source) else { return .running }
        return host._withUnsafeGuaranteedRef { node in
            guard UInt32(truncatingIfNeeded: node.incarnation) == call.callerProcess else { return .gone }
            guard node.state == .paused, let resumes = node.pausedUntil, resumes > simulation.now else { return .running }
            return .paused(resumes: resumes.nanoseconds)
        }
    }

    /// The request reaches its destination: handled there if it is up.
    func deliver<Response: Sendable>(_ call: PendingCall<Response>) {
        guard let node = call.lentNode else { return }
        node._withUnsafeGuaranteedRef { deliver(call, at: $0) }
    }

    /// ``deliver(_:)`` at the call's destination node, lent by the call.
    private func deliver<Response: Sendable>(_ call: PendingCall<Response>, at node: NetworkNode) {
        let source = call.source
        guard canReach(source, node.id) else {
            simulation.trace.record(.drop, source.name, node.id.name, call: UInt64(call.traceCall))
            return
        }
        // A point of presence receives for its owner's process: down, booting or frozen with it.
        let process = node.processHost ?? node
        switch process.state {
        case .crashed:
            simulation.trace.record(.drop, source.name, node.id.name, call: UInt64(call.traceCall))
        case .paused:
            // Lost with the process if it crashes first: its caller times out.
            process.heldWhilePaused.append { resumed in if resumed { self.deliver(call) } }
        case .starting:
            call.schedule(.refused, after: sampleLatency(call.answerLink))
        case .up:
            // The handler runs even if the caller has given up: a server does not know the client
            // timed out, which is exactly what makes retries of non-idempotent requests dangerous.
            call.incarnation = node.incarnation
            // If the process restarts while handling this call, the caller's connection is reset:
            // it learns at once (one link latency later) instead of waiting for its timeout.
            call.number = node.nextCallNumber
            node.nextCallNumber &+= 1
            call.isDelivered = true
            call.openSlot = node.openCalls.open(call, number: call.number)
            switch call.handler {
            case .task: executor.handlerTasks.start(call, in: simulation)
            case .server: executor.enqueueStep(call, ServeStep.start.rawValue)
            case .balancer(_, let request):
                // The balancer is lent by the call (binding it out of the handler retained it).
                guard let balancer = call.lentBalancer else { preconditionFailure("a balancer's call lends its balancer") }
                if balancer._withUnsafeGuaranteedRef({ $0.routesInSteps }) {
                    let routed = balancer._withUnsafeGuaranteedRef { BalancedRequest(request, at: $0, call: unsafeDowncast(call, to: ServedCall.self)) }
                    executor.enqueueStep(routed, BalancedRequest.Step.start.rawValue)
                } else {
                    executor.handlerTasks.start(call, in: simulation)
                }
            }
        }
    }

    /// The handler at `node` answered: the response travels back, over the link from `node` to
    /// the caller (``PendingCall/answerLink``), unless the process that handled the call is gone
    /// or the caller is across a partition (then it is lost, as any message sent across one).
    func respond<Response: Sendable>(_ call: PendingCall<Response>, _ response: consuming Response, from node: NetworkNode) {
        let source = call.source
        // At a point of presence, the answer is its owner's process's to send.
        let process = node.processHost ?? node
        guard node.incarnation == call.incarnation, process.state != .crashed else { return }
        if process.state == .paused {
            let held = copy response
            process.heldWhilePaused.append { resumed in if resumed { self.respond(call, held, from: node) } }
            return
        }
        guard canReach(node.id, source) else {
            simulation.trace.record(.drop, node.id.name, source.name, call: UInt64(call.traceCall))
            return
        }
        if random.chance(dropRate(call.answerLink)) {
            simulation.trace.record(.drop, node.id.name, source.name, call: UInt64(call.traceCall))
            return
        }
        call.putAnswerOnItsWay(response)
        call.schedule(.answer, after: sampleLatency(call.answerLink))
    }

    /// Hands the answer to the caller, unless the process that sent the call is gone (its host
    /// is down or runs a later process: the answer is lost, from the answering node to the
    /// caller, and the call ends silently at its deadline, ``callerStanding(of:)``) or frozen
    /// (the answer waits until it resumes). At a point of presence, the process is its owner's.
    func answer<Response: Sendable>(_ call: PendingCall<Response>, with response: consuming Response, at caller: NodeID) {
        guard let lentHost = lentProcessNode(caller) else {
            recordAnswer(of: call, response)
            call.settle(.success(response))
            return
        }
        let (state, incarnation) = lentHost._withUnsafeGuaranteedRef { ($0.state, $0.incarnation) }
        guard UInt32(truncatingIfNeeded: incarnation) == call.callerProcess else {
            simulation.trace.record(.drop, call.destination.name, caller.name, call: UInt64(call.traceCall))
            return
        }
        switch state {
        case .crashed:
            // Not reached: a crash moves its node on to a later process, which the guard above
            // finds gone.
            simulation.trace.record(.drop, call.destination.name, caller.name, call: UInt64(call.traceCall))
        case .paused:
            let host = lentHost.takeUnretainedValue()
            let incarnation = host.incarnation
            let held = copy response
            // A crash during the pause loses it at the caller's host, as an answer reaching a
            // crashed caller is: a `drop` from the node that answered, at the crash.
            host.heldWhilePaused.append { resumed in
                guard resumed, host.incarnation == incarnation else {
                    self.simulation.trace.record(.drop, call.destination.name, caller.name, call: UInt64(call.traceCall))
                    return
                }
                self.recordAnswer(of: call, held)
                call.settle(.success(held))
            }
        case .up, .starting:
            recordAnswer(of: call, response)
            call.settle(.success(response))
        }
    }

    /// Traces an answer that settles its call — `respond`, from the call's destination to its
    /// source, with the answer's status (a ``Simulator/Response``'s; 0 for any other answer). So
    /// the digest folds in when every outcome arrived, and with it every service time and latency
    /// that decides one. An answer that settles nothing (its caller timed out, or a duplicate's
    /// answer came first) changes no outcome and is not traced. No allocation: the names and the
    /// event are only made for a sink.
    @inline(__always)
    private func recordAnswer<Response: Sendable>(of call: PendingCall<Response>, _ response: borrowing Response) {
        guard call.isAwaitingOutcome else { return }
        let status = Self.traceStatus(of: response)
        simulation.trace.record(.respond, subjectHash: call.destination.stableHash, objectHash: call.source.stableHash, value: status) {
            TraceEvent(time: self.simulation.now, kind: .respond, subject: call.destination.name, object: call.source.name, value: status,
                       call: UInt64(call.traceCall))
        }
    }

    /// The status of `response` when it is a ``Simulator/Response``, else 0 (decided at compile
    /// time once specialised).
    @inline(__always)
    private static func traceStatus<Response>(of response: borrowing Response) -> Int64 {
        guard Response.self == Simulator.Response.self else { return 0 }
        return withUnsafePointer(to: response) { pointer in
            Int64(UnsafeRawPointer(pointer).assumingMemoryBound(to: Simulator.Response.self).pointee.status)
        }
    }
}
