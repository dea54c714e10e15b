import Simulator

/// What one run of a scenario produced: the figures every report shows and `expect:` checks.
public struct TrafficResult: Sendable {
    /// One server's figures.
    public struct ServerFigures: Sendable, Equatable {
        public var id: String
        public var served: Int
        public var rejected: Int
        public var lostInCrash: Int
        public var peakQueue: Int
        /// Busy time over (slots × run length).
        public var utilisation: Double
        /// Requests it answered 500: its error rate (or an injected one) drew them, or a hang's end
        /// answered them to callers still waiting.
        public var errors: Int = 0
        /// Requests that arrived while it hung: held, and answered 500 when the hang ended (never,
        /// when the hang outlasted the run); those whose callers still waited are in ``errors`` too.
        public var heldByHang: Int = 0
        /// Successful requests it answered per virtual second of the run.
        public var throughput: Double = 0
        /// Latency, as clients saw it, of the successful requests it answered: p50, p95, p99,
        /// p99.9 and mean, in seconds; nil when clients got no successful answer from it.
        public var latency: ServerLatency?
        /// Successful requests it answered in each virtual second.
        public var completionsPerSecond: [Int] = []
    }

    /// Client-side latency percentiles of one server's successful answers, in seconds.
    public struct ServerLatency: Sendable, Equatable {
        /// The percentiles and the mean.
        public var p50 = 0.0, p95 = 0.0, p99 = 0.0, p999 = 0.0, mean = 0.0
    }


    public var scenario: String
    public var file: String
    public var seed: UInt64
    /// The command that replays this run exactly.
    public var replayCommand: String
    /// The digest of every event: equal digests mean identical runs.
    public var digest: String
    public var events: UInt64
    public var traceEvents: UInt64
    /// Virtual time when the run ended.
    public var virtualSeconds: Double
    /// Why the simulation stopped early, if it did.
    public var failure: String?
    public var issued: Int
    public var succeeded: Int
    public var completed: Int
    public var timeouts: Int
    public var unreachable: Int
    public var refused: Int
    /// Non-2xx answers, by status, ascending.
    public var statusFailures: [(status: Int, count: Int)]
    /// Latency percentiles and mean of successful requests, in seconds.
    public var latency: [(label: String, seconds: Double)]
    /// Successful requests per virtual second over the time clients were active.
    public var throughput: Double
    public var servers: [ServerFigures]
    /// Successful requests completed in each virtual second.
    public var completionsPerSecond: [Int]
    /// Failed requests completed in each virtual second.
    public var failuresPerSecond: [Int] = []
    /// The balancer's figures, when the scenario has one.
    public var balancer: BalancerFigures?
    /// What the deployment did, when the scenario has one.
    public var deployment: DeploymentFigures?
    /// What the zones measured, when the scenario has zones.
    public var zones: ZoneFigures?
    /// The faults applied, in order.
    public var faults: [String]
    public var checks: [ExpectationCheck]
    /// The file's claims as this run measured them (reported, never failing the run).
    public var claims: [ClaimOutcome] = []

    /// Whether the run finished and every expectation held.
    public var passed: Bool { failure == nil && checks.allSatisfy(\.holds) }

    /// The figure a `balancer.*` expectation talks about: nil for another namespace's, for a
    /// latency when no request succeeded, and for the success and error ratios when no request
    /// ended. A percentile of no latency is not measured, not 0 s: as 0 s, `balancer.p99 < 1ms`
    /// held in a run whose every request failed; and a ratio of no request is not 1 (as 1,
    /// `balancer.success_ratio >= 0.99` held in a run that stopped before any answer).
    func value(of metric: Metric) -> Double? {
        guard metric.subsystem == .balancer, let known = BalancerMetric(rawValue: metric.name) else { return nil }
        if known.isLatency && !latencyMeasured { return nil }
        if (known.isRatioOfEndedRequests || known.isRateOfEndedRequests) && completed == 0 { return nil }
        // A rate over less than a microsecond (``ratesMeasured``) is not measured: over a 3 ns
        // run, `balancer.throughput` read 333,333,333 requests a second.
        if known.isRateOfEndedRequests && !ratesMeasured { return nil }
        if known.isShareOfServed && !servedMeasured { return nil }
        // The zones' figures are read from ``zones``: without them (a world without zones, or a
        // result whose zones are not attached yet) nothing was measured, and a share of no
        // forwards is 0/0, not 0.
        if known.needsZones && zones == nil { return nil }
        if known == .crossZoneShare && zones?.forwards == 0 { return nil }
        return value(of: known)
    }

