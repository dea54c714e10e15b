import Foundation
import Simulator
import Reports

extension ScenarioLoader {
    /// Parses `zones:`; links default to the network's default link.
    static func parseZones(_ cursor: YAMLCursor, defaultLink: LinkProfile) throws(ScenarioError) -> ZonesSection {
        let fields = try cursor.mapping(ScenarioSchema.zonesSection)
        let listCursor = try fields.required("list")
        let items = try listCursor.list()
        guard ScenarioSchema.zoneCount.contains(items.count) else {
            throw listCursor.error(.invalidValue("a world has 1 to \(NumberFormat.integer(ScenarioSchema.zoneCount.upperBound)) zones, got \(NumberFormat.integer(items.count))"))
        }
        var zones: [ZonesSection.Zone] = []
        var zoneNames = DistinctNames()
        for item in items {
            let zoneFields = try item.mapping(ScenarioSchema.zone)
            let nameCursor = try zoneFields.required("name")
            let name = try nameCursor.string()
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                throw nameCursor.error(.invalidValue("a zone's name is letters, digits, '_' and '-', not '\(name.excerpt)'"))
            }
            try nameCursor.checkShownName(name, "a zone's name")
            // Twins in other code points (`ﬁ` and `fi`, `Å` as U+00C5 and as `A` U+030A) are
            // refused by the rule node names follow (``YAMLCursor/lookAlikeForm(of:)``): reports
            // would show them alike. A zone written twice keeps its own, shorter words.
            if let twin = zoneNames.twin(adding: name) {
                guard !twin.utf8.elementsEqual(name.utf8) else { throw nameCursor.error(.invalidValue("zone '\(name.excerpt)' is listed twice")) }
                throw DistinctNames.lookAlikeRefusal(name, twin: twin, kind: "zone", remedy: "rename one", at: nameCursor)
            }
            zones.append(.init(name: name, clientShare: try zoneFields["clients"]?.int(in: ScenarioSchema.zoneClientShare) ?? ScenarioSchema.defaultZoneClientShare))
        }
        guard zones.contains(where: { $0.clientShare > 0 }) else {
            throw listCursor.error(.invalidValue("at least one zone needs a share of the clients ('clients' above 0)"))
        }
        let within = try fields["within"].map { link throws(ScenarioError) in try parseLink(try link.mapping(ScenarioSchema.link), base: defaultLink) } ?? defaultLink
        let between = try fields["between"].map { link throws(ScenarioError) in try parseLink(try link.mapping(ScenarioSchema.link), base: defaultLink) } ?? defaultLink
        var pairs: [ZonesSection.Pair] = []
        for item in try fields["pairs"]?.list(atMost: ScenarioSchema.maximumZonePairs, of: "zone pairs") ?? [] {
            let pairFields = try item.mapping(ScenarioSchema.zonePair)
            let namesCursor = try pairFields.required("zones")
            let names = try namesCursor.list()
            guard names.count == 2 else { throw namesCursor.error(.invalidValue("a pair names two different zones")) }
            var indices: [Int] = []
            for nameCursor in names {
                indices.append(try zoneIndex(nameCursor, in: zones.map(\.name)))
            }
            guard indices[0] != indices[1] else {
                throw namesCursor.error(.invalidValue("a pair names two different zones"))
            }
            // A pair covers both directions: a second entry for it, in either order, silently
            // replaced the first, where a repeated network link is refused.
            if let earlier = pairs.firstIndex(where: { Set([$0.first, $0.second]) == Set(indices) }) {
                throw item.error(.invalidValue("the pair of zones '\(zones[indices[0]].name)' and '\(zones[indices[1]].name)' is given twice (entries \(earlier + 1) and \(pairs.count + 1)); one entry per pair, which covers both directions"))
            }
            pairs.append(.init(first: indices[0], second: indices[1], profile: try parseLink(pairFields, base: between)))
        }
        return ZonesSection(zones: zones, within: within, between: between, pairs: pairs)
    }

    /// The index of the zone `cursor` names; an unknown name is an error with a suggestion.
    static func zoneIndex(_ cursor: YAMLCursor, in names: [String]) throws(ScenarioError) -> Int {
        let name = try cursor.string()
        // By bytes, as a node is named; a look-alike ('Å' U+0041 U+030A for a zone 'Å' U+00C5) is
        // refused naming what tells them apart.
        guard let index = names.firstIndex(where: { $0.utf8.elementsEqual(name.utf8) }) else {
            if let refusal = cursor.unknownLookAlike(name, among: names, kind: "zone") { throw refusal }
            throw cursor.error(.invalidValue("unknown zone '\(name.excerpt)'" + (Suggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? "; zones: \(names.joined(separator: ", "))")))
        }
        return index
    }

    /// `balancer.locality`: `{overprovisioning_factor: 1.4}` (Envoy's default).
    static func parseLocality(_ cursor: YAMLCursor) throws(ScenarioError) -> Locality {
        let fields = try cursor.mapping(ScenarioSchema.locality)
        guard let factorCursor = fields["overprovisioning_factor"] else { return Locality() }
        return Locality(overprovisioningPercent: try overprovisioningPercent(factorCursor))
    }

    /// The overprovisioning factor as the whole percent Envoy keeps (its
    /// `overprovisioning_factor` is an integer percent: 140 for 1.4), judged on the digits as
    /// written (``ExactDecimal``), not on `factor × 100` as a `Double` (114.99… for `1.15`). A
    /// factor between two whole percents is refused, naming both, as a duration between two
    /// nanoseconds is: `1.234` was run as 1.23 without a word.
    static func overprovisioningPercent(_ cursor: YAMLCursor) throws(ScenarioError) -> Int {
        _ = try cursor.double(in: ScenarioSchema.overprovisioningFactor)
        switch ExactDecimal.scaled((cursor.text ?? "").trimmingSpaces[...], by: 100) {
        case .whole(let percent)?:
            return Int(percent)
        case .fraction(let below)?:
            let factor = { (percent: Int128) in NumberFormat.trimmed(Double(percent) / 100, maxDecimals: 2) }
            throw cursor.error(.invalidValue("'\((cursor.text ?? "").excerpt)' is not a whole percent, and Envoy keeps the overprovisioning factor as one (140 for 1.4): write \(factor(below)) or \(factor(below + 1))"))
        case .tooLarge?, nil:
            // In 1 … 10, so neither.
            return Int((try cursor.double() * 100).rounded())
        }
    }

    /// With `zones:`, every server names a known zone, and a balancer routes the clients; without
    /// it, no server has a zone and the balancer has no locality. Keepalive pools and zones do not
    /// combine yet.
    static func validateZones(_ zones: ZonesSection?, servers: [Scenario.Server], balancer: Scenario.Balancer?, at top: YAMLMapping) throws(ScenarioError) {
        let serverItems = (try? top.required("servers").list()) ?? []
        let localityCursor = (try? (top["balancer"] ?? top["gateway"])?.openMapping())?["locality"]
        guard let zones else {
            if let localityCursor { throw localityCursor.error(.invalidValue("locality routes by zone; add a top-level 'zones' section")) }
            for item in serverItems {
                if let zone = (try? item.openMapping())?["zone"] { throw zone.error(.invalidValue("'zone' needs a top-level 'zones' section")) }
            }
            return
        }
        guard let zonesCursor = top["zones"] else { return }
        // Each point of presence would need its own workers' caches; one shared set would let a
        // request leaving zone b reuse a connection zone a set up.
        if let keepalive = (try? (top["balancer"] ?? top["gateway"])?.openMapping())?["keepalive"] {
            throw keepalive.error(.invalidValue("keepalive pools are not yet kept per zone; a world with 'zones' cannot have 'keepalive'"))
        }
        guard balancer != nil, !servers.isEmpty else {
            throw zonesCursor.error(.invalidValue("zones place the servers behind a balancer and its clients; add 'servers', 'balancer' and 'workload'"))
        }
        for item in serverItems {
            guard let fields = try? item.openMapping() else { continue }
            guard let zone = fields["zone"] else {
                throw item.error(.invalidValue("with 'zones', every server entry names its 'zone'"))
            }
            _ = try zoneIndex(zone, in: zones.names)
        }
    }
}

extension ScenarioLoader {
    /// `zone_outage: b` — every server of zone b crashes at `at` and, with `for:`, restarts
    /// (after `boot_time`) when it ends.
    static func zoneOutage(_ cursor: YAMLCursor, at: VirtualInstant, lasting: Duration?, bootTime: Duration, zones: ZonesSection?,
                           servers: [Scenario.Server]) throws(ScenarioError) -> [FaultSchedule.Entry] {
        guard let zones else { throw cursor.error(.invalidValue("'zone_outage' takes a zone's servers down; add a top-level 'zones' section")) }
        let zone = zones.names[try zoneIndex(cursor, in: zones.names)]
        let struck = servers.filter { $0.zone == zone }.map(\.id)
        var entries = struck.map { FaultSchedule.Entry(at: at, fault: .crash($0)) }
        if let lasting { entries += struck.map { FaultSchedule.Entry(at: at.advanced(by: lasting), fault: .restart($0, bootTime: bootTime)) } }
        return entries
    }
}
