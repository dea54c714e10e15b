import Reports
import Simulator

extension ZoneComparison {
    func markdown() -> String {
        var out = "# Zones: locality-aware against zone-blind routing, and a whole-zone outage\n\n"
        out += "- replay: \(ExperimentReport.replay(name: ZonesExperiment.name, reading: [base.file]))\n"
        out += "- seed: \(base.seed); every run's digest and the command that replays it alone are in `zones.csv`\n\n"
        out += base.fileLine + "\n\n"
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
        let layout = first.zones.map { "\($0.name) (\(NumberFormat.counted($0.servers, "server")), \(NumberFormat.counted($0.clients, "client")))" }.joined(separator: ", ")
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
        // Each latency column in one unit (``LatencyColumn``).
        let latencies = LatencyColumn.rows(variants.map { [$0.result.value(of: .p50), $0.result.value(of: .p99)] })
        for (variant, cells) in zip(variants, latencies) {
            let zones = variant.zones
            table.append([variant.name, NumberFormat.integer(variant.result.completed), NumberFormat.integer(variant.failed),
                          NumberFormat.integer(zones?.crossZoneForwards ?? 0), percent(zones?.crossZoneShare ?? 0)] + cells)
        }
        return table.rendered() + "\n"
    }

    private func zoneTable() -> String {
        var table = MarkdownTable(columns: [.text("variant"), .userText("clients' zone"), .numeric("requests"), .numeric("failed"), .numeric("p50"),
                                            .numeric("p90"), .numeric("p99"), .numeric("forwards kept in zone"), .numeric("forwards to other zones"),
                                            .numeric("forwards without answer")])
        let rows = variants.flatMap { variant in (variant.zones?.zones ?? []).map { (variant, $0) } }
        // Each latency column in one unit (``LatencyColumn``); `—` where none of the zone's
        // clients' requests succeeded.
        let latencies = LatencyColumn.rows(rows.map { _, zone in zone.succeeded > 0 ? [zone.p50, zone.p90, zone.p99] : [nil, nil, nil] })
        for ((variant, zone), cells) in zip(rows, latencies) {
            table.append([variant.name, zone.name, NumberFormat.integer(zone.issued), NumberFormat.integer(zone.failed)] + cells + [
                          NumberFormat.integer(zone.forwardsTo.reduce(0, +) - zone.crossZoneForwards), NumberFormat.integer(zone.crossZoneForwards),
                          NumberFormat.integer(zone.failedForwards)])
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

        // A zone whose clients got no answer in either run (no clients: `clients: 0`) has no median to compare.
        let answered = zip(blind.zones, aware.zones).filter { $0.0.succeeded > 0 && $0.1.succeeded > 0 }
        let medians = zip(blind.zones, aware.zones).map { b, a in
            b.succeeded > 0 && a.succeeded > 0
                ? "zone \(b.name) \(DurationFormat.milliseconds(b.p50)) → \(DurationFormat.milliseconds(a.p50)) (p99 \(DurationFormat.milliseconds(b.p99)) → \(DurationFormat.milliseconds(a.p99)))"
                : "zone \(b.name) no successful request\(b.issued == 0 && a.issued == 0 ? " (its clients sent none)" : "")"
        }
        let faster = answered.filter { $0.1.p50 < $0.0.p50 }.map(\.0.name)
        let slower = answered.filter { $0.1.p50 >= $0.0.p50 }
        var latency = "**Latency per zone**, zone-blind → locality-aware, median: " + medians.joined(separator: "; ") + ". "
        // Locality saves a round trip only where another zone with servers is farther than the
        // zone itself: with equal links it saves none, and a median that fell did so for another reason.
        let saving = answered.filter { savesRoundTrip($0.0.name, figures: blind) }.map(\.0.name)
        let reason = saving.isEmpty ? " (the links between zones are no slower than within one, so no round trip is saved)"
            : ": a request no longer pays the cross-zone round trip"
        if answered.isEmpty {
        } else if faster.count == answered.count {
            latency += (answered.count == blind.zones.count ? "Every zone's median fell" : "The median fell in every zone with answered requests") + reason + "."
        } else if faster.isEmpty {
            latency += "No zone's median fell."
        } else {
            latency += "The median fell in \(zoneList(faster)); "
            // Locality's cost: a zone's servers take all of its clients' requests, more than their
            // zone-blind share when the zone has more clients than servers.
            let loaded = slower.filter { pair in
                let index = blind.zones.firstIndex { $0.name == pair.0.name } ?? 0
                return Self.received(aware, index) > Self.received(blind, index)
            }.map(\.0.name)
            let others = slower.map(\.0.name).filter { !loaded.contains($0) }
            var parts: [String] = []
            let outweighed = loaded.filter { saving.contains($0) }, raised = loaded.filter { !saving.contains($0) }
            if !outweighed.isEmpty { parts.append("in \(zoneList(outweighed)) the local servers' extra load outweighed the saved round trip") }
            if !raised.isEmpty { parts.append("in \(zoneList(raised)) the local servers' extra load raised it, with no round trip to save (\(raised.count == 1 ? "its links to the other zones are" : "their links to the other zones are") no slower than within \(raised.count == 1 ? "it" : "them"))") }
            if !others.isEmpty { parts.append("in \(zoneList(others)) it did not fall") }
            latency += parts.joined(separator: "; ") + "."
        }
        paragraphs.append(latency)

        if let zone = outageZone, let window = outageWindow {
            for variant in variants where variant.withOutage {
                guard let figures = variant.zones, let down = figures.zones.firstIndex(where: { $0.name == zone }) else { continue }
                let struck = figures.zones.filter { $0.failed > 0 || $0.failedForwards > 0 }
                var text = "**Outage, \(variant.localityAware ? "locality-aware" : "zone-blind").** \(NumberFormat.counted(variant.failed, "request")) failed; "
                text += "forwards without an answer (each one a request held until the forward timeout, then retried): "
                text += figures.zones.map { "\(NumberFormat.integer($0.failedForwards)) for zone \($0.name)'s clients" }.joined(separator: ", ") + ". "
                let requesting = figures.zones.filter { $0.issued > 0 }.map(\.name)
                if struck.count == 1, struck[0].name == zone {
                    text += "Only zone \(zone)'s own clients were hit. "
                } else if struck.count == 1 {
                    text += "Only zone \(struck[0].name)'s clients were hit. "
                } else if struck.count > 1 {
                    text += !variant.localityAware && struck.map(\.name) == requesting
                        ? "Clients of \(struck.count) zones were hit, because every zone's clients were being sent to zone \(zone)'s servers. "
                        : "Clients of \(zoneList(struck.map(\.name))) were hit. "
                }
                text += recoveryText(zone: zone, seconds: figures.zones[down].forwardsPerSecond, window: window, events: variant.result.balancer?.events ?? [])
                if variant.localityAware {
                    let spill = figures.zones[down].forwardsTo.enumerated().filter { $0.offset != down && $0.element > 0 }
                        .map { "\(NumberFormat.counted($0.element, "forward")) to zone \(figures.zones[$0.offset].name)" }
                    if !spill.isEmpty { text += "Zone \(zone)'s clients spilled over by priority: " + spill.joined(separator: ", ") + " over the run; the cross-zone share rose to \(percent(figures.crossZoneShare)). " }
                    text += figures.zones[down].succeeded > 0 && aware.zones[down].succeeded > 0
                        ? "Their p99 was \(DurationFormat.milliseconds(figures.zones[down].p99)) (\(DurationFormat.milliseconds(aware.zones[down].p99)) without the outage)."
                        : figures.zones[down].issued == 0 ? "Zone \(zone)'s own clients sent no request." : "No request of zone \(zone)'s own clients succeeded."
                }
                paragraphs.append(text)
            }
            if let blindOutage = variant("zone-blind, outage")?.zones, let awareOutage = variant("locality-aware, outage")?.zones {
                let blindHeld = blindOutage.zones.reduce(0) { $0 + $1.failedForwards }, awareHeld = awareOutage.zones.reduce(0) { $0 + $1.failedForwards }
                func hit(_ figures: ZoneFigures) -> [String] { figures.zones.filter { $0.failedForwards > 0 }.map(\.name) }
                func whose(_ figures: ZoneFigures, _ held: Int) -> String {
                    let hit = hit(figures)
                    return hit.count == 1 ? (held == 1 ? "from zone \(hit[0])'s clients" : "all of them zone \(hit[0])'s clients'") : hit.isEmpty ? "none" : "from the clients of zones \(hit.joined(separator: ", "))"
                }
                let confined = hit(awareOutage) == [zone]
                var text = "**What the outage costs each routing.** Zone-blind \(strategyName) had \(NumberFormat.counted(blindHeld, "forward")) without an answer, \(whose(blindOutage, blindHeld)); "
                text += "locality-aware had \(NumberFormat.integer(awareHeld)), \(whose(awareOutage, awareHeld)). "
                if awareHeld > blindHeld {
                    text += "Until passive health has marked a server down, locality still counts it healthy, so zone \(zone)'s clients — and their retries, drawn again from P0 — keep going to the dead zone; "
                    if strategyName == "least_conn" {
                        text += "zone-blind least_conn steered away sooner, because the dead servers' connections piled up while their forwards waited for the timeout. "
                    }
                    text += confined ? "Locality confines the outage to one zone's clients but concentrates it on them; " : "Locality concentrates the outage on the clients that keep choosing the dead zone; "
                    text += "a retry policy that skips the priority just tried (Envoy's previous_priorities) would shorten it."
                } else if awareHeld == 0 {
                    let down = awareOutage.zones.firstIndex { $0.name == zone }
                    let reached = down.map { Self.received(awareOutage, $0) } ?? 0
                    text += "With locality no forward went unanswered"
                    text += reached == 0 ? ": no forward went to zone \(zone)'s servers in the run." : "."
                } else if confined {
                    text += "Locality confined the outage to the zone's own clients without costing more held requests than zone-blind routing."
                } else {
                    text += "Locality-aware routing held no more forwards than zone-blind routing."
                }
                paragraphs.append(text)
            }
        }
        return paragraphs
    }

    /// What happened to the forwards to the downed zone's servers (`seconds`, per virtual second)
    /// around the outage: when they stopped and when they came back, each stated only when the
    /// figures show it (an outage at 0 s has no "earlier" rate to come back to).
    /// `events`: the run's balancer events, whose passive mark-downs and probes of the zone's
    /// servers are the only grounds for saying passive health stopped or held back the forwards.
    func recoveryText(zone: String, seconds: [Int], window: (start: Double, end: Double?), events: [BalancerFigures.Event] = []) -> String {
        guard seconds.contains(where: { $0 > 0 }) else { return "No forward went to zone \(zone)'s servers in this run. " }
        var text = ""
        let start = Int(window.start)
        let passive = base.balancer?.configuration.passiveHealth != nil
        let before = start > 0 ? Double(seconds[0..<min(start, seconds.count)].reduce(0, +)) / Double(min(start, seconds.count)) : 0
        // A second without forwards says they stopped only when they came every second before
        // (one user's forwards every few seconds leave empty seconds anyway).
        var stopped = false
        if start == 0 || before >= 1, let empty = seconds.indices.first(where: { $0 >= start && seconds[$0] == 0 }), seconds[..<empty].contains(where: { $0 > 0 }) {
            let lag = Double(empty) - window.start
            let when = lag <= 0 ? "the second of the crash" : "\(NumberFormat.trimmed(lag, maxDecimals: 3)) s after the crash"
            text += "Forwards to zone \(zone) stopped in second \(empty) (\(when)\(stopCause(zone: zone, second: empty, crash: window.start, events: events))). "
            stopped = true
        }
        guard let end = window.end else { return text }
        func after(_ second: Int) -> String {
            let lag = Double(second) - end
            return lag <= 0 ? "in second \(second), the second of the restart" : "in second \(second), \(NumberFormat.trimmed(lag, maxDecimals: 3)) s after the restart"
        }
        let probe = passive ? firstProbe(zone: zone, after: end, events: events) : nil
        func why(_ second: Int) -> String {
            guard let probe, Int(probe) <= second, Double(second) - end >= 1 else { return "" }
            return ": a server marked down is tried again only after fail_timeout (\(DurationFormat.seconds(base.balancer?.configuration.passiveHealth?.failTimeout.seconds))), and the first of zone \(zone)'s was probed at \(DurationFormat.seconds(probe))"
        }
        if before > 0 && before < 1 {
            let rate = NumberFormat.fixed(before, decimals: 1)
            if let back = seconds.indices.first(where: { Double($0) >= end && seconds[$0] > 0 }) {
                text += "Forwards to zone \(zone), \(rate) per second before the crash, resumed \(after(back)). "
            } else {
                text += "Forwards to zone \(zone), \(rate) per second before the crash, had not resumed by the end of the run. "
            }
        } else if before > 0 {
            let rate = NumberFormat.fixed(before, decimals: before < 10 ? 1 : 0)
            if let back = seconds.indices.first(where: { Double($0) >= end && Double(seconds[$0]) >= before / 2 }) {
                text += "\(stopped ? "They" : "Forwards to zone \(zone)") came back to at least half their earlier \(rate) per second \(after(back))\(why(back)). "
            } else {
                text += "\(stopped ? "They" : "Forwards to zone \(zone)") had not come back to half their earlier \(rate) per second by the end of the run. "
            }
        } else if let back = seconds.indices.first(where: { Double($0) >= end && seconds[$0] > 0 }) {
            // Nothing before the crash to compare with: when they resumed at all.
            text += "There is no earlier rate to come back to (\(start == 0 ? "the crash came at \(DurationFormat.seconds(window.start))" : "no forward reached zone \(zone)'s servers in the whole seconds before the crash")); forwards to zone \(zone) resumed \(after(back))\(why(back)). "
        } else {
            text += "Forwards to zone \(zone) had not resumed by the end of the run. "
        }
        return text
    }

    /// Forwards from every zone's clients to the servers of zone `index`.
    static func received(_ figures: ZoneFigures, _ index: Int) -> Int {
        figures.zones.reduce(0) { $0 + (index < $1.forwardsTo.count ? $1.forwardsTo[index] : 0) }
    }

    /// `zone a`, `zones a, b`.
    private func zoneList(_ names: [String]) -> String {
        "zone\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))"
    }

    /// The strategy's name, as the balancer reports it.
    private var strategyName: String { variants.first?.result.balancer?.strategy ?? "the strategy" }

    /// A share as the other reports print it, a positive one never as 0.0% (1 cross-zone forward
    /// of 26,610 read "rose to 0.0 %").
    private func percent(_ share: Double) -> String { NumberFormat.boundedPercent(share, decimals: 1) }
}
