import Simulator

/// What the balancer of a run did: forwards, retries, rejections, per-server outcomes, health
/// events and the failovers they add up to.
public struct BalancerFigures: Sendable, Equatable {
    /// One server as the balancer saw it.
    public struct Server: Sendable, Equatable {
        /// The server's hostname.
        public var hostname: String
        /// Its weight and whether it is a backup.
        public var weight: Int
        public var isBackup: Bool
        /// Forwards sent to it.
        public var forwarded: Int
        /// Forwards it answered with a 2xx.
        public var succeeded: Int
        /// Forwards it answered with a 5xx.
        public var serverErrors: Int
        /// Forwards refused, reset or unreachable.
        public var connectErrors: Int
        /// Forwards that timed out.
        public var timeouts: Int
        /// Active health checks sent to it.
        public var healthChecks: Int
        /// Active health checks it failed.
        public var failedHealthChecks: Int
        /// With a health check that observes the traffic, how many times its errors reached
        /// `error_limit` (HAProxy's `hanafail`); nil without one.
        public var failedHealthAnalyses: Int?
        /// The most forwards it had in flight at once.
        public var peakConnections: Int
        /// Peak forwards in flight in each virtual second.
        public var connectionsPerSecond: [Int]
        /// Forwards still in flight when the run ended: a connection setup or an answer still
        /// awaited (with keepalive, a setup to a host that was down waits out `connect_timeout`).
        public var inFlightAtEnd: Int = 0
        /// Forwards in flight when the balancer's process crashed, whose outcome no one heard:
        /// neither answered nor failed as the balancer saw them.
        public var endedByCrash: Int = 0
        /// Forwards it answered with a status that is neither 2xx nor 5xx (a 404 becomes the
        /// client's 400): with ``inFlightAtEnd`` and ``endedByCrash``, what makes ``forwarded``
        /// the sum of the rest.
        public var otherAnswers: Int {
            forwarded - succeeded - serverErrors - connectErrors - timeouts - inFlightAtEnd - endedByCrash
        }
    }

    /// One balancer event, for the report.
    public struct Event: Sendable, Equatable {
        /// Virtual seconds.
        public var at: Double
        /// The server's hostname, or `upstream`.
        public var subject: String
        /// What happened, e.g. `marked down (passive health)`.
        public var description: String
        /// Whether it took a server out of rotation (for charts).
        public var isDown: Bool
        /// Whether it put a server back (for charts).
        public var isUp: Bool
        /// Whether it was a down server's probe after `fail_timeout`.
        public var isProbe: Bool
    }

    /// The strategy's name.
    public var strategy: String
    /// What the file calls it: `balancer`, or `gateway` for a `gateway:` section (the report's
    /// heading names it so).
    public var node: String = "balancer"
    /// Forwards attempted, first tries and retries.
    public var forwarded: Int
    /// Forwards that got no answer.
    public var failedForwards: Int
    /// Retries: forwards after a request's failed try, on another server (or on the same one
    /// when it is the only one). A request may be retried several times, so this counts tries,
    /// not requests (103 requests over three failing servers were 206 retries).
    public var retried: Int
    /// Requests no server answered: ``gatewayTimeouts`` + ``badGateways``.
    public var unanswered: Int { gatewayTimeouts + badGateways }
    /// Requests no server answered whose last try timed out (504).
    public var gatewayTimeouts: Int
    /// Requests no server answered whose last try could not connect, or that no live server could
    /// take (502).
    public var badGateways: Int
    /// Requests the rate limit turned away (429).
    public var rateLimited: Int
    /// Requests the open circuit breaker turned away (503).
    public var circuitRejected: Int
    /// Requests that waited for a connection.
    public var queued: Int
    /// Requests a full queue turned away (503).
    public var queueFull: Int
    /// Requests whose wait for a connection expired (503).
    public var queueTimeouts: Int
    /// Every server that was a member, in join order.
    public var servers: [Server]
    /// The balancer's events in order.
    public var events: [Event]
    /// Each server fault of the run and how the balancer reacted to it.
    public var failovers: [Failover]
    /// Every stretch a server spent out of rotation (``RotationState``), in virtual seconds; an
    /// end of nil: still out when the run ended.
    public var outOfRotation: [OutOfRotation]

    /// A stretch of time a server spent out of the balancer's rotation.
    public struct OutOfRotation: Sendable, Equatable {
        public var server: String
        public var start: Double
        public var end: Double?
    }
    /// Its connections to the servers, when it has keepalive.
    public var connections: ConnectionFigures?

    /// Reads the figures of `balancer` after a run whose faults were `timeline`.
    init(_ balancer: LoadBalancer, replicas: [LoadBalancer.Replica], timeline: [FaultSchedule.Entry], end: VirtualInstant) {
        let stats = balancer.stats
        strategy = balancer.strategyName
        forwarded = stats.forwarded
        failedForwards = stats.failedForwards
        retried = stats.retried
        gatewayTimeouts = stats.gatewayTimeouts
        badGateways = stats.badGateways
        rateLimited = stats.rateLimited
        circuitRejected = stats.circuitRejected
        queued = stats.queued
        queueFull = stats.queueFull
        queueTimeouts = stats.queueTimeouts
        let lastSecond = Int(end.nanoseconds / 1_000_000_000)
        servers = stats.servers.map { server in
            let replica = replicas.first { $0.hostname == server.hostname }
            var connections = server.connections
            connections.extend(through: lastSecond)
            return Server(hostname: server.hostname, weight: replica?.weight ?? 1, isBackup: replica?.isBackup ?? false,
                          forwarded: server.forwarded, succeeded: server.succeeded, serverErrors: server.serverErrors,
                          connectErrors: server.connectErrors, timeouts: server.timeouts, healthChecks: server.healthChecks,
                          failedHealthChecks: server.failedHealthChecks,
                          failedHealthAnalyses: balancer.configuration.healthCheck?.observe == nil ? nil : server.failedHealthAnalyses,
                          peakConnections: connections.maximum,
                          connectionsPerSecond: connections.peaks, inFlightAtEnd: connections.level, endedByCrash: server.endedByCrash)
        }
        events = stats.events.map { event in
            var isDown = false, isUp = false
            switch event.kind {
            case .markedDown: isDown = true
            case .markedUp: isUp = true
            default: break
            }
            return Event(at: event.at.seconds, subject: event.subject, description: event.kind.description, isDown: isDown, isUp: isUp,
                         isProbe: event.kind == .probe)
        }
        outOfRotation = RotationState.gaps(in: stats.events).map { OutOfRotation(server: $0.server, start: $0.start.seconds, end: $0.end?.seconds) }
        failovers = Failover.find(in: timeline, events: stats.events, end: end, servers: stats.servers.map { NodeID($0.hostname) }, balancer: balancer.id)
        connections = balancer.connectionPools.map { ConnectionFigures($0, forwards: stats.forwarded) }
    }
}
