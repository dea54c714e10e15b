import Reports
import Simulator

extension DeployComparison.Variant {
    /// Successful answers per second before the deployment started.
    var throughputBefore: Double {
        let end = min(Int(deployment?.started ?? 0), result.completionsPerSecond.count)
        guard end > 0 else { return 0 }
        return Double(result.completionsPerSecond[0..<end].reduce(0, +)) / Double(end)
    }
}

extension DeployComparison {
    func markdown() -> String {
        var out = "# Deploying a new version behind seed 003's balancer\n\n"
        out += "- replay: `orrery experiment deploy` (reads `scenarios/\(DeployExperiment.files[0])`)\n"
        out += "- seed: \(base.seed); every run's digest is in `variants.csv`\n\n"
        out += "Scenario `\(base.file)`: \(base.summary).\n\n"
        if let plan = variants.first?.deployment?.planText { out += "The file's plan: \(plan). Each variant changes only what its line says.\n\n" }
        out += summaryTable()
        out += "## What it shows\n\n"
        out += explanations().joined(separator: "\n\n") + "\n\n"
        out += "![successful answers per second](throughput.svg)\n\n![mean latency per second](latency.svg)\n\n![each server's steps](timeline.svg)\n\n"
        out += "## Step by step\n\n"
        out += "Instants in virtual seconds from the start of the run. *reset*: requests in flight to the server when its process was restarted (their callers are refused and the balancer may retry them). The error check reads the balancer's answers during each pause.\n\n"
        for variant in variants {
            guard let figures = variant.deployment else { continue }
            out += "### \(variant.name)\n\n\(variant.summary); \(figures.outcomeText); versions at the end: "
            out += figures.finalVersions.map { "\($0.server) \($0.version)" }.joined(separator: ", ") + ".\n\n"
            out += figures.stepsTable() + "\n"
            if !figures.checks.isEmpty { out += figures.checksTable() + "\n" }
        }
        return out
    }

    private func summaryTable() -> String {
        var table = MarkdownTable(columns: [.text("variant"), .text("outcome"), .numeric("took"), .numeric("failed"), .numeric("retried"),
                                            .numeric("reset"), .numeric("s without answer"), .numeric("answers/s before"), .numeric("answers/s during"),
                                            .numeric("p50 before"), .numeric("p50 during"), .numeric("p99 before"), .numeric("p99 during")])
        for variant in variants {
            let figures = variant.deployment
            let before = figures?.phase("before"), during = figures?.phase("during")
            table.append([variant.name, figures.map { if case .rolledBack = $0.outcome { "rolled back" } else { $0.outcomeText } } ?? "—",
                          DurationFormat.seconds(figures?.duration), NumberFormat.integer(variant.failed), NumberFormat.integer(variant.retried),
                          NumberFormat.integer(variant.reset), NumberFormat.integer(variant.secondsWithoutAnswer),
                          NumberFormat.fixed(variant.throughputBefore, decimals: 1, grouping: true), NumberFormat.fixed(variant.throughputDuring, decimals: 1, grouping: true),
                          before.map { DurationFormat.milliseconds($0.p50) } ?? "—", during.map { DurationFormat.milliseconds($0.p50) } ?? "—",
                          before.map { DurationFormat.milliseconds($0.p99) } ?? "—", during.map { DurationFormat.milliseconds($0.p99) } ?? "—"])
        }
        return table.rendered() + "\n*failed*: requests the clients got no successful answer to; *retried*: requests the balancer sent to another server after a failed forward; *s without answer*: whole seconds of the deployment in which no request succeeded.\n\n"
    }

