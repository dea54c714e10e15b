import Reports
extension ScenarioLoader {
    /// The queue's periodic work — brokers' and consumers' heartbeats, catch-up rounds, consumers'
    /// polls — checked over `span`, the most the run can last (its time limit: producers still
    /// retrying keep a run going past run.duration): each kind alone, each error at the interval
    /// that asks for it, then all of them together against the same
    /// ``ScenarioSchema/queueMostWakeUps``, one budget for the queue's periodic work.
    ///
    /// The sum matters: each kind just under the cap (1 µs heartbeats and catch-up rounds, 250 ns
    /// polls over an 11 s limit: 4.4 × 10⁷, 3.3 × 10⁷ and 4.4 × 10⁷) ran for 129 s, where the
    /// budget alone allows about 55 s.
    static func checkQueueWakeUps(_ queue: QueueSection, over span: Duration, at queueCursor: YAMLCursor) throws(ScenarioError) {
        let fields = try queueCursor.mapping(ScenarioSchema.queueSection)
        let spanText = "in the run's time limit of \(DurationFormat.seconds(span.seconds, grouping: true)) (producers still retrying keep a queue run going until then)"
        func check(every interval: Duration, times: Int, at cursor: YAMLCursor, _ what: String) throws(ScenarioError) {
            try checkWakeUps(over: span, every: interval, times: times, most: ScenarioSchema.queueMostWakeUps, at: cursor, what: what,
                             spanText: spanText, remedy: "make the interval longer or set run.time_limit")
        }
        let heartbeatCursor = fields["heartbeat_interval"] ?? queueCursor, catchUpCursor = fields["catch_up_interval"] ?? queueCursor
        try check(every: queue.configuration.heartbeatInterval, times: queue.brokers + queue.consumers.count, at: heartbeatCursor, "heartbeats")
        try check(every: queue.configuration.catchUpInterval, times: queue.brokers, at: catchUpCursor, "catch-up rounds")
        let items = (try? fields["consumers"]?.list()) ?? []
        var pollCursors: [YAMLCursor] = []
        for (index, consumer) in queue.consumers.enumerated() {
            let item = items.indices.contains(index) ? items[index] : queueCursor
            let cursor = (try? item.mapping(ScenarioSchema.queueConsumer))?["poll_interval"] ?? item
            pollCursors.append(cursor)
            try check(every: consumer.pollInterval, times: 1, at: cursor, "polls")
        }

        let work = queue.periodicWakeUps(over: span)
        let total = work.heartbeats + work.catchUpRounds + work.polls.reduce(0, +)
        guard total > Double(ScenarioSchema.queueMostWakeUps) else { return }
        // The error points at the interval that asks for the most: lengthening it helps most.
        var (largest, cursor, what) = (work.heartbeats, heartbeatCursor, "heartbeat_interval")
        if work.catchUpRounds > largest { (largest, cursor, what) = (work.catchUpRounds, catchUpCursor, "catch_up_interval") }
        for (index, polls) in work.polls.enumerated() where polls > largest {
            (largest, cursor, what) = (polls, pollCursors[index], "\(queue.consumers[index].id.name)'s poll_interval")
        }
        let parts = "\(NumberText.figure(work.heartbeats)) heartbeats, \(NumberText.figure(work.catchUpRounds)) catch-up rounds "
            + "and \(NumberText.figure(work.polls.reduce(0, +))) polls"
        let (totalText, mostText) = NumberText.figures(total, against: Double(ScenarioSchema.queueMostWakeUps))
        throw cursor.error(.invalidValue("\(totalText) periodic wake-ups (\(parts)) \(spanText) is more than the \(mostText) a queue run may have in all; make the intervals longer, \(what) first, or set run.time_limit"))
    }
}
