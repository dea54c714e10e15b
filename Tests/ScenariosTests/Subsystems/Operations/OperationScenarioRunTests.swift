import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

struct OperationScenarioRunTests {
    static func run(_ yaml: String) throws -> Result<[OperationOutcome], OperationStepFailure> {
        OperationScenarioRunner.run(try ScenarioLoader.parseOperationScenario(yaml, file: "ops.yaml"))
    }

    @Test func versionsDeleteMarkersAndConditionalWritesAnswerAsS3Does() throws {
        let yaml = """
            operations:
              - create_bucket: bkt
              - put_bucket_versioning: {bucket: bkt, status: Enabled}
              - put: {bucket: bkt, key: k, body: hello, as: v1}
              - put: {bucket: bkt, key: k, body: "hello, world", if_match: $v1, as: v2}
              - put: {bucket: bkt, key: k, body: stale, if_match: $v1}
              - delete: {bucket: bkt, key: k, as: marker}
              - get: {bucket: bkt, key: k}
              - get: {bucket: bkt, key: k, version_id: $v1}
              - put: {bucket: bkt, key: k, body: new, if_none_match: "*"}
              - get: {bucket: bkt, key: k, version_id: $marker}
            """
        let outcomes = try Self.run(yaml).get()
        #expect(outcomes.map(\.result.status) == [200, 200, 200, 200, 412, 204, 404, 200, 200, 405])
        #expect(outcomes.map(\.index) == Array(1...10))
        #expect(outcomes[2].result.eTag == "\"5d41402abc4b2a76b9719d911017c592\"")  // hashlib.md5(b'hello')
        #expect(outcomes[3].result.eTag == "\"e4d7f1b4ed2e42d15898f4b27b019da4\"")  // hashlib.md5(b'hello, world')
        #expect(outcomes[4].result.errorCode == "PreconditionFailed")
        #expect(outcomes[5].result.deleteMarker == true)
        #expect(outcomes[6].result.errorCode == "NoSuchKey")
        #expect(outcomes[6].result.versionId == outcomes[5].result.versionId)
        #expect(outcomes[7].result.bodyMD5 == "5d41402abc4b2a76b9719d911017c592")
        #expect(outcomes[7].result.versionId == outcomes[2].result.versionId)
        #expect(outcomes[9].result.errorCode == "MethodNotAllowed")
        #expect(Set([outcomes[2], outcomes[3], outcomes[5], outcomes[8]].compactMap(\.result.versionId)).count == 4)
    }

    @Test func multipartPartsAndTheirETagsMatchAnIndependentMD5() throws {
        let yaml = """
            operations:
              - create_bucket: bkt
              - create_multipart: {bucket: bkt, key: video.bin, as: upload}
              - upload_part: {bucket: bkt, key: video.bin, upload_id: $upload, part: 1, size: 5MiB, seed: 11, as: p1}
              - upload_part: {bucket: bkt, key: video.bin, upload_id: $upload, part: 2, size: 1MiB, seed: 12, as: p2}
              - complete_multipart: {bucket: bkt, key: video.bin, upload_id: $upload, parts: [$p2, $p1]}
              - complete_multipart: {bucket: bkt, key: video.bin, upload_id: $upload, parts: [$p1, {part: 2, etag: "0000"}]}
              - complete_multipart: {bucket: bkt, key: video.bin, upload_id: $upload, parts: [$p1, $p2]}
              - get: {bucket: bkt, key: video.bin, range: bytes=-16}
              - abort_multipart: {bucket: bkt, key: video.bin, upload_id: $upload}
            """
        let outcomes = try Self.run(yaml).get()
        #expect(outcomes.map(\.result.status) == [200, 200, 200, 200, 400, 400, 200, 206, 404])
        // Python: xoshiro256** bytes, then hashlib.md5 of each part and of their digests.
        #expect(outcomes[2].result.eTag == "\"7856fca41122b95122a95e4d7c37875b\"")
        #expect(outcomes[3].result.eTag == "\"2703f3021a23f8b76e267e4190a947c1\"")
        #expect(outcomes[4].result.errorCode == "InvalidPartOrder")
        #expect(outcomes[5].result.errorCode == "InvalidPart")
        #expect(outcomes[6].result.eTag == "\"dec839d5b24701d958d701f913898d2b-2\"")
        #expect(outcomes[7].result.bodyMD5 == "7c60dde1b35f3162d1d2a1e8166532fa")
        #expect(outcomes[7].result.contentRange == "bytes 6291440-6291455/6291456")
        #expect(outcomes[8].result.errorCode == "NoSuchUpload")
    }

