import Foundation
import Simulator

/// An open-loop request that finds every slot of its server busy waits in the server's queue,
/// and its wake when a slot frees is one event more than the 11 (16 through a balancer) a request
/// is counted (``eventsPerRequest(through:)``): `crash-and-restart.yaml` (600 a second over three
/// servers of two 5 ms slots, half busy) takes 11.19 a request, and at its longest accepted
/// `run.duration` (303,030 s, estimated at 11 a request) it stopped at the event limit at
/// 297,836 s. The share of requests that wait is at most the busiest server's utilisation at the
/// peak rate: by Markov's inequality on the busy slots (their mean is `slots × utilisation`), the
/// chance that all of them are busy is at most the utilisation, whatever the distributions.
extension ResourceBudget {
    /// The share of an open loop's requests that may wait in a server's queue (each one event
    /// more): the busiest server's utilisation at the peak rate, with each request's queued tries
    /// (``queuedTries(in:)``) — every server's equal share of the rate where the balancer spreads
    /// it evenly (as ``requestsHeldWhileKeepingUp(in:workload:throughConnectionLimits:)`` reads
    /// it), else all of it on the slowest — at most 1 (every request waits), and at most the
    /// servers' capacity over the arrivals: a request wakes from the queue only to be served, and
    /// servers that cannot keep up turn the rest away (100,000 a second on 4,000 a second of
    /// slots wait 0.04 a request, not 1); a server whose
    /// service has no mean makes every request wait. While a fault is in force (and its backlog
    /// drains: ``faultSpans(in:over:)``) any request may wait — a slowdown or a crash busies the
    /// servers left — so that share of the run counts every request (the spans had been left
    /// out as dwarfed by a long run; over a short one they are not).
    static func waitingShare(in scenario: Scenario, workload: Workload) -> Double {
        let calm = calmWaitingShare(in: scenario, workload: workload)
        let horizon = (scenario.limits.duration ?? scenario.limits.timeLimit).seconds
        guard calm < 1, horizon > 0, case .openLoop = workload.arrivals else { return calm }
        let faulted = min(horizon, faultSpans(in: scenario, over: horizon)) / horizon
        return calm + (1 - calm) * faulted
    }

    /// The seconds of the first `horizon` in which a fault of the file is in force or its
    /// servers' backlog drains after it: each scheduled fault from its instant to its end (a
    /// crash's or hang's next restart once booted, a slowdown's or drop rate's undo, a
    /// partition's next partition or heal; never, when nothing ends it), and then as long as
    /// the slowest server takes to serve a full queue (its slowest slowdown's service first).
    /// The chaos' faults are not counted here (drawn at random, each for its downtime: their
    /// expected share of the run is small where the event limit is near).
    static func faultSpans(in scenario: Scenario, over horizon: Double) -> Double {
        let entries = scenario.faults.entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        guard !entries.isEmpty else { return 0 }
        let (nextBoot, nextErrorsEnd, nextUndo) = scheduledEnds(of: entries)
        let seconds = { (instant: VirtualInstant?) in instant.map { VirtualInstant.zero.duration(to: $0).seconds } ?? .infinity }
        let factor = entries.reduce(1.0) { if case .slow(_, let factor) = $1.fault { max($0, factor) } else { $0 } }
        let drain = scenario.servers.reduce(0.0) {
            let mean = max($1.configuration.serviceTime.mean ?? 0, 0)
            return max($0, factor * mean + Double($1.configuration.queueCapacity) * mean / Double(max($1.configuration.slots, 1)))
        }
        var spans: [(start: Double, end: Double)] = []
        for (index, entry) in entries.enumerated() {
            let at = VirtualInstant.zero.duration(to: entry.at).seconds
            let end: Double
            switch entry.fault {
            case .crash: end = seconds(nextBoot[index])
            case .hang(_, let length): end = length.map { at + $0.seconds } ?? seconds(nextBoot[index])
            case .restart(_, let boot): end = at + boot.seconds
            case .pause(_, let length): end = at + length.seconds
            case .errors(_, let rate) where rate > 0: end = seconds(nextErrorsEnd[index])
            case .slow(_, let factor) where factor > 1: end = seconds(nextUndo[index])
            case .latencySpike(let extra) where extra > .zero: end = seconds(nextUndo[index])
            case .dropRate(let rate) where rate > 0: end = seconds(nextUndo[index])
            case .partition:
                end = seconds(entries[(index + 1)...].first { if case .partition = $0.fault { true } else if case .heal = $0.fault { true } else { false } }?.at)
            case .errors, .slow, .latencySpike, .dropRate, .heal: continue
            }
            spans.append((at, min(horizon, end + drain)))
        }
        // Their union, in time order.
        var total = 0.0, reached = 0.0
        for span in spans.sorted(by: { $0.start < $1.start }) where span.end > max(span.start, reached) {
            total += span.end - max(span.start, reached)
            reached = span.end
        }
        return total
    }

    /// The waiting share with every server as the file writes it, no fault in force.
    static func calmWaitingShare(in scenario: Scenario, workload: Workload) -> Double {
        guard case .openLoop(let rate) = workload.arrivals, !scenario.servers.isEmpty else { return 0 }
        let capacities = scenario.servers.filter { !$0.isBackup }.map { $0.configuration.capacity ?? 0 }
        guard let slowest = capacities.min(), slowest > 0 else { return 1 }
        let total = capacities.reduce(0, +)
        let spreading: Bool = switch scenario.balancer?.strategy {
        case nil, .roundRobin?, .weightedRoundRobin?, .leastConnections?, .random?, .leastRequest?: true
        case .healthBased?, .ipHash?, .consistentHash?: false
        }
        let even = spreading && scenario.zones == nil && Set(scenario.servers.map(\.weight)).count == 1
        let share = even ? 1 / Double(capacities.count) : 1
        let arriving = rate * workload.peakRateFactor * queuedTries(in: scenario)
        return min(1, arriving * share / slowest, total / arriving)
    }
}
