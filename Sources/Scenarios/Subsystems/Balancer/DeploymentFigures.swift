import Simulator

/// What a scenario's deployment did, as its reports show it: the plan, the outcome, every
/// server's steps and the error checks, the version each server ended on, and the clients'
/// latency before, during and after it.
public struct DeploymentFigures: Sendable {
    /// Latency percentiles of the successful requests of one phase, in seconds.
    public struct PhaseLatency: Sendable, Equatable {
        /// `before`, `during` or `after`.
        public var phase: String
        /// The successful requests completed in the phase (the failed ones have no latency and
        /// are not counted here).
        public var requests: Int
        public var p50: Double, p95: Double, p99: Double, mean: Double, max: Double
    }

    public var plan: DeploymentPlan
    public var outcome: DeploymentRecord.Outcome
    /// Virtual seconds at which it started and ended (nil if it did not).
    public var started: Double?
    public var ended: Double?
    public var steps: [DeploymentRecord.Step]
    public var checks: [DeploymentRecord.Check]
    public var finalVersions: [(server: String, version: Int)]
    /// The clients' latency in each phase, in order.
    public var phases: [PhaseLatency]
    /// Mean latency of the successful requests completed in each virtual second (0 where none).
    public var meanLatencyPerSecond: [Double]

    init(_ record: DeploymentRecord, metrics: WorkloadMetrics) {
        plan = record.plan
        outcome = record.outcome
        started = record.started?.seconds
        ended = record.ended?.seconds
        steps = record.steps
        checks = record.checks
        finalVersions = record.finalVersions
        phases = metrics.phases.map { phase in
            PhaseLatency(phase: phase.name, requests: Int(phase.latency.count), p50: phase.latency.percentile(50).seconds,
                         p95: phase.latency.percentile(95).seconds, p99: phase.latency.percentile(99).seconds,
                         mean: phase.latency.mean.seconds, max: phase.latency.max.seconds)
        }
        let completions = metrics.completionsPerSecond
        meanLatencyPerSecond = metrics.latencySecondsPerSecond.enumerated().map { second, total in
            second < completions.count && completions[second] > 0 ? total / Double(completions[second]) : 0
        }
    }

    /// From start to end, in seconds (nil while unfinished).
    public var duration: Double? {
        guard let started, let ended else { return nil }
        return ended - started
    }

    /// Whether every server ends on the version it started with (a rollback that restored all).
    public var everyServerOnOldVersion: Bool {
        finalVersions.allSatisfy { server in (steps.first { $0.server == server.server }?.fromVersion ?? server.version) == server.version }
    }

    /// The latency of phase `name`, if the run had it.
    public func phase(_ name: String) -> PhaseLatency? {
        phases.first { $0.phase == name }
    }
}
