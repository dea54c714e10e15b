/// A world's `log:` (``ScenarioLoader/parseLogSection(_:)``): topics and the producers filling them.
extension ScenarioSchema {
    /// `log:`.
    static let logSection = SchemaObject([
        .required("topics", .list(of: .object(topic), minimum: 1, maximum: maximumListedNames), "The log's topics."),
        .optional("producers", .list(of: .object(producer), maximum: maximumListedNames), "Producers appending synthetic log lines during the run."),
    ])

    /// One of `log.topics`.
    static let topic = SchemaObject([
        .required("name", .anyText),
        .required("partitions", .integer(in: 1...ScenarioLoader.maximumPartitions)),
    ])

    /// `attempts` of a producer.
    static let producerAttempts = 1...1_000
    /// A log producer's settings when it does not say: it starts at once, and each append waits
    /// 1 s and is tried five times.
    static let defaultProducerStart = Duration.zero
    static let defaultProducerTimeout = Duration.seconds(1)
    static let defaultProducerAttempts = 5

    /// One of `log.producers`.
    static let producer = SchemaObject([
        .optional("name", .anyText, "The producer's node; default producer-N.", default: .derived("producer-N, N its place in the list")),
        .required("topic", .anyText, "One of the log's topics."),
        .required("records", .integer(in: 1...ScenarioLoader.maximumProducedRecords), "Records it sends."),
        .required("rate", .positiveRate, "Records per second."),
        .optional("start", .duration, "When it starts; default 0.", default: .duration(defaultProducerStart)),
        .optional("seed", .unsigned64, "Seed of its lines; default its position in the list.", default: .derived("its place in the list (1, 2, …)")),
        .optional("timeout", .positiveDuration, "How long one append may take; default 1s.", default: .duration(defaultProducerTimeout)),
        .optional("attempts", .integer(in: producerAttempts), "Attempts per record; default 5.", default: .integer(defaultProducerAttempts)),
    ])
}
