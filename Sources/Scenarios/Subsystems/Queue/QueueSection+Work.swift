import Foundation
import Simulator

extension QueueSection {
    /// About how many partition fetches the consumers make over `horizon` seconds: every poll
    /// fetches each partition the consumer owns, its group's partitions shared among the group's
    /// members, one after the other, each a round trip to the partition's leader
    /// (``ShardedQueue/startConsumer(_:)``): a consumer's round is its `poll_interval` and then
    /// a round trip a partition it owns, so it fetches at most one partition a round trip
    /// (`roundTrip`, seconds: ``fetchRoundTrip(defaultLink:links:)``). Counting a poll of every
    /// partition every `poll_interval` estimated 100 consumers of 10,000 partitions each,
    /// polling every 100 ms over 1 ms links, at 7 × 10⁸ fetches in 70 s, where a round of
    /// theirs takes 20 s and they made about 3.5 × 10⁶ (17.6 × 10⁶ events in all).
    func estimatedFetches(over horizon: Double, roundTrip: Double = 0) -> Double {
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
            let owned = partitions / Double(members[consumer.group] ?? 1)
            let round = max(consumer.pollInterval.seconds + owned * roundTrip, 1e-9)
            return fetches + horizon / round * owned
        }
    }

    /// The shortest round trip a consumer's fetch may take, in seconds: twice the smallest mean
    /// one-way latency of the network's links (the fewer seconds a fetch takes, the more
    /// fetches; an upper bound).
    static func fetchRoundTrip(defaultLink: LinkProfile, links: [Scenario.Link]) -> Double {
        2 * ([defaultLink] + links.map(\.profile)).map { max($0.latency.mean ?? 0, 0) }.min()!
    }

    /// The records handed to the consumers in all: every group is handed every message sent to
    /// a partition it reads (``QueueLedger/noteDelivered(_:of:group:consumer:committed:at:)``),
    /// a producer's messages shared evenly among its targets and a topic's among its
    /// partitions. Each consumer is a group of its own unless the file says otherwise, so 100
    /// consumers of one partition are handed every message 100 times.
    func estimatedDeliveries() -> Double {
        var partitionsOfTopic: [String: Int] = [:]
        for topic in topics { partitionsOfTopic[topic.name] = topic.partitions }
        var total = 0.0
        for group in groups {
            var wholeTopics = Set<String>(), single = Set<TopicPartition>()
            for target in group.targets {
                switch target {
                case .topic(let name): wholeTopics.insert(name)
                case .partition(let partition): single.insert(partition)
                }
            }
            for producer in producers where !producer.targets.isEmpty {
                let perTarget = Double(producer.messages) / Double(producer.targets.count)
                for target in producer.targets {
                    switch target {
                    case .partition(let partition):
                        if wholeTopics.contains(partition.topic) || single.contains(partition) { total += perTarget }
                    case .topic(let name):
                        if wholeTopics.contains(name) {
                            total += perTarget
                        } else {
                            let read = single.filter { $0.topic == name }.count
                            total += perTarget * Double(read) / Double(max(partitionsOfTopic[name] ?? 1, 1))
                        }
                    }
                }
            }
        }
        return total
    }

    /// Bytes held for each record handed to a consumer: the ledger's delivery (~120 bytes, in an
    /// array that doubles as it grows) and the group's record of what it was handed at each
    /// offset (~56), kept for the audit. Measured: one producer of 10⁶ messages to one
    /// partition, read by 1 consumer 0.86 GB, by 10 (each its own group) 2.55 GB — 188 bytes a
    /// delivery more; 20 consumers died at 2.7 GB asking for 4 GB more to grow the array.
    static let bytesPerDelivery = 320.0
}

extension QueueSection {
    /// Whether an attempt of `producer` can fail in `scenario`, so that its messages may take
    /// all their attempts and keep the world running past its `run.duration`: a fault or the
    /// chaos striking the controller, a broker or the producer; a partition that can separate
    /// them; messages lost (a drop rate on a link or scheduled); or a round trip that can
    /// outlast the producer's `timeout` — twice the largest one-way latency of the network's
    /// links (a bounded distribution's bound, an unbounded one's 99.9th percentile:
    /// ``largestLatency(of:)``), a scheduled latency spike's extra included. Without any of
    /// them every attempt is answered, and a queue world ends at its duration: estimating every
    /// queue world up to its time limit (twice its duration and an hour) refused a fault-free
    /// one that runs in seconds.
    static func producerMayFail(_ producer: QueueProducerSpec, in scenario: Scenario) -> Bool {
        guard let queue = scenario.queue else { return false }
        let struck: Set<NodeID> = Set(["controller", producer.id] + (1...max(queue.brokers, 1)).map { NodeID("broker-\($0)") })
        // A round trip longer than the controller's checks lets it declare live brokers dead and
        // move their partitions' leaders while the producer sends (``ResourceBudget`` counts the churn).
        return ProducerRetries.attemptMayFail(talkingTo: struck, answeredWithin: min(producer.timeout.seconds, queue.configuration.heartbeatInterval.seconds),
                                              in: scenario)
    }

    /// The largest one-way latency `latency` draws: a bounded distribution's bound, an
    /// unbounded one's 99.9th percentile (an exponential's 6.9 means, a normal's mean and 3.09
    /// deviations, a lognormal's median × e^(3.09 σ), a Pareto's scale × 1000^(1/shape)).
    static func largestLatency(of latency: Distribution) -> Double {
        switch latency {
        case .constant(let value): value
        case .uniform(let low, let high): max(low, high)
        case .exponential(let mean): mean * log(1_000)
        case .normal(let mean, let deviation): mean + 3.09 * deviation
        case .lognormal(let mu, let sigma): exp(mu + 3.09 * sigma)
        case .pareto(let scale, let shape): scale * pow(1_000, 1 / max(shape, 1e-9))
        case .zipf(let sampler): Double(sampler.n)
        case .empirical(let values): values.max() ?? 0
        }
    }

    /// When `producer` has its last message acknowledged at the earliest, in seconds: it sends
    /// one message and waits for its acknowledgement before the next, so at most one a
    /// `roundTrip` (seconds), whatever its rate — 10⁶ messages at 10⁷ a second over 1 ms links
    /// took ~2,000 s, and the world ran on past its 5 s duration until they were in.
    static func pacedEnd(of producer: QueueProducerSpec, roundTrip: Double) -> Double {
        let spacing = max(1 / max(producer.rate, 1e-300), roundTrip)
        return producer.start.seconds + Double(max(producer.messages - 1, 0)) * spacing + roundTrip
    }

    /// The latest `producer` may still be sending, in seconds: every message taking all its
    /// attempts — each waiting its `timeout` for an answer (a leader cut off or crashed answers
    /// nothing), and as long again before the next — and the producer, which sends one message
    /// at a time, falling behind its rate (``ProducerRetries/latestEnd``, the log producers'
    /// rule too): a producer retrying keeps a queue world running past its `run.duration`.
    static func latestRetryEnd(of producer: QueueProducerSpec) -> Double {
        ProducerRetries(start: producer.start, count: producer.messages, rate: producer.rate, attempts: producer.attempts, timeout: producer.timeout).latestEnd
    }

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
