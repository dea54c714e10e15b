import Simulator

/// What the balancer of a run did: forwards, retries, rejections, per-server outcomes, health
/// events and the failovers they add up to.
public struct BalancerFigures: Sendable, Equatable {
    /// One server as the balancer saw it.
    public struct Server: Sendable, Equatable {
        public var hostname: String
        /// Its weight and whether it is a backup.
        public var weight: Int
        public var isBackup: Bool
        public var forwarded: Int
        public var succeeded: Int
        public var serverErrors: Int
        public var connectErrors: Int
        public var timeouts: Int
        public var healthChecks: Int
        public var failedHealthChecks: Int
        /// The most forwards it had in flight at once.
        public var peakConnections: Int
        /// Peak forwards in flight in each virtual second.
        public var connectionsPerSecond: [Int]
    }

    /// One balancer event, for the report.
    public struct Event: Sendable, Equatable {
        /// Virtual seconds.
        public var at: Double
        public var subject: String
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
    public var forwarded: Int
    public var failedForwards: Int
    public var retried: Int
    public var unanswered: Int
    public var rateLimited: Int
    public var circuitRejected: Int
    public var queued: Int
    public var queueFull: Int
    public var queueTimeouts: Int
    public var servers: [Server]
    public var events: [Event]
    /// Each server fault of the run and how the balancer reacted to it.
    public var failovers: [Failover]

    /// Reads the figures of `balancer` after a run whose faults were `timeline`.
    init(_ balancer: LoadBalancer, replicas: [LoadBalancer.Replica], timeline: [FaultSchedule.Entry], end: VirtualInstant) {
        let stats = balancer.stats
        strategy = balancer.strategyName
        forwarded = stats.forwarded
        failedForwards = stats.failedForwards
        retried = stats.retried
        unanswered = stats.unanswered
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
                          failedHealthChecks: server.failedHealthChecks, peakConnections: connections.maximum,
                          connectionsPerSecond: connections.peaks)
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
        failovers = Failover.find(in: timeline, events: stats.events, end: end)
    }
}
