/// A call being handled at a node, which a restart of that node's process resets.
protocol ResettableCall: AnyObject {
    /// Fails the caller with a reset connection, one link latency from now.
    func reset(on network: Network)
}

/// A call in flight: settled exactly once, by its answer, its failure or its deadline.
final class PendingCall<Response: Sendable>: @unchecked Sendable, ResettableCall {
    private var continuation: UnsafeContinuation<Result<Response, NetworkError>, Never>?
    /// Who called, where it is handled and over which link: set when it is delivered, so that
    /// a reset needs nothing allocated per call.
    var delivery: (source: NodeID, destination: NodeID, link: LinkProfile)?

    init(_ continuation: UnsafeContinuation<Result<Response, NetworkError>, Never>) {
        self.continuation = continuation
    }

    func reset(on network: Network) {
        guard let delivery else { return }
        let trace = network.simulation.trace
        network.executor.schedule(at: network.executor.now &+ network.sampleLatency(delivery.link), .run {
            if self.settle(.failure(.refused)) { trace.record(.refused, delivery.source.name, delivery.destination.name) }
        })
    }

    var isSettled: Bool { continuation == nil }

    /// Resumes the caller unless an earlier outcome already did; returns whether this one won.
    @discardableResult
    func settle(_ result: Result<Response, NetworkError>) -> Bool {
        guard let continuation else { return false }
        self.continuation = nil
        continuation.resume(returning: result)
        return true
    }
}

extension Network {
    /// Sends a request from `source` to `destination`, runs `handler` there when it arrives, and
    /// returns its answer once the response has travelled back.
    ///
    /// The request and the response each take one sampled link latency and may each be lost; a
    /// duplicated request runs `handler` twice (the first answer wins). The caller's wait is
    /// bounded by `timeout` in virtual time.
    ///
    /// - Throws: ``NetworkError/timeout`` exactly at the deadline when no answer came back
    ///   (loss, a crashed or paused destination, or a slow one); ``NetworkError/unreachable``
    ///   across a partition or to an unknown node; ``NetworkError/refused`` while the
    ///   destination is booting, or when its process restarts while handling the call (the
    ///   connection is reset).
    public func call<Response: Sendable>(
        from source: NodeID, to destination: NodeID, timeout: Duration,
        _ handler: @escaping @Sendable () async -> Response
    ) async throws(NetworkError) -> Response {
        let result: Result<Response, NetworkError> = await withUnsafeContinuation { continuation in
            send(PendingCall(continuation), from: source, to: destination, timeout: timeout, handler)
        }
        return try result.get()
    }

    private func send<Response: Sendable>(
        _ call: PendingCall<Response>, from source: NodeID, to destination: NodeID, timeout: Duration,
        _ handler: @escaping @Sendable () async -> Response
    ) {
        let trace = simulation.trace
        executor.schedule(at: executor.now &+ timeout.nanoseconds, .run {
            if call.settle(.failure(.timeout)) {
                trace.record(.timeout, source.name, destination.name)
            }
        })
        trace.record(.send, subjectHash: source.stableHash, objectHash: destination.stableHash, value: 0) {
            TraceEvent(time: self.simulation.now, kind: .send, subject: source.name, object: destination.name, value: 0)
        }
        if let sender = node(source), sender.state == .crashed {
            // Code still running for a crashed node is a zombie: what it sends never leaves the
            // host, and it learns so only by timing out.
            trace.record(.drop, source.name, destination.name)
            return
        }
        let link = link(from: source, to: destination)
        guard let node = node(destination), canReach(source, destination) else {
            executor.schedule(at: executor.now &+ sampleLatency(link), .run {
                if call.settle(.failure(.unreachable)) { trace.record(.unreachable, source.name, destination.name) }
            })
            return
        }
        if random.chance(link.dropRate + extraDropRate) {
            trace.record(.drop, source.name, destination.name)
            return
        }
        let copies = random.chance(link.duplicateRate) ? 2 : 1
        if copies == 2 { trace.record(.duplicate, source.name, destination.name) }
        for _ in 0..<copies {
            executor.schedule(at: executor.now &+ sampleLatency(link), .run {
                self.deliver(call, from: source, to: node, link: link, handler)
            })
        }
    }

    private func deliver<Response: Sendable>(
        _ call: PendingCall<Response>, from source: NodeID, to node: NetworkNode, link: LinkProfile,
        _ handler: @escaping @Sendable () async -> Response
    ) {
        guard canReach(source, node.id) else {
            simulation.trace.record(.drop, source.name, node.id.name)
            return
        }
        switch node.state {
        case .crashed:
            simulation.trace.record(.drop, source.name, node.id.name)
        case .paused:
            node.heldWhilePaused.append { self.deliver(call, from: source, to: node, link: link, handler) }
        case .starting:
            let trace = simulation.trace
            executor.schedule(at: executor.now &+ sampleLatency(link), .run {
                if call.settle(.failure(.refused)) { trace.record(.refused, source.name, node.id.name) }
            })
        case .up:
            // The handler runs even if the caller has given up: a server does not know the client
            // timed out, which is exactly what makes retries of non-idempotent requests dangerous.
            let incarnation = node.incarnation
            let context = simulation.context
            // If the process restarts while handling this call, the caller's connection is reset:
            // it learns at once (one link latency later) instead of waiting for its timeout.
            let number = node.nextCallNumber
            node.nextCallNumber &+= 1
            call.delivery = (source, node.id, link)
            node.openCalls[number] = call
            Task(executorPreference: executor) {
                let response = await context.run(handler)
                node.openCalls[number] = nil
                self.respond(call, response, from: node, to: source, incarnation: incarnation, link: link)
            }
        }
    }

    private func respond<Response: Sendable>(
        _ call: PendingCall<Response>, _ response: Response, from node: NetworkNode, to source: NodeID,
        incarnation: UInt64, link: LinkProfile
    ) {
        guard node.incarnation == incarnation, node.state != .crashed else { return }
        if node.state == .paused {
            node.heldWhilePaused.append {
                self.respond(call, response, from: node, to: source, incarnation: incarnation, link: link)
            }
            return
        }
        if random.chance(link.dropRate + extraDropRate) {
            simulation.trace.record(.drop, node.id.name, source.name)
            return
        }
        executor.schedule(at: executor.now &+ sampleLatency(link), .run {
            guard self.canReach(node.id, source) else { return }
            self.answer(call, with: response, at: source)
        })
    }

    /// Hands the answer to the caller, unless the caller's own host is down (the answer is lost)
    /// or frozen (the answer waits until it resumes).
    private func answer<Response: Sendable>(_ call: PendingCall<Response>, with response: Response, at caller: NodeID) {
        guard let host = node(caller) else {
            call.settle(.success(response))
            return
        }
        switch host.state {
        case .crashed:
            simulation.trace.record(.drop, host.id.name, caller.name)
        case .paused:
            let incarnation = host.incarnation
            host.heldWhilePaused.append {
                guard host.incarnation == incarnation else { return }
                call.settle(.success(response))
            }
        case .up, .starting:
            call.settle(.success(response))
        }
    }
}
