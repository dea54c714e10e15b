import Reports
import Foundation
import Simulator

extension RunResult {
    /// Every report file of the run under `<name>/`, in the formats asked for. A run of servers
    /// and clients alone writes the balancer's report; any other world writes one report whose
    /// sections come from the subsystems present, the metrics of all of them, one timeline of
    /// every subsystem's events, and each subsystem's own files (``SubsystemPart/addFiles(_:formats:to:in:)``).
    public func bundle(formats: [ReportFormat]) -> ReportBundle {
        var bundle = ReportBundle()
        let directory = scenario
        if subsystems == [.balancer], var traffic {
            traffic.claims = claims
            let balanced = traffic.balancer != nil
            if formats.contains(.md) {
                bundle.add("\(directory)/report.md", traffic.markdown(chartsLinked: balanced, summary: summary.isEmpty ? "" : MarkdownTable.literal(summary, opensBlock: true)))
                traffic.addCharts(to: &bundle, in: directory)
            }
            if formats.contains(.json) { bundle.add("\(directory)/report.json", traffic.json()) }
            if formats.contains(.csv) {
                bundle.add("\(directory)/servers.csv", traffic.serversCSV())
                traffic.addTables(to: &bundle, in: directory, timeline: "timeline.csv")
            }
            return bundle
        }
        if formats.contains(.md) {
            bundle.add("\(directory)/report.md", markdown())
            bundle.add("\(directory)/timeline.svg", timelineChart().svg())
            for job in jobs {
                guard let report = job.result.run.report else { continue }
                bundle.add("\(directory)/\(job.id)/timeline.svg", JobTimelineChart.chart(
                    report, workers: job.result.run.workers, title: "Job timeline: \(job.id) (\(job.result.scenario.job.name)), seed \(seed)").svg())
            }
        }
        if formats.contains(.json) { bundle.add("\(directory)/report.json", json()) }
        if formats.contains(.csv) {
            var table = CSVTable(header: ["metric", "value"])
            for (metric, value) in metrics { table.append([metric.description, value.map { NumberFormat.trimmed($0, maxDecimals: 6) } ?? ""]) }
            bundle.add("\(directory)/metrics.csv", table.rendered())
            var events = CSVTable(header: ["node", "subsystem", "kind", "start_s", "end_s", "label"])
            for event in timeline {
                events.append([event.node, event.subsystem.rawValue, event.kind, NumberFormat.trimmed(event.start, maxDecimals: 6),
                               NumberFormat.trimmed(event.end, maxDecimals: 6), event.label])
            }
            bundle.add("\(directory)/timeline.csv", events.rendered())
            if let traffic { bundle.add("\(directory)/servers.csv", traffic.serversCSV()) }
            for job in jobs {
                if let report = job.result.run.report {
                    bundle.add("\(directory)/\(job.id)/attempts.csv", JobReportTables.attemptsCSV(report))
                    if let output = report.output { bundle.add("\(directory)/\(job.id)/output.tsv", data: MapReduceRunResult.tsv(output)) }
                }
            }
            switch operations {
            case .success(let outcomes): bundle.add("\(directory)/results.jsonl", OperationReport.jsonLines(outcomes))
            case .failure(let failure): bundle.add("\(directory)/results.jsonl", OperationReport.jsonLines(failure.answered))
            case nil: break
            }
        }
        for subsystem in subsystems { subsystem.part.addFiles(self, formats: formats, to: &bundle, in: directory) }
        return bundle
    }

    /// The one chart of the run: a row per node, every subsystem's events on the virtual clock.
    public func timelineChart() -> GanttChart {
        var rows: [String] = []
        for event in timeline where !rows.contains(event.node) { rows.append(event.node) }
        return GanttChart(
            title: "\(scenario): every subsystem on one virtual clock (seed \(seed))", rows: rows,
            categories: JobTimelineChart.categories + [
                .init("job", color: .bluishGreen), .init("down", color: .black), .init("out of rotation", color: ChartColor(hex: "#B8B8B8")),
                .init("producing", color: .yellow), .init("storm", color: ChartColor(hex: "#882255", prefersLightText: true)),
                .init("backup", color: .skyBlue), .init("restore", color: ChartColor(hex: "#117733", prefersLightText: true)),
                .init("fault", color: ChartColor(hex: "#AA4499", prefersLightText: true)),
            ],
            // A short event is drawn at least 1/400 of the span wide; its tooltip keeps its own times.
            tasks: timeline.map { .init(row: $0.node, start: $0.start, end: $0.end, category: $0.kind) },
            yAxisLabel: "node", minimumBarFraction: 1.0 / 400)
    }