    /// Judges the file's `balancer.*` expectations against these figures — once every figure
    /// they read is attached (the zones', the deployment's): judged before, `cross_zone_share`
    /// read 0 and held in the report while the run's exit code, judged on the whole result,
    /// failed it. The one judgement report.md, report.json and the exit code share.
    mutating func judge(_ expectations: [Expectation], failure: String?) {
        checks = expectations.filter { $0.metric.subsystem == .balancer }.map { expectation in
            let measured = value(of: expectation.metric)
            return ExpectationCheck(expectation: expectation, measured: measured, runStoppedEarly: failure != nil)
        }
    }

    /// Whether any request succeeded, so that ``latency`` holds measured figures (its
    /// percentiles read 0 s otherwise).
    public var latencyMeasured: Bool { succeeded > 0 }

    /// The figure a balancer metric names (a latency reads 0 s when none was measured: see
    /// ``latencyMeasured``; and no longer than the run, as every report gives it:
    /// ``latencyWithinRun(_:)``).
    func value(of metric: BalancerMetric) -> Double {
        func latency(_ label: String) -> Double { latencyWithinRun(self.latency.first { $0.label == label }?.seconds ?? 0) }
        switch metric {
        case .p50: return latency("p50")
        case .p90: return latency("p90")
        case .p95: return latency("p95")
        case .p99: return latency("p99")
        case .p999: return latency("p99.9")
        case .meanLatency: return latency("mean")
        case .maxLatency: return latency("max")
        case .successRatio: return completed == 0 ? 1 : Double(succeeded) / Double(completed)
        case .errorRatio: return completed == 0 ? 0 : Double(completed - succeeded) / Double(completed)
        case .throughput: return throughput
        case .completed: return Double(completed)
        case .succeeded: return Double(succeeded)
        case .timeouts: return Double(timeouts)
        case .errors: return Double(completed - succeeded)
        // Turned away for want of capacity (see ``BalancerMetric/rejected``): the 503s, whoever gave them.
        case .rejected: return Double(statusFailures.first { $0.status == 503 }?.count ?? 0)
        case .retries: return Double(balancer?.retried ?? 0)
        case .failedForwards: return Double(balancer?.failedForwards ?? 0)
        case .rateLimited: return Double(balancer?.rateLimited ?? 0)
        case .circuitRejected: return Double(balancer?.circuitRejected ?? 0)
        case .queueTimeouts: return Double(balancer?.queueTimeouts ?? 0)
        case .detectionTime: return worstFailover(\.detectedAt) { $0.at }
        case .recoveryTime: return worstFailover(\.recoveredAt) { $0.repairedAt }
        case .minServerThroughput: return primaries.map(\.throughput).min() ?? 0
        case .maxServerThroughput: return primaries.map(\.throughput).max() ?? 0
        case .imbalance: return BalanceStatistics(counts: primaries.map(\.served)).peakToAverage
        case .crossZoneShare: return zones?.crossZoneShare ?? 0
        case .crossZoneForwards: return Double(zones?.crossZoneForwards ?? 0)
        case .backupServed: return Double(servers.filter { isBackup($0.id) }.reduce(0) { $0 + $1.served })
        case .connectionSetups, .connectionReuses, .setupsPerRequest, .meanSetupTime, .connectionsEvicted, .connectionsExpired,
             .connectionsRetired, .connectionsStale, .connectionsRefused, .peakOpenConnections: return connectionValue(of: metric)
        }
    }

    /// The servers that are not backups.
    var primaries: [ServerFigures] { servers.filter { !isBackup($0.id) } }

    private func isBackup(_ server: String) -> Bool {
        balancer?.servers.first { $0.hostname == server }?.isBackup ?? false
    }

    /// The longest time from each failover's start (`from`) to `to`; a failover that never got
    /// there counts the time from its start to the end of the run, so "within" assertions fail.
    /// A recovery is looked for only where the balancer had detected the fault: a server it never
    /// took out of rotation had nothing to come back from.
    private func worstFailover(_ to: KeyPath<Failover, Double?>, from: (Failover) -> Double?) -> Double {
        var worst = 0.0
        for failover in balancer?.failovers ?? [] {
            guard let start = from(failover) else { continue }
            if to == \Failover.recoveredAt, failover.detectedAt == nil { continue }
            worst = Swift.max(worst, VirtualSeconds.between(start, failover[keyPath: to] ?? virtualSeconds))
        }
        return worst
    }
}
