import Reports

extension TrafficResult {
    /// Per-server latency and throughput as clients saw them: the successes (successful answers
    /// that reached a client) beside the requests the server finished, and their rate. The "500s" are those its error
    /// rate drew and those a hang's end answered to callers still waiting, so that the servers'
    /// 500s add up to the 500s the clients got, as the metrics and the Perfetto trace count them;
    /// a server that hung gets a column of the requests the hang held (those whose callers still
    /// waited when it ended are among its 500s, the others timed out), left out where nothing
    /// hung. With no client request, the per-second figure is "—": nothing was measured.
    func serverLatencyMarkdown() -> String {
        let hung = servers.contains { $0.heldByHang > 0 }
        var columns: [MarkdownTable.Column] = [.userText("server"), .numeric("served"), .numeric("successes"), .numeric("per second"), .numeric("500s")]
        if hung { columns.append(.numeric("held by a hang")) }
        var table = MarkdownTable(columns: columns + [.numeric("p50"), .numeric("p95"), .numeric("p99"), .numeric("p99.9"), .numeric("mean")])
        // A server clients got no successful answer from has no latency: "—", not 0 ms. Each
        // latency column is in one unit (``LatencyColumn``).
        let latencies = LatencyColumn.rows(servers.map { server in
            server.latency.map { [$0.p50, $0.p95, $0.p99, $0.p999, $0.mean].map(latencyWithinRun) } ?? Array(repeating: nil, count: 5)
        })
        for (server, latency) in zip(servers, latencies) {
            // No rate over a run too short to show its time (``runTooShortForRates``).
            // The rate counts successes (answers that reached a client), so its count is beside it:
            // s1 served 5,788 at "192.8" a second, which was 5,783 successes over 30.001 s.
            let successes = server.completionsPerSecond.reduce(0, +)
            var row = [server.id, NumberFormat.integer(server.served), NumberFormat.integer(successes),
                       issued == 0 || runTooShortForRates ? "—" : NumberFormat.fixed(server.throughput, decimals: 1, grouping: true),
                       NumberFormat.integer(server.errors)]
            if hung { row.append(NumberFormat.integer(server.heldByHang)) }
            table.append(row + latency)
        }
        var out = "## Latency and throughput by server\n\n" + table.rendered() + "\n"
        out += "Served counts the requests a server answered without an error; successes, those of its answers that reached a client (not one that came after the balancer or the client gave up, or was lost on the way), and per second is successes over the time clients were active.\n\n"
        if hung {
            out += "A request that arrives while its server hangs is held, and answered 500 when the hang ends (not at all when the hang outlasts the run).\nThose whose callers still waited are among the server's 500s; the others' callers had timed out.\n\n"
        }
        return out
    }

