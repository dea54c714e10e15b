import Reports
import Simulator

extension ScenarioLoader {
    /// The most records one producer may send, and partitions one topic may have.
    static let maximumProducedRecords = 10_000_000
    static let maximumPartitions = 1_024

    /// Parses `log: {topics: [{name, partitions}], producers: [{name, topic, records, rate, start, seed}]}`.
    static func parseLogSection(_ cursor: YAMLCursor) throws(ScenarioError) -> LogSection {
        let fields = try cursor.mapping(ScenarioSchema.logSection)
        var topics: [LogSection.Topic] = []
        var names = DistinctNames()
        let topicsCursor = try fields.required("topics")
        for item in try topicsCursor.list(atMost: ScenarioSchema.maximumListedNames, of: "topics") {
            let topic = try item.mapping(ScenarioSchema.topic)
            let nameCursor = try topic.required("name")
            let name = try nameCursor.name()
            guard name.utf8.count <= ScenarioDocument.maximumNameLength else {
                throw nameCursor.error(.invalidValue("a topic's name has at most \(NumberFormat.integer(ScenarioDocument.maximumNameLength)) bytes, got \(NumberFormat.integer(name.utf8.count))"))
            }
            // Each topic has rows and series of its own, told apart by its name: by bytes and by
            // look-alikes (fullwidth `ｔopic` and `topic`), as every other list of names.
            try names.add(name, at: nameCursor, kind: "topic",
                          remedy: "give each topic its own name: the report's rows and the metrics' series tell the topics apart by it")
            let partitionsCursor = try topic.required("partitions")
            let partitions = try partitionsCursor.int(in: 1...maximumPartitions)
            topics.append(.init(name: name, partitions: partitions))
        }
        guard !topics.isEmpty else { throw topicsCursor.error(.invalidValue("the log needs at least one topic")) }
        var producers: [LogSection.Producer] = []
        for (index, item) in (try fields["producers"]?.list(atMost: ScenarioSchema.maximumListedNames, of: "producers") ?? []).enumerated() {
            let producer = try item.mapping(ScenarioSchema.producer)
            let id = NodeID(try producer["name"]?.name() ?? "producer-\(index + 1)")
            guard !producers.contains(where: { $0.id == id }) else {
                throw (producer["name"] ?? item).error(.invalidValue("producer '\(id.name.excerpt)' is defined twice"))
            }
            let topicCursor = try producer.required("topic")
            let topic = try topicCursor.string()
            // By bytes, as a node is named; a look-alike ('ｔopic' for 'topic', 'Å' U+0041 U+030A
            // for 'Å' U+00C5, which `==` took for the topic) is refused naming what differs.
            guard topics.contains(where: { $0.name.utf8.elementsEqual(topic.utf8) }) else {
                if let refusal = topicCursor.unknownLookAlike(topic, among: topics.map(\.name), kind: "topic") { throw refusal }
                throw topicCursor.error(.invalidValue("unknown topic '\(topic.excerpt)'" + (Suggestion.closest(to: topic, among: topics.map(\.name)).map { "; did you mean '\($0)'?" } ?? "")))
            }
            let recordsCursor = try producer.required("records")
            let records = try recordsCursor.int(in: 1...maximumProducedRecords)
            let rateCursor = try producer.required("rate")
            let rate = try rateCursor.positive()
            guard rate <= YAMLCursor.maximumRate else { throw rateCursor.error(.invalidValue("a producer sends at most \(NumberFormat.integer(Int(YAMLCursor.maximumRate))) records per second, got \(rateCursor.text?.excerpt ?? "")")) }
            let start = try producer["start"]?.duration() ?? ScenarioSchema.defaultProducerStart
            // Its last record must be due within the longest run a file may name.
            let lastDue = start.seconds + Double(records - 1) / rate
            guard lastDue <= YAMLCursor.maximumSeconds else {
                throw rateCursor.error(.invalidValue("\(records) records at \(rateCursor.text?.excerpt ?? "") per second would not all be sent within the 100 years a run may last; raise the rate"))
            }
            producers.append(.init(
                id: id, topic: topic, records: records, rate: rate, start: start,
                seed: try producer["seed"]?.uint64() ?? UInt64(index + 1),
                timeout: try producer["timeout"]?.positiveDuration() ?? ScenarioSchema.defaultProducerTimeout,
                attempts: try producer["attempts"]?.int(in: ScenarioSchema.producerAttempts) ?? ScenarioSchema.defaultProducerAttempts))
        }
        return LogSection(topics: topics, producers: producers)
    }
}
