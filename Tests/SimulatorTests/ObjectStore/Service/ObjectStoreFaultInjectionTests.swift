import Testing
@testable import Simulator

@Suite("Object store service: injected errors and storms")
struct ObjectStoreFaultInjectionTests {
    /// A storm of `code` from 10 s to 20 s failing every request.
    static func stormFixture(_ code: S3ErrorCode) -> ObjectStoreServiceFixture {
        ObjectStoreServiceFixture(configuration: .constantLatency(errorStorms: [
            ObjectStore.ErrorStorm(start: .seconds(10), length: .seconds(10), errorRate: 1, code: code),
        ]))
    }

    @Test(arguments: [S3ErrorCode.internalError, .serviceUnavailable])
    func aStormFailsEveryRequestWithItsCodeAndChangesNothing(code: S3ErrorCode) {
        let fixture = Self.stormFixture(code)
        let client = fixture.client, sim = fixture.sim
        let (before, during, after) = fixture.run { () -> (ObjectStoreState, [ObjectStoreClientError?], ObjectStoreState) in
            try? await client.createBucket("bucket")
            _ = try? await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v1"))
            let before = await client.store.state
            await sim.sleep(until: .after(.seconds(12)))
            let during = [
                await client.failure { () async throws(ObjectStoreClientError) in try await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v2")) },
                await client.failure { () async throws(ObjectStoreClientError) in try await client.deleteObject(bucket: "bucket", key: "k") },
                await client.failure { () async throws(ObjectStoreClientError) in try await client.createBucket("other") },
                await client.failure { () async throws(ObjectStoreClientError) in try await client.getObject(bucket: "bucket", key: "k") },
            ]
            return (before, during, await client.store.state)
        }
        #expect(during.map { $0?.code } == [code, code, code, code])
        #expect(during.allSatisfy { $0?.isRetryable == true })
        #expect(after == before)
        #expect(fixture.store.stats.stormErrors == 4)
        #expect(fixture.store.stats.injectedErrors == [code: 4])
    }

    @Test func requestsAfterTheStormSucceed() {
        let fixture = Self.stormFixture(.serviceUnavailable)
        let client = fixture.client, sim = fixture.sim
        let put = fixture.run { () -> PutObjectOutput? in
            try? await client.createBucket("bucket")
            await sim.sleep(until: .after(.seconds(20)))
            return try? await client.putObject(bucket: "bucket", key: "k", body: s3Bytes("v2"))
        }
        #expect(put?.eTag == "\"1b267619c4812cc46ee281747884ca50\"")  // hashlib.md5(b'v2')
    }

    @Test func seededErrorRatesFailTheirShareAndOnlyAcknowledgedPutsAreStored() {
        let fixture = ObjectStoreServiceFixture(configuration: .constantLatency(internalErrorRate: 0.1, serviceUnavailableRate: 0.15))
        let client = fixture.client
        let setup = ObjectStoreClient("setup", store: fixture.store, network: fixture.network, retryPolicy: RetryPolicy(maxAttempts: 50))
        let (acknowledged, failures) = fixture.run { () -> ([String], [String: Int]) in
            try? await setup.createBucket("bucket")
            var acknowledged: [String] = []
            var failures: [String: Int] = [:]
            for index in 0..<4_000 {
                let key = "k-\(index)"
                switch await client.outcome({ () async throws(ObjectStoreClientError) in try await client.putObject(bucket: "bucket", key: key, body: []) }) {
                case .success: acknowledged.append(key)
                case .failure(let error): failures[error.code?.rawValue ?? "network", default: 0] += 1
                }
            }
            return (acknowledged, failures)
        }
        // Binomial(4000, p): within four standard deviations of the mean.
        let internalErrors: Double = Double(failures["InternalError"] ?? 0), unavailable: Double = Double(failures["ServiceUnavailable"] ?? 0)
        let internalErrorSpread: Double = 4 * (4000 * 0.1 * 0.9).squareRoot(), unavailableSpread: Double = 4 * (4000 * 0.15 * 0.85).squareRoot()
        #expect(abs(internalErrors - 400) < internalErrorSpread)
        #expect(abs(unavailable - 600) < unavailableSpread)
        #expect(failures.keys.sorted() == ["InternalError", "ServiceUnavailable"])
        let state = fixture.state
        #expect(state.usage().currentObjects == acknowledged.count)
        #expect(acknowledged.allSatisfy { (try? state.headObject(bucket: "bucket", key: $0)) != nil })
    }

    @Test func theSameSeedInjectsTheSameErrors() {
        func failures(seed: UInt64) -> [Int] {
            let fixture = ObjectStoreServiceFixture(seed: seed, configuration: .constantLatency(serviceUnavailableRate: 0.3))
            let client = fixture.client
            return fixture.run { () -> [Int] in
                var failed: [Int] = []
                for index in 0..<200 where (try? await client.createBucket("b-\(index)")) == nil { failed.append(index) }
                return failed
            }
        }
        #expect(failures(seed: 8) == failures(seed: 8))
        #expect(failures(seed: 8) != failures(seed: 9))
    }

    @Test func clientRetriesWithBackoffRideOutAStorm() {
        let fixture = ObjectStoreServiceFixture(
            configuration: .constantLatency(errorStorms: [ObjectStore.ErrorStorm(start: .zero, length: .seconds(5), errorRate: 1)]),
            retryPolicy: RetryPolicy(maxAttempts: 10, baseDelay: .milliseconds(200), maxDelay: .seconds(10), jitter: 0.5))
        let client = fixture.client, sim = fixture.sim
        let (created, finishedAt) = fixture.run { () -> (Bool, Int64) in
            let created = (try? await client.createBucket("bucket")) != nil
            return (created, sim.now.nanoseconds)
        }
        #expect(created)
        #expect(finishedAt >= 5_000_000_000)
        #expect(client.stats.retries == client.stats.attempts - 1)
        #expect(client.stats.failedAttempts == client.stats.retries)
        #expect(client.stats.failedRequests == 0)
        #expect((4...9).contains(client.stats.retries))
    }

    @Test func backoffDoublesUpToItsCeilingAndJitterStaysWithinItsShare() {
        let policy = RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(100), maxDelay: .seconds(1), jitter: 0.5)
        #expect((1...6).map { policy.ceiling(beforeRetry: $0) } == [.milliseconds(100), .milliseconds(200), .milliseconds(400),
                                                                     .milliseconds(800), .seconds(1), .seconds(1)])
        var random = SeededRandom(seed: 3)
        for retry in 1...6 {
            for _ in 0..<100 {
                let delay = policy.delay(beforeRetry: retry, using: &random)
                let ceiling = policy.ceiling(beforeRetry: retry)
                #expect(delay <= ceiling && delay >= ceiling / 2)
            }
        }
        #expect(RetryPolicy(jitter: 0).delay(beforeRetry: 3, using: &random) == .milliseconds(400))
    }

    @Test func onlyServerErrorsAndNetworkFailuresAreRetryable() {
        #expect(ObjectStoreClientError.s3(S3Error(.slowDown, "")).isRetryable)
        #expect(ObjectStoreClientError.s3(S3Error(.internalError, "")).isRetryable)
        #expect(ObjectStoreClientError.network(.timeout).isRetryable)
        #expect(!ObjectStoreClientError.s3(S3Error(.noSuchKey, "")).isRetryable)
        #expect(!ObjectStoreClientError.s3(S3Error(.preconditionFailed, "")).isRetryable)
    }
}
