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

    /// A store with a bucket; `writesPerSecond` lowers the write limit for tests of the bucket
    /// mechanics, so they need fewer requests than S3's own 3,500.
    static func fixtureWithBucket(writesPerSecond: Int = 3500) -> ObjectStoreServiceFixture {
        var configuration = ObjectStore.Configuration.constantLatency()
        configuration.writesPerSecondPerPrefix = writesPerSecond
        let fixture = ObjectStoreServiceFixture(configuration: configuration)
        let client = fixture.client
        fixture.run { try? await client.createBucket("bucket") }
        return fixture
    }

    @Test func aPrefixAcceptsExactly3500WritesAtOnceAndAnswersTheRestWithSlowDown() throws {
        let fixture = Self.fixtureWithBucket()
        let counter = OutcomeCounter()
        Self.burst(fixture, prefix: "logs/", count: 3_600, into: counter)
        try fixture.sim.runToCompletion(timeLimit: .after(.seconds(60)))
        #expect(counter.succeeded == 3_500)
        #expect(counter.failures == ["SlowDown": 100])
        #expect(fixture.state.usage().currentObjects == 3_500)
        #expect(fixture.store.stats.throttled == 100)
        #expect(S3ErrorCode.slowDown.httpStatus == 503)
    }

    @Test func prefixesAreThrottledSeparately() throws {
        let fixture = Self.fixtureWithBucket(writesPerSecond: 100)
        let counter = OutcomeCounter()
        Self.burst(fixture, prefix: "a/", count: 100, into: counter)
        Self.burst(fixture, prefix: "b/", count: 100, into: counter)
        Self.burst(fixture, prefix: "a/b/", count: 110, into: counter)
        try fixture.sim.runToCompletion(timeLimit: .after(.seconds(60)))
        #expect(counter.succeeded == 300)
        #expect(counter.failures == ["SlowDown": 10])
    }

    @Test func tokensComeBackAtTheRatePerSecond() throws {
        let fixture = Self.fixtureWithBucket(writesPerSecond: 100)
        let first = OutcomeCounter(), second = OutcomeCounter(), third = OutcomeCounter()
        Self.burst(fixture, prefix: "logs/", count: 100, into: first)
        // Half a second later exactly 50 tokens have come back; a full second refills the bucket.
        Self.burst(fixture, prefix: "logs/", count: 60, after: .milliseconds(500), into: second)
        Self.burst(fixture, prefix: "logs/", count: 120, after: .seconds(3), into: third)
        try fixture.sim.runToCompletion(timeLimit: .after(.seconds(60)))
        #expect(first.succeeded == 100)
        #expect(second.succeeded == 50)
        #expect(second.failures == ["SlowDown": 10])
        #expect(third.succeeded == 100)
    }

    @Test func aPrefixAcceptsExactly5500ReadsAtOnce() throws {
        let fixture = Self.fixtureWithBucket()
        let counter = OutcomeCounter()
        let client = fixture.client, sim = fixture.sim
        for index in 0..<5_600 {
            sim.spawn("get-\(index)") { _ in
                counter.record(await client.outcome { () async throws(ObjectStoreClientError) in
                    try await client.headObject(bucket: "bucket", key: "logs/absent")
                })
            }
        }
        try fixture.sim.runToCompletion(timeLimit: .after(.seconds(60)))
        // Admitted reads go on to S3's answer for a missing key; refused ones never get that far.
        #expect(counter.failures == ["NoSuchKey": 5_500, "SlowDown": 100])
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
