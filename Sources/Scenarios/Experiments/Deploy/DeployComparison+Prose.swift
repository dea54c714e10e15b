import Reports
import Simulator

/// The deploy report's paragraphs: each claim (what sets the pace, which server's check tripped,
/// what the failed requests were, whether the retries showed in the tail, which variant was
/// quickest) is decided from the runs' figures and the file's settings.
extension DeployComparison {
    /// The file's retry conditions (nginx's default without `retries:`).
    var retryOn: RetryConditions { base.balancer?.configuration.retryOn ?? .nginxDefault }
    /// Tries a request gets: the first and the retries.
    var tries: Int { (base.balancer?.configuration.retries ?? 0) + 1 }

    /// "9 retries (forwards after a failed try)": the balancer counts tries, not requests — a
    /// request may be retried more than once, so the count is never called requests.
    static func retries(_ count: Int) -> String {
        NumberFormat.counted(count, "retry", plural: "retries") + " (forwards after a failed try)"
    }

    /// "The 10 users send their" / "The 1 user sends its".
    static func usersSend(_ users: Int) -> String {
        "The \(NumberFormat.counted(users, "user")) send\(users == 1 ? "s its" : " their")"
    }

    /// The servers left in rotation while one is out: "the other server" for one ("the other 1"
    /// read as a number without its noun), "the other 2", or with `noun` "the other 2 servers".
    static func otherServers(_ count: Int, noun: Bool = false) -> String {
        count == 1 ? "the other server" : "the other \(noun ? NumberFormat.counted(count, "server") : NumberFormat.integer(count))"
    }

    /// p99 and answers per second before and during the deployment, or what holds when nothing
    /// was answered before it.
    static func beforeAndDuring(_ variant: Variant, figures: DeploymentFigures) -> String {
        let during = figures.measured("during").map { DurationFormat.milliseconds($0.p99) }
        guard let before = figures.measured("before"), let rate = variant.measuredThroughputBefore else {
            guard let during else { return "no request had been answered before the deployment started at \(DurationFormat.seconds(figures.started)), nor during it" }
            return "no request had been answered before the deployment started at \(DurationFormat.seconds(figures.started)); during it p99 was \(during) and answers per second \(NumberFormat.fixed(variant.throughputDuring, decimals: 1))"
        }
        guard let during else {
            return "p99 was \(DurationFormat.milliseconds(before.p99)) before the deployment, and answers per second fell from \(NumberFormat.fixed(rate, decimals: 1)) to \(NumberFormat.fixed(variant.throughputDuring, decimals: 1))"
        }
        return "p99 went from \(DurationFormat.milliseconds(before.p99)) before the deployment to \(during) during it, and answers per second from \(NumberFormat.fixed(rate, decimals: 1)) to \(NumberFormat.fixed(variant.throughputDuring, decimals: 1))"
    }

    /// " The rollback ran past the end of the run …" when the deployment ended after the clients
    /// stopped (the run's `duration`), or was still unfinished; "" otherwise.
    static func pastEndSentence(_ variant: Variant) -> String {
        guard let figures = variant.deployment, let limit = variant.scenario.limits.duration?.seconds else { return "" }
        let what: String
        if case .rolledBack = figures.outcome { what = "The rollback" } else { what = "The deployment" }
        if let ended = figures.ended {
            guard ended > limit else { return "" }
            return " \(what) ran past the end of the run: it ended at \(DurationFormat.seconds(ended)), and the clients stopped sending at \(DurationFormat.seconds(limit)), so the clients saw none of its last \(DurationFormat.seconds(ended - limit))."
        }
        return figures.started == nil ? "" : " The deployment had not ended when the run stopped at \(DurationFormat.seconds(limit))."
    }

