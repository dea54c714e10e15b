import Simulator

extension QueueSection {
    /// About how many partition fetches the consumers make over `horizon` seconds: every poll
    /// fetches each partition the consumer owns, its group's partitions shared among the group's
    /// members (10 consumers of 100 topics of 1,000 partitions each, polling every 100 ms, would
    /// fetch 6 × 10^9 times in ten minutes).
    func estimatedFetches(over horizon: Double) -> Double {
        var partitionsOfTopic: [String: Int] = [:]
        for topic in topics { partitionsOfTopic[topic.name] = topic.partitions }
        var members: [String: Int] = [:]
        for consumer in consumers { members[consumer.group, default: 0] += 1 }
        return consumers.reduce(0.0) { fetches, consumer in
            let partitions = consumer.targets.reduce(0.0) { total, target in
                switch target {
                case .partition: total + 1
                case .topic(let name): total + Double(partitionsOfTopic[name] ?? 0)
                }
            }
            let polls = horizon / max(consumer.pollInterval.seconds, 1e-9)
            return fetches + polls * partitions / Double(members[consumer.group] ?? 1)
        }
    }
}

extension QueueSection {
    /// The queue's periodic wake-ups over `span`, by kind: every broker's and consumer's
    /// heartbeats (the controller checks each broker, each consumer heartbeats its coordinator),
    /// every broker's catch-up rounds, and each consumer's polls (in ``consumers`` order).
    func periodicWakeUps(over span: Duration) -> (heartbeats: Double, catchUpRounds: Double, polls: [Double]) {
        func wakeUps(every interval: Duration, times: Int) -> Double { span.seconds / interval.seconds * Double(times) }
        return (wakeUps(every: configuration.heartbeatInterval, times: brokers + consumers.count),
                wakeUps(every: configuration.catchUpInterval, times: brokers),
                consumers.map { wakeUps(every: $0.pollInterval, times: 1) })
    }
}
