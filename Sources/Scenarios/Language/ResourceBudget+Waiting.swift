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
    /// service has no mean makes every request wait. The faults' spans are not counted apart: a
    /// crash or slowdown busies the servers for seconds, which a run long enough to near the event
    /// limit dwarfs (`crash-and-restart.yaml`'s crash, spike and partition left it at 11.19).
    static func waitingShare(in scenario: Scenario, workload: Workload) -> Double {
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
