import Reports
import Simulator

extension ZoneComparison {
    func markdown() -> String {
        var out = "# Zones: locality-aware against zone-blind routing, and a whole-zone outage\n\n"
        out += "- replay: `orrery experiment zones` (reads `scenarios/\(ZonesExperiment.files[0])`)\n"
        out += "- seed: \(base.seed); every run's digest is in `zones.csv`\n\n"
        out += "Scenario `\(base.file)`: \(base.summary).\n\n"
        out += setupText() + "\n\n"
        out += summaryTable()
        out += zoneTable()
        out += "## What it shows\n\n"
        out += explanations().joined(separator: "\n\n") + "\n\n"
        out += "![forwards per second to each zone, locality-aware, with the outage](spill-locality.svg)\n\n"
        out += "![forwards per second to each zone, zone-blind, with the outage](spill-blind.svg)\n\n"
        out += "![cross-zone forwards per second](cross-zone.svg)\n\n"
        out += "## How locality-aware routing works here\n\n"
        out += "Envoy's priority levels with zones as levels: for a client in zone *z*, P0 is *z* and the other zones follow by their one-way latency from *z* (ties in the file's order). "
        out += "A level's health is `min(100, factor × 100 × healthy ÷ hosts)` (integer percent; healthy = up by the balancer's passive health); the normalized total health is `min(100, Σ health)`; "
        out += "from P0 down each level takes `min(what is left, health × 100 ÷ normalized total)` percent of the picks, rounding leftovers going to the first level with any health. "
        out += "Each pick draws a level from the balancer's seeded locality stream and \(strategyName) picks among that level's servers; a retry draws again among the servers not yet tried. "
        out += "The balancer is one actor with a point of presence (`balancer@<zone>`) in each zone: clients reach their zone's point of presence over the zone's own link and the forward leaves from there, so every point of presence shares one health view.\n"
        return out
    }

    private func setupText() -> String {
        guard let zones = base.zones, let first = variants.first?.zones else { return "" }
        let layout = first.zones.map { "\($0.name) (\($0.servers) servers, \($0.clients) clients)" }.joined(separator: ", ")
        var text = "Zones: \(layout). Links: \(latencyText(zones.within)) within a zone, \(latencyText(zones.between)) between zones"
        for pair in zones.pairs {
            text += ", \(latencyText(pair.profile)) between \(zones.zones[pair.first].name) and \(zones.zones[pair.second].name)"
        }
        text += " (one way)."
        if let factor = base.balancer?.configuration.locality?.overprovisioningPercent {
            text += " Locality's overprovisioning factor: \(NumberFormat.fixed(Double(factor) / 100, decimals: 2))."
        }
        if let passive = base.balancer?.configuration.passiveHealth {
            text += " Passive health: max_fails=\(passive.maxFails) fail_timeout=\(DurationFormat.seconds(passive.failTimeout.seconds))."
        }
        if let zone = outageZone, let window = outageWindow {
            text += " The outage crashes every server of zone \(zone) at \(DurationFormat.seconds(window.start))"
            text += window.end.map { " and restarts them at \(DurationFormat.seconds($0))." } ?? "."
        }
        return text
    }

    private func latencyText(_ profile: LinkProfile) -> String {
        profile.latency.mean.map { DurationFormat.milliseconds($0) } ?? "\(profile.latency)"
    }

    private func summaryTable() -> String {
        var table = MarkdownTable(columns: [.text("variant"), .numeric("requests"), .numeric("failed"), .numeric("cross-zone forwards"),
                                            .numeric("cross-zone share"), .numeric("p50"), .numeric("p99")])
        for variant in variants {
            let zones = variant.zones
            table.append([variant.name, NumberFormat.integer(variant.result.completed), NumberFormat.integer(variant.failed),
                          NumberFormat.integer(zones?.crossZoneForwards ?? 0), percent(zones?.crossZoneShare ?? 0),
                          DurationFormat.milliseconds(variant.result.value(of: .p50)), DurationFormat.milliseconds(variant.result.value(of: .p99))])
        }
        return table.rendered() + "\n"
    }