    /// The graceful rolling deployment: drains, failures, the capacity left while a server was
    /// out, and what set the pace — the boot, the wait for the health check or the pause, whichever
    /// took longest.
    func gracefulParagraph(_ graceful: Variant, figures: DeploymentFigures) -> String {
        let check = base.balancer?.configuration.healthCheck
        let interval = check.map { DurationFormat.seconds($0.interval.seconds) } ?? "—"
        let rise = check?.rise ?? 0
        let drains = figures.steps.compactMap { step in step.drainEnded.flatMap { end in step.drainStarted.map { end.seconds - $0.seconds } } }
        let timedOut = figures.steps.filter(\.drainTimedOut).count
        let boot = figures.plan.bootTime.seconds, pause = figures.plan.pause.seconds
        let waits = figures.steps.compactMap { step in step.healthy.map { $0.seconds - step.restarted.seconds - boot } }
        let meanWait = waits.isEmpty ? 0 : waits.reduce(0, +) / Double(waits.count)
        var text = "**Graceful rolling.** Each server was taken out of rotation and drained — its last request finished at most \(DurationFormat.milliseconds(drains.max() ?? 0)) later" + (timedOut > 0 ? ", \(timedOut) drain(s) hit the timeout" : ", no drain hit the timeout") + " — restarted with nothing in flight (\(NumberFormat.integer(graceful.reset)) reset), "
        let neverHealthy = figures.steps.filter { $0.kind == .deploy && $0.healthy == nil }.map(\.server)
        text += neverHealthy.isEmpty
            ? "and put back once the health check had passed it \(rise == 1 ? "once" : "\(rise) times in a row"). "
            : "but the health check did not pass \(neverHealthy.map { MarkdownTable.literal($0) }.joined(separator: ", ")) within the health deadline (\(DurationFormat.seconds(figures.plan.healthDeadline.seconds))), so \(neverHealthy.count == 1 ? "it" : "they") never went back in rotation. "
        text += "\(NumberFormat.integer(graceful.failed)) requests failed" + (graceful.failed > 0 ? " (\(graceful.result.failureParts.joined(separator: ", ")))" : "")
            + (graceful.retried == 0 ? " and 0 were retried. " : " and the balancer made \(Self.retries(graceful.retried)). ")
        let connections = NumberFormat.counted(base.users, "connection")
        let carried = figures.measured("during") != nil
        let others = Self.otherServers(base.servers.count - 1)
        text += base.servers.count > 1
            ? (carried ? "While a server was out \(others) carried the \(connections): "
                : "No request succeeded during the deployment, not even on \(Self.otherServers(base.servers.count - 1, noun: true)): ")
            : "While its only server was out, no server was left to carry the \(connections) (for \(NumberFormat.integer(graceful.secondsWithoutAnswer)) s no request succeeded): "
        text += Self.beforeAndDuring(graceful, figures: figures) + ". "
        let waitText = rise <= 1 ? "for the next health check (every \(interval))" : "for the health check to pass it \(rise) times in a row (checks every \(interval))"
        if waits.isEmpty {
            text += "The deployment took \(DurationFormat.seconds(figures.duration))."
        } else {
            text += "The deployment took \(DurationFormat.seconds(figures.duration)): after its \(DurationFormat.seconds(boot)) boot each server waited \(DurationFormat.seconds(meanWait)) on average \(waitText)"
        }
        if waits.isEmpty {
        } else if meanWait > boot && meanWait >= pause {
            text += " — with checks this far apart the check interval, not the boot, sets the pace."
        } else if boot >= meanWait && boot >= pause {
            text += " — the boot, not the wait for the health check, sets the pace."
        } else {
            text += "; the \(DurationFormat.seconds(pause)) pause after each server, longer than both, sets the pace."
        }
        return text + Self.haltSentence(figures) + Self.pastEndSentence(graceful)
    }

