import Testing
@testable import Simulator

@Suite("Object store service: latency, read-after-write, timeouts and crashes")
struct ObjectStoreLatencyTests {
    static let megabyte = [UInt8](repeating: 7, count: 1_048_576)

    @Test func aRequestTakesTheLinkBothWaysPlusFirstByteLatencyPlusTransferTime() {
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client, sim = fixture.sim
        let times = fixture.run { () -> [Int64] in
            var times: [Int64] = []
            var start = sim.now.nanoseconds
            try? await client.createBucket("bucket")
            times.append(sim.now.nanoseconds - start)
            start = sim.now.nanoseconds
            _ = try? await client.putObject(bucket: "bucket", key: "big", body: Self.megabyte)
            times.append(sim.now.nanoseconds - start)
            start = sim.now.nanoseconds
            _ = try? await client.getObject(bucket: "bucket", key: "big", options: ObjectReadOptions(range: "bytes=0-524287"))
            times.append(sim.now.nanoseconds - start)
            return times
        }
        // 0.5 ms each way, 20 ms to the first byte, then 1 MiB up (1 s) or half a MiB down (0.5 s).
        #expect(times == [21_000_000, 1_021_000_000, 521_000_000])
    }

    @Test func aReadThatStartsAfterAnAcknowledgedWriteSeesIt() {
        let fixture = ObjectStoreServiceFixture(configuration: ObjectStore.Configuration(firstByteLatency: .lognormal(median: 0.02, sigma: 0.6)))
        let client = fixture.client
        let mismatches = fixture.run { () -> Int in
            try? await client.createBucket("bucket")
            var mismatches = 0
            for round in 0..<200 {
                let body = Array("round \(round)".utf8)
                guard let put = try? await client.putObject(bucket: "bucket", key: "k", body: body),
                      let read = try? await client.getObject(bucket: "bucket", key: "k")
                else { return -1 }
                if read.body != body || read.head.eTag != put.eTag { mismatches += 1 }
            }
            return mismatches
        }
        #expect(mismatches == 0)
    }

    @Test func thePutETagIsTheMD5OfTheBytesThroughTheActor() {
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client
        let (put, head) = fixture.run { () -> (PutObjectOutput?, ObjectHead?) in
            try? await client.createBucket("bucket")
            let put = try? await client.putObject(bucket: "bucket", key: "greeting", body: s3Bytes("hello, world"))
            return (put, try? await client.headObject(bucket: "bucket", key: "greeting"))
        }
        #expect(put?.eTag == "\"e4d7f1b4ed2e42d15898f4b27b019da4\"")  // hashlib.md5(b'hello, world')
        #expect(head?.eTag == put?.eTag)
        #expect(head?.contentLength == 12)
    }

    @Test func aPausedStoreTimesTheClientOutButAppliesTheHeldRequestWhenItResumes() throws {
        let fixture = ObjectStoreServiceFixture(timeout: .seconds(1))
        let client = fixture.client, network = fixture.network, sim = fixture.sim
        let (outcome, failedAt) = fixture.run { () -> (Result<PutObjectOutput, ObjectStoreClientError>, Int64) in
            try? await client.createBucket("bucket")
            network.pause("s3", for: .seconds(10))
            let start = sim.now.nanoseconds
            let outcome = await client.outcome { () async throws(ObjectStoreClientError) in
                try await client.putObject(bucket: "bucket", key: "late", body: s3Bytes("v1"))
            }
            let failedAt = sim.now.nanoseconds - start
            await sim.sleep(for: .seconds(20))
            return (outcome, failedAt)
        }
        #expect(outcome == .failure(.network(.timeout)))
        #expect(failedAt == 1_000_000_000)
        // A timeout is not a refusal: the request was applied once the store resumed.
        #expect(try fixture.state.getObject(bucket: "bucket", key: "late").body == s3Bytes("v1"))
    }

    @Test func aPartitionIsUnreachableAndChangesNothing() throws {
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client, network = fixture.network
        let (before, outcome) = fixture.run { () -> (ObjectStoreState, Result<PutObjectOutput, ObjectStoreClientError>) in
            try? await client.createBucket("bucket")
            let before = await client.store.state
            network.partition([["client"], ["s3"]])
            let outcome = await client.outcome { () async throws(ObjectStoreClientError) in
                try await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"))
            }
            network.heal()
            return (before, outcome)
        }
        #expect(outcome == .failure(.network(.unreachable)))
        #expect(fixture.state == before)
    }

    @Test func aCrashLosesTheRequestInServiceButNoAcknowledgedObject() throws {
        let fixture = ObjectStoreServiceFixture(timeout: .seconds(1))
        let client = fixture.client, network = fixture.network, sim = fixture.sim
        let outcome = fixture.run { () -> Result<PutObjectOutput, ObjectStoreClientError> in
            try? await client.createBucket("bucket")
            _ = try? await client.putObject(bucket: "bucket", key: "kept", body: s3Bytes("v1"))
            // The store crashes 10 ms into serving the next put and is back 1 ms later.
            sim.schedule(after: .milliseconds(10)) { network.crash("s3") }
            sim.schedule(after: .milliseconds(11)) { network.restart("s3") }
            return await client.outcome { () async throws(ObjectStoreClientError) in
                try await client.putObject(bucket: "bucket", key: "lost", body: s3Bytes("v2"))
            }
        }
        #expect(outcome == .failure(.network(.timeout)))
        let state = fixture.state
        #expect(try state.getObject(bucket: "bucket", key: "kept").body == s3Bytes("v1"))
        #expect(throws: S3Error.noSuchKey()) { try state.getObject(bucket: "bucket", key: "lost") }
        #expect(fixture.store.stats.lostInCrash == 1)
    }
}