    private func zoneTable() -> String {
        var table = MarkdownTable(columns: [.text("variant"), .text("clients' zone"), .numeric("requests"), .numeric("failed"), .numeric("p50"),
                                            .numeric("p90"), .numeric("p99"), .numeric("forwards kept in zone"), .numeric("forwards to other zones"),
                                            .numeric("forwards without answer")])
        for variant in variants {
            for zone in variant.zones?.zones ?? [] {
                table.append([variant.name, zone.name, NumberFormat.integer(zone.issued), NumberFormat.integer(zone.failed),
                              DurationFormat.milliseconds(zone.p50), DurationFormat.milliseconds(zone.p90), DurationFormat.milliseconds(zone.p99),
                              NumberFormat.integer(zone.forwardsTo.reduce(0, +) - zone.crossZoneForwards), NumberFormat.integer(zone.crossZoneForwards),
                              NumberFormat.integer(zone.failedForwards)])
            }
        }
        return "## Per zone\n\nLatency of the zone's clients' successful requests; forwards by the zone of the server they went to; *forwards without answer*: the zone's clients' forwards that timed out or were refused (each a wait, then a retry on another server).\n\n" + table.rendered() + "\n"
    }

    /// One paragraph per finding, every figure read from the runs.
    func explanations() -> [String] {
        var paragraphs: [String] = []
        guard let blind = variant("zone-blind")?.zones, let aware = variant("locality-aware")?.zones else { return [] }
        let servers = blind.zones.reduce(0) { $0 + $1.servers }, clients = blind.zones.reduce(0) { $0 + $1.clients }
        let even = servers == 0 || clients == 0 ? 0 : 1 - blind.zones.reduce(0.0) { $0 + Double($1.clients) / Double(clients) * Double($1.servers) / Double(servers) }
        var traffic = "**Cross-zone traffic.** Zone-blind \(strategyName) sent \(percent(blind.crossZoneShare)) of its forwards to another zone "
        traffic += "(\(NumberFormat.integer(blind.crossZoneForwards)) of \(NumberFormat.integer(blind.forwards)); spreading every zone's clients over all \(servers) servers in proportion would send \(percent(even))). "
        traffic += aware.crossZoneForwards == 0
            ? "Locality-aware \(strategyName) kept every one of its \(NumberFormat.integer(aware.forwards)) forwards in the client's zone."
            : "Locality-aware \(strategyName) sent \(percent(aware.crossZoneShare)) (\(NumberFormat.integer(aware.crossZoneForwards)) of \(NumberFormat.integer(aware.forwards)))."
        paragraphs.append(traffic)

        let medians = zip(blind.zones, aware.zones).map { b, a in
            "zone \(b.name) \(DurationFormat.milliseconds(b.p50)) → \(DurationFormat.milliseconds(a.p50)) (p99 \(DurationFormat.milliseconds(b.p99)) → \(DurationFormat.milliseconds(a.p99)))"
        }
        let faster = zip(blind.zones, aware.zones).filter { $0.1.p50 < $0.0.p50 }.map(\.0.name)
        var latency = "**Latency per zone**, zone-blind → locality-aware, median: " + medians.joined(separator: "; ") + ". "
        latency += faster.count == blind.zones.count ? "Every zone's median fell: a request no longer pays the cross-zone round trip."
            : faster.isEmpty ? "No zone's median fell." : "The median fell in zone\(faster.count == 1 ? "" : "s") \(faster.joined(separator: ", ")); elsewhere the local servers' extra load outweighed the saved round trip."
        paragraphs.append(latency)

        if let zone = outageZone, let window = outageWindow {
            for variant in variants where variant.withOutage {
                guard let figures = variant.zones, let down = figures.zones.firstIndex(where: { $0.name == zone }) else { continue }
                let struck = figures.zones.filter { $0.failed > 0 || $0.failedForwards > 0 }
                var text = "**Outage, \(variant.localityAware ? "locality-aware" : "zone-blind").** \(NumberFormat.integer(variant.failed)) requests failed; "
                text += "forwards without an answer (each one a request held until the forward timeout, then retried): "
                text += figures.zones.map { "\(NumberFormat.integer($0.failedForwards)) for zone \($0.name)'s clients" }.joined(separator: ", ") + ". "
                if struck.count == 1, struck[0].name == zone {
                    text += "Only zone \(zone)'s own clients were hit. "
                } else if struck.count > 1 {
                    text += "Clients of \(struck.count) zones were hit, because every zone's clients were being sent to zone \(zone)'s servers. "
                }
                let start = Int(window.start)
                let seconds = figures.zones[down].forwardsPerSecond
                if let empty = seconds.indices.first(where: { $0 >= start && seconds[$0] == 0 }) {
                    text += "Forwards to zone \(zone) stopped in second \(empty) (\(empty - start) s after the crash, once passive health had marked its servers down). "
                }
                let before = start > 0 ? Double(seconds[0..<min(start, seconds.count)].reduce(0, +)) / Double(min(start, seconds.count)) : 0
                if let end = window.end, let back = seconds.indices.first(where: { Double($0) >= end && Double(seconds[$0]) >= before / 2 }) {
                    text += "They came back to at least half their earlier \(NumberFormat.fixed(before, decimals: 0)) per second in second \(back), \(NumberFormat.fixed(Double(back) - end, decimals: 0)) s after the restart: a server marked down is tried again only after fail_timeout. "
                } else if window.end != nil {
                    text += "They had not come back to half their earlier \(NumberFormat.fixed(before, decimals: 0)) per second by the end of the run. "
                }
                if variant.localityAware {
                    let spill = figures.zones[down].forwardsTo.enumerated().filter { $0.offset != down && $0.element > 0 }
                        .map { "\(NumberFormat.integer($0.element)) forwards to zone \(figures.zones[$0.offset].name)" }
                    if !spill.isEmpty { text += "Zone \(zone)'s clients spilled over by priority: " + spill.joined(separator: ", ") + " over the run; the cross-zone share rose to \(percent(figures.crossZoneShare)). " }
                    text += "Their p99 was \(DurationFormat.milliseconds(figures.zones[down].p99)) (\(DurationFormat.milliseconds(aware.zones[down].p99)) without the outage)."
                }
                paragraphs.append(text)
            }
            if let blindOutage = variant("zone-blind, outage")?.zones, let awareOutage = variant("locality-aware, outage")?.zones {
                let blindHeld = blindOutage.zones.reduce(0) { $0 + $1.failedForwards }, awareHeld = awareOutage.zones.reduce(0) { $0 + $1.failedForwards }
                func whose(_ figures: ZoneFigures) -> String {
                    let hit = figures.zones.filter { $0.failedForwards > 0 }.map(\.name)
                    return hit.count == 1 ? "all of them zone \(hit[0])'s clients'" : hit.isEmpty ? "none" : "from the clients of zones \(hit.joined(separator: ", "))"
                }
                var text = "**What the outage costs each routing.** Zone-blind \(strategyName) had \(NumberFormat.integer(blindHeld)) forwards without an answer, \(whose(blindOutage)); "
                text += "locality-aware had \(NumberFormat.integer(awareHeld)), \(whose(awareOutage)). "
                if awareHeld > blindHeld {
                    text += "Until passive health has marked a server down, locality still counts it healthy, so zone \(zone)'s clients — and their retries, drawn again from P0 — keep going to the dead zone; "
                    if strategyName == "least_conn" {
                        text += "zone-blind least_conn steered away sooner, because the dead servers' connections piled up while their forwards waited for the timeout. "
                    }
                    text += "Locality confines the outage to one zone's clients but concentrates it on them; a retry policy that skips the priority just tried (Envoy's previous_priorities) would shorten it."
                } else {
                    text += "Locality confined the outage to the zone's own clients without costing more held requests than zone-blind routing."
                }
                paragraphs.append(text)
            }
        }
        return paragraphs
    }

    /// The strategy's name, as the balancer reports it.
    private var strategyName: String { variants.first?.result.balancer?.strategy ?? "the strategy" }

    private func percent(_ share: Double) -> String { NumberFormat.fixed(share * 100, decimals: 1) + " %" }
}