    /// The balancer's section: what it did with requests, per server, and the failovers.
    func balancerMarkdown(_ balancer: BalancerFigures, chartsLinked: Bool) -> String {
        // A file's `gateway:` is a balancer under another name (node `gateway`): named as the file names it.
        let name = balancer.node == "gateway" ? "gateway" : "balancer"
        var out = "## \(name == "gateway" ? "Gateway" : "Balancer") (`\(balancer.strategy)`)\n\n"
        var totals = MarkdownTable(columns: [.text("figure"), .numeric("count")])
        totals.append(["forwards to servers", NumberFormat.integer(balancer.forwarded)])
        totals.append(["forwards without an answer (connect error or timeout)", NumberFormat.integer(balancer.failedForwards)])
        totals.append(["retries (forwards after a failed try; a request may have several)", NumberFormat.integer(balancer.retried)])
        totals.append(["requests no server answered: last try timed out (504)", NumberFormat.integer(balancer.gatewayTimeouts)])
        totals.append(["requests no server answered: connect error or no live server (502)", NumberFormat.integer(balancer.badGateways)])
        totals.append(["rate limited (429)", NumberFormat.integer(balancer.rateLimited)])
        totals.append(["rejected by the open circuit breaker (503)", NumberFormat.integer(balancer.circuitRejected)])
        totals.append(["queued for a connection", NumberFormat.integer(balancer.queued)])
        totals.append(["rejected by a full queue (503)", NumberFormat.integer(balancer.queueFull)])
        totals.append(["timed out in the queue (503)", NumberFormat.integer(balancer.queueTimeouts)])
        out += totals.rendered() + "\n"

        var table = MarkdownTable(columns: [.userText("server"), .numeric("weight"), .text("role"), .numeric("forwards"), .numeric("2xx"),
                                            .numeric("5xx"), .numeric("connect errors"), .numeric("timeouts"), .numeric("peak forwards in flight"),
                                            .numeric("failed checks")])
        for server in balancer.servers {
            table.append([server.hostname, String(server.weight), server.isBackup ? "backup" : "primary", NumberFormat.integer(server.forwarded),
                          NumberFormat.integer(server.succeeded), NumberFormat.integer(server.serverErrors), NumberFormat.integer(server.connectErrors),
                          NumberFormat.integer(server.timeouts), NumberFormat.integer(server.peakConnections),
                          server.failedChecksText])
        }
        out += "### Servers as the \(name) saw them\n\n" + table.rendered() + "\n"
        // Said only where a row's outcomes do not add up to its forwards. The hostname is the
        // file's text, shown literally.
        let unsummed = balancer.servers.filter { $0.inFlightAtEnd != 0 || $0.endedByCrash != 0 || $0.otherAnswers != 0 }
        if !unsummed.isEmpty {
            out += "Forwards not in the columns above: " + unsummed.map { server in
                var parts: [String] = []
                if server.inFlightAtEnd != 0 { parts.append("\(NumberFormat.integer(server.inFlightAtEnd)) still in flight when the run ended") }
                if server.endedByCrash != 0 { parts.append("\(NumberFormat.integer(server.endedByCrash)) ended by the \(name)'s crash") }
                if server.otherAnswers != 0 { parts.append("\(NumberFormat.integer(server.otherAnswers)) answered with neither 2xx nor 5xx") }
                return "\(MarkdownTable.literal(server.hostname)) \(BackupResult.listed(parts))"
            }.joined(separator: "; ") + ".\n\n"
        }
        if let connections = balancer.connections { out += connections.markdown() }
        if chartsLinked {
            out += "![requests answered per second by each server](throughput.svg)\n\n![active connections per server](connections.svg)\n\n"
        }
        if !balancer.failovers.isEmpty {
            out += "### Failovers\n\n"
            var failovers = MarkdownTable(columns: [.userText("server"), .userText("fault"), .numeric("at"), .numeric("detected"), .numeric("detection time"),
                                                    .numeric("repaired"), .numeric("back in rotation"), .numeric("recovery time")])
            // The first ``failoversShown`` rows, then how many more, as the Faults list counts the
            // faults past the run's end: a server crashed 300 times in a run made a row of each.
            for failover in balancer.failovers.prefix(TrafficResult.failoversShown) {
                failovers.append([failover.server, failover.fault, DurationFormat.seconds(failover.at, grouping: true), DurationFormat.seconds(failover.detectedAt, grouping: true),
                                  DurationFormat.seconds(failover.detectionTime, grouping: true), DurationFormat.seconds(failover.repairedAt, grouping: true),
                                  DurationFormat.seconds(failover.recoveredAt, grouping: true), DurationFormat.seconds(failover.recoveryTime, grouping: true)])
            }
            out += failovers.rendered() + "\n"
            if let last = balancer.failovers.last, balancer.failovers.count > TrafficResult.failoversShown {
                out += "… and \(NumberFormat.counted(balancer.failovers.count - TrafficResult.failoversShown, "more failover")), the last at \(DurationFormat.seconds(last.at, grouping: true)) (report.json's `failovers` lists them all).\n\n"
            }
        }
        if !balancer.events.isEmpty {
            out += "### Events\n\n"
            let shown = balancer.events.prefix(TrafficResult.eventsShown)
            out += shown.map { "- \(DurationFormat.seconds($0.at, grouping: true)) \($0.subject.markdownCode) \($0.description)\n" }.joined()
            if balancer.events.count > shown.count {
                out += "- … and \(NumberFormat.integer(balancer.events.count - shown.count)) more (all of them are in `events.csv`)\n"
            }
            out += "\n"
        }
        return out
    }

    /// How many balancer events the Markdown report lists before it refers to the CSV.
    static let eventsShown = 40
    /// How many failovers the Markdown report's table lists before it counts the rest (report.json has them all).
    static let failoversShown = 40

}

extension BalancerFigures.Server {
    /// The servers table's "failed checks" cell: failed of those sent, and — when the health
    /// check observes the traffic — how many times its errors reached the limit, as HAProxy's
    /// stats page shows "Failed Health Checks/Health Analyses" (`chkfail`/`hanafail`).
    var failedChecksText: String {
        let checks = "\(NumberFormat.integer(failedHealthChecks)) / \(NumberFormat.integer(healthChecks))"
        guard let failedHealthAnalyses else { return checks }
        return checks + "; error limit reached \(NumberFormat.integer(failedHealthAnalyses))×"
    }
}
