import Reports
import Simulator

extension DeploymentFigures {
    /// `completed`, or `rolled back (reason)`, or `unfinished`.
    public var outcomeText: String {
        switch outcome {
        case .completed: return "completed"
        case .rolledBack(let reason): return "halted and rolled back (\(reason))"
        case .unfinished: return "unfinished when the run ended"
        }
    }

    /// The plan in one line, from its values.
    public var planText: String {
        let strategy = plan.strategy == .rolling ? "rolling, one server at a time" : "all servers at once"
        var parts = ["version \(plan.version) at \(DurationFormat.seconds(plan.at.seconds, grouping: true))", strategy,
                     plan.drain ? "drained first (timeout \(DurationFormat.seconds(plan.drainTimeout.seconds, grouping: true)))" : "no drain",
                     "boot \(DurationFormat.seconds(plan.bootTime.seconds, grouping: true))", "health deadline \(DurationFormat.seconds(plan.healthDeadline.seconds, grouping: true))",
                     "pause \(DurationFormat.seconds(plan.pause.seconds, grouping: true))"]
        if let limit = plan.maxErrorRatio { parts.append("halts above \(NumberFormat.writtenPercent(limit)) failed answers") }
        if plan.releaseErrorRate > 0 { parts.append("the release fails \(NumberFormat.writtenPercent(plan.releaseErrorRate)) of requests") }
        return parts.joined(separator: "; ")
    }

    /// Every step: drain, restart, health and back in rotation, in virtual seconds.
    public func stepsTable() -> String {
        var table = MarkdownTable(columns: [.userText("server"), .text("step"), .text("version"), .numeric("drain start"), .numeric("drained"),
                                            .numeric("left in flight"), .numeric("restart"), .numeric("reset"), .numeric("healthy"), .numeric("back")])
        for step in steps {
            table.append([step.server, step.kind.rawValue, "\(step.fromVersion) → \(step.toVersion)", DurationFormat.seconds(step.drainStarted?.seconds, grouping: true),
                          DurationFormat.seconds(step.drainEnded?.seconds, grouping: true) + (step.drainTimedOut ? " (timeout)" : ""),
                          step.drainStarted == nil ? "—" : NumberFormat.integer(step.drainTimedOut ? step.resetAtRestart : 0),
                          DurationFormat.seconds(step.restarted.seconds, grouping: true), NumberFormat.integer(step.resetAtRestart),
                          DurationFormat.seconds(step.healthy?.seconds, grouping: true), DurationFormat.seconds(step.backInRotation?.seconds, grouping: true)])
        }
        return table.rendered()
    }

    /// The error checks, one per wave.
    public func checksTable() -> String {
        var table = MarkdownTable(columns: [.userText("servers"), .numeric("from"), .numeric("to"), .numeric("answers (all servers)"), .numeric("failed"),
                                            .numeric("failed share"), .numeric("answered by these servers"), .text("check")])
        for check in checks {
            table.append([check.servers.joined(separator: ", "), DurationFormat.seconds(check.from.seconds, grouping: true), DurationFormat.seconds(check.to.seconds, grouping: true),
                          NumberFormat.integer(check.answered), NumberFormat.integer(check.failed),
                          check.answered == 0 ? "—" : NumberFormat.percent(check.errorRatio, decimals: 2),
                          NumberFormat.integer(check.answeredByWave), check.verdictText])
        }
        return table.rendered()
    }

    /// The run report's section, of a run that lasted `runSeconds`: the phases' latencies no
    /// longer than the run, as the report's own latency table (``TrafficResult/latencyText(_:)``).
    func markdown(runSeconds: Double) -> String {
        var out = "## Deployment\n\n"
        out += "- plan: \(planText)\n- outcome: \(MarkdownTable.literal(outcomeText))\n"
        out += "- from \(DurationFormat.seconds(started, grouping: true)) to \(DurationFormat.seconds(ended, grouping: true)) (\(DurationFormat.seconds(duration, grouping: true)))\n"
        out += "- versions at the end: " + finalVersions.map { "\(MarkdownTable.literal($0.server)) \($0.version)" }.joined(separator: ", ") + "\n\n"
        out += stepsTable() + "\n"
        if !checks.isEmpty { out += checksTable() + "\n" }
        // The phases count the successful requests alone (their latency is what is measured): a
        // phase without any has no latency, "—" rather than 0 ms.
        var latency = MarkdownTable(columns: [.text("phase"), .numeric("succeeded"), .numeric("p50"), .numeric("p95"), .numeric("p99"), .numeric("max")])
        // Each latency column in one unit (``LatencyColumn``).
        let figures = LatencyColumn.rows(phases.map { phase in
            phase.requests == 0 ? [nil, nil, nil, nil] : [phase.p50, phase.p95, phase.p99, phase.max].map { Swift.min($0, runSeconds) }
        })
        for (phase, cells) in zip(phases, figures) {
            latency.append([phase.phase, NumberFormat.integer(phase.requests)] + cells)
        }
        return out + latency.rendered() + "\n"
    }
}

extension DeploymentRecord.Check {
    /// The checks table's verdict: `passed`, `**halted**`, or — when no answer came in the wave's
    /// pause, so there was nothing to judge — `inconclusive (no answers in the pause)`: the
    /// deployment went on, but the check saw no traffic.
    public var verdictText: String {
        guard passed else { return "**halted**" }
        return answered == 0 ? "inconclusive (no answers in the pause)" : "passed"
    }
}
