import Reports
import Simulator

/// The runs that decide the seeds' claims again over many seeds: each claim's deciding figure
/// with its 95 % interval and the share of seeds in which it falls in the claimed range, so a
/// verdict can be told apart from one lucky or unlucky seed.
public struct ClaimsSeedStudy: Sendable {
    /// One run of a seed's scenario and the figures read from it (nil where the run has none).
    struct Probe: Sendable {
        var scenario: Scenario
        var figures: [(name: String, unit: MetricUnit, bootstrap: Bool, claimed: ClosedRange<Double>?,
                       read: @Sendable (TrafficResult) -> Double?)]
        /// The claims' own run of ``scenario`` with its own seed, the study's first, when there is
        /// one: the same world, read instead of run again.
        var firstSeedRun: TrafficResult? = nil
        /// Whether its figures' claims are times a detection is promised to take, kept up to their
        /// upper end (``SeedStudy/Figure/claimIsTimeRange``), as the claim's verdict keeps them.
        var claimIsTimeRange = false
    }

    /// The seeds, each scenario's own first (seed 003's and seed 004's studies start at their own seeds).
    public var seed003Seeds: [UInt64]
    public var seed004Seeds: [UInt64]
    /// Seed 003's figures.
    public var seed003: [SeedStudy.Figure]
    /// Seed 004's figures.
    public var seed004: [SeedStudy.Figure]

    /// `claimed` within `tolerance` (a fraction), as ``ClaimCheck/close(_:to:tolerance:)`` judges it.
    static func around(_ claimed: Double, _ tolerance: Double = 0.05) -> ClosedRange<Double> {
        (claimed * (1 - tolerance))...(claimed * (1 + tolerance))
    }

    /// Seed 003's runs: one server, three, the siege, and both failures as stated; the first
    /// three with their runs in `claims` (the same scenarios as ``Seed003Claims/run(_:deploy:jobs:)``
    /// runs), when given.
    static func seed003Probes(_ scenario: Scenario, claims: Seed003Claims? = nil) -> [Probe] {
        let quiet = scenario.withoutFaults()
        let detections = Seed003Claims.detectionVariants(scenario).filter(\.fileSettings)
        let servers = NumberFormat.cardinal(scenario.servers.count), siege = Seed003Claims.siegeConnections
        return [
            Probe(scenario: quiet.withServers(1), figures: [
                ("one server: throughput", .rate, false, around(Seed003Claims.claimedSingleRate), { $0.throughput }),
                ("one server: mean latency", .duration, false, around(Seed003Claims.claimedSingleResponse), { $0.value(of: .meanLatency) }),
            ], firstSeedRun: claims?.single),
            Probe(scenario: quiet, figures: [
                ("\(servers) servers: throughput", .rate, false, around(Seed003Claims.claimedClusterRate), { $0.throughput }),
                ("\(servers) servers: mean latency", .duration, false, around(Seed003Claims.claimedClusterResponse), { $0.value(of: .meanLatency) }),
                ("\(servers) servers: p95", .duration, true, 0...0.1, { $0.value(of: .p95) }),
            ], firstSeedRun: claims?.cluster),
            Probe(scenario: quiet.withUsers(siege), figures: [
                ("\(siege) connections: p99", .duration, true, 0...0.2, { $0.value(of: .p99) }),
            ], firstSeedRun: claims?.siege),
        ] + detections.map { variant in
            Probe(scenario: variant.scenario, figures: [
                ("\(variant.short): detection", .duration, false, Seed003Claims.claimedDetection.range, { $0.balancer?.failovers.first?.detectionTime }),
            ], claimIsTimeRange: true)
        }
    }