    /// Seed, replay command, digest and verdict first; then each subsystem's section, the
    /// timeline, the faults and the expectations.
    public func markdown() -> String {
        var out = "# Scenario \(scenario.markdownCode)\n\n"
        out += "- seed: `\(seed)`\n- replay: \(ShellQuoting.markdown(replayCommand))\n- digest: `\(digest)`\n"
        out += "- verdict: **\(passed ? "PASS" : "FAIL")**\n"
        out += "- subsystems: \(subsystems.map(\.rawValue).joined(separator: ", "))\n"
        out += "- virtual time: \(DurationFormat.seconds(virtualSeconds, grouping: true)); events processed: \(NumberFormat.integer(events))\n\n"
        if !summary.isEmpty { out += MarkdownTable.literal(summary, opensBlock: true) + "\n\n" }
        if let failure { out += "**The simulation stopped early:** \(failure)\n\n" }
        out += "![every subsystem on one virtual clock](timeline.svg)\n\n"
        for subsystem in subsystems { out += subsystem.part.markdown(self) }
        if !faults.isEmpty { out += "# Faults\n\n" + FaultSchedule.markdownList(faults) + "\n" }
        out += "# Metrics\n\n"
        var table = MarkdownTable(columns: [.text("metric"), .numeric("value")])
        for (metric, value) in metrics { table.append(["`\(metric)`", value.map(metric.unit.readable) ?? "—"]) }
        out += table.rendered() + "\n"
        out += ExpectationCheck.markdownSection(checks, heading: "#")
        out += ClaimOutcome.markdownSection(claims, heading: "#")
        return out
    }

    /// A section's Markdown one heading level down, without its own title block.
    static func demoted(_ markdown: String, dropTitle: Bool) -> String {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if dropTitle, let first = lines.first, first.hasPrefix("# ") {
            lines.removeFirst()
            while let line = lines.first, line.isEmpty || line.hasPrefix("- ") { lines.removeFirst() }
        }
        return lines.map { $0.hasPrefix("#") ? "#" + $0 : $0 }.joined(separator: "\n") + "\n"
    }

    /// The run as JSON: seed, digest, verdict and every metric by namespace, then each
    /// subsystem's figures in full under its name (`traffic` for the servers and balancer,
    /// `mapreduce`, `log`, `queue`, `store`, `backup`), as report.md's sections give them.
    public func json() -> String {
        struct Document: Encodable {
            var schema = "orrery.run/1"
            var scenario: String
            var seed: UInt64
            var replay: String
            var digest: String
            var passed: Bool
            var failure: String?
            var subsystems: [String]
            var virtualSeconds: Double
            var events: UInt64
            var metrics: [String: Double?]
            var checks: [Check]
            var claims: [ClaimJSON]?
            var faults: [String]
            /// The servers' and balancer's figures in full (failovers, health analyses, …).
            var traffic: TrafficResult.Detail?
            /// Each other subsystem's section of report.md, under its name, when the world has it.
            var mapreduce: MapReduceDetail?
            var log: LogFigures.Detail?
            var queue: QueueFigures.Detail?
            var store: StoreFigures.Detail?
            var backup: BackupFigures.Detail?
        }
        /// `checked` is false for a claim of a run that stopped early (its `holds` is false too),
        /// as for its checks.
        struct ClaimJSON: Encodable {
            var claim: String
            var holds: Bool
            var checked: Bool
            var checks: [Check]
        }
        /// `checked` is false for every check of a run that stopped early, which makes none (its
        /// `holds` is false too), so that a reader tells it from a check that failed.
        struct Check: Encodable {
            var expectation: String
            var measured: Double?
            var holds: Bool
            var checked: Bool
        }
        var values: [String: Double?] = [:]
        for (metric, value) in metrics { values[metric.description] = value }
        return JSONReport.encode(Document(
            scenario: scenario, seed: seed, replay: replayCommand, digest: digest, passed: passed, failure: failure,
            subsystems: subsystems.map(\.rawValue), virtualSeconds: virtualSeconds, events: events, metrics: values,
            checks: checks.map { Check(expectation: $0.expectation.text, measured: $0.measured, holds: $0.holds, checked: $0.checked) },
            claims: claims.isEmpty ? nil : claims.map { claim in
                ClaimJSON(claim: claim.claim.text, holds: claim.holds, checked: claim.checked,
                          checks: claim.checks.map { Check(expectation: $0.expectation.text, measured: $0.measured, holds: $0.holds, checked: $0.checked) })
            },
            faults: faults, traffic: traffic?.detail,
            mapreduce: mapReduceDetail, log: log?.detail(readByJobs: LogPart.value(of: .readByJobs, in: self)), queue: queue?.detail,
            store: store?.detail, backup: backup?.detail))
    }
}
