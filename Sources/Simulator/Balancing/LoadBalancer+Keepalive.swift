/// A forward's connection: the one it goes over, or why there is none.
struct ConnectionLease {
    /// The open connection the request goes over; nil when none could be had.
    var connection: PooledConnection?
    /// Whether it came from the cache (nginx's `u->peer.cached`).
    var cached: Bool
    /// Why there is no connection: a setup that failed, or a stale cached connection.
    var failure: NetworkError?

    /// Whether a forward that ended with `outcome` is retried without spending a try: nginx
    /// gives a try back when a *cached* connection fails with an error (not a timeout), since a
    /// connection the server closed while it sat in the cache says nothing about the server.
    func givesTryBack(_ outcome: ForwardOutcome) -> Bool {
        guard cached, case .failed(let error) = outcome else { return false }
        return error != .timeout
    }
}

extension LoadBalancer {
    /// The connection a forward of `request` to `replica` goes over: the most recently used idle
    /// one to that server from the cache of the request's worker, or a new one set up now.
    ///
    /// A cached connection whose server's process has crashed or restarted since it was pooled is
    /// stale: the request sent on it takes a round trip to meet the new process's reset (or is
    /// lost with a crashed host, and times out), and the connection is closed as `stale`.
    ///
    /// A setup is `setupRoundTrips` round trips on the balancer→server link, each lost, delayed or
    /// cut by partitions like any message, all within `connectTimeout`. The server accepts or
    /// refuses the connection (its `connection_limit`) when the first handshake message arrives;
    /// a refusal comes back as a reset. A setup that fails is a connect error.
    func lease(to replica: Replica, for request: Request, pools: ConnectionPools) async -> ConnectionLease {
        let worker = pools.worker(for: request.client)
        if let cached = pools.takeIdle(to: replica.id, worker: worker) {
            if pools.isCurrent(cached) {
                pools.noteReuse(cached)
                return ConnectionLease(connection: cached, cached: true)
            }
            pools.close(cached, .stale)
            do {
                _ = try await network.call(from: id, to: replica.server.id, timeout: configuration.forwardTimeout) { () -> Bool in true }
                return ConnectionLease(cached: true, failure: .refused)
            } catch {
                return ConnectionLease(cached: true, failure: error)
            }
        }
        let connection = pools.newConnection(to: replica.id, hostname: replica.hostname, worker: worker)
        let started = network.simulation.now
        let deadline = started.advanced(by: pools.configuration.connectTimeout)
        for trip in 0..<pools.configuration.setupRoundTrips {
            let remaining = network.simulation.now.duration(to: deadline)
            guard remaining > .zero else {
                pools.setupFailed(connection, refused: false)
                return ConnectionLease(cached: false, failure: .timeout)
            }
            let accepted: Bool
            do {
                accepted = try await network.call(from: id, to: replica.server.id, timeout: remaining) { () -> Bool in
                    trip == 0 ? pools.accept(connection) : connection.isOpen && pools.isCurrent(connection)
                }
            } catch {
                pools.setupFailed(connection, refused: false)
                return ConnectionLease(cached: false, failure: error)
            }
            guard accepted else {
                pools.setupFailed(connection, refused: trip == 0)
                return ConnectionLease(cached: false, failure: .refused)
            }
        }
        pools.setupCompleted(in: started.duration(to: network.simulation.now))
        return ConnectionLease(connection: connection, cached: false)
    }
}

extension ForwardOutcome {
    /// Whether no answer came back (a connect error or a timeout).
    var gotNoAnswer: Bool {
        if case .failed = self { return true }
        return false
    }
}
