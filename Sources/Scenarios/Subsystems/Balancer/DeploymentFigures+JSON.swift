import Simulator

extension DeploymentFigures {
    /// The deployment in JSON reports: outcome, steps, checks, versions and phases, instants in
    /// virtual seconds.
    struct Document: Encodable {
        /// `requests` counts the phase's successful requests; the latencies are left out when it had none.
        struct Phase: Encodable { var phase: String; var requests: Int; var p50: Double?; var p95: Double?; var p99: Double?; var max: Double? }
        struct Step: Encodable {
            var server: String; var kind: String; var fromVersion: Int; var toVersion: Int
            var drainStarted: Double?; var drainEnded: Double?; var drainTimedOut: Bool; var resetAtRestart: Int
            var restarted: Double; var healthy: Double?; var backInRotation: Double?
        }
        struct Check: Encodable { var servers: [String]; var from: Double; var to: Double; var answered: Int; var failed: Int; var answeredByWave: Int; var passed: Bool }
        struct Version: Encodable { var server: String; var version: Int }
        var outcome: String
        var started: Double?, ended: Double?, duration: Double?
        var phases: [Phase]
        var steps: [Step]
        var checks: [Check]
        var finalVersions: [Version]
    }

    /// The document of a run that lasted `runSeconds`: the phases' latencies no longer than the
    /// run (``TrafficResult/latencyWithinRun(_:)``).
    func document(runSeconds: Double) -> Document {
        Document(
            outcome: outcomeText, started: started, ended: ended, duration: duration,
            phases: phases.map { phase in
                let measured = phase.requests > 0
                func within(_ seconds: Double) -> Double? { measured ? Swift.min(seconds, runSeconds) : nil }
                return .init(phase: phase.phase, requests: phase.requests, p50: within(phase.p50), p95: within(phase.p95),
                             p99: within(phase.p99), max: within(phase.max))
            },
            steps: steps.map {
                .init(server: $0.server, kind: $0.kind.rawValue, fromVersion: $0.fromVersion, toVersion: $0.toVersion,
                      drainStarted: $0.drainStarted?.seconds, drainEnded: $0.drainEnded?.seconds, drainTimedOut: $0.drainTimedOut,
                      resetAtRestart: $0.resetAtRestart, restarted: $0.restarted.seconds, healthy: $0.healthy?.seconds, backInRotation: $0.backInRotation?.seconds)
            },
            checks: checks.map { .init(servers: $0.servers, from: $0.from.seconds, to: $0.to.seconds, answered: $0.answered, failed: $0.failed, answeredByWave: $0.answeredByWave, passed: $0.passed) },
            finalVersions: finalVersions.map { .init(server: $0.server, version: $0.version) })
    }
}
