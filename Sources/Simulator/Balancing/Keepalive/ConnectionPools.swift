/// The idle-connection caches of a balancer's workers and the bookkeeping of every open
/// connection, with nginx's `keepalive` rules (see ``KeepaliveConfiguration``).
///
/// Each worker's cache is a list of idle connections from least to most recently used. A forward
/// takes the most recently used idle connection to its server, if any; a connection freed after
/// a good answer goes to the most recent end, closing the least recently used one when the cache
/// already holds `keepalive` connections.
///
/// `@unchecked Sendable`: touched only on the simulation thread.
public final class ConnectionPools: @unchecked Sendable {
    /// The parameters.
    public let configuration: KeepaliveConfiguration
    /// What the pools did.
    public let stats = ConnectionStats()
    let network: Network
    /// The balancer's node name, for the trace.
    let owner: String
    /// Idle connections of each worker, least recently used first.
    private var idle: [[PooledConnection]]
    /// Open connections (being set up, in use or idle) by server id; looked up, never iterated.
    private var openByServer: [Int: [PooledConnection]] = [:]
    /// The worker of each client that has sent a request; looked up, never iterated.
    private var workerOfClient: [NodeID: Int] = [:]
    private var nextConnection = 0

    /// Pools for a balancer on `network`.
    public init(_ configuration: KeepaliveConfiguration, owner: NodeID = "balancer", network: Network) {
        self.configuration = configuration
        self.owner = owner.name
        self.network = network
        idle = Array(repeating: [], count: configuration.workers)
    }

    /// The worker that handles `client`'s requests: given in turn at its first request.
    func worker(for client: NodeID) -> Int {
        if let worker = workerOfClient[client] { return worker }
        let worker = workerOfClient.count % configuration.workers
        workerOfClient[client] = worker
        return worker
    }

    /// Idle connections in `worker`'s cache right now, least recently used first.
    public func idleConnections(of worker: Int) -> [PooledConnection] { idle[worker] }

    /// Takes the most recently used idle connection to `serverID` from `worker`'s cache.
    ///
    /// - Complexity: O(*k*), *k* the idle connections of the worker.
    func takeIdle(to serverID: Int, worker: Int) -> PooledConnection? {
        guard let position = idle[worker].lastIndex(where: { $0.serverID == serverID }) else { return nil }
        let connection = idle[worker].remove(at: position)
        network.executor.cancelTimer(connection.idleTimer)
        connection.idleTimer = .none
        stats.idle -= 1
        observeLevels()
        return connection
    }

    /// Whether the server's process that accepted `connection` is still the one running.
    func isCurrent(_ connection: PooledConnection) -> Bool {
        guard let node = network.node(NodeID(connection.hostname)) else { return false }
        return node.incarnation == connection.incarnation
    }

    /// Counts a forward over a pooled connection.
    func noteReuse(_ connection: PooledConnection) {
        stats.reuses += 1
        stats.server(connection.hostname).reuses += 1
    }

    /// A new connection to a server, before its setup starts.
    func newConnection(to serverID: Int, hostname: String, worker: Int) -> PooledConnection {
        nextConnection += 1
        stats.setups += 1
        stats.server(hostname).setups += 1
        network.simulation.trace.record(.custom, owner, "setup \(hostname)#\(nextConnection)")
        return PooledConnection(number: nextConnection, serverID: serverID, hostname: hostname, worker: worker, pools: self)
    }

    /// The server receives `connection`'s first handshake message: it accepts it unless it
    /// already holds its limit of connections from its current process. Runs on the server.
    func accept(_ connection: PooledConnection) -> Bool {
        let node = network.node(NodeID(connection.hostname))
        let incarnation = node?.incarnation ?? 0
        if let limit = configuration.connectionLimits[connection.hostname] {
            let held = openByServer[connection.serverID]?.reduce(0) { $0 + ($1.incarnation == incarnation ? 1 : 0) } ?? 0
            guard held < limit else { return false }
        }
        connection.incarnation = incarnation
        connection.isOpen = true
        openByServer[connection.serverID, default: []].append(connection)
        stats.open += 1
        stats.peakOpen = max(stats.peakOpen, stats.open)
        let server = stats.server(connection.hostname)
        server.open += 1
        server.peakOpen = max(server.peakOpen, server.open)
        observeLevels()
        return true
    }

    /// A setup that did not complete: closed if the server had accepted it, counted either way.
    func setupFailed(_ connection: PooledConnection, refused: Bool) {
        stats.failedSetups += 1
        if connection.isOpen {
            close(connection, .failure)
        } else {
            count(.refused, connection.hostname, when: refused)
            if !refused { count(.failure, connection.hostname, when: true) }
        }
    }

