import Reports

/// The queue report's setup line, written from the spec's figures. It was the file's
/// `description:`, which is free text: a one-broker file whose description still said
/// "3 brokers" printed "3 brokers" above a table of one. The description, when the file has
/// one, follows on a line of its own, quoted as the file's words.
extension QueueExperimentSpec {
    /// `1 broker, 4 partitions (T1 2, T2 2), 1 copy each, acks = all; 2 producers, 4,000
    /// messages in all; 2 consumers; 30.000 s`.
    var setupLine: String {
        let partitions = topics.map(\.partitions).reduce(0, +)
        let messages = producers.map(\.messages).reduce(0, +)
        var out = "\(NumberFormat.counted(brokers, "broker")), \(NumberFormat.counted(partitions, "partition"))"
        out += " (" + topics.map { "\($0.name) \(NumberFormat.integer($0.partitions))" }.joined(separator: ", ") + ")"
        out += ", \(NumberFormat.counted(configuration.replication, "copy", plural: "copies")) each, acks = \(configuration.acks.rawValue)"
        out += "; \(NumberFormat.counted(producers.count, "producer"))" + (producers.isEmpty ? "" : ", \(NumberFormat.counted(messages, "message")) in all")
        out += "; \(NumberFormat.counted(consumers.count, "consumer")); \(DurationFormat.seconds(duration.seconds, grouping: true))"
        return out
    }

    /// The report's opening: the header every experiment writes, its setup line from the
    /// figures, and the file's description quoted beneath it.
    func reportHeader(title: String, digest: String) -> String {
        ExperimentReport.headerQuotingDescription(title: title, spec: self, digest: digest, setup: setupLine)
    }
}