    /// The rolling deployment without drain: resets, refused forwards, what the retries hid, and
    /// whether they showed in the tail against the drained deployment.
    func noDrainParagraph(_ noDrain: Variant, figures: DeploymentFigures) -> String {
        let gracefulDuring = variant("graceful rolling")?.deployment?.measured("during")
        let refusedWhileBooting = max(0, noDrain.failedForwards - noDrain.reset)
        let maxFails = base.balancer?.configuration.passiveHealth?.maxFails ?? 0
        var text = "**Rolling without drain.** " + (noDrain.reset == 0 ? "No request was in flight when the servers' processes were killed. " : "\(NumberFormat.counted(noDrain.reset, "request")) \(noDrain.reset == 1 ? "was" : "were") in flight when the servers' processes were killed; their connections were reset. ")
        // Passive health took the servers out on their resets only when there were resets: with
        // none (a health check that never passes kept every forward away), no forward reached a
        // booting server, and that is all the figures say.
        if refusedWhileBooting > 0 {
            text += "The balancer went on sending a booting server requests until it noticed: \(NumberFormat.integer(refusedWhileBooting)) more \(refusedWhileBooting == 1 ? "forward was" : "forwards were") refused. "
        } else if noDrain.reset > 0 {
            text += "Passive health counted the resets as failed forwards (max_fails \(maxFails)) and took each server out at once, so no forward reached a booting server. "
        } else {
            text += "No forward reached a booting server. "
        }
        let failures = noDrain.failed == 0 ? "no request failed" : "\(NumberFormat.integer(noDrain.failed)) requests still failed"
        if tries > 1 && retryOn.contains(.error) && noDrain.retried == 0 && noDrain.failed > 0 && noDrain.failedForwards == 0 {
            // Nothing to retry: "made 0 retries … on another server, so 14,964 requests still
            // failed" read as if the retries had been tried and lost.
            text += "No forward failed, so the balancer's \(tries) tries on connection errors retried none, yet \(NumberFormat.integer(noDrain.failed)) requests failed (\(noDrain.result.failureParts.joined(separator: ", ")))."
        } else if tries > 1 && retryOn.contains(.error) {
            text += "With \(tries) tries on connection errors the balancer made \(Self.retries(noDrain.retried)) \(base.servers.count > 1 ? "on another server" : "on its only server"), so " + (noDrain.failed == 0 ? "no request failed: the retries hid the restarts from the clients" : failures) + "."
        } else if tries > 1 {
            text += "The balancer's retries cover \(retryOn.prose), not connection errors; it made \(Self.retries(noDrain.retried)), and " + (noDrain.failed == 0 ? "no request failed" : "\(NumberFormat.integer(noDrain.failed)) requests failed") + "."
        } else {
            text += "The balancer does not retry (one try a request), so " + (noDrain.failed == 0 ? "no request failed" : "\(NumberFormat.integer(noDrain.failed)) requests failed") + "."
        }
        text += Self.noDrainTail(figures.measured("during"), drained: gracefulDuring, retried: noDrain.retried)
        text += "; it took \(DurationFormat.seconds(figures.duration))." + Self.passiveHoldSentence(noDrain, figures: figures)
        text += Self.haltSentence(figures) + Self.pastEndSentence(noDrain)
        return text
    }

    /// " Passive health held `a` out after the health check had passed it …" when a server the
    /// health check had passed was still held out by passive health — marked down for its resets,
    /// and first probed only after `fail_timeout` from its last failure — or "" when none was. The
    /// all-at-once paragraph names passive health for this (``outageCause(_:bootTime:boot:)``);
    /// the rolling one without drain, whose resets are what passive health counts, said nothing.
    static func passiveHoldSentence(_ variant: Variant, figures: DeploymentFigures) -> String {
        guard let failTimeout = variant.scenario.balancer?.configuration.passiveHealth?.failTimeout else { return "" }
        let events = variant.result.balancer?.events ?? []
        let passive = BalancerEvent.Kind.markedDown(.passive).description
        let held: [(server: String, passed: Double, probe: Double?)] = figures.steps.filter { $0.kind == .deploy }.compactMap { step in
            guard let healthy = step.healthy?.seconds else { return nil }
            let restarted = step.restarted.seconds
            guard events.contains(where: { $0.subject == step.server && $0.description == passive && $0.at >= restarted && $0.at <= healthy }) else { return nil }
            let probe = events.first { $0.subject == step.server && $0.isProbe && $0.at >= restarted }
            // Let back (probed) before the check passed it: passive health held nothing up.
            if let probe, probe.at <= healthy { return nil }
            return (step.server, healthy, probe?.at)
        }
        guard !held.isEmpty else { return "" }
        let names = held.map { MarkdownTable.literal($0.server) }
        let each = held.map { server in
            "\(MarkdownTable.literal(server.server)) passed at \(DurationFormat.seconds(server.passed))"
                + (server.probe.map { ", first probed at \(DurationFormat.seconds($0))" } ?? ", not probed before the run ended")
        }
        return " Passive health held \(ClaimCheck.list(names)) out after the health check had passed \(held.count == 1 ? "it" : "them"): "
            + "nginx keeps a server it marked down out until `fail_timeout` (\(DurationFormat.seconds(failTimeout.seconds))) has passed since its last failure (\(each.joined(separator: "; ")))."
    }

