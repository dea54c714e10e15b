/// Connections between the balancer and its servers, as nginx's `keepalive` module keeps them.
///
/// With it, every forward needs an open connection to the server it goes to: an idle one from
/// the cache of the worker handling the request, or a new one, whose setup costs real round trips
/// on the balancer→server link before the request can go. Without it (the balancer's default),
/// connections are free and no setup is modelled.
///
/// - `idleConnections` is nginx's `keepalive N`: the most **idle** connections each worker keeps
///   in its cache, across all servers of the upstream. When a connection is freed into a full
///   cache, the least recently used idle one is closed. Connections in use are not limited by it.
///   `0` means no cache at all, as with no `keepalive` directive: every forward sets up its own
///   connection and closes it after the answer (nginx itself refuses `keepalive 0`).
/// - `requestsPerConnection` is `keepalive_requests`: a connection is closed after that many.
/// - `idleTimeout` is `keepalive_timeout`: an idle connection is closed after that long idle.
/// - `workers` is `worker_processes`: each has its own cache. A client is given to a worker the
///   first time it sends a request, in turn (the first client to worker 0, the next to worker 1,
///   …), and stays there, as a client connection stays with the worker that accepted it.
/// - `tls`: a setup is one round trip for TCP, plus two for a TLS handshake.
/// - `connectTimeout` (`proxy_connect_timeout`) bounds the whole setup.
/// - `connectionLimits`: a server's limit on the connections it accepts (idle ones included),
///   by hostname; a setup beyond it is refused. Distinct from `max_conns`, which limits the
///   forwards the balancer has in flight to a server.
public struct KeepaliveConfiguration: Sendable, Equatable {
    /// nginx's `keepalive N`: idle connections kept per worker, across all servers.
    public var idleConnections: Int
    /// nginx's `keepalive_requests`: requests one connection carries before it is closed.
    public var requestsPerConnection: Int
    /// nginx's `keepalive_timeout`: how long a connection may stay idle in the cache.
    public var idleTimeout: Duration
    /// nginx's `worker_processes`: caches that do not share their connections.
    public var workers: Int
    /// Whether a setup includes a TLS handshake (two more round trips).
    public var tls: Bool
    /// The longest a setup may take (`proxy_connect_timeout`).
    public var connectTimeout: Duration
    /// Connections each server accepts at most, by hostname (looked up, never iterated).
    public var connectionLimits: [String: Int]

    /// A pool of `idleConnections` per worker with nginx's defaults for the rest:
    /// `keepalive_requests 1000`, `keepalive_timeout 60s`, one worker, plain TCP, a 60 s connect
    /// timeout and no server-side limit.
    public init(idleConnections: Int, requestsPerConnection: Int = 1_000, idleTimeout: Duration = .seconds(60), workers: Int = 1,
                tls: Bool = false, connectTimeout: Duration = .seconds(60), connectionLimits: [String: Int] = [:]) {
        precondition(idleConnections >= 0 && requestsPerConnection >= 1 && workers >= 1, "keepalive parameters out of range")
        self.idleConnections = idleConnections
        self.requestsPerConnection = requestsPerConnection
        self.idleTimeout = idleTimeout
        self.workers = workers
        self.tls = tls
        self.connectTimeout = connectTimeout
        self.connectionLimits = connectionLimits
    }

    /// Round trips a setup takes: the TCP handshake, and the TLS handshake's two when set.
    public var setupRoundTrips: Int { tls ? 3 : 1 }
}