    /// A completed setup that took `duration`.
    func setupCompleted(in duration: Duration) {
        stats.setupTime += duration
    }

    /// The forward over `connection` ended: a failed one closes it; a good one returns it to its
    /// worker's cache, unless it has carried `keepalive_requests` requests or there is no cache,
    /// closing the cache's least recently used connection when it is full.
    func release(_ connection: PooledConnection, failed: Bool) {
        guard connection.isOpen else { return }
        guard !failed else { return close(connection, .failure) }
        connection.served += 1
        if connection.served >= configuration.requestsPerConnection { return close(connection, .requestLimit) }
        guard configuration.idleConnections > 0 else { return close(connection, .notPooled) }
        let worker = connection.worker
        if idle[worker].count >= configuration.idleConnections {
            let oldest = idle[worker].removeFirst()
            network.executor.cancelTimer(oldest.idleTimer)
            oldest.idleTimer = .none
            stats.idle -= 1
            close(oldest, .evicted)
        }
        idle[worker].append(connection)
        stats.idle += 1
        stats.peakIdle = max(stats.peakIdle, stats.idle)
        observeLevels()
        let executor = network.executor
        connection.idleTimer = executor.scheduleCancellable(after: configuration.idleTimeout.nanoseconds, .notify(connection.wakeUp(0)))
    }

    /// `connection` has been idle for `keepalive_timeout`: it leaves the cache and is closed.
    func expire(_ connection: PooledConnection) {
        connection.idleTimer = .none
        guard let position = idle[connection.worker].firstIndex(where: { $0 === connection }) else { return }
        idle[connection.worker].remove(at: position)
        stats.idle -= 1
        close(connection, .idleTimeout)
    }

    /// Closes an open connection for `reason` (the server learns of it at once).
    func close(_ connection: PooledConnection, _ reason: ConnectionCloseReason) {
        guard unlist(connection) else { return }
        count(reason, connection.hostname, when: true)
        observeLevels()
        network.simulation.trace.record(.custom, owner, "close \(reason) \(connection.hostname)#\(connection.number)")
    }

    /// Marks an open connection closed and takes it out of the open ones; false if it was not open.
    private func unlist(_ connection: PooledConnection) -> Bool {
        guard connection.isOpen else { return false }
        connection.isOpen = false
        if var list = openByServer[connection.serverID], let position = list.firstIndex(where: { $0 === connection }) {
            list.remove(at: position)
            openByServer[connection.serverID] = list.isEmpty ? nil : list
        }
        stats.open -= 1
        stats.server(connection.hostname).open -= 1
        return true
    }

    /// The balancer's process crashed: its sockets are gone. Every idle connection leaves its
    /// cache and every open one (idle, in use or set up) is closed, in the order they were set
    /// up, counted under ``ConnectionCloseReason/crash`` and traced as `close crash` (they were
    /// counted under no reason: the closes by reason fell short of the setups).
    func dropAll() {
        for worker in idle.indices {
            for connection in idle[worker] {
                network.executor.cancelTimer(connection.idleTimer)
                connection.idleTimer = .none
            }
            stats.idle -= idle[worker].count
            idle[worker] = []
        }
        // Looked up by server, never iterated in hash order: ordered by setup number.
        let open = openByServer.values.flatMap { $0 }.sorted { $0.number < $1.number }
        for connection in open { drop(connection) }
        observeLevels()
    }

    /// Closes `connection`, opened by a balancer process that has crashed since (a setup the
    /// server accepted after the crash, say), as ``dropAll()`` closes those it finds.
    func drop(_ connection: PooledConnection) {
        guard unlist(connection) else { return }
        count(.crash, connection.hostname, when: true)
        observeLevels()
        network.simulation.trace.record(.custom, owner, "close \(ConnectionCloseReason.crash) \(connection.hostname)#\(connection.number)")
    }

    /// Shows the open and idle connections as gauges (Perfetto, OpenMetrics). Not inlined, so
    /// that it stays out of the hot paths' frames.
    @inline(never)
    private func observeLevels() {
        network.simulation.observeGauge(.traffic, owner, "pooled connections", of: "open", subject: Observation.Subject(.state("open")), Double(stats.open))
        network.simulation.observeGauge(.traffic, owner, "pooled connections", of: "idle", subject: Observation.Subject(.state("idle")), Double(stats.idle))
    }

    private func count(_ reason: ConnectionCloseReason, _ hostname: String, when condition: Bool) {
        guard condition else { return }
        stats.closes[reason.rawValue] += 1
        stats.server(hostname).closes[reason.rawValue] += 1
    }
}
