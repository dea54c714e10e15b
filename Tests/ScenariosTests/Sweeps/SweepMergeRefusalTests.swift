import Foundation
import Testing
@testable import Scenarios

/// Shards that are not of one sweep, and one that did not finish: merge named no field ("its
/// file, seeds or variants differ"), and a killed shard was "not a sweep manifest orrery wrote".
/// Each refusal names the field that differs and both values; seeds are compared as the lists
/// they expand to.
struct SweepMergeRefusalTests {
    typealias Shards = SweepMergeHostileTests.Shards

    /// Rewrites shard `index`'s `sweep.json` with `change` applied to its manifest.
    static func editManifest(_ shards: Shards, shard index: Int, _ change: (inout SweepManifest) -> Void) throws {
        let path = shards.path(shard: index) + "/sweep.json"
        var manifest = try JSONDecoder().decode(SweepManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        change(&manifest)
        try manifest.json().write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// What merge says of shard 2 when its manifest differs from shard 1's by `difference`.
    static func anotherSweep(_ shards: Shards, _ difference: String) -> String {
        "'\(shards.path(shard: 2))' is a shard of another sweep than '\(shards.path(shard: 1))': \(difference)"
    }

    @Test func theSameFileByAnotherPathIsRefusedSayingTheBytesAreTheSame() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { $0.file = "sc/tiny.yaml" }
        let manifest = shards.manifest
        #expect(shards.refusal() == Self.anotherSweep(shards, "its file is 'sc/tiny.yaml', not '\(manifest.file.excerpt(upTo: 80))': the same bytes (digest \(manifest.fileDigest)), "
            + "but the report names one path, and the files a scenario reads are found from where it lies: give every shard the file by the same path"))
    }

    @Test func anotherFileIsRefusedWithBothDigests() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { ($0.file, $0.fileDigest) = ("other.yaml", "123456789abcdef0") }
        let manifest = shards.manifest
        #expect(shards.refusal() == Self.anotherSweep(shards, "its file is 'other.yaml' (digest 123456789abcdef0), not '\(manifest.file.excerpt(upTo: 80))' (digest \(manifest.fileDigest))"))
    }

    @Test func theFileChangedBetweenShardsIsRefused() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { $0.fileDigest = "123456789abcdef0" }
        let manifest = shards.manifest
        #expect(shards.refusal() == Self.anotherSweep(shards, "its file '\(manifest.file.excerpt(upTo: 80))' had other bytes (digest 123456789abcdef0, not \(manifest.fileDigest)): the file changed between the shards"))
    }

    /// `1..2,3..4` and `1..4` are the same worlds: merged, with shard 1's text, whichever shard is
    /// read first — the report an unsharded sweep run with shard 1's `--seeds` writes.
    @Test func seedsWrittenAnotherWayAreTheSameSweepAndMergeWithShard1sText() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { $0.seeds = "1..2,3..4" }
        let (manifest, records) = try SweepMerge.read([shards.path(shard: 2), shards.path(shard: 1)])
        #expect(manifest == shards.manifest)
        #expect(manifest.seeds == "1..4")
        #expect(records == shards.records)
        try Self.editManifest(shards, shard: 1) { $0.seeds = "1,2,3..4" }
        let (respelled, _) = try SweepMerge.read([shards.path(shard: 2), shards.path(shard: 1)])
        #expect(respelled.seeds == "1,2,3..4")
    }

    @Test func otherSeedsAreRefusedWithBothLists() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { ($0.seeds, $0.seedCount, $0.worlds) = ("1..5", 5, 5) }
        #expect(shards.refusal() == Self.anotherSweep(shards, "its seeds are '1..5' (5 seeds), not '1..4' (4 seeds)"))
    }

    @Test func theSameSeedsInAnotherOrderAreRefused() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { $0.seeds = "3..4,1..2" }
        #expect(shards.refusal() == Self.anotherSweep(shards, "its seeds are '3..4,1..2', not '1..4': the same seeds in another order, which numbers the worlds otherwise"))
    }

    @Test func anotherVaryIsRefused() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { $0.vary = ["servers.0.slots=2"] }
        #expect(shards.refusal() == Self.anotherSweep(shards, "its --vary is 'servers.0.slots=2', not none"))
    }

    @Test func anotherVariantsExpectationsAreRefused() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { $0.variants[0].expectations = ["p99 < 10ms"] }
        #expect(shards.refusal() == Self.anotherSweep(shards, "its variant 1 expects 'p99 < 10ms', not 'success_ratio >= 0.99; p99 < 12ms'"))
    }

    /// A shard written by an orrery that measures one metric fewer (or more).
    @Test func anotherMetricListIsRefusedAtItsFirstDifference() throws {
        let shards = try Shards()
        defer { shards.remove() }
        let metrics = shards.manifest.metrics
        let last = try #require(metrics.last)
        try Self.editManifest(shards, shard: 2) { $0.metrics.removeLast() }
        #expect(shards.refusal() == Self.anotherSweep(shards, "its metric \(metrics.count) is missing, not '\(last.name)' (\(last.unit)) "
            + "(\(metrics.count - 1) metrics, not \(metrics.count): was it written by another version of orrery?)"))
        try Self.editManifest(shards, shard: 2) { $0.metrics = metrics + [SweepManifest.MetricEntry(name: "queue.new_metric", unit: "count")] }
        #expect(shards.refusal() == Self.anotherSweep(shards, "its metric \(metrics.count + 1) is 'queue.new_metric' (count), not missing "
            + "(\(metrics.count + 1) metrics, not \(metrics.count): was it written by another version of orrery?)"))
    }

    @Test func anotherScenarioNameIsRefused() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.editManifest(shards, shard: 2) { $0.name = "tiny-other" }
        #expect(shards.refusal() == Self.anotherSweep(shards, "its scenario is named 'tiny-other', not 'tiny-merge'"))
    }

    /// A shard killed mid-run leaves `worlds.jsonl.partial` and no `sweep.json`, whether merge is
    /// given the folder of shards or the shard itself.
    @Test func aShardKilledBeforeItFinishedSaysSo() throws {
        let shards = try Shards()
        defer { shards.remove() }
        let path = shards.path(shard: 2)
        try FileManager.default.removeItem(atPath: path + "/sweep.json")
        try FileManager.default.moveItem(atPath: path + "/worlds.jsonl", toPath: path + "/worlds.jsonl.partial")
        let message = "'\(path)' holds worlds.jsonl.partial but no sweep.json: the shard did not finish"
        #expect(shards.refusal() == message)
        #expect(throws: SweepMerge.Problem.self) { try SweepMerge.shardDirectories([path]) }
        do {
            _ = try SweepMerge.shardDirectories([path])
        } catch {
            #expect(error.description == message)
        }
    }

    /// A shard folder with no manifest and no partial file read "'…/sweep.json' is not a sweep
    /// manifest orrery wrote", as if a file were there.
    @Test func aShardFolderWithoutAManifestSaysSo() throws {
        let shards = try Shards()
        defer { shards.remove() }
        let path = shards.path(shard: 2)
        try FileManager.default.removeItem(atPath: path + "/sweep.json")
        #expect(shards.refusal() == "'\(path)' holds no sweep.json: it is not a shard a sweep wrote (a sweep --shard i/n writes sweep.json and worlds.jsonl into shard-i-of-n/)")
    }
}
