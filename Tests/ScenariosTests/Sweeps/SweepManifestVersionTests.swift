import Foundation
import Testing
@testable import Scenarios

/// `sweep.json` says which Orrery made its worlds (`orreryVersion`); a manifest written before
/// it recorded one still reads and merges, and shards two versions wrote are refused, naming both.
struct SweepManifestVersionTests {
    typealias Shards = SweepMergeHostileTests.Shards

    /// Shard `index`'s `sweep.json` as an Orrery before this one wrote it: without the key.
    static func writeWithoutVersion(_ shards: Shards, shard index: Int) throws {
        try SweepMergeRefusalTests.editManifest(shards, shard: index) { $0.orreryVersion = nil }
        let text = try String(contentsOfFile: shards.path(shard: index) + "/sweep.json", encoding: .utf8)
        #expect(!text.contains("orreryVersion"))
    }

    @Test func aSweepsManifestRecordsTheVersionThatWroteIt() throws {
        let shards = try Shards()
        defer { shards.remove() }
        #expect(OrreryVersion.current == "0.1.0")
        #expect(shards.manifest.orreryVersion == "0.1.0")
        let text = try String(contentsOfFile: shards.path(shard: 1) + "/sweep.json", encoding: .utf8)
        #expect(text.contains("\n  \"orreryVersion\" : \"0.1.0\",\n"))
        // Merged, the shards' version is the sweep's.
        let (manifest, records) = try SweepMerge.read([shards.path(shard: 1), shards.path(shard: 2)])
        #expect(manifest.orreryVersion == "0.1.0" && manifest == shards.manifest && records == shards.records)
    }

    /// Shards whose `sweep.json` has no `orreryVersion` (every sweep before it was recorded) merge
    /// as they did, into a manifest without it.
    @Test func shardsWrittenBeforeTheVersionWasRecordedStillMerge() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.writeWithoutVersion(shards, shard: 1)
        try Self.writeWithoutVersion(shards, shard: 2)
        let (manifest, records) = try SweepMerge.read([shards.path(shard: 1), shards.path(shard: 2)])
        #expect(manifest.orreryVersion == nil)
        var expected = shards.manifest
        expected.orreryVersion = nil
        #expect(manifest == expected && records == shards.records)
        #expect(!manifest.json().contains("orreryVersion"))
        #expect(SweepReport(manifest: manifest, records: records).comparisonsCSV() == SweepReport(manifest: shards.manifest, records: records).comparisonsCSV())
    }

    @Test func shardsOfTwoVersionsAreRefusedNamingBoth() throws {
        let shards = try Shards()
        defer { shards.remove() }
        try Self.writeWithoutVersion(shards, shard: 2)
        #expect(shards.refusal() == SweepMergeRefusalTests.anotherSweep(shards, "it was written by an orrery that did not record its version, not orrery '0.1.0': "
            + "worlds another version ran may differ, so run every shard with one orrery"))
        try SweepMergeRefusalTests.editManifest(shards, shard: 2) { $0.orreryVersion = "0.0.9" }
        #expect(shards.refusal() == SweepMergeRefusalTests.anotherSweep(shards, "it was written by orrery '0.0.9', not orrery '0.1.0': "
            + "worlds another version ran may differ, so run every shard with one orrery"))
    }
}
