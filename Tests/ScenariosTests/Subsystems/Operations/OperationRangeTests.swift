import Testing
@testable import Scenarios
@testable import Simulator

/// An operation scenario sends S3 what it is given, so that a file shows S3's own answer to a
/// value outside S3's range; but no further than S3 reads a number, a 32-bit integer
/// (`max_keys: -9223372036854775808` and `part: -5` were both sent).
struct OperationRangeTests {
    static let prefix = "operations:\n  - create_bucket: bkt\n"

    static func error(_ step: String) -> String? {
        HostileInputTests.error(prefix + "  - " + step + "\n")
    }

    @Test(arguments: [
        ("list: {bucket: bkt, max_keys: -9223372036854775808}", "h.yaml:3:35: error: must be -2,147,483,648 … 2,147,483,647, got -9,223,372,036,854,775,808 (at operations.[1].list.max_keys)"),
        ("list_versions: {bucket: bkt, max_keys: 2147483648}", "h.yaml:3:44: error: must be -2,147,483,648 … 2,147,483,647, got 2,147,483,648 (at operations.[1].list_versions.max_keys)"),
        ("list_multipart_uploads: {bucket: bkt, max_uploads: -2147483649}", "h.yaml:3:56: error: must be -2,147,483,648 … 2,147,483,647, got -2,147,483,649 (at operations.[1].list_multipart_uploads.max_uploads)"),
        ("upload_part: {bucket: bkt, key: k, upload_id: u, part: 9223372036854775807, body: x}", "h.yaml:3:60: error: must be -2,147,483,648 … 2,147,483,647, got 9,223,372,036,854,775,807 (at operations.[1].upload_part.part)"),
        ("complete_multipart: {bucket: bkt, key: k, upload_id: u, parts: [{part: 2147483648, etag: e}]}", "h.yaml:3:76: error: must be -2,147,483,648 … 2,147,483,647, got 2,147,483,648 (at operations.[1].complete_multipart.parts.[0].part)"),
        ("put_bucket_lifecycle: {bucket: bkt, rules: [{id: r, expiration_days: 2147483648}]}", "h.yaml:3:74: error: must be -2,147,483,648 … 2,147,483,647, got 2,147,483,648 (at operations.[1].put_bucket_lifecycle.rules.[0].expiration_days)"),
        ("put_bucket_lifecycle: {bucket: bkt, rules: [{id: r, transitions: [{days: -2147483649, storage_class: GLACIER}]}]}", "h.yaml:3:78: error: must be -2,147,483,648 … 2,147,483,647, got -2,147,483,649 (at operations.[1].put_bucket_lifecycle.rules.[0].transitions.[0].days)"),
    ])
    func aCountBeyondA32BitIntegerIsRefusedWhereItIs(step: String, message: String) {
        #expect(Self.error(step) == message)
    }

    /// Within a 32-bit integer, S3 answers: 400 InvalidArgument for a negative max-keys, a part
    /// number outside 1 … 10,000 or zero days; a page of at most 1,000 for a larger max-keys.
    @Test func s3AnswersAValueOutsideItsRange() throws {
        let yaml = Self.prefix + """
              - list: {bucket: bkt, max_keys: -1}
              - list: {bucket: bkt, max_keys: 2147483647}
              - create_multipart: {bucket: bkt, key: k, as: up}
              - upload_part: {bucket: bkt, key: k, upload_id: $up, part: -5, body: x}
              - upload_part: {bucket: bkt, key: k, upload_id: $up, part: 10001, body: x}
              - put_bucket_lifecycle: {bucket: bkt, rules: [{id: r, expiration_days: 0}]}
            """
        let outcomes = try OperationScenarioRunTests.run(yaml).get()
        #expect(outcomes.map(\.result.status) == [200, 400, 200, 200, 400, 400, 400])
        #expect([1, 4, 5, 6].map { outcomes[$0].result.errorCode } == Array(repeating: "InvalidArgument", count: 4))
    }
}
