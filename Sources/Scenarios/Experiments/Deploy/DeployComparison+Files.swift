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
        struct Variant: Encodable {
            var name: String; var summary: String; var digest: String
            var completed: Int; var failed: Int; var retried: Int; var failedForwards: Int; var resetAtRestart: Int
            var secondsWithoutAnswer: Int; var throughputDuring: Double
            var deployment: DeploymentFigures.Document?
        }
        var schema = "orrery.deploy/1"
        var scenario: String
        var seed: UInt64
        var variants: [Variant]
    }

    func json() -> String {
        JSONReport.encode(Document(scenario: base.file, seed: base.seed, variants: variants.map { variant in
            Document.Variant(
                name: variant.name, summary: variant.summary, digest: variant.result.digest,
                completed: variant.result.completed, failed: variant.failed, retried: variant.retried, failedForwards: variant.failedForwards,
                resetAtRestart: variant.reset, secondsWithoutAnswer: variant.secondsWithoutAnswer, throughputDuring: variant.throughputDuring,
                deployment: variant.deployment?.document(runSeconds: variant.result.virtualSeconds))
        }))
    }

    /// Each variant's figures, its digest and the command that replays it alone (``RunReplay``).
    func variantsCSV() -> String {
        var table = CSVTable(header: ["variant", "outcome", "duration_s", "completed", "failed", "retried", "failed_forwards", "reset_at_restart",
                                      "seconds_without_answer", "throughput_during", "p50_before_s", "p99_before_s", "p50_during_s", "p95_during_s", "p99_during_s", "digest", "replay"])
        for variant in variants {
            let before = variant.deployment?.measured("before"), during = variant.deployment?.measured("during")
            table.append([variant.name, variant.deployment?.outcomeText ?? "none", csv(variant.deployment?.duration), String(variant.result.completed),
                          String(variant.failed), String(variant.retried), String(variant.failedForwards), String(variant.reset),
                          String(variant.secondsWithoutAnswer), NumberFormat.fixed(variant.throughputDuring, decimals: 3),
                          csv(before?.p50), csv(before?.p99), csv(during?.p50), csv(during?.p95), csv(during?.p99), variant.result.digest,
                          RunReplay.command(file: base.file, world: variant.scenario, seed: variant.result.seed) ?? ""])
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
