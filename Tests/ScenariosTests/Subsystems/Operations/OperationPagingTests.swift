import Testing
@testable import Scenarios
@testable import Simulator

/// S3 pages `ListObjectVersions` with `NextKeyMarker` and `NextVersionIdMarker`, and
/// `ListMultipartUploads` with `NextKeyMarker` and `NextUploadIdMarker`: the `$label` of a page,
/// in the next page's markers, reads them, so a file pages as a client does.
struct OperationPagingTests {
    static func run(_ yaml: String) throws -> Result<[OperationOutcome], OperationStepFailure> {
        OperationScenarioRunner.run(try ScenarioLoader.parseOperationScenario(yaml, file: "ops.yaml"))
    }

    static func loadError(_ yaml: String) -> String? {
        do {
            _ = try ScenarioLoader.parseOperationScenario(yaml, file: "ops.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    static let versions = """
        operations:
          - create_bucket: bkt
          - put_bucket_versioning: {bucket: bkt, status: Enabled}
          - put: {bucket: bkt, key: a, body: "1", as: a1}
          - put: {bucket: bkt, key: a, body: "2", as: a2}
          - put: {bucket: bkt, key: b, body: "1", as: b1}
          - put: {bucket: bkt, key: c, body: "1", as: c1}

        """

    /// Three pages of two versions: a's two, then b and c, then none left (the second page is
    /// not truncated). The second page starts after a's older version, not at a's newest.
    @Test func listVersionsPagesFollowOneAnother() throws {
        let outcomes = try Self.run(Self.versions + """
              - list_versions: {bucket: bkt, max_keys: 2, as: p1}
              - list_versions: {bucket: bkt, max_keys: 2, key_marker: $p1, version_id_marker: $p1, as: p2}
            """).get()
        let puts = outcomes[2...5].compactMap { $0.result.versionId }
        let first = outcomes[6].result, second = outcomes[7].result
        try #require(puts.count == 4)
        #expect(first.versions?.map(\.key) == ["a", "a"] && first.isTruncated == true)
        #expect(first.versions?.map(\.versionId) == [puts[1], puts[0]])
        #expect(first.nextMarker == "a" && first.nextVersionIdMarker == puts[0])
        #expect(second.versions?.map(\.key) == ["b", "c"] && second.isTruncated == false)
        #expect(second.versions?.map(\.versionId) == [puts[2], puts[3]])
    }

    /// A page that is not truncated has no next marker: asking for one stops the file at that
    /// step, as a client stops paging.
    @Test func aLastPageHasNoNextMarker() throws {
        let result = try Self.run(Self.versions + """
              - list_versions: {bucket: bkt, as: all}
              - list_versions: {bucket: bkt, key_marker: $all}
            """)
        guard case .failure(let failure) = result else {
            Issue.record("the file ran through")
            return
        }
        #expect(failure.index == 8)
        #expect(failure.error.description == "$all has no next key marker: operation 7 answered 200")
    }

    /// A version id marker may still name the put that made the version; a key marker names
    /// only a page.
    @Test func aVersionMarkerMayNameAVersionAKeyMarkerOnlyAPage() throws {
        let outcomes = try Self.run(Self.versions + """
              - list_versions: {bucket: bkt, key_marker: a, version_id_marker: $a2}
            """).get()
        #expect(outcomes[6].result.versions?.map(\.key) == ["a", "b", "c"])
        #expect(Self.loadError(Self.versions + """
              - list_versions: {bucket: bkt, key_marker: $a2}
            """) == "ops.yaml:8:46: error: '$a2' is operation 4 (put); key_marker reads the next key marker of an earlier list_versions (at operations.[6].list_versions.key_marker)")
        #expect(Self.loadError(Self.versions + """
              - list_versions: {bucket: bkt, key_marker: $p9}
            """)?.hasPrefix("ops.yaml:8:46: error: '$p9' refers to no earlier step") == true)
    }

    /// Uploads page on their key and upload id markers the same way.
    @Test func multipartUploadPagesFollowOneAnother() throws {
        let outcomes = try Self.run("""
            operations:
              - create_bucket: bkt
              - create_multipart: {bucket: bkt, key: a, as: u1}
              - create_multipart: {bucket: bkt, key: a, as: u2}
              - create_multipart: {bucket: bkt, key: b, as: u3}
              - list_multipart_uploads: {bucket: bkt, max_uploads: 2, as: p1}
              - list_multipart_uploads: {bucket: bkt, max_uploads: 2, key_marker: $p1, upload_id_marker: $p1}
            """).get()
        let first = outcomes[4].result, second = outcomes[5].result
        #expect(first.keys == ["a", "a"] && first.isTruncated == true)
        #expect(first.nextMarker == "a" && first.nextUploadIdMarker == first.uploadIds?.last)
        #expect(second.keys == ["b"] && second.uploadIds == [outcomes[3].result.uploadId].compactMap { $0 })
        #expect(second.isTruncated == false)
    }

    /// The waits of a file add up to at most 100 years: past that the clock would stop, and a
    /// later wait would silently not happen.
    @Test func waitsAddingUpToMoreThanACenturyAreRefused() {
        let yaml = """
            operations:
              - create_bucket: bkt
              - wait: 36500d
              - wait: 36500d

            """
        #expect(Self.loadError(yaml) == "ops.yaml:4:11: error: the waits add up to more than 100 years of virtual time (3,155,760,000 s), the longest a run may last (at operations.[2].wait)")
        #expect(Self.loadError("operations:\n  - create_bucket: bkt\n  - wait: 18262d\n  - wait: 18262d\n") == nil)
    }

    /// One step written without its dash is a mapping: the error says a list is wanted.
    @Test func aStepWithoutItsDashIsExplained() {
        #expect(Self.loadError("operations: {create_bucket: bkt}\n")
            == "ops.yaml:1:14: error: operations is a list of steps, each after a dash (- create_bucket: …), or {client, steps} (at operations)")
    }
}
