import Reports
import Simulator

/// Why a deployment halted, and whether it had any time to act, read from the figures: the
/// paragraphs name the halt's real cause (a server the health check never passed, the error
/// check's ratio, a pause in which the new version answered nothing) in the order the deployment
/// tests them, instead of quoting the error check whatever stopped it.
extension DeployComparison {
    /// The check that halted the deployment, or nil when it was not rolled back.
    static func haltingCheck(_ figures: DeploymentFigures) -> DeploymentRecord.Check? {
        guard case .rolledBack = figures.outcome else { return nil }
        return figures.checks.first { !$0.passed }
    }

    /// The halted wave's servers the health check had not passed by the health deadline.
    static func unhealthy(_ figures: DeploymentFigures, in check: DeploymentRecord.Check) -> [String] {
        figures.steps.filter { $0.kind == .deploy && check.servers.contains($0.server) && $0.healthy == nil }.map(\.server)
    }

    /// "the health check had not passed nexus-alpha within the health deadline (60.000 s)", "the
    /// error check saw 246 failed answers of 1,414 (17.4%), above the limit of 5.0%", or "the
    /// error check saw no answer from nexus-alpha …": what halted the deployment; nil when nothing
    /// did.
    static func haltCause(_ figures: DeploymentFigures) -> String? {
        guard let check = haltingCheck(figures) else { return nil }
        let unhealthy = unhealthy(figures, in: check)
        if !unhealthy.isEmpty {
            return "the health check had not passed \(unhealthy.joined(separator: ", ")) within the health deadline (\(DurationFormat.seconds(figures.plan.healthDeadline.seconds)))"
        }
        if let limit = figures.plan.maxErrorRatio, check.errorRatio > limit {
            let decimals = NumberFormat.writtenPercentDecimals(limit)
            return "the error check saw \(NumberFormat.integer(check.failed)) failed answers of \(NumberFormat.integer(check.answered)) (\(NumberFormat.boundedPercent(check.errorRatio, decimals: decimals))), above the limit of \(NumberFormat.writtenPercent(limit))"
        }
        return "the error check saw no answer from \(check.servers.joined(separator: ", ")) in the pause (\(NumberFormat.counted(check.answered, "answer")) from the other servers), nothing of the new version"
    }

    /// "The error check never tripped (limit 5.0%)", saying when some or all of its pauses had no
    /// answer to judge: those checks read "inconclusive (no answers in the pause)" and tested
    /// nothing.
    static func neverTrippedSentence(_ figures: DeploymentFigures) -> String {
        let limit = figures.plan.maxErrorRatio.map { "limit \(NumberFormat.writtenPercent($0))" } ?? "no limit set"
        let empty = figures.checks.filter { $0.answered == 0 }.count
        if figures.checks.isEmpty || empty == 0 { return "The error check never tripped (\(limit)). " }
        if empty == figures.checks.count {
            return "The error check never tripped (\(limit)), but no answer came in any of its pauses: every check was inconclusive (no answers in the pause), so it tested nothing of the new version. "
        }
        return "The error check never tripped (\(limit)), but \(NumberFormat.integer(empty)) of its \(NumberFormat.counted(figures.checks.count, "pause")) had no answer: those checks were inconclusive (no answers in the pause). "
    }
}

extension DeployComparison.Variant {
    /// Whether the deployment started while the clients were still sending (before the run's
    /// `duration`): one that starts at or after it acts on no request, and its "during" figures
    /// would come from the requests still in flight when the clients stopped.
    var deploymentInRun: Bool {
        guard let started = deployment?.started else { return false }
        return started < (scenario.limits.duration?.seconds ?? .infinity)
    }
}

extension DeployComparison {
    /// The one paragraph of a comparison whose deployments all start when the clients have
    /// stopped, or nil when any acts in the run.
    func noTimeToActParagraph() -> String? {
        guard !variants.isEmpty, variants.allSatisfy({ !$0.deploymentInRun }),
              let started = variants.compactMap({ $0.deployment?.started }).min() else { return nil }
        let silent = variants.allSatisfy { $0.deployment?.checks.allSatisfy { $0.answered == 0 } ?? true }
        let checks = silent ? "Their error checks saw no answer: each was inconclusive (no answers in the pause), so a deployment that reads \"completed\" was not tested. " : ""
        let end = base.limits.duration.map { DurationFormat.seconds($0.seconds) } ?? "—"
        return "**No time to act.** The deployment starts at \(DurationFormat.seconds(started)), and the clients stop sending at \(end) (the run's `duration`): the \(NumberFormat.cardinal(variants.count)) deployments met no new request, only those still in flight when the clients stopped (the table's *reset*), so the runs show nothing of what they cost the clients: no outage, throughput or latency during them. \(checks)Set `deploy.at` before the end of the run to compare them."
    }
}
