import Reports

extension ZoneFigures {
    /// The zones' part of the report of a run that lasted `runSeconds`: latencies no longer than
    /// the run, as the report's own latency table (``TrafficResult/latencyText(_:)``), and the
    /// share that crossed zones as a bounded percent (1 of 5,000 forwards read "(0.0 %)").
    func markdown(runSeconds: Double) -> String {
        var out = "### Zones (" + (overprovisioningFactor.map { "locality-aware, overprovisioning factor \(NumberFormat.fixed($0, decimals: 2))" } ?? "zone-blind") + ")\n\n"
        out += forwards == 0 ? "No request was forwarded to a server, so none crossed zones.\n\n"
            : "\(NumberFormat.integer(crossZoneForwards)) of \(NumberFormat.counted(forwards, "forward")) crossed zones "
            + "(\(NumberFormat.boundedPercent(crossZoneShare, decimals: 1))).\n\n"
        var table = MarkdownTable(columns: [.userText("zone"), .numeric("clients"), .numeric("servers"), .numeric("issued"), .numeric("failed"),
                                            .numeric("p50"), .numeric("p90"), .numeric("p99"), .numeric("forwards kept in zone"), .numeric("forwards to other zones"), .numeric("forwards without answer")])
        // A zone whose clients got no successful answer (or that has no clients) has no latency:
        // "—", not 0 ms. Each latency column in one unit (``LatencyColumn``).
        let latencies = LatencyColumn.rows(zones.map { zone in
            zone.latencyMeasured ? [zone.p50, zone.p90, zone.p99].map { Swift.min($0, runSeconds) } : [nil, nil, nil]
        })
        for (zone, latency) in zip(zones, latencies) {
            let total = zone.forwardsTo.reduce(0, +)
            table.append([zone.name, String(zone.clients), String(zone.servers), NumberFormat.integer(zone.issued), NumberFormat.integer(zone.failed)]
                          + latency + [
                          NumberFormat.integer(total - zone.crossZoneForwards), NumberFormat.integer(zone.crossZoneForwards),
                          NumberFormat.integer(zone.failedForwards)])
        }
        out += table.rendered() + "\n"
        if !levelDraws.isEmpty {
            out += "Priority levels drawn: " + levelDraws.enumerated().map { "P\($0.offset) \(NumberFormat.integer($0.element))" }.joined(separator: ", ")
                + "; \(NumberFormat.counted(levelFallbacks, "pick")) fell back to a lower level with an eligible server.\n\n"
        }
        return out
    }

    /// The JSON form.
    struct Document: Encodable, Sendable {
        struct Zone: Encodable, Sendable {
            var name: String, clients: Int, servers: Int, issued: Int, succeeded: Int, failed: Int
            /// Left out when the zone's clients got no successful answer.
            var p50: Double?, p90: Double?, p99: Double?, mean: Double?
            var forwardsTo: [Int], failedForwards: Int
        }
        var zones: [Zone]
        var overprovisioningFactor: Double?
        /// `crossZoneShare` is left out when nothing was forwarded (0 of 0 is no share).
        var forwards: Int, crossZoneForwards: Int, crossZoneShare: Double?
        var levelDraws: [Int], levelFallbacks: Int
    }

    /// The JSON form of a run that lasted `runSeconds`: latencies no longer than the run.
    func document(runSeconds: Double) -> Document {
        Document(zones: zones.map { zone in
                    func within(_ seconds: Double) -> Double? { zone.latencyMeasured ? Swift.min(seconds, runSeconds) : nil }
                    return .init(name: zone.name, clients: zone.clients, servers: zone.servers, issued: zone.issued, succeeded: zone.succeeded, failed: zone.failed,
                                 p50: within(zone.p50), p90: within(zone.p90), p99: within(zone.p99), mean: within(zone.mean), forwardsTo: zone.forwardsTo,
                                 failedForwards: zone.failedForwards)
                 },
                 overprovisioningFactor: overprovisioningFactor, forwards: forwards, crossZoneForwards: crossZoneForwards,
                 crossZoneShare: forwards == 0 ? nil : crossZoneShare, levelDraws: levelDraws, levelFallbacks: levelFallbacks)
    }
}
