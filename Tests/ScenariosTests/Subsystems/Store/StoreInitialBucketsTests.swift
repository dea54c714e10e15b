import Testing
@testable import Scenarios
@testable import Simulator

/// `object_store.buckets` are part of the store's state at virtual time zero: no request creates
/// them, so a client's first request cannot overtake them and a storm at time zero cannot stop
/// them existing.
@Suite("Store: declared buckets exist at time zero")
struct StoreInitialBucketsTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "store.yaml"))
    }

    @Test func theInitialStateHoldsEveryBucketWithItsSettings() throws {
        let section = try #require(try ScenarioLoader.parse("""
            object_store:
              buckets: [{name: first-bucket, versioning: true, encryption: AES256}, {name: second-bucket}]
            """, file: "store.yaml").store)
        let state = section.initialState
        #expect(state.listBuckets().map(\.name) == ["first-bucket", "second-bucket"])
        #expect(state.listBuckets().map(\.creationTime) == [0, 0])
        #expect(try state.bucketVersioning("first-bucket") == .enabled)
        #expect(try state.bucketEncryption("first-bucket") == .aes256)
        #expect(try state.bucketVersioning("second-bucket") == .unversioned)
        #expect(try state.bucketEncryption("second-bucket") == nil)
    }

    /// The checker's `race.yaml`: the puts used to overtake the setup of the second bucket,
    /// which waited behind the first bucket's versioning (put 2 answered 404 NoSuchBucket).
    @Test func theFirstOperationsFindEveryDeclaredBucket() throws {
        let result = try Self.run("""
            object_store:
              buckets: [{name: first-bucket, versioning: true}, {name: second-bucket}]
            operations:
              - put: {bucket: first-bucket, key: a, body: hello}
              - put: {bucket: second-bucket, key: b, body: hello}
              - put: {bucket: second-bucket, key: c, body: hello}
            """)
        let answers = try #require(try result.operations?.get()).map(\.result)
        #expect(answers.map(\.status) == [200, 200, 200])
        #expect(answers.map { $0.versionId != nil } == [true, false, false])
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.objects] == [3, 3, 3])
    }

    /// A storm failing every request for the first 10 s used to exhaust the setup's retries: the
    /// bucket never existed.
    @Test func aStormAtTimeZeroCannotStopADeclaredBucketExisting() throws {
        let result = try Self.run("""
            object_store:
              client: {max_attempts: 2}
              buckets: [{name: photos, versioning: true, encryption: AES256}]
            operations:
              - wait: 11s
              - get_bucket_versioning: photos
              - put: {bucket: photos, key: a, body: x}
            faults:
              - {at: 0s, storm: s3, for: 10s, rate: 1, code: ServiceUnavailable}
            """)
        let answers = try #require(try result.operations?.get()).map(\.result)
        #expect(answers.map(\.status) == [200, 200])
        #expect(answers[0].versioning == "Enabled")
        #expect(answers[1].versionId != nil)
        let store = try #require(result.store)
        #expect([store.requests, store.succeeded, store.injectedErrors] == [2, 2, 0])
    }

    /// Objects put by the first operations are a later job's input (the checker's `w1.yaml`
    /// refused its job: "no objects with bytes under s3://docs/d/").
    @Test func objectsPutAtTimeZeroAreALaterJobsInput() throws {
        let result = try Self.run("""
            object_store:
              buckets: [{name: out, versioning: true}, {name: docs}]
            operations:
              - put: {bucket: docs, key: d/1.txt, body: "a b a"}
              - put: {bucket: docs, key: d/2.txt, body: "b c"}
            mapreduce:
              cluster: {workers: 1}
              jobs:
                - {id: j, name: word-count, reducers: 1, submit_at: 1s, input: {objects: {bucket: docs, prefix: d/}}, output: {bucket: out}}
            """)
        #expect(try result.operations?.get().map(\.result.status) == [200, 200])
        #expect(result.value(of: MapReduceMetric.inputRecords.metric) == 2)
        #expect(result.value(of: MapReduceMetric.outputRecords.metric) == 3)
        #expect(result.jobs.first?.result.outputExact == true)
        #expect(result.passed)
    }
}
