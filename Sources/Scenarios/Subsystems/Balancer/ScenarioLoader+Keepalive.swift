import Simulator

extension ScenarioLoader {
    /// The longest `keepalive.timeout` and `keepalive.connect_timeout`: one day.
    static let maximumKeepaliveTimeout = Duration.seconds(86_400)

    /// Parses `balancer.keepalive`: nginx's `keepalive` (`connections`, required),
    /// `keepalive_requests` (`requests`, default 1000), `keepalive_timeout` (`timeout`, default
    /// 60 s), `worker_processes` (`workers`, default 1), TLS to the servers (`tls`, default off)
    /// and `proxy_connect_timeout` (`connect_timeout`, default 60 s). The servers' own
    /// `connection_limit`s join it.
    static func parseKeepalive(_ cursor: YAMLCursor, servers: [Scenario.Server]) throws(ScenarioError) -> KeepaliveConfiguration {
        let fields = try cursor.mapping(ScenarioSchema.keepalive)
        var limits: [String: Int] = [:]
        for server in servers {
            if let limit = server.connectionLimit { limits[server.id.name] = limit }
        }
        let defaults = ScenarioSchema.keepaliveDefaults
        return KeepaliveConfiguration(
            idleConnections: try fields.required("connections").int(in: ScenarioSchema.keepaliveConnections),
            requestsPerConnection: try fields["requests"]?.int(in: ScenarioSchema.keepaliveRequests) ?? defaults.requestsPerConnection,
            idleTimeout: try fields["timeout"].map { cursor throws(ScenarioError) in try cursor.keepaliveDuration() } ?? defaults.idleTimeout,
            workers: try fields["workers"]?.int(in: ScenarioSchema.keepaliveWorkers) ?? defaults.workers,
            tls: try fields["tls"]?.bool() ?? defaults.tls,
            connectTimeout: try fields["connect_timeout"].map { cursor throws(ScenarioError) in try cursor.keepaliveDuration() } ?? defaults.connectTimeout,
            connectionLimits: limits)
    }

    /// A server's `connection_limit` counts the balancer's pooled connections: it needs
    /// `balancer.keepalive` (or `gateway.keepalive`).
    static func validateConnectionLimits(_ serverItems: [YAMLCursor], balancer: Scenario.Balancer?) throws(ScenarioError) {
        guard balancer?.configuration.keepalive == nil else { return }
        for item in serverItems {
            guard let limit = (try? item.mapping(ScenarioSchema.server))?["connection_limit"] else { continue }
            throw limit.error(.invalidValue("'connection_limit' limits the balancer's pooled connections; add 'keepalive' to the balancer"))
        }
    }
}

extension YAMLCursor {
    /// A duration above zero and at most one day.
    func keepaliveDuration() throws(ScenarioError) -> Duration {
        let value = try positiveDuration()
        guard value <= ScenarioLoader.maximumKeepaliveTimeout else {
            throw error(.invalidValue("a keepalive timeout is at most 1 day, got \(text ?? "")"))
        }
        return value
    }
}
