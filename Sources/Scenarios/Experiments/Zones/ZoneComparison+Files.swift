import Reports
import Simulator

extension ZoneComparison {
    /// `results/zones/`: the report, the figures as JSON, the zones of every variant and the
    /// per-second series as CSV, and the charts.
    public func bundle() -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("zones/report.md", markdown())
        bundle.add("zones/report.json", json())
        bundle.add("zones/zones.csv", zonesCSV())
        bundle.add("zones/seconds.csv", secondsCSV())
        bundle.add("zones/spill-locality.svg", spillChart(localityAware: true).svg())
        bundle.add("zones/spill-blind.svg", spillChart(localityAware: false).svg())
        bundle.add("zones/cross-zone.svg", crossZoneChart().svg())
        return bundle
    }

    private struct Document: Encodable {
        struct Variant: Encodable {
            var name: String; var localityAware: Bool; var withOutage: Bool; var digest: String
            var completed: Int; var failed: Int; var p50: Double; var p99: Double
            var zones: ZoneFigures.Document?
        }
        var schema = "orrery.zones/1"
        var scenario: String
        var seed: UInt64
        var variants: [Variant]
    }

    func json() -> String {
        JSONReport.encode(Document(scenario: base.file, seed: base.seed, variants: variants.map { variant in
            Document.Variant(name: variant.name, localityAware: variant.localityAware, withOutage: variant.withOutage, digest: variant.result.digest,
                             completed: variant.result.completed, failed: variant.failed,
                             p50: variant.result.value(of: .p50), p99: variant.result.value(of: .p99), zones: variant.zones?.document(runSeconds: variant.result.virtualSeconds))
        }))
    }

    /// Each variant's zones, with the variant's digest and the command that replays it alone (``RunReplay``).
    func zonesCSV() -> String {
        var table = CSVTable(header: ["variant", "zone", "clients", "servers", "issued", "succeeded", "failed", "p50_s", "p90_s", "p99_s", "mean_s",
                                      "forwards_in_zone", "forwards_cross_zone", "failed_forwards", "digest", "replay"])
        for variant in variants {
            let replay = RunReplay.command(file: base.file, world: variant.scenario, seed: variant.result.seed) ?? ""
            for zone in variant.zones?.zones ?? [] {
                table.append([variant.name, zone.name, String(zone.clients), String(zone.servers), String(zone.issued), String(zone.succeeded),
                              String(zone.failed), seconds(zone.p50), seconds(zone.p90), seconds(zone.p99), seconds(zone.mean),
                              String(zone.forwardsTo.reduce(0, +) - zone.crossZoneForwards), String(zone.crossZoneForwards), String(zone.failedForwards), variant.result.digest, replay])
            }
        }
        return table.rendered()
    }

    func secondsCSV() -> String {
        let names = base.zones?.names ?? []
        var table = CSVTable(header: ["variant", "second"] + names.map { "forwards_to_\($0)" } + ["cross_zone_forwards"] + names.map { "failures_in_\($0)" })
        for variant in variants {
            guard let zones = variant.zones else { continue }
            for second in zones.crossZonePerSecond.indices {
                table.append([variant.name, String(second)] + zones.zones.map { String(value($0.forwardsPerSecond, second)) }
                             + [String(zones.crossZonePerSecond[second])] + zones.zones.map { String(value($0.failuresPerSecond, second)) })
            }
        }
        return table.rendered()
    }

    /// Forwards per second to each zone's servers in the outage run of one routing.
    func spillChart(localityAware: Bool) -> TimelineChart {
        let variant = variants.first { $0.localityAware == localityAware && $0.withOutage }
        let title = "\(base.name), \(variant?.name ?? ""): forwards per second to each zone's servers"
        return TimelineChart(title: title,
                             series: (variant?.zones?.zones ?? []).map { zone in
                                 .init("to zone \(zone.name)", samples: zone.forwardsPerSecond.enumerated().map { .init(time: Double($0.offset), value: Double($0.element)) })
                             },
                             events: outageEvents(), yAxisLabel: "forwards per second")
    }

    /// Cross-zone forwards per second, one line per variant.
    func crossZoneChart() -> TimelineChart {
        TimelineChart(title: "\(base.name): forwards per second that crossed zones",
                      series: variants.map { variant in
                          .init(variant.name, samples: (variant.zones?.crossZonePerSecond ?? []).enumerated().map { .init(time: Double($0.offset), value: Double($0.element)) })
                      },
                      events: outageEvents(), yAxisLabel: "cross-zone forwards per second")
    }

    private func outageEvents() -> [TimelineChart.Event] {
        guard let window = outageWindow else { return [] }
        var events = [TimelineChart.Event(time: window.start, label: "zone \(outageZone ?? "?") down")]
        if let end = window.end { events.append(.init(time: end, label: "zone \(outageZone ?? "?") restarted")) }
        return events
    }

    private func value(_ series: [Int], _ index: Int) -> Int { index < series.count ? series[index] : 0 }

    private func seconds(_ value: Double) -> String { NumberFormat.fixed(value, decimals: 6) }
}
