import Testing
@testable import Scenarios

/// The store's buckets are told apart by name in the report's rows and the metrics' series: two
/// of one name are refused at the second through the one check every list of names takes
/// (``DistinctNames``), in the log's words. S3's bucket rule
/// (lowercase ASCII) refuses a fullwidth or composed twin as a name before it could be a twin.
/// References — an operation's `bucket` and `from_bucket`, a MapReduce job's buckets — match by
/// bytes, and a look-alike of a bucket the store lists, or an earlier step creates, is refused
/// saying what differs; a bucket no one created still loads (S3 answers NoSuchBucket).
struct StoreDistinctNamesTests {
    static let remedy = "give each bucket its own name: the report's rows and the metrics' series tell the buckets apart by it"

    static func refusal(_ text: String) -> String { loadError(text, file: "s.yaml")?.description ?? "" }

    @Test func aBucketNamedTwiceIsRefusedAtItsSecondName() {
        #expect(Self.refusal("object_store:\n  buckets: [{name: photos}, {name: photos}]\n")
            == "s.yaml:2:36: error: bucket 'photos' is listed twice; \(Self.remedy) (at object_store.buckets.[1].name)")
    }

    @Test func aFullwidthTwinIsRefusedAsANameFirst() {
        #expect(Self.refusal("object_store:\n  buckets: [{name: photos}, {name: \"\\uFF50hotos\"}]\n")
            == "s.yaml:2:36: error: '\u{FF50}hotos' is not a valid S3 bucket name (3–63 lowercase letters, digits, dots and hyphens) (at object_store.buckets.[1].name)")
    }

    @Test func aCanonicalTwinIsRefusedAsANameFirst() {
        #expect(Self.refusal("object_store:\n  buckets: [{name: \"\\u00C5bc\"}, {name: \"A\\u030Abc\"}]\n")
            == "s.yaml:2:20: error: '\u{00C5}bc' is not a valid S3 bucket name (3–63 lowercase letters, digits, dots and hyphens) (at object_store.buckets.[0].name)")
    }

    @Test func anOperationsBucketIsMatchedByItsBytes() {
        let text = "object_store:\n  buckets: [{name: photos}]\noperations:\n  - put: {bucket: \"\\uFF50hotos\", key: k, body: x}\n"
        #expect(Self.refusal(text)
            == "s.yaml:4:19: error: unknown bucket '\u{FF50}hotos' (U+FF50 U+0068 U+006F U+0074 U+006F U+0073), a look-alike of bucket 'photos' (U+0070 U+0068 U+006F U+0074 U+006F U+0073) in other code points (Unicode compatibility equivalence, NFKC); write it as the bucket is named (at operations.[0].put.bucket)")
    }

    /// A copy's source bucket, and a bucket an earlier step created, in an operation scenario.
    @Test func aCopysSourceIsMatchedAgainstCreatedBuckets() {
        let text = "operations:\n  - create_bucket: photos\n  - copy: {bucket: photos, key: b, from_bucket: \"photos\\u00A0\", from_key: a}\n"
        do {
            _ = try ScenarioLoader.parseOperationScenario(text, file: "o.yaml")
            Issue.record("a look-alike of a created bucket loaded")
        } catch {
            #expect(error.description
                == "o.yaml:3:49: error: unknown bucket 'photos\u{00A0}' (U+0070 U+0068 U+006F U+0074 U+006F U+0073 U+00A0), a look-alike of bucket 'photos' (U+0070 U+0068 U+006F U+0074 U+006F U+0073) in other code points (the trailing blank U+00A0 NO-BREAK SPACE set aside: a table cell trims blanks at either end); write it as the bucket is named (at operations.[1].copy.from_bucket)")
        }
    }

    @Test func aJobsOutputBucketIsMatchedByItsBytes() {
        let text = "log:\n  topics: [{name: topic, partitions: 1}]\nobject_store:\n  buckets: [{name: results}]\nmapreduce:\n  cluster: {workers: 1}\n  jobs: [{name: word-count, reducers: 1, input: {topic: topic, records_per_split: 5}, output: {bucket: \"\\uFF52esults\"}}]\n"
        #expect(Self.refusal(text).hasSuffix("error: unknown bucket '\u{FF52}esults' (U+FF52 U+0065 U+0073 U+0075 U+006C U+0074 U+0073), a look-alike of bucket 'results' (U+0072 U+0065 U+0073 U+0075 U+006C U+0074 U+0073) in other code points (Unicode compatibility equivalence, NFKC); write it as the bucket is named (at mapreduce.jobs.[0].output.bucket)"))
    }

    /// A bucket apart only by case is no look-alike: the step loads, and S3 answers it.
    @Test func bucketsApartOnlyByCaseStillLoad() throws {
        let scenario = try ScenarioLoader.parse("object_store:\n  buckets: [{name: photos}]\noperations:\n  - create_bucket: Photos\n  - put: {bucket: Photos, key: k, body: x}\n  - get: {bucket: photos, key: k}\n", file: "s.yaml")
        #expect(scenario.operations?.steps.map(\.name) == ["create_bucket", "put", "get"])
        #expect(scenario.store?.buckets.map(\.name) == ["photos"])
    }
}
