import Reports

extension TrafficResult {
    /// One row per server: what it served, rejected and lost, and how busy it was.
    public func serversCSV() -> String {
        var table = CSVTable(header: ["server", "served", "rejected", "lost_in_crash", "peak_queue", "utilisation"])
        for server in servers {
            table.append([server.id, String(server.served), String(server.rejected), String(server.lostInCrash),
                          String(server.peakQueue), NumberFormat.fixed(server.utilisation, decimals: 6)])
        }
        return table.rendered()
    }

    /// One row per server and virtual second of ``timelineSeconds`` (the charts' seconds):
    /// successful answers, and with a balancer the peak of active connections.
    public func timelineCSV() -> String {
        var table = CSVTable(header: ["second", "server", "completed", "peak_connections"])
        let completed = servers.map { overTimeline($0.completionsPerSecond) }
        let connections = servers.map { server in balancer?.servers.first { $0.hostname == server.id }.map { overTimeline($0.connectionsPerSecond) } }
        for second in 0..<timelineSeconds {
            for (index, server) in servers.enumerated() {
                table.append([String(second), server.id, String(completed[index][second]), connections[index].map { String($0[second]) } ?? ""])
            }
        }
        return table.rendered()
    }

    /// The balancer's events, one per row (empty without a balancer).
    public func eventsCSV() -> String {
        var table = CSVTable(header: ["seconds", "subject", "event"])
        for event in balancer?.events ?? [] {
            table.append([NumberFormat.fixed(event.at, decimals: 6), event.subject, event.description])
        }
        return table.rendered()
    }

    /// A latency in seconds for summary.csv: six decimals (the histogram's microseconds), nine
    /// (the clock's nanoseconds) for one that six would write `0.000000` — the latency of a run
    /// shorter than a microsecond, which no latency outlasts (a 3 ns request of a 3 ns run is
    /// `0.000000003`, as report.json's `3e-09`).
    static func csvSeconds(_ seconds: Double) -> String {
        seconds > 0 && seconds < 0.5e-6 ? NumberFormat.fixed(seconds, decimals: 9) : NumberFormat.fixed(seconds, decimals: 6)
    }

    /// One row per figure of the run: name and value (latencies in seconds). `balancer_retried`
    /// counts retries (forwards after a failed try), as the JSON's `retried` and the metric
    /// `balancer.retries` do. The balancer's own refusals are counted where it made them, by
    /// cause, as the JSON names them; `status_503` counts the 503s the clients got (the metric
    /// `balancer.rejected`), which a lost or duplicated message makes differ from them.
    public func summaryCSV() -> String {
        var table = CSVTable(header: ["metric", "value"])
        table.append(["seed", String(seed)])
        table.append(["digest", digest])
        table.append(["issued", String(issued)])
        table.append(["succeeded", String(succeeded)])
        table.append(["timeouts", String(timeouts)])
        table.append(["unreachable", String(unreachable)])
        table.append(["refused", String(refused)])
        for failure in statusFailures { table.append(["status_\(failure.status)", String(failure.count)]) }
        // Empty when no request succeeded, as `metrics.csv` leaves what a run did not measure.
        // Latencies no longer than the run, and no rate over less than a microsecond, as report.json.
        for figure in latency { table.append(["latency_\(figure.label)_seconds", latencyMeasured ? Self.csvSeconds(latencyWithinRun(figure.seconds)) : ""]) }
        // Empty where `balancer.throughput` is not measured (no request ended, or the run was
        // shorter than a microsecond): a world with no client traffic read 0.000 here and
        // nothing in metrics.csv and report.json.
        table.append(["throughput_per_second", value(of: BalancerMetric.throughput.metric).map { NumberFormat.fixed($0, decimals: 3) } ?? ""])
        if let balancer {
            table.append(["balancer_retried", String(balancer.retried)])
            table.append(["balancer_failed_forwards", String(balancer.failedForwards)])
            table.append(["balancer_unanswered", String(balancer.unanswered)])
            table.append(["balancer_gateway_timeouts", String(balancer.gatewayTimeouts)])
            table.append(["balancer_bad_gateways", String(balancer.badGateways)])
            table.append(["balancer_rate_limited", String(balancer.rateLimited)])
            table.append(["balancer_circuit_rejected", String(balancer.circuitRejected)])
            table.append(["balancer_queue_full", String(balancer.queueFull)])
            table.append(["balancer_queue_timeouts", String(balancer.queueTimeouts)])
        }
        return table.rendered()
    }
}
