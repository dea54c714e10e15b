import Reports

extension ZoneFigures {
    /// The zones' part of the run report.
    func markdown() -> String {
        var out = "### Zones (" + (overprovisioningFactor.map { "locality-aware, overprovisioning factor \(NumberFormat.fixed($0, decimals: 2))" } ?? "zone-blind") + ")\n\n"
        out += forwards == 0 ? "No request was forwarded to a server, so none crossed zones.\n\n"
            : "\(NumberFormat.integer(crossZoneForwards)) of \(NumberFormat.counted(forwards, "forward")) crossed zones "
            + "(\(NumberFormat.fixed(crossZoneShare * 100, decimals: 1)) %).\n\n"
        var table = MarkdownTable(columns: [.text("zone"), .numeric("clients"), .numeric("servers"), .numeric("issued"), .numeric("failed"),
                                            .numeric("p50"), .numeric("p90"), .numeric("p99"), .numeric("forwards kept in zone"), .numeric("forwards to other zones"), .numeric("forwards without answer")])
        for zone in zones {
            let total = zone.forwardsTo.reduce(0, +)
            // A zone whose clients got no successful answer (or that has no clients) has no latency: "—", not 0 ms.
            let latency = zone.latencyMeasured ? [zone.p50, zone.p90, zone.p99].map(DurationFormat.milliseconds) : ["—", "—", "—"]
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

    var document: Document {
        Document(zones: zones.map { .init(name: $0.name, clients: $0.clients, servers: $0.servers, issued: $0.issued, succeeded: $0.succeeded, failed: $0.failed,
                                         p50: $0.latencyMeasured ? $0.p50 : nil, p90: $0.latencyMeasured ? $0.p90 : nil,
                                         p99: $0.latencyMeasured ? $0.p99 : nil, mean: $0.latencyMeasured ? $0.mean : nil, forwardsTo: $0.forwardsTo,
                                         failedForwards: $0.failedForwards) },
                 overprovisioningFactor: overprovisioningFactor, forwards: forwards, crossZoneForwards: crossZoneForwards,
                 crossZoneShare: forwards == 0 ? nil : crossZoneShare, levelDraws: levelDraws, levelFallbacks: levelFallbacks)
    }
}
