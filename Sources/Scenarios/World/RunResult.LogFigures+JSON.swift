extension RunResult.LogFigures {
    /// report.json's `log`: report.md's "Partitioned log" section — the producers, the topics at
    /// the end, and the records lost, duplicated and read by jobs.
    struct Detail: Encodable {
        struct Producer: Encodable {
            var name: String
            var topic: String
            var acknowledged: Int
            var errors: Int
            /// Nil when it was still producing at the end.
            var finishedAtSeconds: Double?
        }
        struct Topic: Encodable {
            var name: String
            var records: Int
        }
        var producers: [Producer]
        var topics: [Topic]
        var lost: Int
        var duplicates: Int
        var errorsInLog: Int
        /// Nil when a job reading a topic was still running at the end (`log.read_by_jobs`).
        var readByJobs: Int?
        /// Nil when `readByJobs` is (`log.unread`).
        var unread: Int?
    }

    /// ``Detail`` of these figures; `readByJobs` as `log.read_by_jobs` measures it, `unread` only
    /// when it does.
    func detail(readByJobs: Double?) -> Detail {
        Detail(producers: producers.map { .init(name: $0.name, topic: $0.topic, acknowledged: $0.acknowledged, errors: $0.errors, finishedAtSeconds: $0.finishedAt) },
               topics: topics.map { .init(name: $0.name, records: $0.records) }, lost: lost, duplicates: duplicates, errorsInLog: errorsInLog,
               readByJobs: readByJobs.map { Int($0) }, unread: readByJobs == nil ? nil : unread)
    }
}
