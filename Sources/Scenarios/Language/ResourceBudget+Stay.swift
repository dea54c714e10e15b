import Foundation
import Simulator

/// How long a request can stay at a server, where the file bounds it: every request its room
/// (slots and queue) holds ahead of it served at the longest service time the file allows.
/// Without that bound the spin estimate counted a latency spike as ejecting every server and a
/// drain as lasting the whole forward timeout — checker E (s76) found a 5 ms spike under 10 s
/// timeouts refused at 2.4 × 10⁹ events (it ran 72,691), and an all-at-once drained deployment
/// of 1 ms services refused at 2.0 × 10⁹ (it ran 6.3 × 10⁷).
extension ResourceBudget {
    /// The largest value `distribution` can draw, or nil where it has no bound (an exponential,
    /// normal, lognormal or Pareto tail): those are taken as reaching any timeout.
    static func largestDraw(of distribution: Distribution) -> Double? {
        switch distribution {
        case .constant(let value): max(value, 0)
        case .uniform(let low, let high): max(low, high, 0)
        case .empirical(let values): max(values.max() ?? 0, 0)
        case .zipf(let sampler): Double(sampler.n)
        case .exponential, .normal, .lognormal, .pareto: nil
        }
    }

    /// The longest one crossing of the network can take with `extra` latency on every message
    /// (a latency spike), or nil where a link's latency has no bound.
    static func longestCrossing(in scenario: Scenario, extra: Double = 0) -> Double? {
        var longest = 0.0
        for profile in linkProfiles(of: scenario) {
            guard let most = largestDraw(of: profile.latency) else { return nil }
            longest = max(longest, most)
        }
        return longest + max(extra, 0)
    }

    /// The longest a request can stay at any server, slowed by `slowdown`: its server's room
    /// emptied ahead of it (`⌈(slots + queue) ÷ slots⌉` services) at the longest service — nil
    /// where a service time has no bound.
    static func longestStay(in scenario: Scenario, slowdown: Double = 1) -> Double? {
        var longest = 0.0
        for server in scenario.servers {
            guard let service = largestDraw(of: server.configuration.serviceTime) else { return nil }
            let slots = Double(max(server.configuration.slots, 1))
            let turns = ((slots + Double(max(server.configuration.queueCapacity, 0))) / slots).rounded(.up)
            longest = max(longest, turns * service * max(slowdown, 1))
        }
        return longest
    }

    /// The largest factor the file's `slow` entries slow a server by (1 without any).
    static func largestSlowdown(in scenario: Scenario) -> Double {
        scenario.faults.entries.reduce(1.0) { if case .slow(_, let factor) = $1.fault { max($0, factor) } else { $0 } }
    }

    /// The largest extra latency the file's `latency_spike` entries add (0 without any).
    static func largestSpike(in scenario: Scenario) -> Double {
        scenario.faults.entries.reduce(0.0) { if case .latencySpike(let extra) = $1.fault { max($0, extra.seconds) } else { $0 } }
    }

    /// Whether a latency spike of `extra` seconds (or the file's largest, if larger) can make a
    /// try, a health check or a request time out, so that the balancer's health may take servers
    /// out for it: a try's longest — two crossings at the spiked latency and the longest stay at
    /// a server, slowed by the file's largest `slow` — reaching the `forward_timeout` or a
    /// check's `timeout`, a connection's two crossings its `connect_timeout`, or a request's four
    /// crossings and the stay its `workload.timeout` (any, behind a balancer's queue). Where the
    /// file bounds neither, it can.
    static func spikeCanTimeOut(_ extra: Double, in scenario: Scenario) -> Bool {
        let spike = max(extra, largestSpike(in: scenario))
        guard let crossing = longestCrossing(in: scenario, extra: spike),
              let stay = longestStay(in: scenario, slowdown: largestSlowdown(in: scenario)) else { return true }
        let tryLength = 2 * crossing + stay
        if let workload = scenario.workload, 4 * crossing + stay >= workload.timeout.seconds { return true }
        guard let configuration = scenario.balancer?.configuration else { return false }
        if configuration.queue != nil || tryLength >= configuration.forwardTimeout.seconds { return true }
        if let check = configuration.healthCheck, tryLength >= check.timeout.seconds { return true }
        if let keepalive = configuration.keepalive, 2 * crossing >= keepalive.connectTimeout.seconds { return true }
        return false
    }

