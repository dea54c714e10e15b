import Foundation
import Reports
import Simulator

/// What a sweep is — its file (and a digest of the file's bytes), seeds, variants, the metrics and
/// expectations every world reports — written as `sweep.json` beside its worlds. Every shard of a
/// sweep writes the same manifest but for `shard`, which is how `orrery merge` knows the shards
/// belong together and are all there.
public struct SweepManifest: Sendable, Equatable, Codable {
    /// One variant: its label, the overrides that make it, its expectations.
    public struct Variant: Sendable, Equatable, Codable {
        public var label: String
        public var overrides: [String]
        public var expectations: [String]
    }

    /// One metric any variant reports, with its unit.
    public struct MetricEntry: Sendable, Equatable, Codable {
        public var name: String
        public var unit: String
    }

    /// The manifest's format.
    public var format = 1
    /// The Orrery that wrote the manifest (``OrreryVersion/current``); nil in a manifest written
    /// before it was recorded, which still reads and merges (with shards that lack it too).
    public var orreryVersion: String?
    /// The scenario's name.
    public var name: String
    public var description: String
    /// The scenario file, as the user named it.
    public var file: String
    /// FNV-1a 64 of the file's bytes, in hex.
    public var fileDigest: String
    /// The seeds, as `SeedList` normalises them.
    public var seeds: String
    public var seedCount: Int
    /// The `--vary` arguments, normalised.
    public var vary: [String]
    public var variants: [Variant]
    public var metrics: [MetricEntry]
    /// Variants × seeds.
    public var worlds: Int
    /// `i/n` for a shard's manifest; nil for the whole sweep.
    public var shard: String?

    /// What the manifest keeps of one variant's loaded scenario — its expectations and the
    /// metrics it measures — so that the scenario itself need not be kept (``Sweep/load(_:jobs:shard:)``).
    struct VariantFacts: Sendable {
        var expectations: [String]
        var metrics: [MetricEntry]

        init(_ scenario: Scenario) {
            expectations = scenario.expectations.map(\.text)
            var metrics: [MetricEntry] = []
            for metric in scenario.subsystems.flatMap(\.metrics) where !metrics.contains(where: { $0.name == metric.description }) && metric.isMeasured(in: scenario) {
                metrics.append(MetricEntry(name: metric.description, unit: metric.unit.name))
            }
            self.metrics = metrics
        }
    }

    /// The manifest of `plan` for a file of `bytes`, named and described by its first variant's
    /// scenario, with `facts` of each variant in order.
    init(plan: SweepPlan, name: String, description: String, facts: [VariantFacts], bytes: [UInt8]) {
        orreryVersion = OrreryVersion.current
        self.name = name
        self.description = description
        file = plan.file
        fileDigest = String(StableHash.fnv1a64(String(decoding: bytes, as: UTF8.self)), radix: 16)
        seeds = plan.seeds.description
        seedCount = plan.seeds.seeds.count
        vary = plan.dimensions.map { dimension in VaryList.written(path: dimension[0].path, values: dimension.map(\.value)) }
        variants = facts.indices.map { index in
            Variant(label: plan.label(ofVariant: index), overrides: plan.variant(index).map(\.description), expectations: facts[index].expectations)
        }
        // Every variant's metrics, each once, in the order the variants first measure them.
        var metrics: [MetricEntry] = []
        for variant in facts {
            for metric in variant.metrics where !metrics.contains(where: { $0.name == metric.name }) { metrics.append(metric) }
        }
        self.metrics = metrics
        worlds = plan.worldCount
    }

    /// The manifest of `plan`, whose variants were loaded as `scenarios`, for a file of `bytes`.
    init(plan: SweepPlan, scenarios: [Scenario], bytes: [UInt8]) {
        self.init(plan: plan, name: scenarios[0].name, description: scenarios[0].summary, facts: scenarios.map(VariantFacts.init), bytes: bytes)
    }

    /// The command that replays one world of the sweep: for any shell, as the sweep's reports keep
    /// it (``ShellQuoting/posixCommand(_:)``), or `onTerminal` on one line
    /// (``ShellQuoting/displayCommand(_:)``).
    public func replayCommand(variant: Int, seed: UInt64, onTerminal: Bool = false) -> String {
        let words = ["orrery", "run", ShellQuoting.fileArgument(file), "--seed", "\(seed)"] + variants[variant].overrides.flatMap { ["--set", $0] }
        return onTerminal ? ShellQuoting.displayCommand(words) : ShellQuoting.posixCommand(words)
    }

    /// `sweep.json`.
    func json() -> String { JSONReport.encode(self) }
}

extension MetricUnit {
    /// The unit's name in manifests and CSV: duration (seconds), count, ratio, rate (per second), boolean.
    var name: String {
        switch self {
        case .duration: return "duration"
        case .count: return "count"
        case .ratio: return "ratio"
        case .rate: return "rate"
        case .boolean: return "boolean"
        }
    }

    init?(name: String) {
        switch name {
        case "duration": self = .duration
        case "count": self = .count
        case "ratio": self = .ratio
        case "rate": self = .rate
        case "boolean": self = .boolean
        default: return nil
        }
    }
}