    /// The p99 during the deployment without drain against the drained one's, and whether the
    /// retries showed in it; a deployment with no successful answer has no p99: "p99 was —,
    /// against — with drain" became that no request succeeded, so there was nothing to measure.
    static func noDrainTail(_ during: DeploymentFigures.PhaseLatency?, drained: DeploymentFigures.PhaseLatency?, retried: Int) -> String {
        guard let during else {
            return " No request succeeded during the deployment, so there are no answers to measure p99 on"
                + (drained.map { " (\(DurationFormat.milliseconds($0.p99)) with drain)" } ?? ", with drain or without")
        }
        let p99 = DurationFormat.milliseconds(during.p99)
        guard let drained else {
            return " During the deployment p99 was \(p99); with drain no request succeeded during it"
        }
        let against = DurationFormat.milliseconds(drained.p99)
        guard retried > 0 else { return " During the deployment p99 was \(p99), against \(against) with drain" }
        return during.p99 > drained.p99
            ? " Each retried request paid for its failed forward: p99 during the deployment was \(p99) against \(against) with drain"
            : " The retries did not show in the tail: p99 during the deployment was \(p99) against \(against) with drain"
    }

    /// The all-at-once variant: the outage of restarting every server together, and, when the
    /// error check halted it, why — passive health holding the servers out after the health check
    /// had passed them — and the second outage of the rollback. `others`: the other variants'
    /// durations, for "the quickest" (said only when it was strictly quicker than every one).
    /// What an all-at-once restart's seconds without an answer were, from the run: the boot alone,
    /// when they were no longer; the boot, the health check and then passive health, when the
    /// check had passed every server and still no answer came until passive health let one back
    /// (``passiveHold(_:)``); otherwise the boot and then the wait for the health check. `boot`
    /// names the boot as the caller's prose does. A deployment that halted says why on its own
    /// (``allAtOnceParagraph(_:figures:users:failTimeout:others:)``), so passive health is named
    /// here only for one that did not: two servers held out by a 30 s `fail_timeout` until 41 s,
    /// 28 s after the check had passed them, read "the boot, then the wait for the health check".
    static func outageCause(_ variant: Variant, bootTime: Duration, boot: String = "the boot") -> String {
        guard Double(variant.secondsWithoutAnswer) > bootTime.seconds.rounded(.up) else { return boot }
        let halted = variant.deployment.map { if case .rolledBack = $0.outcome { true } else { false } } ?? false
        guard !halted, let hold = passiveHold(variant) else { return "\(boot), then the wait for the health check to pass the servers" }
        let failTimeout = variant.scenario.balancer?.configuration.passiveHealth.map { " until `fail_timeout` (\(DurationFormat.seconds($0.failTimeout.seconds))) had passed" } ?? ""
        let until = hold.probe.map { "\(failTimeout) (the first was probed at \(DurationFormat.seconds($0)))" } ?? " to the end of the run"
        return "\(boot), the wait for the health check (it had passed them all by \(DurationFormat.seconds(hold.passed))), then passive health, which kept them out for the forwards their restart failed\(until)"
    }

    /// When the health check had passed every restarted server (`passed`) and passive health
    /// still held them out: no answer came from that second until its first probe after
    /// `fail_timeout` (`probe`; nil when none came before the run ended and it had marked a
    /// server down). Nil when an answer came sooner, or a server was never passed.
    static func passiveHold(_ variant: Variant) -> (passed: Double, probe: Double?)? {
        guard let figures = variant.deployment, let started = figures.started, variant.scenario.balancer?.configuration.passiveHealth != nil else { return nil }
        let steps = figures.steps.filter { $0.kind == .deploy }
        guard !steps.isEmpty, steps.allSatisfy({ $0.healthy != nil }), let passed = steps.compactMap(\.healthy).max()?.seconds else { return nil }
        let answers = variant.result.completionsPerSecond
        let firstAnswer = variant.secondsSinceDeployment.first { $0 < answers.count && answers[$0] > 0 }
        let events = variant.result.balancer?.events ?? []
        if let probe = events.first(where: { $0.isProbe && $0.at >= passed }) {
            // A whole second after the check passed them went unanswered, up to the probe's.
            guard Int(probe.at) > Int(passed), firstAnswer.map({ $0 >= Int(probe.at) }) ?? true else { return nil }
            return (passed, probe.at)
        }
        let passive = BalancerEvent.Kind.markedDown(.passive).description
        guard firstAnswer == nil, events.contains(where: { $0.description == passive && $0.at >= started }) else { return nil }
        return (passed, nil)
    }

