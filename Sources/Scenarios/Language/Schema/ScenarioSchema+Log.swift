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

    /// One of `log.producers`.
    static let producer = SchemaObject([
        .optional("name", .anyText, "The producer's node; default producer-N."),
        .required("topic", .anyText, "One of the log's topics."),
        .required("records", .integer(in: 1...ScenarioLoader.maximumProducedRecords), "Records it sends."),
        .required("rate", .positiveRate, "Records per second."),
        .optional("start", .duration, "When it starts; default 0."),
        .optional("seed", .unsigned64, "Seed of its lines; default its position in the list."),
        .optional("timeout", .positiveDuration, "How long one append may take; default 1s."),
        .optional("attempts", .integer(in: producerAttempts), "Attempts per record; default 5."),
    ])
}
