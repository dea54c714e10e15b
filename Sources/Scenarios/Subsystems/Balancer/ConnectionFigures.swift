import Reports
import Simulator

/// What the balancer's connections to its servers did, when it has `keepalive`: setups, reuses,
/// closes by reason and the open and idle connections at their peak.
public struct ConnectionFigures: Sendable, Equatable {
    /// One server's connections.
    public struct Server: Sendable, Equatable, Encodable {
        public var hostname: String
        public var setups: Int
        public var reuses: Int
        public var peakOpen: Int
        /// Closes by reason name, in ``ConnectionCloseReason`` order, reasons with none left out.
        public var closes: [Close]
    }

    /// How many connections were closed for one reason.
    public struct Close: Sendable, Equatable, Encodable {
        public var reason: String
        public var count: Int
    }

    /// nginx's `keepalive`, `keepalive_requests`, `keepalive_timeout` (s), workers and TLS.
    public var idleConnections: Int
    public var requestsPerConnection: Int
    public var idleTimeout: Double
    public var workers: Int
    public var tls: Bool
    /// Setups started, failed (network errors and refusals) and completed.
    public var setups: Int
    public var failedSetups: Int
    /// Forwards over a pooled connection.
    public var reuses: Int
    /// Forwards to servers (first tries and retries), the denominator of setups per request.
    public var forwards: Int
    /// Failed forwards over cached connections retried without spending a try.
    public var freeRetries: Int
    /// Virtual seconds of the completed setups, summed.
    public var setupSeconds: Double
    /// Open and idle connections at their peak and at the end.
    public var peakOpen: Int
    public var peakIdle: Int
    public var openAtEnd: Int
    public var idleAtEnd: Int
    /// Closes by reason, every reason in ``ConnectionCloseReason`` order.
    public var closes: [Close]
    /// Per server, in the order of their first setup.
    public var servers: [Server]

    /// Reads the pools of a balancer after its run; `forwards` is the balancer's forward count.
    init(_ pools: ConnectionPools, forwards: Int) {
        let stats = pools.stats, configuration = pools.configuration
        idleConnections = configuration.idleConnections
        requestsPerConnection = configuration.requestsPerConnection
        idleTimeout = configuration.idleTimeout.seconds
        workers = configuration.workers
        tls = configuration.tls
        setups = stats.setups
        failedSetups = stats.failedSetups
        reuses = stats.reuses
        self.forwards = forwards
        freeRetries = stats.freeRetries
        setupSeconds = stats.setupTime.seconds
        peakOpen = stats.peakOpen
        peakIdle = stats.peakIdle
        openAtEnd = stats.open
        idleAtEnd = stats.idle
        closes = ConnectionCloseReason.allCases.map { Close(reason: $0.description, count: stats.closes($0)) }
        servers = stats.servers.map { hostname, server in
            Server(hostname: hostname, setups: server.setups, reuses: server.reuses, peakOpen: server.peakOpen,
                   closes: ConnectionCloseReason.allCases.compactMap { server.closes($0) > 0 ? Close(reason: $0.description, count: server.closes($0)) : nil })
        }
    }

    /// Setups per forward: 1 without a cache, down to 1/`keepalive_requests` with a warm one.
    public var setupsPerRequest: Double { forwards == 0 ? 0 : Double(setups) / Double(forwards) }

    /// The mean time of a completed setup, in seconds.
    public var meanSetupSeconds: Double {
        let completed = setups - failedSetups
        return completed == 0 ? 0 : setupSeconds / Double(completed)
    }

    /// Closes for the reason called `name` (a ``ConnectionCloseReason`` description).
    public func closes(_ reason: ConnectionCloseReason) -> Int {
        closes.first { $0.reason == reason.description }?.count ?? 0
    }
}

