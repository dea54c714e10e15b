import Simulator

/// `balancer.keepalive` (``ScenarioLoader/parseKeepalive(_:servers:)``) and a server's
/// `connection_limit`.
extension ScenarioSchema {
    /// `keepalive.connections`: nginx's `keepalive N`; 0 is no cache (a setup per request).
    static let keepaliveConnections = 0...100_000
    /// `keepalive.requests`: nginx's `keepalive_requests`.
    static let keepaliveRequests = 1...1_000_000
    /// `keepalive.workers`: nginx's `worker_processes`.
    static let keepaliveWorkers = 1...1_024
    /// A server's `connection_limit`.
    static let connectionLimit = 1...1_000_000
    /// Keepalive's settings when it does not say: nginx's (``KeepaliveConfiguration``'s).
    static let keepaliveDefaults = KeepaliveConfiguration(idleConnections: 0)

    /// `balancer.keepalive:`.
    static let keepalive = SchemaObject([
        .required("connections", .integer(in: keepaliveConnections), "Idle connections each worker keeps, across all servers (nginx keepalive); 0: none, a setup per request."),
        .optional("requests", .integer(in: keepaliveRequests), "Requests one connection carries before it is closed (keepalive_requests); default 1000.", default: .integer(keepaliveDefaults.requestsPerConnection)),
        .optional("timeout", .duration(atMost: ScenarioLoader.maximumKeepaliveTimeout, positive: true), "How long a connection may stay idle (keepalive_timeout), at most 1d; default 60s.", default: .duration(keepaliveDefaults.idleTimeout)),
        .optional("workers", .integer(in: keepaliveWorkers), "Worker processes, each with its own cache (worker_processes); default 1.", default: .integer(keepaliveDefaults.workers)),
        .optional("tls", .flag, "TLS to the servers: a setup takes 3 round trips instead of 1; default false.", default: .boolean(keepaliveDefaults.tls)),
        .optional("connect_timeout", .duration(atMost: ScenarioLoader.maximumKeepaliveTimeout, positive: true), "How long a setup may take (proxy_connect_timeout), at most 1d; default 60s.", default: .duration(keepaliveDefaults.connectTimeout)),
    ], definition: ("keepalive", "Connections from the balancer to its servers: a setup of 1 round trip (3 with TLS) unless an idle cached one is reused, as nginx's upstream keepalive."))
}
