extension RunResult {
    /// The queue's figure for the run's one-line verdict, from its `queue.*` metrics: messages
    /// acknowledged of those sent, acknowledged ones lost, and records a group was never handed.
    /// A world with a queue alone printed nothing after its verdict's colon.
    public var queueHeadline: String? {
        guard queue != nil else { return nil }
        func count(_ metric: QueueMetric) -> Int { Int(value(of: metric.metric) ?? 0) }
        return "\(count(.acknowledged))/\(count(.sent)) messages acknowledged, \(count(.lostAcknowledged)) of them lost, \(count(.undelivered)) never delivered"
    }

    /// The store's figure for the verdict: the requests sent to it and those not answered 2xx, for
    /// a world whose other figures say nothing of it (no job and no completed operations).
    public var storeHeadline: String? {
        guard store != nil else { return nil }
        func count(_ metric: StoreMetric) -> Int { Int(value(of: metric.metric) ?? 0) }
        return "\(count(.requests)) store requests, \(count(.errors)) not answered 2xx"
    }

    /// The log's figure for the verdict, from its `log.*` metrics as its report section gives them:
    /// records the producers had acknowledged, how many of those the log lost, and how many the
    /// jobs reading a topic read. For a world whose other figures say nothing of it (no job): a
    /// world with a log alone printed nothing after its verdict's colon.
    public var logHeadline: String? {
        guard log != nil else { return nil }
        func count(_ metric: LogMetric) -> Int { Int(value(of: metric.metric) ?? 0) }
        return "\(count(.produced)) records acknowledged, \(count(.lost)) of them lost, \(count(.readByJobs)) read by jobs"
    }
}