extension ConnectionFigures {
    /// The figures in a run's JSON report.
    struct Document: Encodable {
        var idleConnections: Int, requestsPerConnection: Int, idleTimeoutSeconds: Double, workers: Int, tls: Bool
        var setups: Int, failedSetups: Int, reuses: Int, forwards: Int, setupsPerRequest: Double, freeRetries: Int
        var meanSetupSeconds: Double, peakOpen: Int, peakIdle: Int, openAtEnd: Int, idleAtEnd: Int
        var closes: [Close]
        var servers: [Server]
    }

    var document: Document {
        Document(idleConnections: idleConnections, requestsPerConnection: requestsPerConnection, idleTimeoutSeconds: idleTimeout, workers: workers, tls: tls,
                 setups: setups, failedSetups: failedSetups, reuses: reuses, forwards: forwards, setupsPerRequest: setupsPerRequest, freeRetries: freeRetries,
                 meanSetupSeconds: meanSetupSeconds, peakOpen: peakOpen, peakIdle: peakIdle, openAtEnd: openAtEnd, idleAtEnd: idleAtEnd,
                 closes: closes, servers: servers)
    }

    /// The run report's connections section.
    func markdown() -> String {
        var out = "### Connections to the servers (keepalive)\n\n"
        out += "`keepalive \(idleConnections)` idle \(idleConnections == 1 ? "connection" : "connections") per worker (\(NumberFormat.counted(workers, "worker"))), "
        out += "`keepalive_requests \(requestsPerConnection)`, `keepalive_timeout \(DurationFormat.seconds(idleTimeout, grouping: true))`"
        out += tls ? ", TLS (3 round trips a setup).\n\n" : ", plain TCP (1 round trip a setup).\n\n"
        var totals = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        totals.append(["connection setups", NumberFormat.integer(setups)])
        totals.append(["setups that failed (network error or refused)", NumberFormat.integer(failedSetups)])
        totals.append(["forwards over a pooled connection", NumberFormat.integer(reuses)])
        totals.append(["setups per forward", NumberFormat.fixed(setupsPerRequest, decimals: 4)])
        totals.append(["mean setup time", DurationFormat.milliseconds(meanSetupSeconds)])
        totals.append(["failures on cached connections retried without spending a try", NumberFormat.integer(freeRetries)])
        totals.append(["peak open connections", NumberFormat.integer(peakOpen)])
        totals.append(["peak idle connections", NumberFormat.integer(peakIdle)])
        for close in closes where close.count > 0 {
            totals.append(["closed: \(close.reason.replacingOccurrences(of: "_", with: " "))", NumberFormat.integer(close.count)])
        }
        out += totals.rendered() + "\n"
        var table = MarkdownTable(columns: [.userText("server"), .numeric("setups"), .numeric("reuses"), .numeric("peak open"), .text("closes")])
        for server in servers {
            table.append([server.hostname, NumberFormat.integer(server.setups), NumberFormat.integer(server.reuses), NumberFormat.integer(server.peakOpen),
                          server.closes.isEmpty ? "—" : server.closes.map { "\($0.reason) \(NumberFormat.integer($0.count))" }.joined(separator: ", ")])
        }
        return out + table.rendered() + "\n"
    }
}

extension TrafficResult {
    /// The figure a connection metric names (0 without keepalive).
    func connectionValue(of metric: BalancerMetric) -> Double {
        guard let connections = balancer?.connections else { return 0 }
        switch metric {
        case .connectionSetups: return Double(connections.setups)
        case .connectionReuses: return Double(connections.reuses)
        case .setupsPerRequest: return connections.setupsPerRequest
        case .meanSetupTime: return connections.meanSetupSeconds
        case .connectionsEvicted: return Double(connections.closes(.evicted))
        case .connectionsExpired: return Double(connections.closes(.idleTimeout))
        case .connectionsRetired: return Double(connections.closes(.requestLimit))
        case .connectionsStale: return Double(connections.closes(.stale))
        case .connectionsRefused: return Double(connections.closes(.refused))
        case .peakOpenConnections: return Double(connections.peakOpen)
        default: return 0
        }
    }
}
