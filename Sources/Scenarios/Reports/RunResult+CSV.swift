extension RunResult {
    /// One row per server: what it served, rejected and lost, and how busy it was.
    public func serversCSV() -> String {
        var table = CSVTable(header: ["server", "served", "rejected", "lost_in_crash", "peak_queue", "utilisation"])
        for server in servers {
            table.append([server.id, String(server.served), String(server.rejected), String(server.lostInCrash),
                          String(server.peakQueue), NumberFormat.fixed(server.utilisation, decimals: 6)])
        }
        return table.rendered()
    }

    /// One row per figure of the run: name and value (latencies in seconds).
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
        for figure in latency { table.append(["latency_\(figure.label)_seconds", NumberFormat.fixed(figure.seconds, decimals: 6)]) }
        table.append(["throughput_per_second", NumberFormat.fixed(throughput, decimals: 3)])
        return table.rendered()
    }
}
