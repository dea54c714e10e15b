import Reports
import Foundation
import Simulator

extension A3Result {
    /// `results/a3/`: the report, the operations as JSON, the timeline as CSV and as a chart.
    func bundle(_ experiment: A3Experiment) -> ReportBundle {
        let spec = experiment.spec
        var bundle = ReportBundle()
        bundle.add("a3/report.md", markdown(experiment))
        bundle.add("a3/report.json", json(spec: spec))
        bundle.add("a3/operations.csv", operationsCSV())
        bundle.add("a3/timeline.csv", timelineCSV())
        bundle.add("a3/timeline.svg", timelineChart(seconds: Int(experiment.failover.duration.seconds)).svg())
        return bundle
    }

    func markdown(_ experiment: A3Experiment) -> String {
        let spec = experiment.spec, failover = experiment.failover
        var out = ExperimentReport.headerQuotingDescription(title: "A-3: balancer operations and failure recovery", spec: spec, digest: digest)
        out += "## Every operation, with good and bad input\n\n"
        out += "Run in order against one balancer that starts with \(NumberFormat.counted(spec.serverCounts[0], "replica")); each answer is exactly what the balancer returned.\n\n"
        var table = MarkdownTable(columns: [.text("operation"), .text("input"), .numeric("status"), .text("response"), .text("replicas after")])
        for outcome in operations {
            // The operation (a route a file may name, `/p|a<t>h`x``) and the replicas' names are
            // the file's text; the input and the answer are code spans that show them whole.
            table.append(cells: [.text(outcome.operation), .markdown(outcome.input.isEmpty ? "—" : outcome.input.markdownCode), .markdown(String(outcome.status)),
                                 .markdown(outcome.body.markdownCode), .text(outcome.replicasAfter.joined(separator: ", "))])
        }
        out += table.rendered() + "\n"
        out += "Every rejected operation left the replica list unchanged (compare each row's last column with the row before).\n\n"

        out += "## A replica killed under load\n\n"
        out += failoverSetup(failover)
        var figures = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        figures.append(["detection time (kill → declared dead)", Self.duration(detectionTime)])
        figures.append(["respawn time (kill → replacement serving)", Self.duration(respawnTime)])
        figures.append(cells: [.markdown("replacement"), .text(replacement ?? "—")])
        figures.append(["replicas declared dead that had not failed", NumberFormat.integer(falseSuspicions.count)])
        figures.append(["requests issued", NumberFormat.integer(issued)])
        figures.append(["requests answered 2xx", NumberFormat.integer(succeeded)])
        figures.append(["forwards that failed", NumberFormat.integer(failedForwards)])
        figures.append(["… sent to the killed replica", NumberFormat.integer(failedForwardsToKilled)])
        figures.append(["requests retried on another replica", NumberFormat.integer(retried)])
        figures.append(["requests the balancer could not get answered", NumberFormat.integer(unanswered)])
        figures.append(["requests lost by clients (timeout or error)", NumberFormat.integer(lost)])
        // With no request answered there is no latency: "0.0 ms" read as an instant answer.
        figures.append(["p99 latency of answered requests", Self.duration(succeeded > 0 ? p99 : nil)])
        figures.append(["slowest answered request", Self.duration(succeeded > 0 ? maxLatency : nil)])
        out += figures.rendered() + "\n"
        out += "### Why these numbers\n\n"
        out += whyTheseNumbers(failover) + "\n\n"
        out += "![per-server load](timeline.svg)\n"
        return out
    }

    func timelineChart(seconds: Int) -> TimelineChart {
        // Whole seconds of traffic only (the last, partial second would read as a collapse), and a
        // replacement's line starts when it first serves, not at zero.
        func samples(_ counts: [Int]) -> [TimelineChart.Sample] {
            let first = counts.firstIndex { $0 > 0 } ?? 0
            return counts.enumerated().filter { $0.offset < seconds && $0.offset >= first }.map { .init(time: Double($0.offset), value: Double($0.element)) }
        }
        var series = timeline.map { TimelineChart.Series($0.server, samples: samples($0.perSecond)) }
        if failuresPerSecond.contains(where: { $0 > 0 }) {
            series.append(.init("failed (all servers)", samples: samples(failuresPerSecond)))
        }
        var events = [TimelineChart.Event(time: killedAt, label: "\(killed) killed")]
        if let declaredDeadAt { events.append(.init(time: declaredDeadAt, label: "declared dead")) }
        if let replacementServingAt, let replacement { events.append(.init(time: replacementServingAt, label: "\(replacement) serving")) }
        return TimelineChart(title: "A-3: requests answered per second by each replica", series: series, events: events, yAxisLabel: "requests per second")
    }

    func operationsCSV() -> String {
        var table = CSVTable(header: ["operation", "input", "status", "response", "replicas_after"])
        for outcome in operations {
            table.append([outcome.operation, outcome.input, String(outcome.status), outcome.body, outcome.replicasAfter.joined(separator: ";")])
        }
        return table.rendered()
    }

    func timelineCSV() -> String {
        var table = CSVTable(header: ["second", "server", "requests"])
        for entry in timeline {
            for (second, count) in entry.perSecond.enumerated() { table.append([String(second), entry.server, String(count)]) }
        }
        return table.rendered()
    }

    private struct Document: Encodable {
        struct Operation: Encodable { var operation: String; var input: String; var status: Int; var response: String; var replicasAfter: [String] }
        var schema = "orrery.a3/1"
        var seed: UInt64
        var digest: String
        var operations: [Operation]
        var killed: String
        var killedAt: Double
        /// Null (not left out) when no declaration followed the kill, or no replacement served.
        var detectionSeconds: Nullable<Double>
        var respawnSeconds: Nullable<Double>
        var replacement: Nullable<String>
        /// Declarations of replicas that had not failed, and those of them before the kill.
        var falseSuspicions: Int, falseSuspicionsBeforeKill: Int
        var issued: Int, succeeded: Int, failedForwards: Int, failedForwardsToKilled: Int, retried: Int, unanswered: Int, lost: Int
        /// Null when no request was answered.
        var p99Seconds: Nullable<Double>
        var maxLatencySeconds: Nullable<Double>
    }

    func json(spec: PlacementExperimentSpec) -> String {
        JSONReport.encode(Document(
            seed: spec.seed, digest: digest,
            operations: operations.map { .init(operation: $0.operation, input: $0.input, status: $0.status, response: $0.body, replicasAfter: $0.replicasAfter) },
            killed: killed, killedAt: killedAt, detectionSeconds: Nullable(detectionTime), respawnSeconds: Nullable(respawnTime), replacement: Nullable(replacement),
            falseSuspicions: falseSuspicions.count, falseSuspicionsBeforeKill: falseSuspicions.filter { $0.at < killedAt }.count,
            issued: issued, succeeded: succeeded, failedForwards: failedForwards, failedForwardsToKilled: failedForwardsToKilled, retried: retried, unanswered: unanswered, lost: lost,
            p99Seconds: Nullable(succeeded > 0 ? p99 : nil), maxLatencySeconds: Nullable(succeeded > 0 ? maxLatency : nil)))
    }
}
