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
        var out = ExperimentReport.header(title: "A-3: balancer operations and failure recovery", spec: spec, digest: digest)
        out += "## Every operation, with good and bad input\n\n"
        out += "Run in order against one balancer that starts with \(spec.serverCounts[0]) replicas; each answer is exactly what the balancer returned.\n\n"
        var table = MarkdownTable(columns: [.text("operation"), .text("input"), .numeric("status"), .text("response"), .text("replicas after")])
        for outcome in operations {
            table.append([outcome.operation, outcome.input.isEmpty ? "—" : "`\(outcome.input)`", String(outcome.status), "`\(outcome.body)`", outcome.replicasAfter.joined(separator: ", ")])
        }
        out += table.rendered() + "\n"
        out += "Every rejected operation left the replica list unchanged (compare each row's last column with the row before).\n\n"

        out += "## A replica killed under load\n\n"
        do {
            out += "Open-loop traffic at \(NumberFormat.fixed(failover.rate, decimals: 0)) requests/s for \(DurationFormat.seconds(failover.duration.seconds)); `\(killed)` is killed at \(DurationFormat.seconds(killedAt)). "
            out += "Heartbeats every \(DurationFormat.seconds(failover.heartbeat.interval.seconds)) with a \(DurationFormat.seconds(failover.heartbeat.timeout.seconds)) timeout; a replica is declared dead after \(failover.heartbeat.missesBeforeDown) missed heartbeats and replaced after \(DurationFormat.seconds(failover.heartbeat.spawnDelay.seconds)). "
            out += "The balancer waits \(DurationFormat.seconds(failover.forwardTimeout.seconds)) for a replica and retries \(failover.retries) time(s) on the next replica clockwise; clients give up after \(DurationFormat.seconds(failover.clientTimeout.seconds)).\n\n"
        }
        var figures = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        figures.append(["detection time (kill → declared dead)", DurationFormat.seconds(detectionTime)])
        figures.append(["respawn time (kill → replacement serving)", DurationFormat.seconds(respawnTime)])
        figures.append(["replacement", replacement ?? "—"])
        figures.append(["requests issued", NumberFormat.integer(issued)])
        figures.append(["requests answered 2xx", NumberFormat.integer(succeeded)])
        figures.append(["forwards that failed", NumberFormat.integer(failedForwards)])
        figures.append(["… sent to the killed replica", NumberFormat.integer(failedForwardsToKilled)])
        figures.append(["requests retried on another replica", NumberFormat.integer(retried)])
        figures.append(["requests the balancer could not get answered", NumberFormat.integer(unanswered)])
        figures.append(["requests lost by clients (timeout or error)", NumberFormat.integer(lost)])
        figures.append(["p99 latency of answered requests", NumberFormat.fixed(p99 * 1000, decimals: 1) + " ms"])
        figures.append(["slowest answered request", NumberFormat.fixed(maxLatency * 1000, decimals: 1) + " ms"])
        out += figures.rendered() + "\n"
        out += "### Why these numbers\n\n"
        if let detection = detectionTime {
            let interval = failover.heartbeat.interval.seconds, timeout = failover.heartbeat.timeout.seconds
            let misses = Double(failover.heartbeat.missesBeforeDown)
            // Rounds never overlap: one that waits out a timeout longer than the interval delays
            // the next, so missed rounds come max(interval, timeout) apart.
            let period = max(interval, timeout)
            let spacing = timeout > interval
                ? "; rounds never overlap (each waits for its timeouts), missed ones coming \(NumberFormat.fixed(period, decimals: 3)) s apart (the timeout, longer than the \(NumberFormat.fixed(interval, decimals: 3)) s interval)"
                : ""
            out += "Detection needs \(failover.heartbeat.missesBeforeDown) missed heartbeats; the first missed round starts within one interval of the kill, and each miss is only known when its \(NumberFormat.fixed(timeout, decimals: 3)) s timeout expires\(spacing), so detection takes between \(NumberFormat.fixed((misses - 1) * period + timeout, decimals: 3)) s and \(NumberFormat.fixed(interval + (misses - 1) * period + timeout, decimals: 3)) s; here \(NumberFormat.fixed(detection, decimals: 3)) s. "
            out += "The replacement serves one spawn delay later. Until detection, every request that hashes to `\(killed)` is first forwarded there and waits the full forward timeout before its retry: \(NumberFormat.integer(failedForwardsToKilled)) forwards failed that way. "
            let elsewhere = failedForwards - failedForwardsToKilled
            if elsewhere > 0 {
                out += "\(NumberFormat.integer(elsewhere)) forwards to the live replicas failed too: not answered within the \(NumberFormat.fixed(failover.forwardTimeout.seconds * 1000, decimals: 0)) ms forward timeout, more traffic than they serve in it. "
            }
            let share = issued > 0 ? Double(retried) / Double(issued) : 0
            let wait = "\(NumberFormat.fixed(failover.forwardTimeout.seconds * 1000, decimals: 0)) ms"
            let above = "p\(NumberFormat.fixed(100 * (1 - share), decimals: 2))"
            // Only a share under 1 % keeps the wait out of p99.
            let percentiles = share < 0.01
                ? "shows only in percentiles above \(above) (the slowest answered request took \(NumberFormat.fixed(maxLatency * 1000, decimals: 1)) ms), not in p99 = \(NumberFormat.fixed(p99 * 1000, decimals: 1)) ms"
                : "shows in every percentile above \(above), p99 = \(NumberFormat.fixed(p99 * 1000, decimals: 1)) ms among them (the slowest answered request took \(NumberFormat.fixed(maxLatency * 1000, decimals: 1)) ms)"
            if retried == 0 {
                out += "No request was retried, so no latency shows the \(wait) wait. "
            } else if lost == 0 {
                out += "Those retried requests are \(NumberFormat.percent(share, decimals: 2)) of all requests, so the \(wait) they each waited \(percentiles). "
            } else {
                // A request its client gave up on is in no percentile of the answered ones.
                out += "Those retried requests are \(NumberFormat.percent(share, decimals: 2)) of all requests; \(NumberFormat.integer(lost)) requests got no answer before their clients gave up (after \(DurationFormat.seconds(failover.clientTimeout.seconds))), so they are in no percentile of the answered ones (p99 = \(NumberFormat.fixed(p99 * 1000, decimals: 1)) ms, the slowest answered \(NumberFormat.fixed(maxLatency * 1000, decimals: 1)) ms). "
            }
            out += retried == failedForwards && unanswered == 0 && lost == 0 ? "Every failed forward was answered by its retry, so no client lost a request.\n\n" : "Not every failed forward could be rescued by a retry: see the lost requests above.\n\n"
        }
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
        var detectionSeconds: Double?
        var respawnSeconds: Double?
        var replacement: String?
        var issued: Int, succeeded: Int, failedForwards: Int, failedForwardsToKilled: Int, retried: Int, unanswered: Int, lost: Int
        var p99Seconds: Double
        var maxLatencySeconds: Double
    }

    func json(spec: PlacementExperimentSpec) -> String {
        JSONReport.encode(Document(
            seed: spec.seed, digest: digest,
            operations: operations.map { .init(operation: $0.operation, input: $0.input, status: $0.status, response: $0.body, replicasAfter: $0.replicasAfter) },
            killed: killed, killedAt: killedAt, detectionSeconds: detectionTime, respawnSeconds: respawnTime, replacement: replacement,
            issued: issued, succeeded: succeeded, failedForwards: failedForwards, failedForwardsToKilled: failedForwardsToKilled, retried: retried, unanswered: unanswered, lost: lost, p99Seconds: p99, maxLatencySeconds: maxLatency))
    }
}
