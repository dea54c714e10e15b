import Reports
import Simulator

extension ClaimsResult {
    /// `results/claims/`: the report, the verdicts as JSON and CSV, and the charts.
    public func bundle() -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("claims/report.md", markdown())
        bundle.add("claims/report.json", json())
        bundle.add("claims/claims.csv", claimsCSV())
        bundle.add("claims/runs.csv", runsCSV())
        bundle.add("claims/seeds.csv", seedStudy.csv(seed003: seed003.scenario, seed004: seed004.scenario))
        bundle.add("claims/seed-003-scaling.svg", seed003.scalingChart().svg())
        bundle.add("claims/seed-003-detection.svg", seed003.detectionChart().svg())
        bundle.add("claims/seed-003-failover.svg", seed003.failover.throughputChart().svg())
        bundle.add("claims/seed-004-think-time.svg", seed004.thinkTimeChart().svg())
        bundle.add("claims/seed-004-failover.svg", seed004.stated.throughputChart().svg())
        return bundle
    }

    func markdown() -> String {
        var out = "# The seeds' traffic and failover claims, checked in simulation\n\n"
        out += "- replay: \(ExperimentReport.replay(name: ClaimsExperiment.name, reading: [seed003.scenario.file, seed004.scenario.file, seed003.maintenance.base.file]))\n"
        out += "- seeds: \(seed003.scenario.seed) (seed 003), \(seed004.scenario.seed) (seed 004); every run of the run tables, the detection chart and the maintenance table lists its digest and the command that replays it in `runs.csv`; the seed study's runs are listed by seed in `seeds.csv` with the command that replays each: the command of the run in `runs.csv` its figure names, with its seed for `--seed`\n\n"
        out += introduction() + "\n\n"
        let servers003 = NumberFormat.cardinal(seed003.scenario.servers.count)
        out += section(title: "Seed 003: nginx least_conn over \(servers003) Node.js servers", scenario: seed003.scenario, checks: seed003.checks)
        out += "![throughput and latency, one server and \(servers003)](seed-003-scaling.svg)\n\n"
        out += "![detection time by failure and parameters](seed-003-detection.svg)\n\n"
        out += "![the failover run](seed-003-failover.svg)\n\n"
        let alpha = seed003.scenario.servers.first?.id.name ?? "first server"
        let sharedRuns = seed003.shared.map { [("\(servers003) servers, \(alpha) sharing its host with nginx", $0),
                                                ("the same, \(Seed003Claims.agreeingConnections) connections", seed003.sharedTwelve)] }
            ?? [("\(servers003) servers, \(Seed003Claims.agreeingConnections) connections", seed003.sharedTwelve)]
        out += runsTable([("one server", seed003.single), ("\(servers003) servers", seed003.cluster)] + sharedRuns
                         + [("\(servers003) servers, \(Seed003Claims.siegeConnections) connections (siege)", seed003.siege), ("as written, with faults", seed003.failover)])
        out += failoverTable(seed003.failover)
        out += maintenanceTable(seed003.maintenance)
        out += ClaimsSeedStudy.markdown(seeds: seedStudy.seed003Seeds, figures: seedStudy.seed003, note: seedStudyClusterNote())
        out += section(title: "Seed 004: nginx least_conn over \(NumberFormat.cardinal(seed004.scenario.servers.count)) backends, \(NumberFormat.integer(seed004.scenario.users)) users", scenario: seed004.scenario, checks: seed004.checks)
        out += "![p99 against the users' think time](seed-004-think-time.svg)\n\n"
        out += "![the failover run](seed-004-failover.svg)\n\n"
        out += runsTable([("as written, with faults", seed004.stated), ("normal load (no faults)", seed004.normal)]
                         + seed004.sweep.map { ("think time \(NumberFormat.fixed($0.thinkTime, decimals: 0)) s, \(NumberFormat.trimmed(Seed004Claims.sweepDuration.seconds, maxDecimals: 3)) s, no faults", $0.result) })
        out += failoverTable(seed004.stated)
        out += ClaimsSeedStudy.markdown(seeds: seedStudy.seed004Seeds, figures: seedStudy.seed004)
        return out
    }

    /// The report's opening claim about its parameters: every claim under its seed's stated
    /// parameters only while the files set none of them otherwise; else which claims run under
    /// which of the files' settings.
    func introduction() -> String {
        let open = "what the seed leaves open (how long a request takes, how often a user sends one, how a server fails) is stated in the scenario file, and the variations below show how the verdict moves with it."
        let changed = [("seed 003", seed003.checks), ("seed 004", seed004.checks)].flatMap { seed, checks in
            checks.filter { !$0.changedSettings.isEmpty }.map { check in
                ClaimDeviation.under("\(seed)'s “\(check.claim)”", check.changedSettings)
            }
        }
        guard !changed.isEmpty else { return "Each claim is checked under the parameters its seed states; " + open }
        return "Each claim is checked under the parameters its seed states, except where a scenario file sets one otherwise: \(ClaimDeviation.untested(changed)). Otherwise " + open
    }

    private func section(title: String, scenario: Scenario, checks: [ClaimCheck]) -> String {
        var out = "## \(title)\n\n"
        out += scenario.fileLine + "\n\n"
        var table = MarkdownTable(columns: [.text("claim"), .text("measured"), .text("verdict")])
        for check in checks { table.append([check.claim, check.measured, "**\(check.verdict.rawValue)**"]) }
        out += table.rendered() + "\n"
        for check in checks {
            out += "### \(check.claim) — \(check.verdict.rawValue)\n\n"
            out += "\(check.why)\n\n**What would make it hold:** \(check.toHold)\n\n"
        }
        return out
    }

    /// Under seed 003's study, when the file's runs are not the claims' (its cluster is not the
    /// seed's, or it sets the detection claim's parameters otherwise): which rows hold the file's
    /// runs against ranges the seed claims for other settings, so their shares are no verdict.
    func seedStudyClusterNote() -> String? {
        var notes: [String] = []
        let servers = seed003.scenario.servers.count
        if servers != Seed003Claims.claimedServers {
            let word = NumberFormat.cardinal(servers), stated = NumberFormat.cardinal(Seed003Claims.claimedServers)
            notes.append("The file's cluster has \(word) server\(servers == 1 ? "" : "s"), the seed's \(stated): the rows “\(word) servers: …” and “\(Seed003Claims.siegeConnections) connections: p99” hold the file's cluster against the ranges the seed claims for its \(stated)-server cluster, so their shares of seeds within the claimed range are not the claim's verdict.")
        }
        if let detection = seed003.checks.first(where: { $0.claim.hasPrefix("Failover detection") }), !detection.changedSettings.isEmpty {
            notes.append("The detection rows run under the file's \(ClaimDeviation.listed(detection.changedSettings)), not the claim's settings.")
        }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    private func runsTable(_ runs: [(String, TrafficResult)]) -> String {
        var table = MarkdownTable(columns: [.text("run"), .numeric("requests/s"), .numeric("mean"), .numeric("p95"), .numeric("p99"),
                                            .numeric("p99.9"), .numeric("success"), .numeric("retries")])
        for (label, result) in runs {
            table.append([label, NumberFormat.fixed(result.throughput, decimals: 1, grouping: true), ClaimCheck.ms(result.value(of: .meanLatency)),
                          ClaimCheck.ms(result.value(of: .p95)), ClaimCheck.ms(result.value(of: .p99)), ClaimCheck.ms(result.value(of: .p999)),
                          NumberFormat.percent(result.value(of: .successRatio), decimals: 3), NumberFormat.integer(result.balancer?.retried ?? 0)])
        }
        return "#### The runs\n\n" + table.rendered() + "\n"
    }

    private func maintenanceTable(_ comparison: DeployComparison) -> String {
        var table = MarkdownTable(columns: [.text("deployment"), .text("outcome"), .numeric("took"), .numeric("failed"), .numeric("retried"),
                                            .numeric("s without answer"), .numeric("p99 during")])
        for variant in comparison.variants {
            let figures = variant.deployment
            table.append([variant.name, figures.map { if case .rolledBack = $0.outcome { "rolled back" } else { $0.outcomeText } } ?? "—",
                          DurationFormat.seconds(figures?.duration), NumberFormat.integer(variant.failed), NumberFormat.integer(variant.retried),
                          variant.deploymentInRun ? NumberFormat.integer(variant.secondsWithoutAnswer) : "—", variant.measuredDuring.map { ClaimCheck.ms($0.p99) } ?? "—"])
        }
        return "#### Maintenance: deploying a new version (`\(comparison.base.file.markdownLine)`; details in the deploy experiment's report)\n\n" + table.rendered() + "\n"
    }

    private func failoverTable(_ result: TrafficResult) -> String {
        guard let failovers = result.balancer?.failovers, !failovers.isEmpty else { return "" }
        var table = MarkdownTable(columns: [.userText("server"), .text("fault"), .numeric("at"), .numeric("detection"), .numeric("repaired"), .numeric("recovery")])
        for failover in failovers {
            table.append([failover.server, failover.fault, DurationFormat.seconds(failover.at, grouping: true), Self.span(failover.detectionTime),
                          DurationFormat.seconds(failover.repairedAt, grouping: true), Self.span(failover.recoveryTime)])
        }
        var out = "#### Failovers in the run as written\n\n" + table.rendered() + "\n"
        let events = result.balancer?.events ?? []
        out += events.prefix(TrafficResult.eventsShown).map { "- \(DurationFormat.seconds($0.at, grouping: true)) \($0.subject.markdownCode) \($0.description)\n" }.joined() + "\n"
        return out
    }

    /// A span of time as ``DurationFormat`` writes it: milliseconds below a second (a 0.5 ms
    /// detection is `0.500 ms`, not `0.000 s`), seconds above.
    static func span(_ seconds: Double?) -> String {
        guard let seconds else { return DurationFormat.seconds(nil) }
        return DurationFormat.readable(seconds)
    }

    private struct Document: Encodable {
        struct Claim: Encodable { var seed: String; var claim: String; var measured: String; var verdict: String }
        /// `replay`: the run's command as `runs.csv` gives it; absent when no command reaches its world.
        struct Run: Encodable { var seed: String; var run: String; var digest: String; var throughput: Double; var p99: Double; var meanLatency: Double; var replay: String? }
        var schema = "orrery.claims/1"
        var claims: [Claim]
        var runs: [Run]
        var seedStudy: ClaimsSeedStudy.Document
    }

    func json() -> String {
        JSONReport.encode(Document(
            claims: seed003.checks.map { .init(seed: "003", claim: $0.claim, measured: $0.measured, verdict: $0.verdict.rawValue) }
                + seed004.checks.map { .init(seed: "004", claim: $0.claim, measured: $0.measured, verdict: $0.verdict.rawValue) },
            runs: allRuns.map { .init(seed: $0.seed, run: $0.label, digest: $0.result.digest, throughput: $0.result.throughput,
                                      p99: $0.result.value(of: .p99), meanLatency: $0.result.value(of: .meanLatency), replay: $0.replay) },
            seedStudy: seedStudy.document(seed003: seed003.scenario, seed004: seed004.scenario)))
    }

    func claimsCSV() -> String {
        var table = CSVTable(header: ["seed", "claim", "measured", "verdict"])
        for check in seed003.checks { table.append(["003", check.claim, check.measured, check.verdict.rawValue]) }
        for check in seed004.checks { table.append(["004", check.claim, check.measured, check.verdict.rawValue]) }
        return table.rendered()
    }

    func runsCSV() -> String {
        var table = CSVTable(header: ["seed", "run", "digest", "throughput", "mean_seconds", "p95_seconds", "p99_seconds", "success_ratio", "detection_seconds", "replay"])
        for run in allRuns {
            table.append([run.seed, run.label, run.result.digest, NumberFormat.fixed(run.result.throughput, decimals: 3),
                          NumberFormat.fixed(run.result.value(of: .meanLatency), decimals: 6), NumberFormat.fixed(run.result.value(of: .p95), decimals: 6),
                          NumberFormat.fixed(run.result.value(of: .p99), decimals: 6), NumberFormat.fixed(run.result.value(of: .successRatio), decimals: 6),
                          run.detection.map { NumberFormat.fixed($0, decimals: 6) } ?? "", run.replay ?? ""])
        }
        return table.rendered()
    }

    /// One run of `runs.csv`: `detection` is a detection run's time from the failure to the
    /// server marked down (nil for the other runs and when never marked down); `world` the world
    /// it ran, a variation of `file`, from which its replay command is spelled.
    struct Run {
        var seed: String, label: String, result: TrafficResult, detection: Double? = nil
        var file: String, world: Scenario

        /// `orrery run FILE --seed N --set …`, or nil when no overrides reach the world (`runs.csv`
        /// leaves its cell empty, `report.json` its field out).
        var replay: String? { RunReplay.command(file: file, world: world, seed: result.seed) }
    }

    /// Every run the report's tables and charts use, with the world each ran (in the order of
    /// ``Seed003Claims/worlds(_:)`` and ``Seed004Claims/worlds(_:)``).
    var allRuns: [Run] {
        let worlds003 = Seed003Claims.worlds(seed003.scenario), worlds004 = Seed004Claims.worlds(seed004.scenario)
        let file003 = seed003.scenario.file, file004 = seed004.scenario.file
        func run003(_ label: String, _ result: TrafficResult, _ world: Int) -> Run { Run(seed: "003", label: label, result: result, file: file003, world: worlds003[world]) }
        func run004(_ label: String, _ result: TrafficResult, _ world: Int) -> Run { Run(seed: "004", label: label, result: result, file: file004, world: worlds004[world]) }
        let shared: [Run] = seed003.shared.map {
            [run003("shared host", $0, 5), run003("shared host, \(Seed003Claims.agreeingConnections) connections", seed003.sharedTwelve, 2)]
        } ?? [run003("\(Seed003Claims.agreeingConnections) connections", seed003.sharedTwelve, 2)]
        let firstDetection = seed003.shared == nil ? 5 : 6
        return [run003("one server", seed003.single, 0), run003("\(NumberFormat.cardinal(seed003.scenario.servers.count)) servers", seed003.cluster, 1)] + shared
            + [run003("\(Seed003Claims.siegeConnections) connections", seed003.siege, 3), run003("as written", seed003.failover, 4),
               run004("as written", seed004.stated, 0), run004("normal load", seed004.normal, 1)]
            + seed004.sweep.enumerated().map { run004("think time \(NumberFormat.fixed($1.thinkTime, decimals: 0)) s", $1.result, 2 + $0) }
            + seed003.maintenance.variants.map { Run(seed: "003", label: "deploy: \($0.name)", result: $0.result, file: seed003.maintenance.base.file, world: $0.scenario) }
            + seed003.detections.enumerated().map { index, detection in
                Run(seed: "003", label: "detection: \(detection.failure), \(detection.label)", result: detection.run, detection: detection.detectionTime,
                    file: file003, world: worlds003[firstDetection + index])
            }
    }
}
