import Testing
@testable import Scenarios
@testable import Simulator

/// `errors`, `slow` and `hang` on the object store's node act on the store, as S3 misbehaves:
/// they were listed in the report's faults and changed nothing (both puts of an `errors: s3` at
/// rate 1.0 answered 200, a 50 MiB put took as long under `slow: s3, factor: 10`, a put during
/// `hang: s3` was answered in 10 ms). One client, 1 ms links, a constant 20 ms first byte, and one
/// attempt per operation unless told, so every answer's time is computed by hand.
@Suite("Store: the node faults errors, slow and hang")
struct StoreNodeFaultTests {
    static func world(client: String = "{max_attempts: 1}", _ rest: String) -> String {
        """
        network: {latency: {constant: 1ms}}
        object_store:
          latency: {constant: 20ms}
          bytes_per_second: 1MiB
          client: \(client)
          buckets: [{name: data}]

        """ + rest
    }

    static func run(_ yaml: String) throws -> (RunResult, statuses: [Int], times: [Int64], rejects: Int) {
        let events = TraceEvents()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "store.yaml"), traceSink: { events.all.append($0) })
        let outcomes = try #require(try result.operations?.get())
        return (result, outcomes.map(\.result.status), outcomes.map(\.time.nanoseconds), events.all.filter { $0.kind == .reject }.count)
    }

    /// `errors: s3` at rate 1.0 from 1 s to 4 s: the three operations sent at 2 s are answered 500
    /// InternalError 22 ms apart (1 ms there, 20 ms to the refusal, 1 ms back) and change
    /// nothing; the two after it are answered as ever. The three are the store's injected errors.
    @Test func errorsAtRateOneAnswerEveryRequestInTheWindow500() throws {
        let (result, statuses, times, rejects) = try Self.run(Self.world("""
            operations:
              - wait: 2s
              - put: {bucket: data, key: a, body: x}
              - get: {bucket: data, key: a}
              - put: {bucket: data, key: b, body: x}
              - wait: 3s
              - put: {bucket: data, key: c, body: x}
              - get: {bucket: data, key: c}
            faults: [{at: 1s, errors: s3, rate: 1.0, for: 3s}]
            """))
        #expect(statuses == [500, 500, 500, 200, 200])
        // The last two move their 1-byte body too: 1/1,048,576 s, 954 ns each.
        #expect(times == [2_022_000_000, 2_044_000_000, 2_066_000_000, 5_088_000_954, 5_110_001_908])
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.rejected, store.injectedErrors, store.stormErrors] == [5, 2, 0, 3, 0])
        #expect(rejects == 3)
        #expect(result.value(of: StoreMetric.serverErrors.metric) == 3)
        #expect(result.value(of: StoreMetric.objects.metric) == 1)
    }

    /// `slow: s3, factor: 10` from 2 s to 27 s: a 1 MiB put took 1.022 s (1 ms, 20 ms, 1 s of
    /// transfer, 1 ms) and takes 10.202 s while it lasts (1 ms, 200 ms, 10 s, 1 ms), its 1 MiB
    /// get too; after it, 1.022 s again.
    @Test func slowMultipliesTheStoresLatencyAndTransferTimes() throws {
        let (_, statuses, times, _) = try Self.run(Self.world("""
            operations:
              - put: {bucket: data, key: before, size: 1MiB}
              - wait: 1s
              - put: {bucket: data, key: during, size: 1MiB}
              - get: {bucket: data, key: during}
              - wait: 30s
              - put: {bucket: data, key: after, size: 1MiB}
            faults: [{at: 2s, slow: s3, factor: 10, for: 25s}]
            """))
        #expect(statuses == [200, 200, 200, 200])
        #expect(times == [1_022_000_000, 12_224_000_000, 22_426_000_000, 53_448_000_000])
    }

    /// `hang: s3` from 1 s to 6 s: a put sent at 2 s is held and answered 500 when the hang ends
    /// (6.001 s: 1 ms back), and was not applied (the get after it is a 404, served as ever).
    @Test func aHangHoldsARequestAndAnswersIt500WhenItEnds() throws {
        let (result, statuses, times, rejects) = try Self.run(Self.world("""
            operations:
              - wait: 2s
              - put: {bucket: data, key: a, body: x}
              - get: {bucket: data, key: a}
            faults: [{at: 1s, hang: s3, for: 5s}]
            """))
        #expect(statuses == [500, 404])
        #expect(times == [6_001_000_000, 6_023_000_000])
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.rejected, store.injectedErrors] == [2, 0, 1, 1])
        #expect(rejects == 1)
    }

    /// The store client's retry policy applies to a hang's 500 as to any: retried 1 s later
    /// (`base_delay: 1s`, no jitter), the put is stored at 7.023 s (and the 954 ns its 1-byte body
    /// takes at 1 MiB/s).
    @Test func aHangsAnswerIsRetriedAsTheClientPolicySays() throws {
        let (result, statuses, times, _) = try Self.run(Self.world(client: "{max_attempts: 3, base_delay: 1s, jitter: 0}", """
            operations:
              - wait: 2s
              - put: {bucket: data, key: a, body: x}
            faults: [{at: 1s, hang: s3, for: 5s}]
            """))
        #expect(statuses == [200])
        #expect(times == [7_023_000_954])
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.injectedErrors, store.objects] == [2, 1, 1, 1])
    }
}
