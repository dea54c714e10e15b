import Testing
@testable import Simulator

/// Transition against expiration due the same day: "Permanent deletion takes precedence over
/// transition. Transition takes precedence over creation of delete markers."
@Suite("Object store: lifecycle precedence of transition and expiration")
struct ObjectStoreLifecyclePrecedenceTests {
    typealias Fixture = ObjectStoreFixture
    static let day = Fixture.day
    /// 200 KiB, as the audit's object: above the 128 KiB transition floor.
    static let big = [UInt8](repeating: 0x42, count: 200 * 1024)
    /// Expiration and a GLACIER transition, both at 40 days, in two rules (one rule may not hold both).
    static let rules = [
        LifecycleRule(id: "exp", expirationDays: 40),
        LifecycleRule(id: "tr", transitions: [LifecycleTransition(days: 40, storageClass: .glacier)]),
    ]

    static func store(versioning: VersioningState) -> ObjectStoreState {
        var store = Fixture.storeWithBucket(versioning: versioning)
        if versioning == .suspended {
            _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .enabled) }
            _ = expectS3Success(&store) { try $0.putBucketVersioning("bucket", .suspended) }
        }
        _ = expectS3Success(&store) { try $0.putBucketLifecycleConfiguration("bucket", LifecycleConfiguration(rules: rules)) }
        return store
    }

    static func versions(_ store: inout ObjectStoreState) -> [ListedObjectVersion] {
        expectS3Success(&store) { try $0.listObjectVersions(bucket: "bucket") }?.versions ?? []
    }

    @Test func versionedTransitionFirstThenTheMarkerTheNextDay() {
        var store = Self.store(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "big", body: Self.big, now: 0) }?.versionId ?? ""
        #expect(store.runLifecycle(now: 40 * Self.day - 1).isEmpty)
        #expect(store.runLifecycle(now: 40 * Self.day) == [
            LifecycleAction(bucket: "bucket", key: "big", kind: .transition, versionId: v1, uploadId: nil, storageClass: .glacier),
        ])
        #expect(Self.versions(&store).map(\.versionId) == [v1])
        #expect(expectS3Success(&store) { try $0.headObject(bucket: "bucket", key: "big") }?.storageClass == .glacier)
        // Next day: the expiration is still due and nothing is left to transition: a marker.
        let next = store.runLifecycle(now: 41 * Self.day)
        #expect(next.map(\.kind) == [.addDeleteMarker])
        let marker = next.first?.versionId ?? ""
        let listed = Self.versions(&store)
        #expect(listed.map(\.versionId) == [marker, v1])
        #expect(listed.map(\.isDeleteMarker) == [true, false])
        #expect(listed.last?.storageClass == .glacier)
        #expect(store.runLifecycle(now: 42 * Self.day).isEmpty)
    }

    @Test func theAuditsLateRunTransitionsAtDay41AndMarksAtDay42() {
        // lc2, bucket lc-conf: the first pass is at day 41, both actions long due.
        var store = Self.store(versioning: .enabled)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "big", body: Self.big, now: Fixture.hour) }?.versionId ?? ""
        #expect(store.runLifecycle(now: 41 * Self.day + Fixture.hour).map(\.kind) == [.transition])
        #expect(Self.versions(&store).map(\.versionId) == [v1])
        #expect(store.runLifecycle(now: 42 * Self.day).map(\.kind) == [.addDeleteMarker])
        #expect(Self.versions(&store).count == 2)
    }

    @Test func suspendedTransitionFirstThenTheNullMarkerReplacesTheNullVersion() {
        var store = Self.store(versioning: .suspended)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "big", body: Self.big, now: 0) }
        #expect(store.runLifecycle(now: 40 * Self.day) == [
            LifecycleAction(bucket: "bucket", key: "big", kind: .transition, versionId: "null", uploadId: nil, storageClass: .glacier),
        ])
        #expect(store.runLifecycle(now: 41 * Self.day) == [
            LifecycleAction(bucket: "bucket", key: "big", kind: .addDeleteMarker, versionId: "null", uploadId: nil, storageClass: nil),
        ])
        #expect(Self.versions(&store).map(\.isDeleteMarker) == [true])
    }

    @Test func unversionedExpirationStillWins() {
        var store = Self.store(versioning: .unversioned)
        _ = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "big", body: Self.big, now: 0) }
        #expect(store.runLifecycle(now: 40 * Self.day) == [
            LifecycleAction(bucket: "bucket", key: "big", kind: .expireObject, versionId: nil, uploadId: nil, storageClass: nil),
        ])
        #expect(store.storedVersionCount == 0)
    }

    @Test func withNoTransitionPossibleTheMarkerComesTheSameDay() {
        var store = Self.store(versioning: .enabled)
        let small = [UInt8](repeating: 1, count: LifecycleConfiguration.defaultTransitionMinimumObjectSize - 1)
        let v1 = expectS3Success(&store) { try $0.putObject(bucket: "bucket", key: "small", body: small, now: 0) }?.versionId ?? ""
        let actions = store.runLifecycle(now: 40 * Self.day)
        #expect(actions.map(\.kind) == [.addDeleteMarker])
        #expect(Self.versions(&store).map(\.versionId) == [actions.first?.versionId ?? "", v1])
        #expect(Self.versions(&store).last?.storageClass == .standard)
    }
}