    /// The longest a drained server can keep a forward in flight during a deployment spanning
    /// `start` to `end` seconds: its longest stay and the answer's way back — slowed or spiked by
    /// the file's `slow` and `latency_spike` entries in force within the span — or nil where
    /// nothing bounds it short of the forward timeout: an unbounded service or latency, or a
    /// fault in the span that may keep a forward waiting (a crash, restart, pause, hang,
    /// partition or lost messages), chaos, or lossy links.
    static func longestDrain(in scenario: Scenario, from start: Double, to end: Double, connectTimeout: Double) -> Double? {
        guard scenario.faults.chaos == nil, !linkProfiles(of: scenario).contains(where: { $0.dropRate > 0 }) else { return nil }
        let entries = scenario.faults.entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        let undo = scheduledEnds(of: entries).nextUndo
        let seconds = { (instant: VirtualInstant) in VirtualInstant.zero.duration(to: instant).seconds }
        var slowdown = 1.0, spike = 0.0
        for (index, entry) in entries.enumerated() {
            let at = seconds(entry.at)
            // What an entry sets lasts until what undoes it (a slowdown or spike), or is taken as
            // lasting from its instant on.
            let over = undo[index].map(seconds) ?? .infinity
            switch entry.fault {
            case .slow(_, let factor) where factor > 1:
                if at <= end && over > start { slowdown = max(slowdown, factor) }
            case .latencySpike(let extra) where extra > .zero:
                if at <= end && over > start { spike = max(spike, extra.seconds) }
            case .errors, .heal, .slow, .latencySpike, .dropRate(0):
                break
            default:
                if at <= end { return nil }
            }
        }
        guard let crossing = longestCrossing(in: scenario, extra: spike), let stay = longestStay(in: scenario, slowdown: slowdown) else { return nil }
        return connectTimeout + stay + 2 * crossing
    }
}

/// A server that holds its requests past the deadline their senders wait (a pause, a hang, a
/// slowdown) has its room filled with requests already abandoned, which it still serves: every
/// later try is refused at once until it has worked through them. Checker E (s76) found the
/// estimate counted that only for a deadline shorter than the normal service
/// (``cutShort(in:workload:)``): a 50 ms slowdown ×1,000 under a 100 ms timeout, with no
/// balancer, ran 22,757,061 events in 5 s against an estimate of 548,902.
extension ResourceBudget {
    /// The shortest wait after which a request at a server is abandoned while it still holds a
    /// place there: the client's `workload.timeout` or the balancer's `forward_timeout` (nil
    /// without a closed loop).
    static func abandoningDeadline(in scenario: Scenario) -> Double? {
        guard let workload = scenario.workload, case .closedLoop = workload.arrivals else { return nil }
        var deadline = workload.timeout.seconds
        if let configuration = scenario.balancer?.configuration { deadline = min(deadline, configuration.forwardTimeout.seconds) }
        return deadline
    }

    /// How long after a fault's end a server may still refuse tries at once, having filled its
    /// room with abandoned requests — nil where no request it holds can reach `deadline`: held
    /// `holding` seconds by the fault (a pause's or hang's length), then its room ahead of it at
    /// the longest service, slowed by `slowdown` (a service started while slowed runs slowed to
    /// its end), and the way there and back. Where the service time has no bound, its 99.9th
    /// percentile is taken as the longest, and the fault as able to reach the deadline.
    ///
    /// After the fault's end only the services already started run slowed — one a slot — and the
    /// rest of the room at the normal speed: counted with every request in the room slowed, a
    /// ×10 slowdown's room of eleven turns stayed full 110 services after it, where it empties
    /// in 20 (``roomTail(in:slowdown:)``).
    static func roomFilledAfter(in scenario: Scenario, holding: Double, slowdown: Double, deadline: Double) -> Double? {
        let crossing = longestCrossing(in: scenario, extra: largestSpike(in: scenario)) ?? .infinity
        if let stay = longestStay(in: scenario, slowdown: slowdown) {
            return holding + stay + 2 * crossing >= deadline ? roomTail(in: scenario, slowdown: slowdown) : nil
        }
        return roomTail(in: scenario, slowdown: slowdown)
    }

    /// How long a server's room takes to empty after a slowdown by `slowdown` ends (1: a pause or
    /// hang): a service started while slowed, then the rest of the room's turns
    /// (`⌈(slots + queue) ÷ slots⌉` in all) at the normal speed — each at the longest service
    /// (its 99.9th percentile where the service time has no bound).
    static func roomTail(in scenario: Scenario, slowdown: Double) -> Double {
        scenario.servers.reduce(0.0) { longest, server in
            let slots = Double(max(server.configuration.slots, 1))
            let turns = ((slots + Double(max(server.configuration.queueCapacity, 0))) / slots).rounded(.up)
            let service = largestDraw(of: server.configuration.serviceTime) ?? QueueSection.largestLatency(of: server.configuration.serviceTime)
            return max(longest, (turns - 1 + max(slowdown, 1)) * service)
        }
    }
}
