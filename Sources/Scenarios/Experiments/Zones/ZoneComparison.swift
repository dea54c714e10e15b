import Simulator

/// The same zones, servers and clients routed zone-blind and locality-aware, each without and
/// with the file's whole-zone outage.
public struct ZoneComparison: Sendable {
    /// One routing and outage combination and its run.
    public struct Variant: Sendable {
        /// Short name, for tables, charts and file rows.
        public var name: String
        /// Whether the balancer routes by locality.
        public var localityAware: Bool
        /// Whether the zone outage happens.
        public var withOutage: Bool
        public var scenario: Scenario
        public var result: TrafficResult

        /// The zones' figures (every variant has zones).
        public var zones: ZoneFigures? { result.zones }
        /// Requests that got no successful answer.
        public var failed: Int { result.completed - result.succeeded }
    }

    /// The scenario file as loaded.
    public var base: Scenario
    /// The variants, in the report's order.
    public var variants: [Variant]

    /// Loads `path`: zones, a balancer with `locality`, servers, a workload, and a `zone_outage` fault.
    static func loadBase(path: String) throws(ScenarioError) -> Scenario {
        let base = try StrategyComparison.loadTraffic(path: path)
        let scenario = base.scenario
        let missing = scenario.zones == nil ? "zones" : scenario.balancer?.configuration.locality == nil ? "balancer.locality"
            : scenario.faults.entries.isEmpty && base.sections["faults"] == nil ? "faults (a zone_outage)" : nil
        if let missing { throw base.error(at: missing.hasPrefix("balancer.") ? missing : "", .missingKey(missing)) }
        // Written, but striking nothing: `faults: []`, or an outage of a zone without servers.
        guard !scenario.faults.entries.isEmpty else {
            throw base.error(at: "faults", .invalidValue("the zone comparison needs a zone_outage that takes down at least one server; these faults take down none"))
        }
        try ScenarioLoader.checkExperimentWorlds(variants(scenario).map { ($0.name, $0.scenario) }, of: base, experiment: "zone comparison")
        return scenario
    }

    /// The four variants built from the file: locality removed or kept, faults removed or kept.
    static func variants(_ base: Scenario) -> [(name: String, locality: Bool, outage: Bool, scenario: Scenario)] {
        func with(locality: Bool, outage: Bool) -> Scenario {
            var copy = base
            if !locality { copy.balancer?.configuration.locality = nil }
            if !outage { copy.faults.entries = [] }
            return copy
        }
        return [
            ("zone-blind", false, false, with(locality: false, outage: false)),
            ("locality-aware", true, false, with(locality: true, outage: false)),
            ("zone-blind, outage", false, true, with(locality: false, outage: true)),
            ("locality-aware, outage", true, true, with(locality: true, outage: true)),
        ]
    }

    /// Runs every variant of `base`, `jobs` worlds at a time.
    static func run(_ base: Scenario, jobs: Int) -> ZoneComparison {
        let specs = variants(base)
        let results = ParallelWorlds.map(specs.map(\.scenario), width: jobs) { ScenarioRunner.runTraffic($0) }
        return ZoneComparison(base: base, variants: zip(specs, results).map { spec, result in
            Variant(name: spec.name, localityAware: spec.locality, withOutage: spec.outage, scenario: spec.scenario, result: result)
        })
    }

    /// The variant called `name`.
    func variant(_ name: String) -> Variant? {
        variants.first { $0.name == name }
    }

    /// The zone the outage takes down (the zone of the first server the faults crash), if any.
    var outageZone: String? {
        for entry in base.faults.entries {
            if case .crash(let node) = entry.fault, let zone = base.servers.first(where: { $0.id == node })?.zone { return zone }
        }
        return nil
    }

    /// The outage's start and end (the first crash and the last restart), in seconds.
    var outageWindow: (start: Double, end: Double?)? {
        var start: Double?, end: Double?
        for entry in base.faults.entries {
            switch entry.fault {
            case .crash: start = min(start ?? .infinity, entry.at.seconds)
            case .restart: end = max(end ?? 0, entry.at.seconds)
            default: break
            }
        }
        return start.map { ($0, end) }
    }
}
