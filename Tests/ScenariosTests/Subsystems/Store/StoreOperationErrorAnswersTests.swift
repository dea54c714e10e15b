import Testing
@testable import Scenarios
@testable import Simulator

/// An explicit operation S3 answers with a 4xx is answered — its log line keeps the answer — and
/// refused: the store counts it under "answered by S3 rules without a 2xx (4xx, 304, 501)" and in `store.errors`, and
/// traces its status, as it does for any other client.
@Suite("Store: 4xx answers to explicit operations are refusals")
struct StoreOperationErrorAnswersTests {
    /// The checker's `r4xx.yaml`: a get of a missing key, a put to a missing bucket, and a
    /// create of a bucket that exists.
    static let yaml = """
        object_store:
          buckets: [{name: first-bucket}]
        operations:
          - wait: 1s
          - get: {bucket: first-bucket, key: missing}
          - put: {bucket: nobucket-here, key: b, body: hello}
          - create_bucket: first-bucket
        """

    @Test func theReportCountsWhatResultsJSONLShows() throws {
        let events = TraceEvents()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.yaml, file: "r4xx.yaml"), traceSink: { events.all.append($0) })
        let answers = try #require(try result.operations?.get()).map(\.result)
        #expect(answers.map(\.status) == [404, 404, 409])
        #expect(answers.map(\.errorCode) == ["NoSuchKey", "NoSuchBucket", "BucketAlreadyOwnedByYou"])
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.rejected, store.throttled, store.injectedErrors] == [3, 0, 3, 0, 0])
        #expect(result.value(of: StoreMetric.errors.metric) == 3)
        #expect(result.value(of: StoreMetric.serverErrors.metric) == 0)
        #expect(result.value(of: StoreMetric.operations.metric) == 3)
        #expect(events.all.filter { $0.kind == .get || $0.kind == .put }.map(\.value) == [404, 404, 409])
        let rows = StoreSlowDownReportTests.rows(StorePart.storeMarkdown(store))
        #expect(rows.contains("succeeded=0"))
        #expect(rows.contains("answered by S3 rules without a 2xx (4xx, 304, 501)=3"))
    }

    @Test func anExpectationOfNoErrorsFailsOverErrorAnswers() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.yaml + "\nexpect: [store.errors == 0]\n", file: "r4xx.yaml"))
        #expect(result.checks.map(\.measured) == [3])
        #expect(!result.passed)
    }
}
