import Testing
@testable import Simulator

@Suite("Object store service: per-prefix throttling")
struct ObjectStoreThrottlingTests {
    /// Sends `count` puts to `prefix` from separate tasks, all arriving at the same instant.
    static func burst(_ fixture: ObjectStoreServiceFixture, prefix: String, count: Int, after delay: Duration = .zero,
                      into counter: OutcomeCounter) {
        let client = fixture.client, sim = fixture.sim
        for index in 0..<count {
            sim.spawn("put-\(prefix)\(index)") { _ in
                await sim.sleep(for: delay)
                counter.record(await client.outcome { () async throws(ObjectStoreClientError) in
                    try await client.putObject(bucket: "bucket", key: "\(prefix)k-\(index)", body: [])
                })
            }
        }
    }

    static func fixtureWithBucket() -> ObjectStoreServiceFixture {
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client
        fixture.run { try? await client.createBucket("bucket") }
        return fixture
    }

    @Test func aPrefixAcceptsExactly3500WritesAtOnceAndAnswersTheRestWithSlowDown() throws {
        let fixture = Self.fixtureWithBucket()
        let counter = OutcomeCounter()
        Self.burst(fixture, prefix: "logs/", count: 7_000, into: counter)
        try fixture.sim.runToCompletion(timeLimit: .after(.seconds(60)))
        #expect(counter.succeeded == 3_500)
        #expect(counter.failures == ["SlowDown": 3_500])
        #expect(fixture.state.usage().currentObjects == 3_500)
        #expect(fixture.store.stats.throttled == 3_500)
        #expect(S3ErrorCode.slowDown.httpStatus == 503)
    }

    @Test func prefixesAreThrottledSeparately() throws {
        let fixture = Self.fixtureWithBucket()
        let counter = OutcomeCounter()
        Self.burst(fixture, prefix: "a/", count: 3_500, into: counter)
        Self.burst(fixture, prefix: "b/", count: 3_500, into: counter)
        try fixture.sim.runToCompletion(timeLimit: .after(.seconds(60)))
        #expect(counter.succeeded == 7_000)
        #expect(counter.failures.isEmpty)
    }

    @Test func tokensComeBackAt3500PerSecond() throws {
        let fixture = Self.fixtureWithBucket()
        let first = OutcomeCounter(), second = OutcomeCounter()
        Self.burst(fixture, prefix: "logs/", count: 3_500, into: first)
        // Half a second later exactly 1,750 tokens have come back.
        Self.burst(fixture, prefix: "logs/", count: 2_000, after: .milliseconds(500), into: second)
        try fixture.sim.runToCompletion(timeLimit: .after(.seconds(60)))
        #expect(first.succeeded == 3_500)
        #expect(second.succeeded == 1_750)
        #expect(second.failures == ["SlowDown": 250])
    }

    @Test func aPrefixAcceptsExactly5500ReadsAtOnce() throws {
        let fixture = Self.fixtureWithBucket()
        let counter = OutcomeCounter()
        let client = fixture.client, sim = fixture.sim
        for index in 0..<6_000 {
            sim.spawn("get-\(index)") { _ in
                counter.record(await client.outcome { () async throws(ObjectStoreClientError) in
                    try await client.headObject(bucket: "bucket", key: "logs/absent")
                })
            }
        }
        try fixture.sim.runToCompletion(timeLimit: .after(.seconds(60)))
        // Admitted reads go on to S3's answer for a missing key; refused ones never get that far.
        #expect(counter.failures == ["NoSuchKey": 5_500, "SlowDown": 500])
    }

    @Test func throttledPrefixTableForgetsIdleBucketsAtTheLifecyclePass() {
        var throttle = PrefixThrottle(writesPerSecond: 3500, readsPerSecond: 5500)
        let admitted = [throttle.admit(.write("b", "x/1"), now: 0), throttle.admit(.read("b", "y/1"), now: 900_000_000)]
        #expect(admitted == [true, true])
        throttle.prune(now: 1_500_000_000)
        #expect(throttle.trackedBucketCount == 1)
    }

    @Test func theThrottledPrefixIsTheBucketAndTheKeyUpToItsLastSlash() {
        #expect(ObjectStoreAccess.write("photos", "2026/01/a.jpg").throttledPrefix == "photos/2026/01/")
        #expect(ObjectStoreAccess.read("photos", "top.txt").throttledPrefix == "photos/")
        #expect(ObjectStoreAccess.read("photos").throttledPrefix == "photos/")
    }
}
