import Reports

extension ZoneFigures {
    /// The zones' part of the run report.
    func markdown() -> String {
        var out = "### Zones (" + (overprovisioningFactor.map { "locality-aware, overprovisioning factor \(NumberFormat.fixed($0, decimals: 2))" } ?? "zone-blind") + ")\n\n"
        out += "\(NumberFormat.integer(crossZoneForwards)) of \(NumberFormat.integer(forwards)) forwards crossed zones "
            + "(\(NumberFormat.fixed(crossZoneShare * 100, decimals: 1)) %).\n\n"
        var table = MarkdownTable(columns: [.text("zone"), .numeric("clients"), .numeric("servers"), .numeric("issued"), .numeric("failed"),
                                            .numeric("p50"), .numeric("p90"), .numeric("p99"), .numeric("forwards kept in zone"), .numeric("forwards to other zones"), .numeric("forwards without answer")])
        for zone in zones {
            let total = zone.forwardsTo.reduce(0, +)
            table.append([zone.name, String(zone.clients), String(zone.servers), NumberFormat.integer(zone.issued), NumberFormat.integer(zone.failed),
                          DurationFormat.milliseconds(zone.p50), DurationFormat.milliseconds(zone.p90), DurationFormat.milliseconds(zone.p99),
                          NumberFormat.integer(total - zone.crossZoneForwards), NumberFormat.integer(zone.crossZoneForwards),
                          NumberFormat.integer(zone.failedForwards)])
        }
        out += table.rendered() + "\n"
        if !levelDraws.isEmpty {
            out += "Priority levels drawn: " + levelDraws.enumerated().map { "P\($0.offset) \(NumberFormat.integer($0.element))" }.joined(separator: ", ")
                + "; \(NumberFormat.integer(levelFallbacks)) picks fell back to a lower level with an eligible server.\n\n"
        }
        return out
    }

    /// The JSON form.
    struct Document: Encodable, Sendable {
        struct Zone: Encodable, Sendable {
            var name: String, clients: Int, servers: Int, issued: Int, succeeded: Int, failed: Int
            var p50: Double, p90: Double, p99: Double, mean: Double, forwardsTo: [Int], failedForwards: Int
        }
        var zones: [Zone]
        var overprovisioningFactor: Double?
        var forwards: Int, crossZoneForwards: Int, crossZoneShare: Double
        var levelDraws: [Int], levelFallbacks: Int
    }

    var document: Document {
        Document(zones: zones.map { .init(name: $0.name, clients: $0.clients, servers: $0.servers, issued: $0.issued, succeeded: $0.succeeded, failed: $0.failed,
                                         p50: $0.p50, p90: $0.p90, p99: $0.p99, mean: $0.mean, forwardsTo: $0.forwardsTo,
                                         failedForwards: $0.failedForwards) },
                 overprovisioningFactor: overprovisioningFactor, forwards: forwards, crossZoneForwards: crossZoneForwards,
                 crossZoneShare: crossZoneShare, levelDraws: levelDraws, levelFallbacks: levelFallbacks)
    }
}
