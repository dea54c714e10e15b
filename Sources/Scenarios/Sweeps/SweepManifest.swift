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

    /// The manifest of `plan`, whose variants were loaded as `scenarios`, for a file of `bytes`.
    init(plan: SweepPlan, scenarios: [Scenario], bytes: [UInt8]) {
        name = scenarios[0].name
        description = scenarios[0].summary
        file = plan.file
        fileDigest = String(StableHash.fnv1a64(String(decoding: bytes, as: UTF8.self)), radix: 16)
        seeds = plan.seeds.description
        seedCount = plan.seeds.seeds.count
        vary = plan.dimensions.map { dimension in "\(dimension[0].path)=" + dimension.map(\.value).joined(separator: ",") }
        variants = scenarios.indices.map { index in
            Variant(label: plan.label(ofVariant: index), overrides: plan.variant(index).map(\.description),
                    expectations: scenarios[index].expectations.map(\.text))
        }
        var metrics: [MetricEntry] = []
        for scenario in scenarios {
            for metric in scenario.subsystems.flatMap(\.metrics) where !metrics.contains(where: { $0.name == metric.description }) && metric.isMeasured(in: scenario) {
                metrics.append(MetricEntry(name: metric.description, unit: metric.unit.name))
            }
        }
        self.metrics = metrics
        worlds = plan.worldCount
    }

    /// The command that replays one world of the sweep.
    public func replayCommand(variant: Int, seed: UInt64) -> String {
        (["orrery", "run", ShellQuoting.fileArgument(file), "--seed", "\(seed)"] + variants[variant].overrides.flatMap { ["--set", $0] })
            .map(ShellQuoting.quote).joined(separator: " ")
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