    @Test func aReferenceToAResultWithoutTheFieldStopsTheRunAtThatStep() throws {
        let yaml = "operations:\n  - create_bucket: bkt\n  - get: {bucket: bkt, key: missing, as: g}\n  - get: {bucket: bkt, key: missing, version_id: $g}\n"
        let failure = try #require(Self.run(yaml).failure)
        #expect(failure.index == 3 && failure.name == "get" && failure.line == 4 && failure.column == 5)
        #expect(failure.error == .unresolved(reference: "g", field: "version id", definedBy: 2, status: 404))
        #expect(failure.answered.map(\.index) == [1, 2])
        #expect(failure.answered.map(\.result.status) == [200, 404])
        // Said briefly wherever it is printed or recorded (a sweep's record held its Swift value).
        #expect("\(failure)" == "4:5: operation 3 (get): $g has no version id: operation 2 answered 404")
        #expect(failure.message(in: "ops.yaml") == "ops.yaml:4:5: error: operation 3 (get): $g has no version id: operation 2 answered 404")
    }

    @Test func resultsAreWrittenAsOneSortedJSONObjectPerLine() throws {
        let yaml = "operations:\n  - create_bucket: Bad_Name\n  - create_bucket: bkt\n  - put: {bucket: bkt, key: k, body: hello}\n  - wait: 1d\n  - list: {bucket: bkt, prefix: k}\n"
        let outcomes = try Self.run(yaml).get()
        #expect(OperationReport.jsonLines(outcomes) == """
            {"errorCode":"InvalidBucketName","index":1,"line":2,"op":"create_bucket","status":400}
            {"index":2,"line":3,"op":"create_bucket","status":200}
            {"eTag":"\\"5d41402abc4b2a76b9719d911017c592\\"","index":3,"line":4,"op":"put","status":200}
            {"commonPrefixes":[],"index":5,"isTruncated":false,"keys":["k"],"line":6,"op":"list","status":200}

            """)
        #expect(outcomes.last?.time.nanoseconds ?? 0 > 86_400_000_000_000)
    }

    /// ListMultipartUploads pages at `max_uploads` and continues from a create's upload id; the
    /// summary names ten keys a row (10,000 uploads in one cell padded every row to it: 690 MB).
    @Test func multipartUploadsAreListedInPagesAndSummarisedBriefly() throws {
        let creates = (0..<25).map { "  - create_multipart: {bucket: bkt, key: k\($0 < 10 ? "0" : "")\($0), as: u\($0)}\n" }.joined()
        let yaml = "operations:\n  - create_bucket: bkt\n" + creates
            + "  - list_multipart_uploads: {bucket: bkt, max_uploads: 20}\n"
            + "  - list_multipart_uploads: {bucket: bkt, key_marker: k19, upload_id_marker: $u19}\n"
        let outcomes = try Self.run(yaml).get()
        let first = try #require(outcomes.dropLast().last?.result), second = try #require(outcomes.last?.result)
        #expect(first.keys == (0..<20).map { "k\($0 < 10 ? "0" : "")\($0)" })
        #expect(first.isTruncated == true && first.nextMarker == "k19" && first.nextUploadIdMarker == outcomes[20].result.uploadId)
        #expect(second.keys == (20..<25).map { "k\($0)" } && second.isTruncated == false && second.nextMarker == nil)
        #expect(OperationReport.keys(first) == "k00, k01, k02, k03, k04, k05, k06, k07, k08, k09, … (20 in all); truncated")
        #expect(OperationReport.keys(second) == "k20, k21, k22, k23, k24")
    }

    @Test func ifNoneMatchOnAWriteResolvesItsLabel() throws {
        // The second put names the first's ETag: S3 takes only `*` there, so it must reach the store
        // resolved (and be refused), not as the literal text "$first".
        let yaml = "operations:\n  - create_bucket: bkt\n  - put: {bucket: bkt, key: k, body: hello, as: first}\n  - put: {bucket: bkt, key: k, body: again, if_none_match: $first}\n  - put: {bucket: bkt, key: k, body: third, if_none_match: \"*\"}\n"
        let outcomes = try Self.run(yaml).get()
        let scenario = try ScenarioLoader.parseOperationScenario(yaml, file: "ops.yaml")
        var results = OperationResults()
        results.entries["first"] = .init(step: 2, name: "put", result: outcomes[1].result, partNumber: nil)
        guard case .request(let build) = scenario.steps[2].action, case .putObject(_, _, _, _, let preconditions) = try build(results) else {
            Issue.record("the third step is a put")
            return
        }
        #expect(preconditions.ifNoneMatch == outcomes[1].result.eTag)
        #expect(outcomes[3].result.status == 412)
    }

    @Test func aRunIsTheSameOnEveryReplay() throws {
        let path = packageRoot.appendingPathComponent("scenarios/s3-operations.yaml").path
        let scenario = try ScenarioLoader.loadOperationScenario(path: path)
        let first = try OperationScenarioRunner.run(scenario).get(), second = try OperationScenarioRunner.run(scenario).get()
        #expect(OperationReport.jsonLines(first) == OperationReport.jsonLines(second))
        #expect(first.count == 48)
    }
}

extension Result {
    /// The failure, if there is one.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
