import Reports
import Simulator

extension DeployComparison.Variant {
    /// Successful answers per second before the deployment started.
    var throughputBefore: Double {
        let end = min(Int(deployment?.started ?? 0), result.completionsPerSecond.count)
        guard end > 0 else { return 0 }
        return Double(result.completionsPerSecond[0..<end].reduce(0, +)) / Double(end)
    }

    /// The latency during the deployment, or nil when it has none to show: no request succeeded
    /// during it (its percentiles would read 0 s), or it started once the clients had stopped
    /// (its figures would come from the requests still in flight). The deploy and claims tables
    /// both write it, "—" when nil: the claims' table read "0.0 ms" for an outage.
    var measuredDuring: DeploymentFigures.PhaseLatency? {
        deploymentInRun ? deployment?.measured("during") : nil
    }

    /// ``throughputBefore``, or nil when the deployment started before a whole second had passed.
    var measuredThroughputBefore: Double? {
        min(Int(deployment?.started ?? 0), result.completionsPerSecond.count) > 0 ? throughputBefore : nil
    }
}

extension DeploymentFigures {
    /// The latency of phase `name`, or nil when no request succeeded in it (a deployment at 0 s
    /// has no "before"): its percentiles would read 0 s.
    func measured(_ name: String) -> PhaseLatency? {
        phase(name).flatMap { $0.requests > 0 ? $0 : nil }
    }
}

extension DeployComparison {
    func markdown() -> String {
        var out = "# Deploying a new version behind seed 003's balancer\n\n"
        out += "- replay: \(ExperimentReport.replay(name: DeployExperiment.name, reading: [base.file]))\n"
        out += "- seed: \(base.seed); every run's digest and the command that replays it alone are in `variants.csv`\n\n"
        out += base.fileLine + "\n\n"
        if let plan = variants.first?.deployment?.planText { out += "The file's plan: \(plan). Each variant changes only what its line says.\n\n" }
        out += summaryTable()
        out += "## What it shows\n\n"
        out += explanations().joined(separator: "\n\n") + "\n\n"
        out += "![successful answers per second](throughput.svg)\n\n![mean latency per second](latency.svg)\n\n![each server's steps](timeline.svg)\n\n"
        out += "## Step by step\n\n"
        out += "Instants in virtual seconds from the start of the run. *reset*: requests in flight to the server when its process was restarted (their callers are refused and the balancer may retry them). The error check reads the balancer's answers during each pause.\n\n"
        for variant in variants {
            guard let figures = variant.deployment else { continue }
            out += "### \(MarkdownTable.literal(variant.name))\n\n\(MarkdownTable.literal(variant.summary)); \(MarkdownTable.literal(figures.outcomeText)); versions at the end: "
            out += figures.finalVersions.map { "\(MarkdownTable.literal($0.server)) \($0.version)" }.joined(separator: ", ") + ".\n\n"
            out += figures.stepsTable() + "\n"
            if !figures.checks.isEmpty { out += figures.checksTable() + "\n" }
        }
        return out
    }

    private func summaryTable() -> String {
        var table = MarkdownTable(columns: [.text("variant"), .text("outcome"), .numeric("took"), .numeric("failed"), .numeric("retried"),
                                            .numeric("reset"), .numeric("s without answer"), .numeric("answers/s before"), .numeric("answers/s during"),
                                            .numeric("p50 before"), .numeric("p50 during"), .numeric("p99 before"), .numeric("p99 during")])
        // A deployment that starts once the clients have stopped has no "during" to measure:
        // its figures would come from the requests still in flight. Each latency column in one
        // unit (``LatencyColumn``).
        let phases = variants.map { variant in
            (before: variant.deployment?.measured("before"), during: variant.measuredDuring)
        }
        let latencies = LatencyColumn.rows(phases.map { [$0.before?.p50, $0.during?.p50, $0.before?.p99, $0.during?.p99] })
        for (variant, cells) in zip(variants, latencies) {
            let figures = variant.deployment
            let inRun = variant.deploymentInRun
            table.append([variant.name, figures.map { if case .rolledBack = $0.outcome { "rolled back" } else { $0.outcomeText } } ?? "—",
                          DurationFormat.seconds(figures?.duration), NumberFormat.integer(variant.failed), NumberFormat.integer(variant.retried),
                          NumberFormat.integer(variant.reset), inRun ? NumberFormat.integer(variant.secondsWithoutAnswer) : "—",
                          variant.measuredThroughputBefore.map { NumberFormat.fixed($0, decimals: 1, grouping: true) } ?? "—",
                          inRun ? NumberFormat.fixed(variant.throughputDuring, decimals: 1, grouping: true) : "—"] + cells)
        }
        return table.rendered() + "\n*failed*: requests the clients got no successful answer to; *retried*: retries, the forwards the balancer sent after a failed try (a request may be retried more than once, so this counts tries, not requests); *s without answer*: whole seconds from the deployment's start to the end of the run in which no request succeeded (a restart can keep servers out of rotation after the deployment has ended).\n\n"
    }

    /// One paragraph per variant, every figure read from the runs (the sentences themselves are
    /// in `DeployComparison+Prose.swift`).
    func explanations() -> [String] {
        if let paragraph = noTimeToActParagraph() { return [paragraph] }
        var paragraphs: [String] = []
        if let graceful = variant("graceful rolling"), let figures = graceful.deployment {
            paragraphs.append(gracefulParagraph(graceful, figures: figures))
        }
        if let noDrain = variant("rolling without drain"), let figures = noDrain.deployment {
            paragraphs.append(noDrainParagraph(noDrain, figures: figures))
        }
        if let all = variant("all at once"), let figures = all.deployment {
            let others = variants.filter { $0.name != all.name }.compactMap { variant in variant.deployment?.duration.map { (variant.name, $0) } }
            paragraphs.append(Self.allAtOnceParagraph(all, figures: figures, users: base.users,
                                                      failTimeout: base.balancer?.configuration.passiveHealth?.failTimeout, others: others)
                              + Self.pastEndSentence(all))
        }
        if let bad = variant("bad release"), let figures = bad.deployment {
            paragraphs.append(badReleaseParagraph(bad, figures: figures))
        }
        return paragraphs
    }

    /// " It halted: …" for a deployment rolled back, naming what halted it (``haltCause(_:)``);
    /// "" otherwise.
    static func haltSentence(_ figures: DeploymentFigures) -> String {
        guard let cause = haltCause(figures) else { return "" }
        return " It halted — \(cause) — and every server deployed so far was rolled back to its old version."
    }
}
