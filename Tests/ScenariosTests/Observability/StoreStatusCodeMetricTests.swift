import Testing
@testable import Scenarios

/// `orrery_store_requests_total{code}` and the store's timeline spans give the status the client
/// saw, as results.jsonl records it: a DELETE or an abort answers 204 and a range GET 206. Every
/// success was labelled "200" (the object store checker's finding 2, `m1.yaml`: results.jsonl
/// 200, 206, 204, 200, 204; the metric only `code="200"`, read 1 and write 5).
struct StoreStatusCodeMetricTests {
    /// The checker's `m1.yaml`: a put, a range get, a delete, and a multipart upload created and aborted.
    static let yaml = """
        version: 1
        name: m1
        seed: 1
        operations:
          - create_bucket: mbk
          - put: {bucket: mbk, key: a, body: hello}
          - get: {bucket: mbk, key: a, range: bytes=0-1}
          - delete: {bucket: mbk, key: a}
          - create_multipart: {bucket: mbk, key: m, as: u}
          - abort_multipart: {bucket: mbk, key: m, upload_id: $u}
        """

    @Test func theMetricCountsEachSuccessUnderItsOwnStatus() throws {
        let run = try ObservabilityFixture.run(yaml: Self.yaml)
        let statuses = try #require(try run.result.operations?.get()).map(\.result.status)
        #expect(statuses == [200, 200, 206, 204, 200, 204])
        let store = MapReduceObservabilityTests.lastSamples(run).filter { $0.key.hasPrefix("orrery_store_requests_total{") }
        #expect(store == [
            "orrery_store_requests_total{store=\"s3\",kind=\"read\",code=\"206\"}": 1,
            "orrery_store_requests_total{store=\"s3\",kind=\"write\",code=\"200\"}": 3,
            "orrery_store_requests_total{store=\"s3\",kind=\"write\",code=\"204\"}": 2,
        ])
    }

    @Test func theTimelineShowsEachSuccessUnderItsOwnStatus() throws {
        let run = try ObservabilityFixture.run(yaml: Self.yaml)
        let spans = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
            .filter { $0["ph"] as? String == "X" && ["read", "write"].contains($0["cat"] as? String) }
        #expect(spans.map { $0["name"] as? String ?? "" } == ["write mbk/", "write mbk/a", "read mbk/a", "write mbk/a", "write mbk/m", "write mbk/m"])
        #expect(spans.map { ($0["args"] as? [String: Any])?["outcome"] as? String ?? "" } == ["200", "200", "206", "204", "200", "204"])
        #expect(spans.map { ($0["args"] as? [String: Any])?["value"] as? Int ?? 0 } == [200, 200, 206, 204, 200, 204])
    }
}
