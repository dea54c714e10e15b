import Reports

/// The partitioned log's part: the log on node `log` with its topics, the producers, `log.*`, and
/// the report's "Partitioned log" section.
enum LogPart: SubsystemPart {
    static func build(in world: World) { world.buildLog() }
    static func start(in world: World) { world.startProducers() }

    static func value(of known: LogMetric, in result: RunResult) -> Double? {
        guard let log = result.log else { return nil }
        switch known {
        case .produced: return Double(log.producers.reduce(0) { $0 + $1.acknowledged })
        case .records: return Double(log.topics.reduce(0) { $0 + $1.records })
        case .lost: return Double(log.lost)
        case .duplicates: return Double(log.duplicates)
        case .producerErrors: return Double(log.producers.reduce(0) { $0 + $1.errors })
        case .errorsInLog: return Double(log.errorsInLog)
        // A topic job whose input the run never counted (refused, or still running at the end:
        // ``MapReduceRunResult/inputUnread``) leaves what the jobs read unknown.
        case .readByJobs: return readByJobsCounted(result) ? Double(log.readByJobs) : nil
        case .unread: return readByJobsCounted(result) ? Double(log.unread) : nil
        }
    }

    /// Whether every job reading a topic has its input counted.
    private static func readByJobsCounted(_ result: RunResult) -> Bool {
        result.jobs.allSatisfy { $0.result.inputUnread == nil || $0.result.run.rejection != nil }
    }

    static func markdown(_ result: RunResult) -> String {
        guard let log = result.log else { return "" }
        var out = "# Partitioned log\n\n"
        var producers = MarkdownTable(columns: [.userText("producer"), .userText("topic"), .numeric("acknowledged"), .numeric("errors"), .numeric("finished")])
        for producer in log.producers {
            producers.append([producer.name, producer.topic, NumberFormat.integer(producer.acknowledged), NumberFormat.integer(producer.errors),
                              DurationFormat.seconds(producer.finishedAt, grouping: true)])
        }
        out += producers.rendered() + "\n"
        var topics = MarkdownTable(columns: [.userText("topic"), .numeric("records at the end")])
        for topic in log.topics { topics.append([topic.name, NumberFormat.integer(topic.records)]) }
        out += topics.rendered() + "\n"
        let counted = readByJobsCounted(result)
        out += "Acknowledged records lost: \(NumberFormat.integer(log.lost)); duplicates (copies beyond a record's first): \(NumberFormat.integer(log.duplicates)); "
            + "records given up on yet in the log: \(NumberFormat.integer(log.errorsInLog)); read by jobs: "
            + (counted ? "\(NumberFormat.integer(log.readByJobs)), \(NumberFormat.integer(log.unread)) records read by none" : "not counted (a job reading a topic was still running at the end)") + ".\n\n"
        return out
    }
}
