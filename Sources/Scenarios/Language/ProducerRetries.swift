import Simulator

/// The retries of a producer that sends one record (or message) at a time and tries each up to
/// `attempts` times, each attempt waiting up to its `timeout` for an answer and as long again
/// before the next: a log producer's and a queue producer's. While an attempt can fail, such a
/// producer keeps its world running until every record could have taken all its attempts —
/// which the load-time estimate counts (``ResourceBudget/retryingProducers(in:)``), and the
/// default time limit for a log producer (``ScenarioLoader/defaultTimeLimit(for:)``), by this
/// one rule.
struct ProducerRetries: Sendable, Equatable {
    /// When the producer starts.
    var start: Duration
    /// Records (or messages) it sends.
    var count: Int
    /// Records it sends a second, when it keeps up.
    var rate: Double
    /// Attempts per record.
    var attempts: Int
    /// How long each attempt waits for its answer, and how long the producer waits after a
    /// failed attempt before the next.
    var timeout: Duration

    /// The longest one record takes, in seconds, `W`: every attempt waiting its timeout, and as
    /// long between two (nothing after the last: there is no next attempt to wait for).
    var longest: Double { Double(2 * max(attempts, 1) - 1) * timeout.seconds }

    /// The latest the producer may still be sending, in seconds. It sends one record at a time,
    /// so it falls behind its rate when records take longer than its gap: record `i` ends by
    /// `start + i × max(1 ÷ rate, W) + W`.
    var latestEnd: Double {
        let spacing = max(1 / max(rate, 1e-300), longest)
        return start.seconds + Double(max(count - 1, 0)) * spacing + longest
    }

    /// Whether an attempt of a producer talking to `nodes` (its own node among them) can fail in
    /// `scenario`, so that its records may take all their attempts: a fault or the chaos
    /// striking one of them; a partition that can separate them; messages lost (a drop rate on a
    /// link or scheduled); or a round trip that can outlast `limit` seconds — twice the largest
    /// one-way latency of the network's links (a bounded distribution's bound, an unbounded one's
    /// 99.9th percentile: ``QueueSection/largestLatency(of:)``), a scheduled latency spike's extra
    /// included. Without any of them every attempt is answered.
    static func attemptMayFail(talkingTo nodes: Set<NodeID>, answeredWithin limit: Double, in scenario: Scenario) -> Bool {
        if ResourceBudget.faultStriking(nodes, in: scenario) != nil { return true }
        let spike = scenario.faults.entries.reduce(0.0) { longest, entry in
            if case .latencySpike(let extra) = entry.fault { max(longest, extra.seconds) } else { longest }
        }
        let profiles = [scenario.defaultLink] + scenario.links.map(\.profile)
        let oneWay = profiles.reduce(0.0) { max($0, QueueSection.largestLatency(of: $1.latency)) }
        return 2 * (oneWay + spike) > limit
    }
}

extension ProducerRetries {
    /// `end` — when a producer on `node` that starts at `start` sends its last record or message,
    /// or may still be retrying it — later by the time the file's faults hold its node down
    /// before then: from a crash (or a restart of the running node) to the end of the next
    /// restart's boot, when a new process takes the producer up again, as late as it was held
    /// (``ResumableSchedule``: what fell due while it was down is not sent in a burst). Each
    /// stretch counts from the producer's start at the earliest, and only while the producer
    /// still had sends ahead — its end moved on by the stretches before. A crash that no restart
    /// follows ends the producer: nothing is added for it. A lone log producer of 4,000 records
    /// at 1/s crashed at 10.5 s and restarted at 5,000 s sends its last record at 8,988 s, where
    /// the default time limit (8,600 s) stopped it with 3,612 of them.
    static func delayed(_ end: Duration, of node: NodeID, from start: Duration, in scenario: Scenario) -> Duration {
        var down: [(from: Duration, until: Duration)] = []
        var crashedAt: Duration?
        let entries = scenario.faults.entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        for entry in entries {
            let at = VirtualInstant.zero.duration(to: entry.at)
            switch entry.fault {
            case .crash(let id) where id == node:
                if crashedAt == nil { crashedAt = at }
            case .restart(let id, let boot) where id == node:
                down.append((crashedAt ?? at, at + boot))
                crashedAt = nil
            default:
                break
            }
        }
        var end = end, upAt = start
        for stretch in down {
            let from = max(stretch.from, upAt)
            guard from < end else { break }
            if stretch.until > from { end += stretch.until - from }
            upAt = max(upAt, stretch.until)
        }
        return end
    }

    /// ``delayed(_:of:from:in:)`` in seconds.
    static func delayed(seconds end: Double, of node: NodeID, from start: Duration, in scenario: Scenario) -> Double {
        guard end < YAMLCursor.maximumSeconds else { return end }
        return delayed(.seconds(double: end), of: node, from: start, in: scenario).seconds
    }
}

extension LogSection.Producer {
    /// This producer's retries (``ProducerRetries``).
    var retries: ProducerRetries {
        ProducerRetries(start: start, count: records, rate: rate, attempts: attempts, timeout: timeout)
    }

    /// Whether an attempt of this producer can fail in `scenario`: something can strike the log
    /// or the producer, or separate them, or lose or delay an append past its `timeout`
    /// (``ProducerRetries/attemptMayFail(talkingTo:answeredWithin:in:)``).
    func mayFail(in scenario: Scenario) -> Bool {
        ProducerRetries.attemptMayFail(talkingTo: ["log", id], answeredWithin: timeout.seconds, in: scenario)
    }
}
