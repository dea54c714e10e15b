import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A composed world's report.json lists what its buckets hold at the end — every version and
/// delete marker, as `orrery ops`' results.jsonl gives a ListObjectVersions entry, with its
/// bucket — bounded by ``ReportListBound`` with the count of the rest. Before, `store` had the
/// counts alone (`objects`, `bytes`): a reader could not tell which keys, versions or ETags.
struct StoreVersionsJSONTests {
    typealias Object = [String: Any]

    static func store(_ yaml: String) throws -> Object {
        try #require(try ComposedWorldSubsystemJSONTests.world(yaml)["store"] as? Object)
    }

    /// Two buckets, by name: `archive` unversioned, `logs` versioned with an overwritten key and a
    /// deleted one (newest first, the delete marker without ETag or storage class).
    @Test func theBucketsVersionsAreListedWithTheirETags() throws {
        let store = try Self.store("""
            name: objects
            object_store: {buckets: [{name: logs, versioning: true}, {name: archive}]}
            operations:
              - put: {bucket: logs, key: a, body: hello}
              - put: {bucket: logs, key: a, body: world, storage_class: STANDARD_IA}
              - put: {bucket: logs, key: b, body: x}
              - delete: {bucket: logs, key: b}
              - put: {bucket: archive, key: z, body: x}
            """)
        let versions = try #require(store["versions"] as? [Object])
        #expect(store["versionsLeftOut"] == nil && store["objects"] as? Int == 2)
        #expect(versions.map { "\($0["bucket"] as? String ?? "?")/\($0["key"] as? String ?? "?")" } == ["archive/z", "logs/a", "logs/a", "logs/b", "logs/b"])
        #expect(versions.map { $0["eTag"] as? String } == [
            "\"9dd4e461268c8034f5c8564e155c67a6\"", "\"7d793037a0760186574b0282f2f435e7\"", "\"5d41402abc4b2a76b9719d911017c592\"", nil,
            "\"9dd4e461268c8034f5c8564e155c67a6\"",
        ])
        #expect(versions.map { $0["size"] as? Int } == [1, 5, 5, 0, 1])
        #expect(versions.map { $0["storageClass"] as? String } == ["STANDARD", "STANDARD_IA", "STANDARD", nil, "STANDARD"])
        #expect(versions.map { $0["isDeleteMarker"] as? Bool } == [false, false, false, true, false])
        #expect(versions.map { $0["isLatest"] as? Bool } == [true, true, false, true, false])
        #expect(versions[0]["versionId"] as? String == "null")
        let ids = versions.dropFirst().compactMap { $0["versionId"] as? String }
        #expect(ids.count == 4 && Set(ids).count == 4 && !ids.contains("null"))
    }

    /// 1,001 versions of one key beside one object: the first 1,000 in order, and the 2 left out counted.
    @Test func pastTheBoundTheFirstVersionsAreListedAndTheRestCounted() throws {
        let puts = (1...1_001).map { "  - put: {bucket: logs, key: k, body: v\($0)}" }.joined(separator: "\n")
        let store = try Self.store("""
            name: many
            object_store: {buckets: [{name: logs, versioning: true}, {name: archive}]}
            operations:
              - put: {bucket: archive, key: z, body: x}
            \(puts)
            """)
        let versions = try #require(store["versions"] as? [Object])
        #expect(versions.count == ReportListBound.most && store["versionsLeftOut"] as? Int == 2)
        #expect(versions.first?["bucket"] as? String == "archive" && versions[1]["size"] as? Int == 5 && versions[1]["isLatest"] as? Bool == true)
        #expect(versions.last?["isLatest"] as? Bool == false)
    }

    /// A listing longer than one ListObjectVersions page (1,000) carries on from the page's
    /// markers, and every version is listed once.
    @Test func aListingLongerThanAPageCarriesOnFromItsMarkers() throws {
        var state = ObjectStoreState()
        try state.createBucket("bucket", now: 0)
        try state.putBucketVersioning("bucket", .enabled)
        for index in 0..<1_200 { _ = try state.putObject(bucket: "bucket", key: "k\(index % 3)", body: Array("\(index)".utf8), now: Int64(index)) }
        let all = state.reportedVersions(most: 2_000)
        #expect(all.total == 1_200 && all.listed.count == 1_200)
        #expect(Set(all.listed.map(\.version.versionId)).count == 1_200)
        // Key ascending, newest first: k0's last write was 1,197.
        #expect(all.listed.first?.version.key == "k0" && all.listed.first?.version.size == 4 && all.listed.first?.version.lastModified == 1_197)
        let some = state.reportedVersions(most: 1_100)
        #expect(some.total == 1_200 && some.listed == Array(all.listed.prefix(1_100)))
    }
}
