import Testing
@testable import Scenarios
@testable import Simulator

/// The queue's topics are told apart by name in the report's rows, lag tables and metrics'
/// series: two of one name are refused at the second through the one check every list of names
/// takes (``DistinctNames``), in the log's words. A producer's
/// `to` and a consumer's `from` name their topic by bytes: `==` took the Kelvin sign U+212A,
/// canonically equivalent to 'K', for the topic 'Kafka'; a look-alike is refused saying what
/// differs. A queue's names take Kafka's ASCII rule, so a fullwidth or composed twin is refused
/// as a name before it could be a twin.
struct QueueDistinctNamesTests {
    static let remedy = "give each topic its own name: the report's rows and the metrics' series tell the topics apart by it"

    static func world(_ topics: String, to target: String = "Kafka:*", from source: String = "Kafka:*") -> String {
        "run: {duration: 10s}\nqueue:\n  topics: [\(topics)]\n  producers: [{name: p, to: [\"\(target)\"], messages: 1, rate: 1}]\n  consumers: [{name: c, from: [\"\(source)\"]}]\n"
    }

    static func refusal(_ text: String) -> String { loadError(text, file: "q.yaml")?.description ?? "" }

    @Test func aTopicNamedTwiceIsRefusedAtItsSecondName() {
        #expect(Self.refusal(Self.world("{name: Kafka, partitions: 1}, {name: Kafka, partitions: 2}"))
            == "q.yaml:3:49: error: topic 'Kafka' is listed twice; \(Self.remedy) (at queue.topics.[1].name)")
    }

    /// Kafka's topic characters are ASCII: a fullwidth twin never reaches the twin check.
    @Test func aFullwidthTwinIsRefusedAsANameFirst() {
        #expect(Self.refusal(Self.world("{name: Kafka, partitions: 1}, {name: \"\\uFF2Bafka\", partitions: 2}"))
            == "q.yaml:3:49: error: a name has 1 to 64 ASCII letters, digits, '.', '_' or '-', got '\u{FF2B}afka' (at queue.topics.[1].name)")
    }

    @Test func aCanonicalTwinIsRefusedAsANameFirst() {
        #expect(Self.refusal(Self.world("{name: \"\\u00C5\", partitions: 1}, {name: \"A\\u030A\", partitions: 1}"))
            == "q.yaml:3:19: error: a name has 1 to 64 ASCII letters, digits, '.', '_' or '-', got '\u{00C5}' (at queue.topics.[0].name)")
    }

    /// The Kelvin sign is canonically equivalent to 'K' (a singleton decomposition), so
    /// `String`'s `==` matched `\u{212A}afka:*` to the topic 'Kafka' and the run went on with it.
    @Test func aProducersTargetIsMatchedByItsBytes() {
        #expect("\u{212A}afka" == "Kafka")
        #expect(Self.refusal(Self.world("{name: Kafka, partitions: 2}", to: "\\u212Aafka:P1"))
            == "q.yaml:4:30: error: unknown topic '\u{212A}afka' (U+212A U+0061 U+0066 U+006B U+0061), a look-alike of topic 'Kafka' (U+004B U+0061 U+0066 U+006B U+0061) in other code points (Unicode canonical equivalence); write it as the topic is named (at queue.producers.[0].to.[0])")
    }

    @Test func aConsumersSourceIsMatchedByItsBytes() {
        #expect(Self.refusal(Self.world("{name: Kafka, partitions: 2}", from: "\\uFF2Bafka:*"))
            == "q.yaml:5:32: error: unknown topic '\u{FF2B}afka' (U+FF2B U+0061 U+0066 U+006B U+0061), a look-alike of topic 'Kafka' (U+004B U+0061 U+0066 U+006B U+0061) in other code points (Unicode compatibility equivalence, NFKC); write it as the topic is named (at queue.consumers.[0].from.[0])")
    }

    /// An unknown topic that looks like none is still told the closest one.
    @Test func anUnknownTopicStillGetsItsSuggestion() {
        #expect(Self.refusal(Self.world("{name: Kafka, partitions: 2}", to: "Kafak:*"))
            == "q.yaml:4:30: error: unknown topic 'Kafak'; did you mean 'Kafka'? (at queue.producers.[0].to.[0])")
    }

    @Test func topicsApartOnlyByCaseLoad() throws {
        let scenario = try ScenarioLoader.parse(Self.world("{name: Kafka, partitions: 1}, {name: kafka, partitions: 2}", from: "kafka:P2"), file: "q.yaml")
        #expect(scenario.queue?.topics.map(\.name) == ["Kafka", "kafka"])
        #expect(scenario.queue?.consumers.first?.targets == [.partition(TopicPartition("kafka", 1))])
    }
}
