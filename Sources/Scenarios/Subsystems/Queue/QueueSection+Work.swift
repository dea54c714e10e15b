import Foundation
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
        if ResourceBudget.faultStriking(struck, in: scenario) != nil { return true }
        let spike = scenario.faults.entries.reduce(0.0) { longest, entry in
            if case .latencySpike(let extra) = entry.fault { max(longest, extra.seconds) } else { longest }
        }
        let profiles = [scenario.defaultLink] + scenario.links.map(\.profile)
        let oneWay = profiles.reduce(0.0) { max($0, largestLatency(of: $1.latency)) }
        // A round trip longer than the controller's checks lets it declare live brokers dead and
        // move their partitions' leaders while the producer sends (``ResourceBudget`` counts the churn).
        return 2 * (oneWay + spike) > min(producer.timeout.seconds, queue.configuration.heartbeatInterval.seconds)
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

    /// The latest `producer` may still be sending, in seconds: every message taking all its
    /// attempts — each waiting its `timeout` for an answer (a leader cut off or crashed answers
    /// nothing), and as long again before the next — and the producer, which sends one message
    /// at a time, falling behind its rate. Message `i` ends by `start + i × max(1 ÷ rate, W) + W`,
    /// `W` a message's longest: a producer retrying keeps a queue world running past its
    /// `run.duration`, up to its time limit.
    static func latestRetryEnd(of producer: QueueProducerSpec) -> Double {
        let longest = Double(2 * max(producer.attempts, 1) - 1) * producer.timeout.seconds
        let spacing = max(1 / max(producer.rate, 1e-300), longest)
        return producer.start.seconds + Double(max(producer.messages - 1, 0)) * spacing + longest
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