    static func allAtOnceParagraph(_ all: Variant, figures: DeploymentFigures, users: Int, failTimeout: Duration?, others: [(name: String, duration: Double)] = []) -> String {
        let completed = all.result.completed
        let failedShare = NumberFormat.boundedPercent(completed == 0 ? 0 : Double(all.failed) / Double(completed), decimals: 1)
        let pace = "\(usersSend(users)) next request as soon as an answer comes back, and a refused or unanswerable request comes back within milliseconds, so the count of failures measures how fast they asked; the seconds without an answer measure the outage."
        guard let cause = haltCause(figures) else {
            var text = "**All at once.** Every server restarted at \(DurationFormat.seconds(figures.started)): for \(NumberFormat.integer(all.secondsWithoutAnswer)) s no request succeeded — \(outageCause(all, bootTime: figures.plan.bootTime)) — and \(NumberFormat.integer(all.failed)) requests failed (\(failedShare) of all completed in the run). " + pace
            if let duration = figures.duration {
                let tied = others.filter { abs($0.duration - duration) < 0.0005 }.map(\.name)
                if !others.isEmpty && others.allSatisfy({ $0.duration - duration >= 0.0005 }) {
                    text += " The deployment itself was the quickest, \(DurationFormat.seconds(duration))."
                } else if !tied.isEmpty && others.allSatisfy({ $0.duration - duration > -0.0005 }) {
                    text += " The deployment itself took \(DurationFormat.seconds(duration)), as long as \(tied.joined(separator: " and "))."
                } else {
                    text += " The deployment itself took \(DurationFormat.seconds(duration))."
                }
            }
            return text
        }
        let deploySteps = figures.steps.filter { $0.kind != .rollback }
        let passed = deploySteps.allSatisfy { $0.healthy != nil } ? deploySteps.compactMap(\.healthy).max() : nil
        var text = "**All at once.** Every server restarted at \(DurationFormat.seconds(figures.started))"
        if let passed { text += ", and the health check had passed them all by \(DurationFormat.seconds(passed.seconds))" }
        text += ". "
        let events = all.result.balancer?.events ?? []
        let unhealthy = haltingCheck(figures).map { Self.unhealthy(figures, in: $0) } ?? []
        if unhealthy.isEmpty, let passed, let failTimeout, let probe = events.first(where: { $0.isProbe && $0.at >= passed.seconds }) {
            text += "But passive health had marked them down for the forwards their restart failed, and nginx keeps such a server out until `fail_timeout` (\(DurationFormat.seconds(failTimeout.seconds))) has passed counted in whole seconds: the first was probed only at \(DurationFormat.seconds(probe.at)). Until then the balancer had no server to try and answered at once (\(NumberFormat.integer(all.result.balancer?.badGateways ?? 0)) requests answered 502 in the run), so "
        } else {
            text += "Then "
        }
        text += "\(cause): the deployment halted and every server was restarted into its old version — a second outage. In all, for \(NumberFormat.integer(all.secondsWithoutAnswer)) s no request succeeded and \(NumberFormat.integer(all.failed)) requests failed (\(failedShare) of all completed in the run). " + pace
        return text
    }

