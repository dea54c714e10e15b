import Simulator

/// `zones:`, a server's `zone`, `balancer.locality` and the `zone_outage` fault.
extension ScenarioSchema {
    /// How many zones a world may have.
    static let zoneCount = 1...64
    /// The most `zones.pairs`: one for each pair of the most zones.
    static let maximumZonePairs = zoneCount.upperBound * (zoneCount.upperBound - 1) / 2
    /// A zone's share of the client hosts.
    static let zoneClientShare = 0...1_000
    /// A zone's share when it does not say: one, as every other zone's.
    static let defaultZoneClientShare = 1
    /// `balancer.locality.overprovisioning_factor` (Envoy's, 1.4 by default).
    static let overprovisioningFactor = 1.0...10.0

    /// `zones:`.
    static let zonesSection = SchemaObject([
        .required("list", .list(of: .object(zone), minimum: zoneCount.lowerBound, maximum: zoneCount.upperBound), "The zones, each with its share of the clients."),
        .optional("within", .object(link), "The link between two nodes of one zone; default the network's default link.", default: .derived("the network's default link")),
        .optional("between", .object(link), "The link between nodes of different zones; default the network's default link.", default: .derived("the network's default link")),
        .optional("pairs", .list(of: .object(zonePair), maximum: maximumZonePairs), "Links between two given zones that differ from 'between' (both directions)."),
    ])

    /// One of `zones.list`.
    static let zone = SchemaObject([
        .required("name", .text(pattern: #"^[A-Za-z0-9_-]+$"#), "The zone's name."),
        .optional("clients", .integer(in: zoneClientShare), "Its share of the client hosts; default 1.", default: .integer(defaultZoneClientShare)),
    ])

    /// One of `zones.pairs`.
    static let zonePair = SchemaObject([
        .required("zones", .list(of: .anyText, minimum: 2, maximum: 2), "The two zones."),
    ] + linkProperties(defaults: "the link between zones'"))

    /// `balancer.locality`. The factor's whole percent (``ScenarioLoader/overprovisioningPercent(_:)``)
    /// is said in its description, not as `multipleOf: 0.01`: validators that divide in binary
    /// floating point (Python's `jsonschema`, which `scripts/check-schema.sh` runs, and ajv) find
    /// 1.15 / 0.01 = 114.999… and would refuse 149 of the 901 factors the loader takes (1.11 …
    /// 1.19, 2.01, …), where a factor the schema lets through is still refused by the loader, by
    /// name.
    static let locality = SchemaObject([
        .optional("overprovisioning_factor", .number(minimum: overprovisioningFactor.lowerBound, maximum: overprovisioningFactor.upperBound),
                  "Envoy's overprovisioning factor, in whole percent (1.4 or 1.15, not 1.234): a zone keeps all its clients' traffic while healthy share × factor ≥ 100 %; default 1.4.",
                  default: .number(Double(Locality().overprovisioningPercent) / 100)),
    ])

    /// The `zone_outage` fault action.
    static let zoneOutage = SchemaProperty.optional("zone_outage", .anyText, "Crash every server of this zone (restarted after 'for', if given).")
}
