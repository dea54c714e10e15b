import Reports
import Simulator

extension DeployComparison {
    /// `results/deploy/`: the report, the figures as JSON, the variants and every step as CSV,
    /// and the charts.
    public func bundle() -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("deploy/report.md", markdown())
        bundle.add("deploy/report.json", json())
        bundle.add("deploy/variants.csv", variantsCSV())
        bundle.add("deploy/steps.csv", stepsCSV())
        bundle.add("deploy/throughput.svg", throughputChart().svg())
        bundle.add("deploy/latency.svg", latencyChart().svg())
        bundle.add("deploy/timeline.svg", timelineChart().svg())
        return bundle
    }

    private struct Document: Encodable {
        struct Phase: Encodable { var phase: String; var requests: Int; var p50: Double; var p95: Double; var p99: Double; var max: Double }
        struct Step: Encodable {
            var server: String; var kind: String; var fromVersion: Int; var toVersion: Int
            var drainStarted: Double?; var drainEnded: Double?; var drainTimedOut: Bool; var resetAtRestart: Int
            var restarted: Double; var healthy: Double?; var backInRotation: Double?
        }
        struct Check: Encodable { var servers: [String]; var from: Double; var to: Double; var answered: Int; var failed: Int; var passed: Bool }
        struct Version: Encodable { var server: String; var version: Int }
        struct Variant: Encodable {
            var name: String; var summary: String; var digest: String; var outcome: String
            var started: Double?; var ended: Double?; var duration: Double?
            var completed: Int; var failed: Int; var retried: Int; var failedForwards: Int; var resetAtRestart: Int
            var secondsWithoutAnswer: Int; var throughputDuring: Double
            var phases: [Phase]; var steps: [Step]; var checks: [Check]; var finalVersions: [Version]
        }
        var schema = "orrery.deploy/1"
        var scenario: String
        var seed: UInt64
        var variants: [Variant]
    }

    func json() -> String {
        JSONReport.encode(Document(scenario: base.file, seed: base.seed, variants: variants.map { variant in
            let figures = variant.deployment
            return Document.Variant(
                name: variant.name, summary: variant.summary, digest: variant.result.digest, outcome: figures?.outcomeText ?? "none",
                started: figures?.started, ended: figures?.ended, duration: figures?.duration,
                completed: variant.result.completed, failed: variant.failed, retried: variant.retried, failedForwards: variant.failedForwards,
                resetAtRestart: variant.reset, secondsWithoutAnswer: variant.secondsWithoutAnswer, throughputDuring: variant.throughputDuring,
                phases: (figures?.phases ?? []).map { .init(phase: $0.phase, requests: $0.requests, p50: $0.p50, p95: $0.p95, p99: $0.p99, max: $0.max) },
                steps: (figures?.steps ?? []).map {
                    .init(server: $0.server, kind: $0.kind.rawValue, fromVersion: $0.fromVersion, toVersion: $0.toVersion,
                          drainStarted: $0.drainStarted?.seconds, drainEnded: $0.drainEnded?.seconds, drainTimedOut: $0.drainTimedOut,
                          resetAtRestart: $0.resetAtRestart, restarted: $0.restarted.seconds, healthy: $0.healthy?.seconds, backInRotation: $0.backInRotation?.seconds)
                },
                checks: (figures?.checks ?? []).map { .init(servers: $0.servers, from: $0.from.seconds, to: $0.to.seconds, answered: $0.answered, failed: $0.failed, passed: $0.passed) },
                finalVersions: (figures?.finalVersions ?? []).map { .init(server: $0.server, version: $0.version) })
        }))
    }

    func variantsCSV() -> String {
        var table = CSVTable(header: ["variant", "outcome", "duration_s", "completed", "failed", "retried", "failed_forwards", "reset_at_restart",
                                      "seconds_without_answer", "throughput_during", "p50_before_s", "p99_before_s", "p50_during_s", "p95_during_s", "p99_during_s", "digest"])
        for variant in variants {
            let before = variant.deployment?.phase("before"), during = variant.deployment?.phase("during")
            table.append([variant.name, variant.deployment?.outcomeText ?? "none", csv(variant.deployment?.duration), String(variant.result.completed),
                          String(variant.failed), String(variant.retried), String(variant.failedForwards), String(variant.reset),
                          String(variant.secondsWithoutAnswer), NumberFormat.fixed(variant.throughputDuring, decimals: 3),
                          csv(before?.p50), csv(before?.p99), csv(during?.p50), csv(during?.p95), csv(during?.p99), variant.result.digest])
        }
        return table.rendered()
    }

    func stepsCSV() -> String {
        var table = CSVTable(header: ["variant", "server", "step", "from_version", "to_version", "drain_started_s", "drain_ended_s", "drain_timed_out",
                                      "reset_at_restart", "restarted_s", "healthy_s", "back_in_rotation_s"])
        for variant in variants {
            for step in variant.deployment?.steps ?? [] {
                table.append([variant.name, step.server, step.kind.rawValue, String(step.fromVersion), String(step.toVersion),
                              csv(step.drainStarted?.seconds), csv(step.drainEnded?.seconds), String(step.drainTimedOut), String(step.resetAtRestart),
                              csv(step.restarted.seconds), csv(step.healthy?.seconds), csv(step.backInRotation?.seconds)])
            }
        }
        return table.rendered()
    }

    private func csv(_ value: Double?) -> String {
        value.map { NumberFormat.fixed($0, decimals: 6) } ?? ""
    }
}
