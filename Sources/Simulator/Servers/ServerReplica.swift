import DequeModule

/// A server replica: `slots` requests in service at once, a bounded FIFO queue, and a sampled
/// service time divided by its speed and scaled by its node's `slow` factor. A crash empties its
/// queue and discards the work in progress; a hang holds every request; an error rate turns a
/// share of answers into 500s.
public actor ServerReplica {
    /// The node this replica runs on.
    public nonisolated let id: NodeID
    /// Counters for reports.
    public nonisolated let stats: ServerStats
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    /// Its serving parameters.
    public nonisolated let configuration: ServerConfiguration
    private let simulation: Simulation
    private let node: NetworkNode
    @exclusivity(unchecked) private nonisolated(unsafe) var random: SeededRandom
    /// The `home` answer, built once, in the assignment's shape:
    /// `{"message": "Hello from Server: <id>", "status": "successful"}`.
    private let greeting: String
    /// How its calls and its crash observer reach it; cleared when it is freed.
    nonisolated let link: ServerLink
    @exclusivity(unchecked) private nonisolated(unsafe) var busy = 0
    /// Calls waiting for a slot, first come first served.
    @exclusivity(unchecked) private nonisolated(unsafe) var waiting = Deque<ServedCall>()
    /// Incremented at each crash: work that started in an earlier epoch is discarded.
    @exclusivity(unchecked) private nonisolated(unsafe) var epoch: UInt64 = 0
    /// The version of the software it runs: 1 until a deployment installs another.
    public private(set) var version = 1
    /// The share of requests its version answers 500 on top of the configured error rate (a bad
    /// release); 0 for the version it started with.
    @exclusivity(unchecked) private nonisolated(unsafe) var versionErrorRate = 0.0

    /// Creates the replica on node `id` of `network` and subscribes it to that node's crashes.
    /// `serverID` is what it says in its `home` answer (its node name unless given).
    public init(_ id: NodeID, configuration: ServerConfiguration, network: Network, serverID: String? = nil) {
        self.id = id
        self.configuration = configuration
        simulation = network.simulation
        stats = ServerStats(clock: network.simulation.clock)
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
        node = network.addNode(id)
        random = network.simulation.randomStream("server.\(id.name)")
        greeting = AssignmentJSON.message("Hello from Server: \(serverID ?? id.name)", status: "successful")
        link = ServerLink()
        link.server = self
        // Through the link: a replica that was removed may be gone when its node name crashes again later.
        network.onCrash(id) { [link] in link.server?.loseVolatileState() }
    }

    deinit { link.server = nil }

    /// Runs `step` of serving `call` (see ``ServeStep``): `heartbeat` is answered at once,
    /// anything else after queueing and a service time; a share of answers are 500s when the
    /// server or its node has an error rate, and nothing is answered while the node hangs.
    ///
    /// The steps run on the ready queue, not in a task: each does what the `async` handler they
    /// replace did between two of its suspension points, in the same order.
    ///
    /// Nonisolated, and what it touches `nonisolated(unsafe)`: the steps run on the simulation
    /// thread, which is the replica's executor's, but outside any task, where `assumeIsolated`
    /// would allocate a closure context at every step.
    nonisolated func serve(_ step: ServeStep, of call: ServedCall) {
        switch step {
        case .start: begin(call)
        case .admitted: startService(call)
        case .turnedAway: call.respond(with: Response(status: 500, server: id))
        case .serviceDone: endService(call)
        case .hangDone: answerHeld(call)
        case .respond: break
        }
    }

    /// The request arrives: held by a hang, answered at once, given a slot, queued or refused.
    private nonisolated func begin(_ call: ServedCall) {
        if let until = node.hungUntil, simulation.now < until {
            stats.hung += 1
            call.schedule(.hangEnds, at: until.nanoseconds)
            return
        }
        let request = call.servedRequest
        if request.path == "heartbeat" { return call.respond(with: Response(status: 200, server: id)) }
        guard configuration.paths.contains(request.path) else { return call.respond(with: Response(status: 404, server: id)) }
        call.servedEpoch = epoch
        if busy < configuration.slots {
            busy += 1
            stats.busySlots(busy, from: simulation.now.nanoseconds)
            simulation.observeGauge(.traffic, id.name, "in service", Double(busy))
            startService(call)
        } else if waiting.count < configuration.queueCapacity {
            stats.peakQueueLength = max(stats.peakQueueLength, waiting.count + 1)
            simulation.observeGauge(.traffic, id.name, "queue length", Double(waiting.count + 1))
            waiting.append(call)
        } else {
            stats.rejected += 1
            call.respond(with: Response(status: 503, server: id, body: "queue full"))
        }
    }

    /// The hang that held `call` is over: answered 500 (the watchdog killed the stuck worker). When
    /// its caller still waits, that is one of the server's 500s as much as one its error rate
    /// draws — counted in ``ServerStats/errors`` and observed as a `serve` slice of no length at
    /// the hang's end, so that the report, the metrics and the Perfetto trace count the 500s the
    /// clients got; a caller that timed out meanwhile got a timeout, not a 500, and one whose
    /// process crashed got nothing. Asked of the call's waiter, not of its ``PendingCall/outcome``,
    /// which a task's call never keeps: a balancer with keepalive forwards in tasks, and the 500s
    /// its timed-out forwards never got were counted. A held heartbeat is no request.
    private nonisolated func answerHeld(_ call: ServedCall) {
        if call.isAwaitedByRunningCaller, call.servedRequest.path != "heartbeat" {
            stats.errors += 1
            if simulation.observer != nil {
                let request = call.servedRequest
                simulation.observeSpan(.traffic, id.name, "serve", from: simulation.now, detail: "\(request.path) #\(request.id)",
                                       outcome: "500", value: 500, flow: request.id)
            }
        }
        call.respond(with: Response(status: 500, server: id, body: "hung"))
    }

    /// Draws the request's service time and sets the timer that ends it.
    private nonisolated func startService(_ call: ServedCall) {
        let service = Duration.saturatingNanoseconds(
            (Double(configuration.serviceTime.sampleNanoseconds(using: &random)) * node.slowFactor / configuration.speed).rounded(.towardZero))
        call.serviceNanoseconds = service
        call.serviceFrozenAt = node.frozenNanoseconds(at: simulation.now)
        call.schedule(.serviceEnds, at: VirtualInstant.saturating(simulation.now.nanoseconds, plus: service))
    }

    /// The service time is up: answered, unless the server crashed since the request arrived —
    /// or postponed by as long as a pause of its node froze it (SIGSTOP stops the work, not
    /// only the answer): what was left when the pause began goes on at the resume, and the
    /// requests queued behind it start after it.
    private nonisolated func endService(_ call: ServedCall) {
        guard epoch == call.servedEpoch else { return call.respond(with: Response(status: 500, server: id)) }
        if let postponed = node.postponedEnd(ofWorkFrozenAt: call.serviceFrozenAt, now: simulation.now) {
            call.serviceFrozenAt = postponed.frozenAt
            call.serviceNanoseconds = VirtualInstant.saturating(call.serviceNanoseconds, plus: postponed.end.nanoseconds - simulation.now.nanoseconds)
            return call.schedule(.serviceEnds, at: postponed.end.nanoseconds)
        }
        call.respond(with: finish(call, service: call.serviceNanoseconds))
    }

    /// Ends a request's service: frees its slot (or hands it to the next in the queue) and draws
    /// its answer. The service began `service` ago: it ends exactly on time. Its slot's busy time
    /// is counted as the number of slots in service changes (``ServerStats/busySlots(_:from:)``).
    /// The call's request is read only for an observer (a copy retains and releases its strings).
    private nonisolated func finish(_ call: ServedCall, service: Int64) -> Response {
        if let next = waiting.popFirst() {
            // The call behind it is admitted at the next service end here: load it meanwhile.
            if let following = waiting.first { WakeUp.prefetch(Unmanaged.passUnretained(following).toOpaque()) }
            simulation.withExecutor { $0.enqueueStep(next, ServeStep.admitted.rawValue) }
            simulation.observeGauge(.traffic, id.name, "queue length", Double(waiting.count))
        } else {
            busy -= 1
            stats.busySlots(busy, from: simulation.now.nanoseconds)
            simulation.observeGauge(.traffic, id.name, "in service", Double(busy))
        }
        // `chance` draws nothing at probability 0, so servers without errors draw as before.
        let response: Response
        if random.chance(configuration.errorRate + node.extraErrorRate + versionErrorRate) {
            stats.errors += 1
            response = Response(status: 500, server: id, body: "internal server error")
        } else {
            stats.served += 1
            response = Response(status: 200, server: id, body: greeting)
        }
        if simulation.observer != nil {
            let request = call.servedRequest
            simulation.observeSpan(.traffic, id.name, "serve", from: VirtualInstant(nanoseconds: simulation.now.nanoseconds - service), detail: "\(request.path) #\(request.id)",
                                   outcome: String(response.status), value: Int64(response.status), flow: request.id)
        }
        return response
    }

    /// Installs `version`, which answers an extra share `errorRate` of requests with 500; a
    /// deployment calls it when it restarts the server's process.
    public func install(version: Int, errorRate: Double) {
        self.version = version
        versionErrorRate = errorRate
    }

    /// Forgets the queue and the work in service: the requests are lost with the host.
    private nonisolated func loseVolatileState() {
        epoch &+= 1
        stats.lostInCrash += busy + waiting.count
        busy = 0
        // The work in service was done until now, then lost.
        stats.busySlots(0, from: simulation.now.nanoseconds)
        let dropped = waiting
        waiting.removeAll()
        simulation.withExecutor { executor in
            for call in dropped { executor.enqueueStep(call, ServeStep.turnedAway.rawValue) }
        }
        simulation.observeGauge(.traffic, id.name, "in service", 0)
        simulation.observeGauge(.traffic, id.name, "queue length", 0)
    }
}
