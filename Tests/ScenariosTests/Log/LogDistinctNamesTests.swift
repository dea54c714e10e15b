import Testing
@testable import Scenarios

/// The log's topics are told apart by name in the report's rows and the metrics' series: two of
/// one name are refused at the second, by bytes and by look-alikes (fullwidth `ｔopic` beside
/// `topic` loaded as two topics), as every other list of names is
/// (``DistinctNames``). Producers are nodes: a look-alike of one
/// is refused by the node names' rule.
struct LogDistinctNamesTests {
    static let remedy = "give each topic its own name: the report's rows and the metrics' series tell the topics apart by it"

    static func world(_ topics: String) -> String {
        "log:\n  topics: [\(topics)]\n  producers: [{name: p, topic: topic, records: 1, rate: 1}]\n"
    }

    static func refusal(_ text: String) -> String { loadError(text, file: "t.yaml")?.description ?? "" }

    @Test func aTopicNamedTwiceIsRefusedAtItsSecondName() {
        #expect(Self.refusal(Self.world("{name: topic, partitions: 1}, {name: topic, partitions: 2}"))
            == "t.yaml:2:49: error: topic 'topic' is listed twice; \(Self.remedy) (at log.topics.[1].name)")
    }

    @Test func aFullwidthTwinIsRefusedWithItsCodePoints() {
        #expect(Self.refusal(Self.world("{name: topic, partitions: 1}, {name: \"\\uFF54opic\", partitions: 2}"))
            == "t.yaml:2:49: error: topic '\u{FF54}opic' (U+FF54 U+006F U+0070 U+0069 U+0063) names the same as topic 'topic' (U+0074 U+006F U+0070 U+0069 U+0063) in other code points (Unicode compatibility equivalence, NFKC); \(Self.remedy) (at log.topics.[1].name)")
    }

    @Test func aCanonicalTwinIsRefusedToo() {
        // 'Å' as U+00C5 and as 'A' U+030A: Swift's `==` found them equal and said "defined twice"
        // without saying what differs.
        let text = "log:\n  topics: [{name: \"\\u00C5\", partitions: 1}, {name: \"A\\u030A\", partitions: 1}]\n"
        #expect(Self.refusal(text)
            == "t.yaml:2:52: error: topic 'A\u{030A}' (U+0041 U+030A) names the same as topic '\u{00C5}' (U+00C5) in other code points (Unicode canonical equivalence); \(Self.remedy) (at log.topics.[1].name)")
    }

    @Test func topicsApartOnlyByCaseLoad() throws {
        let scenario = try ScenarioLoader.parse(Self.world("{name: topic, partitions: 1}, {name: Topic, partitions: 2}"), file: "t.yaml")
        #expect(scenario.log?.topics.map(\.name) == ["topic", "Topic"])
    }

    /// A producer's `topic` names its topic by bytes: a look-alike is refused saying what
    /// differs (a canonical twin was taken for the topic by `String`'s `==`).
    @Test func aProducersTopicIsMatchedByItsBytes() {
        let text = "log:\n  topics: [{name: \"\\u00C5\", partitions: 1}]\n  producers: [{name: p, topic: \"A\\u030A\", records: 1, rate: 1}]\n"
        #expect(Self.refusal(text)
            == "t.yaml:3:32: error: unknown topic 'A\u{030A}' (U+0041 U+030A), a look-alike of topic '\u{00C5}' (U+00C5) in other code points (Unicode canonical equivalence); write it as the topic is named (at log.producers.[0].topic)")
    }

    /// So does a MapReduce job's `input.topic`.
    @Test func aJobsTopicIsMatchedByItsBytes() {
        let text = "log:\n  topics: [{name: topic, partitions: 1}]\nmapreduce:\n  cluster: {workers: 1}\n  jobs: [{name: word-count, reducers: 1, input: {topic: \"\\uFF54opic\", records_per_split: 5}}]\n"
        #expect(Self.refusal(text).hasSuffix("error: unknown topic '\u{FF54}opic' (U+FF54 U+006F U+0070 U+0069 U+0063), a look-alike of topic 'topic' (U+0074 U+006F U+0070 U+0069 U+0063) in other code points (Unicode compatibility equivalence, NFKC); write it as the topic is named (at mapreduce.jobs.[0].input.topic)"))
    }

    @Test func aLookAlikeProducerIsRefusedAsANode() {
        let text = "log:\n  topics: [{name: topic, partitions: 1}]\n  producers: [{name: p, topic: topic, records: 1, rate: 1}, {name: \"\\uFF50\", topic: topic, records: 1, rate: 1}]\n"
        #expect(Self.refusal(text).contains("error: node '\u{FF50}' (U+FF50) of log producer '\u{FF50}' (here) names the same as node 'p' (U+0070) of log producer 'p' (at 3:22)"))
    }
}
