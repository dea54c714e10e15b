extension LoadBalancer {
    /// What the search for a server came to.
    enum Choice {
        /// Forward to this server.
        case server(Int)
        /// No server may take the request.
        case none
        /// The connection queue turned the request away with this answer.
        case rejected(Response)
    }

    /// How a request's last try ended: what it is answered should no try be left.
    enum LastTry: UInt8 {
        /// No try yet.
        case none
        /// A server answered with a status the retry conditions cover (kept in
        /// ``RouteProgress/lastServerError``).
        case answered
        /// No answer within the per-try timeout (nginx's `NGX_HTTP_UPSTREAM_FT_TIMEOUT`): a 504.
        case timedOut
        /// The connection was refused, reset or unreachable (nginx's `NGX_HTTP_UPSTREAM_FT_ERROR`): a 502.
        case connectFailed
    }

    /// One request's way through the servers: when it started, whom it tried, how its last try
    /// ended (and the server error it got, if one answered), and how many tries it has spent.
    struct RouteProgress {
        let started: VirtualInstant
        var tried: [Int] = []
        var attempt = 0
        /// Whether the next forward is a retry the verdict granted: counted in
        /// ``BalancerStats/retried`` only once it is actually forwarded (``startTry(on:of:progress:)``).
        var retryPending = false
        /// One byte, in the padding after ``retryPending``: the request grows by nothing.
        var lastTry = LastTry.none
        /// Boxed: rarely set (a server error that is retried), and a `Response?` in place made
        /// each request routed in steps 40 bytes larger.
        private var lastServerErrorBox: ServerErrorBox?

        init(started: VirtualInstant) { self.started = started }

        var lastServerError: Response? {
            get { lastServerErrorBox?.response }
            set { lastServerErrorBox = newValue.map(ServerErrorBox.init) }
        }
    }

    /// A server error a request keeps for its answer should no try succeed.
    final class ServerErrorBox {
        let response: Response

        init(_ response: Response) { self.response = response }
    }

    /// What a finished try leads to.
    enum TryVerdict {
        /// The request is answered with this.
        case answer(Response)
        /// It is tried again (on another server, or the same one when it was the only one).
        case tryAgain
        /// No try is left: it gets ``unanswered(_:noServerLeft:)``.
        case stop
    }

    /// The replica a try went to, as what follows the try needs it: its id and its server's
    /// name (which is its hostname). Not the ``Replica`` itself, whose copy retained its server
    /// (an atomic increment and decrement per forward).
    struct ForwardTarget {
        /// The replica's id.
        let id: Int
        /// Its server's node, whose name is the replica's hostname.
        let server: NodeID
        var hostname: String { server.name }

        init(_ replica: Replica) {
            id = replica.id
            server = replica.server.id
        }
    }

    /// A forward in flight: to whom, and since when.
    struct ForwardInFlight {
        let target: ForwardTarget
        let start: VirtualInstant
        /// The server's counters, not counted: the balancer's ``BalancerStats/servers`` keeps
        /// every member's for as long as the balancer lives, and only the balancer reads them.
        let serverStats: Unmanaged<UpstreamServerStats>?
    }

    /// Routes `request`: through the gateway (rate limit, circuit breaker), then to a server,
    /// retrying on others after failures that the retry conditions cover. A path the replicas do
    /// not serve is the assignment's 400 error; a request no server answered is nginx's 504 or 502
    /// (see ``unanswered(_:noServerLeft:)``).
    ///
    /// A request that arrives over the network takes the same way in steps of the ready queue
    /// when nothing on it can wait (see ``BalancedRequest``); both drive the functions below.
    ///
    /// A request whose balancer process crashes on the way ends there, counted nowhere: what it
    /// returns then (a 502) goes to no one, since the network sends no answer of a process that
    /// is gone.
    public func route(_ request: Request) async -> Response {
        let ticket: CircuitBreaker.Ticket?
        switch enterGateway(request) {
        case .rejected(let response): return response
        case .admitted(let admitted): ticket = admitted
        }
        guard let response = await dispatch(request, process: node.incarnation) else {
            return Response(status: 502, server: id, body: BalancerErrorBody.noReplicaAnswered)
        }
        return leaveGateway(response, ticket: ticket)
    }

    /// The gateway's verdict on `request`; a rejection is counted as the request's answer.
    func enterGateway(_ request: Request) -> Admission {
        // Asked of the configuration, whose settings are plain values: `breaker != nil` copied the
        // breaker (its window retained) for every request. The breaker exists exactly when it is set.
        guard configuration.rateLimit != nil || configuration.circuitBreaker != nil else { return .admitted(nil) }
        let admission = admit(request)
        if case .rejected(let response) = admission { stats.count(answer: response.status) }
        return admission
    }

    /// Counts the answer of a request the gateway let through, and tells its circuit breaker.
    func leaveGateway(_ response: consuming Response, ticket: CircuitBreaker.Ticket?) -> Response {
        if let ticket { recordBreakerOutcome(ticket, failed: response.status >= 500) }
        stats.count(answer: response.status)
        return response
    }

    /// The forwards and retries of one request, routed by the balancer's process `process`
    /// (its node's incarnation); nil once that process has crashed.
    private func dispatch(_ request: Request, process: UInt64) async -> Response? {
        var progress = RouteProgress(started: network.simulation.now)
        tries: while progress.attempt <= configuration.retries {
            let choice = await choose(request, excluding: progress.tried, process: process)
            guard isCurrentProcess(process) else { return nil }
            guard case .server(let serverID) = choice, let replica = startTry(on: serverID, of: request, progress: &progress).map({ members.values[$0].replica }) else {
                if case .rejected(let response) = choice { return response }
                return unanswered(progress, noServerLeft: true)
            }
            guard let (outcome, response, triesBack) = await forward(request, to: replica, process: process) else { return nil }
            switch verdict(on: request, to: ForwardTarget(replica), outcome: outcome, response: response, triesBack: triesBack, progress: &progress) {
            case .answer(let response): return response
            case .tryAgain: continue
            case .stop: break tries
            }
        }
        return unanswered(progress, noServerLeft: false)
    }

    /// Starts a try on member `serverID`, the server picked for it: its position among the
    /// members, nil if it is no member. A retry the verdict granted is counted here, when it is
    /// forwarded: one granted with no server left to take it is no retry.
    func startTry(on serverID: Int, of request: Request, progress: inout RouteProgress) -> Int? {
        guard let index = members.index(forKey: serverID) else { return nil }
        if progress.retryPending {
            progress.retryPending = false
            stats.retried += 1
        }
        // The replica's hostname is its server's node name, whose stable hash is already known.
        let value = Int64(bitPattern: request.id)
        let server = members.values[index].replica.server.id
        network.simulation.trace.record(.route, subjectHash: id.stableHash, objectHash: server.stableHash, value: value) {
            TraceEvent(time: network.simulation.now, kind: .route, subject: id.name, object: server.name, value: value)
        }
        stats.forwarded += 1
        return index
    }

    /// What a try on `replica` that ended with `outcome` (and `response`, if any came back)
    /// leads to, with the try counted in `progress`. The response moves into the verdict (or
    /// into `progress`, as the last server error), where a copy counted its text once more.
    func verdict(on request: Request, to replica: ForwardTarget, outcome: ForwardOutcome, response: consuming Response?, triesBack: Bool,
                 progress: inout RouteProgress) -> TryVerdict {
        if response != nil, !configuration.retryOn.matches(outcome) {
            return .answer(clientAnswer(response.take()!, to: request, from: replica))
        }
        if let serverError = response.take() {
            // Kept for the answer, should this be the last try: nginx passes the last upstream
            // answer on when the tries run out.
            progress.lastServerError = clientAnswer(serverError, to: request, from: replica)
            progress.lastTry = .answered
        } else {
            // A later try's failure decides the answer, as nginx's last `ft_type` does.
            progress.lastServerError = nil
            progress.lastTry = outcome == .failed(.timeout) ? .timedOut : .connectFailed
            stats.failedForwards += 1
            stats.failedForwardsByServer[replica.hostname, default: 0] += 1
            if zoning != nil { noteFailedForward(of: request) }
        }
        progress.tried.append(replica.id)
        let withinBudget = configuration.retryTimeout.map { progress.started.duration(to: network.simulation.now) < $0 } ?? true
        // A listed status counts against the server's `max_fails` only if the request moves on,
        // as nginx's `ngx_http_upstream_test_next` has it: a try left and time left for it.
        let movesOn = configuration.retryOn.matches(outcome) && withinBudget && (triesBack || progress.attempt < configuration.retries)
        observeListedStatus(outcome, of: replica.id, movedOn: movesOn)
        guard configuration.retryOn.matches(outcome), withinBudget else { return .stop }
        if triesBack {
            // nginx gives the try back; a lone server is tried again (nginx's single peer).
            connectionPools?.stats.freeRetries += 1
            if members.count == 1 { progress.tried.removeLast() }
            return .tryAgain
        }
        progress.attempt += 1
        progress.retryPending = progress.attempt <= configuration.retries
        return .tryAgain
    }

    /// A server's answer as the client gets it: a 404 (a path the replicas do not serve) is the
    /// assignment's 400 error.
    private func clientAnswer(_ answer: consuming Response, to request: Request, from replica: ForwardTarget) -> Response {
        guard answer.status == 404 else { return answer }
        return Response(status: 400, server: replica.server, body: AssignmentJSON.error("'/\(request.path)' endpoint does not exist in server replicas"))
    }

    /// The answer of a request with no try left, as nginx's `ngx_http_upstream_next` gives it: the
    /// last try decides. A server's answer (a status the retry conditions cover) is passed on; a
    /// timeout is a 504; a refused, reset or unreachable connection a 502. A request that found no
    /// server to try next (`noServerLeft`) while some member was still untried — down, draining,
    /// at its connection limit, or none at all — is nginx's "no live upstreams": a 502. One that
    /// had tried every member used up its tries, as nginx's `tries` (one per server) would be.
    func unanswered(_ progress: RouteProgress, noServerLeft: Bool) -> Response {
        var lastTry = progress.lastTry
        // A set of the tries, looked up once per member: the list itself, once per member, cost
        // O(n²) for a request that had tried every one of n servers.
        if noServerLeft, members.isEmpty || !members.keys.allSatisfy(Set(progress.tried).contains) { lastTry = .none }
        switch lastTry {
        case .answered:
            if let lastServerError = progress.lastServerError { return lastServerError }
            preconditionFailure("a try that was answered kept no answer")
        case .timedOut:
            stats.gatewayTimeouts += 1
            return Response(status: 504, server: id, body: BalancerErrorBody.noReplicaAnswered)
        case .connectFailed:
            stats.badGateways += 1
            return Response(status: 502, server: id, body: BalancerErrorBody.noReplicaAnswered)
        case .none:
            stats.badGateways += 1
            return Response(status: 502, server: id, body: members.isEmpty ? BalancerErrorBody.noReplicas : BalancerErrorBody.noLiveReplica)
        }
    }

    /// One forward to `replica`, counted in its active connections while in flight; its outcome
    /// goes to the strategy and to the health mechanisms.
    /// With connection pools the request goes over a connection leased for it; a failure on a
    /// cached one gives its try back (the third value).
    /// Nil when the balancer's process (`process`) crashed meanwhile: the forward is heard by no
    /// one, and a connection it had is closed with the process's others.
    private func forward(_ request: Request, to replica: Replica, process: UInt64) async -> (ForwardOutcome, Response?, Bool)? {
        let (inFlight, origin) = forwardStarts(request, to: ForwardTarget(replica))
        let outcome: ForwardOutcome
        var answer: Response?
        let lease = if let connectionPools { await lease(to: replica, for: request, pools: connectionPools) } else { ConnectionLease?.none }
        guard !crashed(since: process, holding: lease) else { return nil }
        if let failure = lease?.failure {
            outcome = .failed(failure)
        } else {
            do {
                let response = try await network.call(from: origin, to: replica.server, timeout: configuration.forwardTimeout, request: request)
                outcome = .answered(status: response.status)
                answer = response
            } catch {
                outcome = .failed(error)
            }
        }
        guard !crashed(since: process, holding: lease) else { return nil }
        if let connection = lease?.connection { connectionPools?.release(connection, failed: outcome.gotNoAnswer) }
        forwardEnded(inFlight, of: request, outcome: outcome)
        return (outcome, answer, lease?.givesTryBack(outcome) ?? false)
    }

    /// A forward of `request` to `target` leaves: counted in the replica's active connections.
    /// Returns its record and the node it leaves from (not kept in the record, which a request
    /// routed in steps holds while the forward is in flight).
    func forwardStarts(_ request: Request, to target: consuming ForwardTarget) -> (record: ForwardInFlight, origin: NodeID) {
        let start = network.simulation.now
        var serverStats: Unmanaged<UpstreamServerStats>?
        if let index = members.index(forKey: target.id) {
            members.values[index].active += 1
            serverStats = Unmanaged.passUnretained(members.values[index].stats)
            observeConnections(at: index)
        }
        serverStats?._withUnsafeGuaranteedRef { stats in
            stats.forwarded += 1
            stats.connections.change(by: 1, at: start)
        }
        let origin = forwardOrigin(of: request, to: target.hostname)
        return (ForwardInFlight(target: target, start: start, serverStats: serverStats), origin)
    }

    /// A forward ended with `outcome`: the strategy, the health mechanisms and the queue hear of it.
    func forwardEnded(_ forward: ForwardInFlight, of request: Request, outcome: ForwardOutcome) {
        let replica = forward.target
        let now = network.simulation.now
        forward.serverStats?._withUnsafeGuaranteedRef { stats in
            stats.connections.change(by: -1, at: now)
            stats.count(outcome)
        }
        // The strategy hears of every forward it picked, even one whose server has left since,
        // so that what it counts per request (bounded loads) is always given back.
        strategy.forwardEnded(request, serverID: replica.id, outcome: outcome, latency: forward.start.duration(to: now))
        if let index = members.index(forKey: replica.id) {
            members.values[index].active -= 1
            observeConnections(at: index)
            if members.values[index].draining { noteDrainProgress(at: index) }
            observe(outcome, of: replica.id)
        }
        queue?.wakeFirst()
    }

    /// Whether the balancer's process `process` has crashed since; if so, the connection a
    /// forward of it holds, if any, is closed with the process's others.
    private func crashed(since process: UInt64, holding lease: ConnectionLease?) -> Bool {
        guard !isCurrentProcess(process) else { return false }
        if let connection = lease?.connection { connectionPools?.drop(connection) }
        return true
    }

    /// Finds a server for `request` among those not yet tried, waiting in the connection queue
    /// when only connection limits stand in the way.
    /// A wait that the crash of the balancer's process (`process`) ended answers `.none`.
    private func choose(_ request: Request, excluding tried: [Int], process: UInt64) async -> Choice {
        if let serverID = pickNow(request, excluding: tried) { return .server(serverID) }
        guard let queue, blockedByConnectionLimits else { return .none }
        guard queue.hasRoom else {
            stats.queueFull += 1
            return .rejected(Response(status: 503, server: id, body: BalancerErrorBody.queueFull))
        }
        stats.queued += 1
        let deadline = network.simulation.now.advanced(by: queue.configuration.timeout)
        var rejoining = false
        while true {
            let woken = await queue.wait(until: deadline, atFront: rejoining)
            guard isCurrentProcess(process) else { return .none }
            guard woken else {
                stats.queueTimeouts += 1
                return .rejected(Response(status: 503, server: id, body: BalancerErrorBody.queueTimedOut))
            }
            if let serverID = pickNow(request, excluding: tried) { return .server(serverID) }
            guard blockedByConnectionLimits else { return .none }
            rejoining = true
        }
    }

    /// Asks the strategy for an eligible server now, or nil when there is none.
    func pickNow(_ request: Request, excluding tried: [Int]) -> Int? {
        guard rebuildCandidates(excluding: tried) else { return nil }
        if zoning != nil { restrictToLocality(request) }
        // The candidates are moved out for the pick and back: passed in place, they were retained
        // and released around it (the strategy is a stored existential the pick mutates).
        var list: [UpstreamCandidate] = []
        swap(&list, &candidates)
        let picked = strategy.pick(request, from: list, at: network.simulation.now, random: &strategyRandom)
        swap(&list, &candidates)
        guard let serverID = picked else { return nil }
        notePicked(serverID)
        return serverID
    }
}

extension UpstreamServerStats {
    /// Counts a forward's outcome.
    func count(_ outcome: ForwardOutcome) {
        switch outcome {
        case .answered(let status) where status >= 500: serverErrors += 1
        case .answered(let status) where status < 300: succeeded += 1
        case .answered: break
        case .failed(.timeout): timeouts += 1
        case .failed: connectErrors += 1
        }
    }
}

extension LoadBalancer {
    /// Shows the forwards in flight to member `index`. Synchronous and not inlined, so that it
    /// does not grow the async frame of every forward.
    @inline(never)
    func observeConnections(at index: Int) {
        network.simulation.observeGauge(.traffic, id.name, "connections", of: members.values[index].replica.hostname,
                                        subject: Observation.Subject(.peer(members.values[index].replica.hostname)), Double(members.values[index].active))
    }
}
