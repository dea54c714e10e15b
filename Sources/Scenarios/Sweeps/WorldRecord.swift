import Foundation
import Reports

/// What one world of a sweep produced, as a shard writes it: one JSON line per world in
/// `worlds.jsonl`. Metric values are written as Swift's shortest exact text, so reading a record
/// back gives the very same numbers and a merged report is byte for byte the unsharded one.
public struct WorldRecord: Sendable, Equatable, Codable {
    /// Its position in the sweep (variant by variant, seed by seed).
    public var position: Int
    public var variant: Int
    public var seed: UInt64
    /// The digest of every event of the run.
    public var digest: String
    public var events: UInt64
    /// Whether the run ended, every job was exact and every expectation held.
    public var passed: Bool
    /// Why the simulation stopped early, if it did.
    public var stoppedEarly: String?
    /// Other reasons it failed: a job's output that was not exact, an operation that could not be sent.
    public var problems: [String]
    /// One value per metric of the manifest, in its order; nil where the run could not measure it.
    public var metrics: [String?]
    /// Whether each of the variant's expectations held, in the file's order.
    public var expectations: [Bool]

    /// The keys of a record's line: a sweep writes these and no others.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case position, variant, seed, digest, events, passed, stoppedEarly, problems, metrics, expectations
    }

    /// The value of the manifest's metric `index`.
    public func value(_ index: Int) -> Double? {
        guard index < metrics.count, let text = metrics[index] else { return nil }
        return Double(text)
    }

    /// The record from what a run produced, its metrics laid out as `manifest` lists them.
    init(position: Int, variant: Int, result: RunResult, manifest: SweepManifest) {
        self.position = position
        self.variant = variant
        seed = result.seed
        digest = result.digest
        events = result.events
        passed = result.passed
        stoppedEarly = result.failure
        var problems: [String] = []
        for job in result.jobs { problems += job.result.reportedProblems.map { "job \(job.id): \($0)" } }
        if case .failure(let problem) = result.operations { problems.append("\(problem)") }
        self.problems = problems
        var texts = [String?](repeating: nil, count: manifest.metrics.count)
        for (metric, value) in result.metrics {
            guard let index = manifest.metrics.firstIndex(where: { $0.name == metric.description }) else { continue }
            texts[index] = value.flatMap { $0.isFinite ? "\($0)" : nil }
        }
        metrics = texts
        expectations = result.checks.map(\.holds)
    }

    /// One line of `worlds.jsonl`, keys sorted.
    func jsonLine() -> String {
        JSONReport.line(self)
    }

    /// The largest magnitude a metric may have when read back: far above any a run measures,
    /// far enough below `Double`'s range that sums of squares over a million worlds stay finite.
    static let largestMetric = 1e18

    /// Reads one line of `worlds.jsonl`; nil unless it is a record a sweep writes (a metric of
    /// `nan`, `inf` or `1e155` edited in made the merged report's statistics infinite).
    static func parse(line: [UInt8]) -> WorldRecord? {
        guard let record = try? JSONDecoder().decode(WorldRecord.self, from: Data(line)) else { return nil }
        for text in record.metrics {
            guard let text else { continue }
            guard let value = Double(text), value.isFinite, abs(value) <= largestMetric else { return nil }
        }
        return record
    }

    /// The first key, in sorted order, of the JSON object on `line` that a sweep never writes, or
    /// nil. A decoder skips keys it
    /// does not know, so a field edited in (or a record of another tool) merged silently.
    static func unknownKey(in line: [UInt8]) -> String? {
        guard let keys = try? JSONDecoder().decode(KeyList.self, from: Data(line)) else { return nil }
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        return keys.names.filter { !known.contains($0) }.sorted().first
    }

    /// The keys of a JSON object, whatever they are.
    private struct KeyList: Decodable {
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        let names: [String]

        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        }
    }
}
