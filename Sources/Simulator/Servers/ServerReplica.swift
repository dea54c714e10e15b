import DequeModule

/// A server replica: `slots` requests in service at once, a bounded FIFO queue, and a sampled
/// service time divided by its speed and scaled by its node's `slow` factor. A crash empties its
/// queue and discards the work in progress; a hang holds every request; an error rate turns a
/// share of answers into 500s.
public actor ServerReplica {
    /// The node this replica runs on.
    public nonisolated let id: NodeID
    /// Counters for reports.
    public nonisolated let stats = ServerStats()
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    /// Its serving parameters.
    public nonisolated let configuration: ServerConfiguration
    private let simulation: Simulation
    private let node: NetworkNode
    @exclusivity(unchecked) private var random: SeededRandom
    /// The `home` answer, built once, in the assignment's shape:
    /// `{"message": "Hello from Server: <id>", "status": "successful"}`.
    private let greeting: String
    @exclusivity(unchecked) private var busy = 0
    @exclusivity(unchecked) private var waiting = Deque<UnsafeContinuation<Bool, Never>>()
    /// Incremented at each crash: work that started in an earlier epoch is discarded.
    private var epoch: UInt64 = 0
    /// The version of the software it runs: 1 until a deployment installs another.
    public private(set) var version = 1
    /// The share of requests its version answers 500 on top of the configured error rate (a bad
    /// release); 0 for the version it started with.
    private var versionErrorRate = 0.0

    /// Creates the replica on node `id` of `network` and subscribes it to that node's crashes.
    /// `serverID` is what it says in its `home` answer (its node name unless given).
    public init(_ id: NodeID, configuration: ServerConfiguration, network: Network, serverID: String? = nil) {
        self.id = id
        self.configuration = configuration
        simulation = network.simulation
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
        node = network.addNode(id)
        random = network.simulation.randomStream("server.\(id.name)")
        greeting = AssignmentJSON.message("Hello from Server: \(serverID ?? id.name)", status: "successful")
        // Weak: a replica that was removed may be gone when its node name crashes again later.
        network.onCrash(id) { [weak self] in
            self?.assumeIsolated { $0.loseVolatileState() }
        }
    }

    /// Serves `request`: `heartbeat` at once, anything else after queueing and a service time;
    /// a share of answers are 500s when the server or its node has an error rate, and nothing is
    /// answered while the node hangs.
    public func handle(_ request: Request) async -> Response {
        if let until = node.hungUntil, simulation.now < until {
            stats.hung += 1
            await simulation.sleep(until: until)
            return Response(status: 500, server: id, body: "hung")
        }
        if request.path == "heartbeat" { return Response(status: 200, server: id) }
        guard configuration.paths.contains(request.path) else { return Response(status: 404, server: id) }
        let startedIn = epoch
        if busy < configuration.slots {
            busy += 1
            simulation.observeGauge(.traffic, id.name, "in service", Double(busy))
        } else if waiting.count < configuration.queueCapacity {
            stats.peakQueueLength = max(stats.peakQueueLength, waiting.count + 1)
            simulation.observeGauge(.traffic, id.name, "queue length", Double(waiting.count + 1))
            let admitted = await withUnsafeContinuation { waiting.append($0) }
            guard admitted else { return Response(status: 500, server: id) }
        } else {
            stats.rejected += 1
            return Response(status: 503, server: id, body: "queue full")
        }
        let service = Duration.saturating(
            nanoseconds: (Double(configuration.serviceTime.sampleDuration(using: &random).nanoseconds) * node.slowFactor / configuration.speed).rounded(.towardZero)).nanoseconds
        await simulation.sleep(for: .nanoseconds(service))
        guard epoch == startedIn else { return Response(status: 500, server: id) }
        return finish(request, service: service)
    }

    /// Ends a request's service: frees its slot (or hands it to the next in the queue) and draws
    /// its answer. Synchronous, so what it observes does not grow each handler task's async frame.
    /// The service began `service` ago: the sleep ends exactly on time, and the start is not kept
    /// across it (every byte of a handler's async frame counts: it runs in a task of its own).
    private func finish(_ request: Request, service: Int64) -> Response {
        stats.busyNanoseconds += service
        if let next = waiting.popFirst() {
            next.resume(returning: true)
            simulation.observeGauge(.traffic, id.name, "queue length", Double(waiting.count))
        } else {
            busy -= 1
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
        simulation.observeSpan(.traffic, id.name, "serve", from: VirtualInstant(nanoseconds: simulation.now.nanoseconds - service), detail: "\(request.path) #\(request.id)",
                               outcome: String(response.status), value: Int64(response.status), flow: request.id)
        return response
    }

    /// Installs `version`, which answers an extra share `errorRate` of requests with 500; a
    /// deployment calls it when it restarts the server's process.
    public func install(version: Int, errorRate: Double) {
        self.version = version
        versionErrorRate = errorRate
    }

    /// Forgets the queue and the work in service: the requests are lost with the host.
    private func loseVolatileState() {
        epoch &+= 1
        stats.lostInCrash += busy + waiting.count
        busy = 0
        let dropped = waiting
        waiting.removeAll()
        for continuation in dropped { continuation.resume(returning: false) }
        simulation.observeGauge(.traffic, id.name, "in service", 0)
        simulation.observeGauge(.traffic, id.name, "queue length", 0)
    }
}