    /// One paragraph per variant, every figure read from the runs.
    func explanations() -> [String] {
        let check = base.balancer?.configuration.healthCheck
        let interval = check.map { DurationFormat.seconds($0.interval.seconds) } ?? "—"
        let rise = check?.rise ?? 0
        let users = base.users
        var paragraphs: [String] = []
        if let graceful = variant("graceful rolling"), let figures = graceful.deployment {
            let drains = figures.steps.compactMap { step in step.drainEnded.flatMap { end in step.drainStarted.map { end.seconds - $0.seconds } } }
            let timedOut = figures.steps.filter(\.drainTimedOut).count
            let waits = figures.steps.compactMap { step in step.healthy.map { $0.seconds - step.restarted.seconds - figures.plan.bootTime.seconds } }
            let meanWait = waits.isEmpty ? 0 : waits.reduce(0, +) / Double(waits.count)
            paragraphs.append("**Graceful rolling.** Each server was taken out of rotation and drained — its last request finished at most \(DurationFormat.milliseconds(drains.max() ?? 0)) later" + (timedOut > 0 ? ", \(timedOut) drain(s) hit the timeout" : ", no drain hit the timeout") + " — restarted with nothing in flight (\(NumberFormat.integer(graceful.reset)) reset), and put back once the health check had passed it \(rise == 1 ? "once" : "\(rise) times in a row"). \(NumberFormat.integer(graceful.failed)) requests failed and \(NumberFormat.integer(graceful.retried)) were retried. While a server was out the other \(base.servers.count - 1) carried the \(users) connections: p99 went from \(figures.phase("before").map { DurationFormat.milliseconds($0.p99) } ?? "—") before the deployment to \(figures.phase("during").map { DurationFormat.milliseconds($0.p99) } ?? "—") during it, and answers per second from \(NumberFormat.fixed(graceful.throughputBefore, decimals: 1)) to \(NumberFormat.fixed(graceful.throughputDuring, decimals: 1)). The deployment took \(DurationFormat.seconds(figures.duration)): after its \(DurationFormat.seconds(figures.plan.bootTime.seconds)) boot each server waited \(DurationFormat.seconds(meanWait)) on average for the next health check (every \(interval)) — with checks this far apart the check interval, not the boot, sets the pace.")
        }
        if let noDrain = variant("rolling without drain"), let figures = noDrain.deployment {
            let graceful = variant("graceful rolling")?.deployment?.phase("during")
            let tries = (base.balancer?.configuration.retries ?? 0) + 1
            let refusedWhileBooting = max(0, noDrain.failedForwards - noDrain.reset)
            let maxFails = base.balancer?.configuration.passiveHealth?.maxFails ?? 0
            paragraphs.append("**Rolling without drain.** \(NumberFormat.integer(noDrain.reset)) requests were in flight when the servers' processes were killed; their connections were reset. \(refusedWhileBooting > 0 ? "The balancer went on sending a booting server requests until it noticed: \(NumberFormat.integer(refusedWhileBooting)) more forwards were refused." : "Passive health counted the resets as failed forwards (max_fails \(maxFails)) and took each server out at once, so no forward reached a booting server.") With \(tries) tries on connection errors the balancer retried \(NumberFormat.integer(noDrain.retried)) requests on another server, so " + (noDrain.failed == 0 ? "no request failed: the retries hid the restarts from the clients" : "\(NumberFormat.integer(noDrain.failed)) requests still failed") + ". Each retried request paid for its failed forward: p99 during the deployment was \(figures.phase("during").map { DurationFormat.milliseconds($0.p99) } ?? "—") against \(graceful.map { DurationFormat.milliseconds($0.p99) } ?? "—") with drain; it took \(DurationFormat.seconds(figures.duration))." + Self.haltSentence(figures.outcome))
        }
        if let all = variant("all at once"), let figures = all.deployment {
            paragraphs.append(Self.allAtOnceParagraph(all, figures: figures, users: users,
                                                      failTimeout: base.balancer?.configuration.passiveHealth?.failTimeout))
        }
        if let bad = variant("bad release"), let figures = bad.deployment {
            let first = figures.steps.first
            let tripped = figures.checks.first { !$0.passed }
            var text = "**Bad release.** Version \(figures.plan.version) answers \(NumberFormat.percent(figures.plan.releaseErrorRate, decimals: 0)) of requests with 500 but its health endpoint answers 200, so the health check passed \(first?.server ?? "the first server") at \(DurationFormat.seconds(first?.healthy?.seconds)) and it went back in rotation. "
            if let tripped, let limit = figures.plan.maxErrorRatio {
                let rolledBack = figures.steps.filter { $0.kind == .rollback }.map(\.server)
                text += "During the \(DurationFormat.seconds(figures.plan.pause.seconds)) pause the error check saw \(NumberFormat.integer(tripped.failed)) failed answers of \(NumberFormat.integer(tripped.answered)) (\(NumberFormat.percent(tripped.errorRatio, decimals: 1))), above the limit of \(NumberFormat.percent(limit, decimals: 1)): the deployment halted and restarted \(rolledBack.joined(separator: ", ")) into its old version. "
            } else {
                text += "The error check never tripped (\(figures.plan.maxErrorRatio.map { "limit \(NumberFormat.percent($0, decimals: 1))" } ?? "no limit set")). "
            }
            text += "At the end: " + figures.finalVersions.map { "\($0.server) on version \($0.version)" }.joined(separator: ", ") + (figures.everyServerOnOldVersion ? " — every server back on the version it started with" : "") + ". \(NumberFormat.integer(bad.failed)) requests failed: the 500s the bad version gave while it served, which the balancer does not retry (its retries cover connection errors and timeouts only)."
            paragraphs.append(text)
        }
        return paragraphs
    }