    /// Seed 004's runs: the scenario as written and under normal load, with their runs in `claims`
    /// (the same scenarios as ``Seed004Claims/run(_:jobs:)`` runs), when given.
    static func seed004Probes(_ scenario: Scenario, claims: Seed004Claims? = nil) -> [Probe] {
        [
            Probe(scenario: scenario.withoutFaults(), figures: [
                ("normal load: p99", .duration, true, 0...3, { $0.value(of: .p99) }),
                ("normal load: lowest throughput per instance", .rate, false, 100...Double.infinity, { $0.primaries.map(\.throughput).min() }),
            ], firstSeedRun: claims?.normal),
            Probe(scenario: scenario, figures: [
                ("as written: p99", .duration, true, 0...3, { $0.value(of: .p99) }),
                ("as written: failed requests", .count, false, 0...0, { Double($0.completed - $0.succeeded) }),
            ], firstSeedRun: claims?.stated),
        ]
    }

    /// Runs every probe of both seeds over `count` seeds each, `jobs` worlds at a time. Given the
    /// claims' own runs (`claims`), the study reads the worlds of its first seed that they ran
    /// instead of running them again.
    static func run(seed003 scenario003: Scenario, seed004 scenario004: Scenario, count: Int, jobs: Int,
                    claims: (seed003: Seed003Claims, seed004: Seed004Claims)? = nil) -> ClaimsSeedStudy {
        let seeds003 = Array(SeedStudy.seeds(from: scenario003.seed).prefix(count))
        let seeds004 = Array(SeedStudy.seeds(from: scenario004.seed).prefix(count))
        let groups = [(seeds003, seed003Probes(scenario003, claims: claims?.seed003)), (seeds004, seed004Probes(scenario004, claims: claims?.seed004))]
        let worlds = groups.flatMap { seeds, probes in probes.flatMap { probe in seeds.map { (probe, $0) } } }
        // Each world is reduced to its figures as soon as it ends.
        let values = ParallelWorlds.map(worlds.count, width: jobs) { index -> [Double?] in
            let (probe, seed) = worlds[index]
            let known = seed == probe.scenario.seed ? probe.firstSeedRun : nil
            let result = known ?? ScenarioRunner.runTraffic(probe.scenario, seed: seed)
            return probe.figures.map { $0.read(result) }
        }
        var offset = 0
        let figures = groups.map { seeds, probes in
            probes.flatMap { probe -> [SeedStudy.Figure] in
                defer { offset += seeds.count }
                return probe.figures.indices.compactMap { column in
                    let figure = probe.figures[column]
                    let present = seeds.indices.filter { values[offset + $0][column] != nil }
                    guard !present.isEmpty else { return nil }
                    var study = SeedStudy.Figure(name: figure.name, unit: figure.unit, seeds: present.map { seeds[$0] },
                                                 samples: present.map { values[offset + $0][column] ?? 0 }, bootstrap: figure.bootstrap,
                                                 claimed: figure.claimed)
                    study.claimIsTimeRange = probe.claimIsTimeRange
                    return study
                }
            }
        }
        return ClaimsSeedStudy(seed003Seeds: seeds003, seed004Seeds: seeds004, seed003: figures[0], seed004: figures[1])
    }
}

extension ClaimsSeedStudy {
    /// The report's section for one seed's figures.
    /// `note`: a paragraph under the explanation, when the file's runs are not the claim's.
    static func markdown(seeds: [UInt64], figures: [SeedStudy.Figure], note: String? = nil) -> String {
        var out = "### Across \(seeds.count) seeds\n\n"
        out += "The runs behind the verdicts again with seeds \(seeds.first ?? 0) … \(seeds.last ?? 0). Intervals are 95 %: Student's t for means, "
        out += "a percentile bootstrap for percentiles, Wilson for the share of seeds within the claimed range.\n\n"
        if let note { out += note + "\n\n" }
        out += SeedStudy.table(figures).rendered() + "\n"
        return out
    }

    /// The study as JSON.
    struct Document: Encodable {
        var seed003: [SeedStudyFigureDocument]
        var seed004: [SeedStudyFigureDocument]
    }
}
