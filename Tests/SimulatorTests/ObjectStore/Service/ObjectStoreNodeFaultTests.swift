import Testing
@testable import Simulator

/// The network's node faults on the store's node: `errors` adds to the store's 500 rate, `slow`
/// multiplies its latency and transfer times, `hang` holds its requests and answers them 500 when
/// it ends (the fixture: 0.5 ms links, a constant 20 ms first byte, 1 MiB/s).
@Suite("Object store service: the node faults errors, slow and hang")
struct ObjectStoreNodeFaultTests {
    static let megabyte = [UInt8](repeating: 7, count: 1_048_576)

    /// An error rate of 1 from 1 s to 4 s fails exactly the three requests sent in it with 500
    /// InternalError before they do anything, counted as injected errors; before and after, none.
    @Test func anErrorRateOfOneFailsExactlyTheRequestsInItsWindow() {
        let fixture = ObjectStoreServiceFixture()
        let client = fixture.client, network = fixture.network, sim = fixture.sim
        let (codes, before, after) = fixture.run { () -> ([S3ErrorCode?], ObjectStoreState, ObjectStoreState) in
            var codes: [S3ErrorCode?] = []
            sim.schedule(after: .seconds(1)) { network.setErrorRate("s3", 1) }
            sim.schedule(after: .seconds(4)) { network.setErrorRate("s3", 0) }
            codes.append(await client.failure { () async throws(ObjectStoreClientError) in try await client.createBucket("bucket") }?.code)
            let before = await client.store.state
            await sim.sleep(until: .after(.seconds(2)))
            codes.append(await client.failure { () async throws(ObjectStoreClientError) in try await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v")) }?.code)
            codes.append(await client.failure { () async throws(ObjectStoreClientError) in try await client.getObject(bucket: "bucket", key: "k") }?.code)
            codes.append(await client.failure { () async throws(ObjectStoreClientError) in try await client.createBucket("other") }?.code)
            let after = await client.store.state
            await sim.sleep(until: .after(.seconds(5)))
            codes.append(await client.failure { () async throws(ObjectStoreClientError) in try await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v")) }?.code)
            return (codes, before, after)
        }
        #expect(codes == [nil, .internalError, .internalError, .internalError, nil])
        #expect(after == before)
        let stats = fixture.store.stats
        #expect(stats.injectedErrors == [.internalError: 3])
        #expect([stats.requests, stats.succeeded, stats.stormErrors] == [5, 2, 0])
    }

    /// The `errors` rate adds to the configured 500 rate in the one draw each request makes, so
    /// at rate 0 a seed fails the same requests as without the fault, and the same seed fails the
    /// same requests again.
    @Test func anErrorRateDrawsFromTheStoresStreamInOrder() {
        func failed(extra: Double?) -> [Int] {
            let fixture = ObjectStoreServiceFixture(seed: 8, configuration: .constantLatency(internalErrorRate: 0.2))
            let client = fixture.client, network = fixture.network
            return fixture.run { () -> [Int] in
                if let extra { network.setErrorRate("s3", extra) }
                var failed: [Int] = []
                for index in 0..<200 where (try? await client.createBucket("b-\(index)")) == nil { failed.append(index) }
                return failed
            }
        }
        #expect(failed(extra: 0) == failed(extra: nil))
        #expect(failed(extra: 0.3) == failed(extra: 0.3))
        // Every request the 0.2 alone failed still fails with 0.3 more: the one draw is below both.
        let base = Set(failed(extra: nil)), more = Set(failed(extra: 0.3))
        #expect(base.isSubset(of: more) && more.count > base.count)
    }

    /// Factor 10: a bucket's creation takes 0.5 + 200 + 0.5 ms instead of 21 ms, a 1 MiB put
    /// 10.201 s instead of 1.021 s, half a MiB read 5.201 s; factor 1 restores the figures.
    @Test func slowMultipliesTheLatencyAndBothTransfersByItsFactor() {
        let fixture = ObjectStoreServiceFixture(timeout: .seconds(60))
        let client = fixture.client, network = fixture.network, sim = fixture.sim
        let times = fixture.run { () -> [Int64] in
            var times: [Int64] = []
            func timed(_ body: () async -> Void) async {
                let start = sim.now.nanoseconds
                await body()
                times.append(sim.now.nanoseconds - start)
            }
            network.slow("s3", factor: 10)
            await timed { try? await client.createBucket("bucket") }
            await timed { _ = try? await client.putObject(bucket: "bucket", key: "big", body: Self.megabyte) }
            await timed { _ = try? await client.getObject(bucket: "bucket", key: "big", options: ObjectReadOptions(range: "bytes=0-524287")) }
            network.slow("s3", factor: 1)
            await timed { _ = try? await client.putObject(bucket: "bucket", key: "big", body: Self.megabyte) }
            return times
        }
        #expect(times == [201_000_000, 10_201_000_000, 5_201_000_000, 1_021_000_000])
        #expect(fixture.store.stats.succeeded == 4)
    }

    /// A request refused on arrival waits its first byte stretched too: an injected 500 under
    /// factor 4 is answered after 0.5 + 80 + 0.5 ms.
    @Test func slowStretchesARefusalsLatency() {
        let fixture = ObjectStoreServiceFixture(configuration: .constantLatency(internalErrorRate: 1))
        let client = fixture.client, network = fixture.network, sim = fixture.sim
        let (code, took) = fixture.run { () -> (S3ErrorCode?, Int64) in
            network.slow("s3", factor: 4)
            let code = await client.failure { () async throws(ObjectStoreClientError) in try await client.createBucket("bucket") }?.code
            return (code, sim.now.nanoseconds)
        }
        #expect(code == .internalError)
        #expect(took == 81_000_000)
    }

    /// A hang from 1 s to 6 s: a request sent at 2 s by a client waiting 60 s is held and answered
    /// 500 InternalError when the hang ends (6 s, and 0.5 ms back); one from a client waiting 1 s
    /// times out at 3 s. Neither is applied; after the hang the store serves as ever.
    @Test func aHangHoldsRequestsAndAnswersThem500AtItsEndOrTheirCallersTimeOut() {
        let fixture = ObjectStoreServiceFixture(timeout: .seconds(60))
        let client = fixture.client, network = fixture.network, sim = fixture.sim
        let hasty = ObjectStoreClient("hasty", store: fixture.store, network: network, timeout: .seconds(1), retryPolicy: .never)
        let outcomes = fixture.run { () -> [(ObjectStoreClientError?, Int64)] in
            try? await client.createBucket("bucket")
            await sim.sleep(until: .after(.seconds(1)))
            network.hang("s3", for: .seconds(5))
            await sim.sleep(until: .after(.seconds(2)))
            let hastyOutcome = Box()
            sim.spawn("hasty") { _ in
                let error = await hasty.failure { () async throws(ObjectStoreClientError) in try await hasty.putObject(bucket: "bucket", key: "h", body: s3Bytes("h")) }
                hastyOutcome.value = (error, sim.now.nanoseconds)
            }
            let error = await client.failure { () async throws(ObjectStoreClientError) in try await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v")) }
            let held = (error, sim.now.nanoseconds)
            let start = sim.now.nanoseconds
            _ = try? await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v"))
            return [held, hastyOutcome.value!, (nil, sim.now.nanoseconds - start)]
        }
        #expect(outcomes[0].0 == .s3(S3Error(.internalError, "We encountered an internal error. Please try again.")))
        #expect(outcomes[0].1 == 6_000_500_000)
        #expect(outcomes[1].0 == .network(.timeout))
        #expect(outcomes[1].1 == 3_000_000_000)
        // 21 ms and its 1-byte body's 954 ns at 1 MiB/s.
        #expect(outcomes[2].1 == 21_000_954)
        let stats = fixture.store.stats
        #expect([stats.requests, stats.hung, stats.succeeded, stats.lostInCrash] == [4, 2, 2, 0])
        // Both held requests were answered 500 at the hang's end, the timed-out one's too.
        #expect(stats.injectedErrors == [.internalError: 2])
        #expect((try? fixture.state.headObject(bucket: "bucket", key: "h")) == nil)
    }

    /// The client's retry policy applies to a hang as to any failure: with a 1 s timeout and
    /// backoffs of 100, 200, 400 and 800 ms (no jitter), attempts at 2, 3.1, 4.3 and 5.7 s are
    /// held — the first three time out, the fourth is answered 500 at 6 s — and the fifth, at
    /// 6.8005 s, is served: acknowledged at 6.8215 s (and 954 ns for its 1-byte body).
    @Test func theRetryPolicyRidesOutAHang() {
        let fixture = ObjectStoreServiceFixture(
            retryPolicy: RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .seconds(10), jitter: 0),
            timeout: .seconds(1))
        let client = fixture.client, network = fixture.network, sim = fixture.sim
        let (stored, at) = fixture.run { () -> (Bool, Int64) in
            try? await client.createBucket("bucket")
            await sim.sleep(until: .after(.seconds(1)))
            network.hang("s3", for: .seconds(5))
            await sim.sleep(until: .after(.seconds(2)))
            let stored = (try? await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v"))) != nil
            return (stored, sim.now.nanoseconds)
        }
        #expect(stored)
        #expect(at == 6_821_500_954)
        #expect([client.stats.attempts, client.stats.retries, client.stats.failedRequests] == [6, 4, 0])
        #expect(fixture.store.stats.hung == 4)
        #expect(fixture.store.stats.injectedErrors == [.internalError: 4])
    }

    /// A hang without an end lasts until the node restarts: the request it held is lost with the
    /// restart (counted then; its caller, refused, gives up), and the store serves again after it.
    @Test func aRestartEndsAHangAndLosesWhatItHeld() {
        let fixture = ObjectStoreServiceFixture(timeout: .seconds(60))
        let client = fixture.client, network = fixture.network, sim = fixture.sim
        let (first, second) = fixture.run { () -> (ObjectStoreClientError?, ObjectStoreClientError?) in
            try? await client.createBucket("bucket")
            network.hang("s3", for: nil)
            sim.schedule(after: .seconds(3)) { network.restart("s3") }
            let first = await client.failure { () async throws(ObjectStoreClientError) in try await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v")) }
            await sim.sleep(for: .seconds(5))
            let second = await client.failure { () async throws(ObjectStoreClientError) in try await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v")) }
            return (first, second)
        }
        #expect(first == .network(.refused))
        #expect(second == nil)
        let stats = fixture.store.stats
        #expect([stats.hung, stats.lostInCrash, stats.injectedErrorCount] == [1, 1, 0])
    }
}

/// One value set by another task. `@unchecked Sendable`: the simulation is single-threaded.
private final class Box: @unchecked Sendable {
    var value: (ObjectStoreClientError?, Int64)?
}
