import Reports

extension ResourceBudget {
    /// Every producer whose attempts can fail, with the latest it may still be retrying
    /// (``ProducerRetries``, later by its node's downtime: ``ProducerRetries/delayed(_:of:from:in:)``): the queue's, in file order — each message settled by its last
    /// attempt or its delivery timeout after its send, whichever is first —, then the log's, in
    /// file order — each record by its last attempt. The load-time estimate runs a world on
    /// until then (``latestRunningOn(in:)``), and the default time limit lets it get there
    /// (``ScenarioLoader/defaultTimeLimit(for:)``).
    static func retryingProducers(in scenario: Scenario) -> [Scheduled] {
        retryingQueueProducers(in: scenario) + retryingLogProducers(in: scenario)
    }

    /// The queue's producers of ``retryingProducers(in:)``.
    static func retryingQueueProducers(in scenario: Scenario) -> [Scheduled] {
        var retrying: [Scheduled] = []
        let at = { (time: Double) in DurationFormat.seconds(time, grouping: true) }
        for (index, producer) in (scenario.queue?.producers ?? []).enumerated() where QueueSection.producerMayFail(producer, in: scenario) {
            // Each message expires its delivery timeout after its send, its attempts over or
            // not (``QueueProducerSpec/deliveryTimeout``): the last is settled by its send and
            // that — 10 messages of 100 attempts of 100 s were counted running to 199,000 s, and
            // the world ended by 121 s.
            // Both later by the time the file's crashes and restarts hold its node down before
            // then (``ProducerRetries/delayed(_:of:from:in:)``): the last send is that much later.
            let retried = ProducerRetries.delayed(seconds: QueueSection.latestRetryEnd(of: producer), of: producer.id, from: producer.start, in: scenario)
            let lastSend = producer.start.seconds + Double(max(producer.messages - 1, 0)) / max(producer.rate, 1e-300)
            let expired = ProducerRetries.delayed(seconds: lastSend, of: producer.id, from: producer.start, in: scenario) + producer.deliveryTimeout.seconds
            let end = min(retried, expired)
            let messages = "\(NumberText.figure(Double(producer.messages))) message\(producer.messages == 1 ? "" : "s")"
            let timeout = DurationFormat.seconds(producer.timeout.seconds, grouping: true)
            let expiring = expired < retried ? " until it expires \(DurationFormat.seconds(producer.deliveryTimeout.seconds, grouping: true)) after its send (its delivery timeout)" : ""
            let what = producer.attempts == 1
                ? "producer '\(producer.id.name)', whose \(messages) may each wait \(timeout) for an answer\(expiring), may still be sending until \(at(end))"
                : "producer '\(producer.id.name)', whose \(messages) may each take up to \(producer.attempts) attempts of \(timeout) and as long between two\(expiring), may still be retrying until \(at(end))"
            retrying.append(Scheduled(end: end, section: "queue.producers.\(index).\(expired < retried ? "messages" : "timeout")", what: what,
                                      retrying: true, expiring: expired < retried))
        }
        return retrying
    }

    /// The log's producers of ``retryingProducers(in:)``.
    static func retryingLogProducers(in scenario: Scenario) -> [Scheduled] {
        var retrying: [Scheduled] = []
        let at = { (time: Double) in DurationFormat.seconds(time, grouping: true) }
        // A log producer's send has no delivery timeout: a record is settled by its last attempt
        // (a log crashed for good kept a producer of 5 records, 1,000 attempts of 10 s each,
        // retrying past the default time limit of 3,604 s, and the run stopped there).
        for (index, producer) in (scenario.log?.producers ?? []).enumerated() where producer.mayFail(in: scenario) {
            let end = ProducerRetries.delayed(seconds: producer.retries.latestEnd, of: producer.id, from: producer.start, in: scenario)
            let records = "\(NumberText.figure(Double(producer.records))) record\(producer.records == 1 ? "" : "s")"
            let timeout = DurationFormat.seconds(producer.timeout.seconds, grouping: true)
            let what = producer.attempts == 1
                ? "producer '\(producer.id.name)', whose \(records) may each wait \(timeout) for an answer, may still be sending until \(at(end))"
                : "producer '\(producer.id.name)', whose \(records) may each take up to \(producer.attempts) attempts of \(timeout) and as long between two, may still be retrying until \(at(end))"
            retrying.append(Scheduled(end: end, section: "log.producers.\(index).timeout", what: what, retrying: true))
        }
        return retrying
    }
}
