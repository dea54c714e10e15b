import Testing
@testable import Scenarios
@testable import Simulator

/// `store.server_errors` counts each 500/503 once: a storm's errors are injected errors (the
/// "… during storms" row is their share), so the metric is injected errors plus throttling and
/// can never exceed `store.errors`.
@Suite("Store metrics: server errors counted once")
struct StoreServerErrorsTests {
    static func run(_ yaml: String) throws -> (RunResult, rejects: [TraceEvent]) {
        let events = TraceEvents()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "store.yaml"), traceSink: { events.all.append($0) })
        return (result, events.all.filter { $0.kind == .reject })
    }

    static func value(_ metric: StoreMetric, _ result: RunResult) -> Double? { result.value(of: metric.metric) }

    /// The explicit operations retry as the store's `client` policy says, as an S3 SDK does: in
    /// a storm of 503s until 2.5 s, with backoffs of exactly 1 s and 2 s, the first put fails at
    /// 0 s and 1 s and is stored at 3 s; the second, sent then, is stored at once. Four attempts,
    /// two of them 503s, every answer a 200.
    @Test func explicitOperationsRetryAsTheClientPolicySays() throws {
        let (result, rejects) = try Self.run("""
            object_store:
              client: {max_attempts: 3, base_delay: 1s, jitter: 0}
              buckets: [{name: photos}]
            operations:
              - put: {bucket: photos, key: a, body: x}
              - put: {bucket: photos, key: b, body: x}
            faults:
              - {at: 0s, storm: s3, for: 2500ms, rate: 1, code: ServiceUnavailable}
            """)
        #expect(try result.operations?.get().map(\.result.status) == [200, 200])
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.injectedErrors, store.stormErrors] == [4, 2, 2, 2])
        #expect(rejects.count == 2)
        #expect(Self.value(.serverErrors, result) == 2)
        #expect(Self.value(.errors, result) == 2)
    }

    @Test func aStormsErrorsAreInjectedErrorsNotMoreOfThem() {
        // Every request answered (none still in flight at the end, which are no errors).
        let figures = RunResult.StoreFigures(requests: 100, succeeded: 40, rejected: 8, throttled: 12, injectedErrors: 40, stormErrors: 30,
                                             objects: 0, bytes: 0, storms: [])
        var result = RunResult(scenario: "t", summary: "", file: "t.yaml", seed: 1, replayCommand: "", digest: "", events: 0, virtualSeconds: 0,
                               failure: nil, subsystems: [.store], faults: [], timeline: [])
        result.store = figures
        #expect(StorePart.value(of: .serverErrors, in: result) == 52)
        #expect(StorePart.value(of: .errors, in: result) == 60)
    }

    /// Two puts inside a storm of rate 1 (503, and one attempt each: the client's
    /// `max_attempts: 1`), one put after it, and a get of a key that was never written (404).
    @Test func explicitOperationsInAStormCountEachAnswerOnce() throws {
        let (result, rejects) = try Self.run("""
            object_store:
              client: {max_attempts: 1}
              buckets: [{name: photos}]
            operations:
              - put: {bucket: photos, key: a, body: x}
              - put: {bucket: photos, key: b, body: x}
              - wait: 2s
              - put: {bucket: photos, key: c, body: x}
              - get: {bucket: photos, key: a}
            faults:
              - {at: 0s, storm: s3, for: 1s, rate: 1, code: ServiceUnavailable}
            """)
        #expect(try result.operations?.get().map(\.result.status) == [503, 503, 200, 404])
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.rejected, store.throttled, store.injectedErrors, store.stormErrors] == [4, 1, 1, 0, 2, 2])
        #expect(rejects.count == 2)
        #expect(Self.value(.serverErrors, result) == 2)
        #expect(Self.value(.errors, result) == 3)
    }

    /// The checker's `storm.yaml`: a job writes its one output part while half the store's
    /// requests fail; the client retries the 503 and the second try lands.
    @Test func aJobsRetriedPutInAStormIsOneServerError() throws {
        let (result, rejects) = try Self.run("""
            run: {duration: 30s}
            mapreduce:
              cluster: {workers: 1}
              jobs:
                - {id: j, name: word-count, reducers: 1, submit_at: 0s, input: {synthetic: {lines: 50, seed: 1}}, output: {bucket: outb}}
            object_store:
              buckets: [{name: outb}]
            faults:
              - {at: 0s, storm: s3, for: 1h, rate: 0.5, code: ServiceUnavailable}
            """)
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.injectedErrors, store.stormErrors] == [2, 1, 1, 1])
        #expect(rejects.count == 1)
        #expect(Self.value(.serverErrors, result) == 1)
        #expect(Self.value(.errors, result) == 1)
        #expect(Self.value(.outputObjectsExact, result) == 1)
    }
}

/// Trace events collected by a sink (the simulation is single-threaded).
final class TraceEvents: @unchecked Sendable {
    var all: [TraceEvent] = []
}