    /// The bad release: which server's check passed and which one's tripped, what the failed
    /// requests were (the release's 500s, the balancer's 502s …) and whether the balancer
    /// retries 500s.
    func badReleaseParagraph(_ bad: Variant, figures: DeploymentFigures) -> String {
        let first = figures.steps.first
        var text = "**Bad release.** Version \(figures.plan.version) answers \(NumberFormat.writtenPercent(figures.plan.releaseErrorRate, minimumDecimals: 0)) of requests with 500 but its health endpoint answers 200, "
        if let first, let healthy = first.healthy {
            text += "so the health check passed \(MarkdownTable.literal(first.server)) at \(DurationFormat.seconds(healthy.seconds)) and it went back in rotation. "
        } else {
            text += "yet the health check did not pass \(first.map { MarkdownTable.literal($0.server) } ?? "the first server") within the health deadline (\(DurationFormat.seconds(figures.plan.healthDeadline.seconds))), so it never went back in rotation. "
        }
        let trippedIndex = figures.checks.firstIndex { !$0.passed }
        let rolledBack = figures.steps.filter { $0.kind == .rollback }.map(\.server)
        let into = "restarted \(rolledBack.map { MarkdownTable.literal($0) }.joined(separator: ", ")) into \(rolledBack.count == 1 ? "its" : "their") old version"
        if let trippedIndex, let cause = Self.haltCause(figures) {
            let tripped = figures.checks[trippedIndex]
            let earlier = figures.checks[..<trippedIndex]
            let byCheck = Self.unhealthy(figures, in: tripped).isEmpty
            // "the error check saw …" reads after "the error check of its pause"; a health
            // deadline is said whole.
            let saw = (byCheck ? String(cause.dropFirst("the error check ".count)) : cause) + ": the deployment halted and \(into). "
            if earlier.isEmpty, let first, tripped.servers.contains(first.server) {
                // The first sentence has said that its health check never passed it.
                text += byCheck ? "During the \(DurationFormat.seconds(figures.plan.pause.seconds)) pause the error check " + saw : "The deployment halted and \(into). "
            } else {
                let failed = earlier.map(\.failed).reduce(0, +), answered = earlier.map(\.answered).reduce(0, +)
                let byWave = earlier.map(\.answeredByWave).reduce(0, +)
                text += "The error check passed \(earlier.flatMap(\.servers).map { MarkdownTable.literal($0) }.joined(separator: ", ")): \(NumberFormat.integer(failed)) failed answers of \(NumberFormat.integer(answered)) in their pauses, \(NumberFormat.integer(byWave)) of them from the servers on the new version"
                if failed == 0 && retryOn.contains(.http500) { text += " — the balancer retries 500s, so another server answered each request the new version failed" }
                text += byCheck
                    ? ". Once \(tripped.servers.map { MarkdownTable.literal($0) }.joined(separator: ", ")) went back at \(DurationFormat.seconds(tripped.from.seconds)), the error check of its \(DurationFormat.seconds(figures.plan.pause.seconds)) pause " + saw
                    : ". Then " + saw
            }
        } else {
            text += Self.neverTrippedSentence(figures)
        }
        text += "At the end: " + figures.finalVersions.map { "\(MarkdownTable.literal($0.server)) on version \($0.version)" }.joined(separator: ", ") + (figures.everyServerOnOldVersion ? " — every server back on the version it started with" : "") + ". "
        text += failureSentence(bad)
        return text + Self.pastEndSentence(bad)
    }

    /// What the bad release's failed requests were: the release's 500s (retried or not, as the
    /// file says), the balancer's 502s when no server could take a request, and the rest.
    func failureSentence(_ bad: Variant) -> String {
        let failed = bad.failed
        guard failed > 0 else { return "No request failed." }
        let fiveHundreds = bad.result.failures(status: 500)
        let retried500 = retryOn.contains(.http500) && tries > 1
        let retryClause = retried500
            ? "still a 500 after the balancer's \(NumberFormat.counted(tries, "try", plural: "tries")) (its retries cover \(retryOn.prose))"
            : tries > 1 ? "which the balancer does not retry (its retries cover \(retryOn.prose) only)" : "which the balancer does not retry (one try a request)"
        if fiveHundreds == failed {
            return "\(NumberFormat.integer(failed)) requests failed: the 500s the bad version gave while it served, \(retryClause)."
        }
        var text = "\(NumberFormat.integer(failed)) requests failed (\(bad.result.failureParts.joined(separator: ", ")))"
        var causes: [String] = []
        if fiveHundreds > 0 { causes.append("the 500s are the bad version's, \(retryClause)") }
        let badGateways = bad.result.failures(status: 502)
        if badGateways > 0 {
            causes.append("the 502s are the balancer's, given when no server could take a request or its last try could not connect" + (bad.secondsWithoutAnswer > 0 ? " — for \(NumberFormat.integer(bad.secondsWithoutAnswer)) s from the deployment's start no request succeeded" : ""))
        }
        text += causes.isEmpty ? "." : ": " + causes.joined(separator: "; ") + "."
        return text
    }
}