    /// The all-at-once variant: the outage of restarting every server together, and, when the
    /// error check halted it, why — passive health holding the servers out after the health check
    /// had passed them — and the second outage of the rollback.
    static func allAtOnceParagraph(_ all: Variant, figures: DeploymentFigures, users: Int, failTimeout: Duration?) -> String {
        let completed = all.result.completed
        let failedShare = NumberFormat.percent(completed == 0 ? 0 : Double(all.failed) / Double(completed), decimals: 1)
        let tripped = figures.checks.first { !$0.passed }
        guard case .rolledBack = figures.outcome, let tripped, let limit = figures.plan.maxErrorRatio else {
            return "**All at once.** Every server restarted at \(DurationFormat.seconds(figures.started)): for \(NumberFormat.integer(all.secondsWithoutAnswer)) s no request succeeded — the boot, then the wait for the health check to pass the servers — and \(NumberFormat.integer(all.failed)) requests failed (\(failedShare) of all completed in the run). The \(users) users send their next request as soon as an answer comes back, and a refused or unanswerable request comes back within milliseconds, so the count of failures measures how fast they asked; the seconds without an answer measure the outage. The deployment itself was the quickest, \(DurationFormat.seconds(figures.duration))."
        }
        let passed = figures.steps.filter { $0.kind != .rollback }.compactMap(\.healthy).max()
        var text = "**All at once.** Every server restarted at \(DurationFormat.seconds(figures.started))"
        if let passed { text += ", and the health check had passed them all by \(DurationFormat.seconds(passed.seconds))" }
        text += ". "
        let events = all.result.balancer?.events ?? []
        if let passed, let failTimeout, let probe = events.first(where: { $0.isProbe && $0.at >= passed.seconds }) {
            text += "But passive health had marked them down for the forwards their restart failed, and nginx keeps such a server out until `fail_timeout` (\(DurationFormat.seconds(failTimeout.seconds))) has passed counted in whole seconds: the first was probed only at \(DurationFormat.seconds(probe.at)). Until then the balancer had no server to try and answered at once (\(NumberFormat.integer(all.result.balancer?.badGateways ?? 0)) requests answered 502 in the run), so "
        } else {
            text += "Then "
        }
        text += "the error check saw \(NumberFormat.integer(tripped.failed)) failed answers of \(NumberFormat.integer(tripped.answered)) (\(NumberFormat.percent(tripped.errorRatio, decimals: 1))), above the limit of \(NumberFormat.percent(limit, decimals: 1)): the deployment halted and every server was restarted into its old version — a second outage. In all, for \(NumberFormat.integer(all.secondsWithoutAnswer)) s no request succeeded and \(NumberFormat.integer(all.failed)) requests failed (\(failedShare) of all completed in the run). The \(users) users send their next request as soon as an answer comes back, and a refused or unanswerable request comes back within milliseconds, so the count of failures measures how fast they asked; the seconds without an answer measure the outage."
        return text
    }

    /// " It was halted …" for a deployment rolled back, naming the check's reason; "" otherwise.
    static func haltSentence(_ outcome: DeploymentRecord.Outcome) -> String {
        guard case .rolledBack(let reason) = outcome else { return "" }
        return " The error check halted it (\(reason)) and every server deployed so far was rolled back to its old version."
    }
}
