import Foundation
import Simulator

extension ResourceBudget {
    /// The tries a request behind `balancer` is expected to take over the run: the servers' own
    /// `error_rate` (``expectedTries(of:servers:)``) and, for as long as each lasts, the failures the
    /// file schedules — crashes, restarts, pauses and hangs, error bursts, partitions that cut
    /// servers off from the balancer — and the chaos' expected downtime. A request that meets a
    /// failure the retry conditions list moves on to another server: a thousand servers cut off
    /// from the balancer for a whole run, retried on `error` without a cap, made each request a
    /// thousand picks of a thousand members, as a thousand servers answering 500 once did.
    ///
    /// A try also times out when the server is slower than the balancer's per-try timeout, or
    /// the network slower or lossy: a thousand servers of 1,000 s service, or slowed a
    /// million-fold, or behind a 10 s latency spike, with a 10 ms `forward_timeout` retried
    /// without a cap, made every request a thousand tries. Where `timeout` is retried, a server's
    /// try counts as failing with Markov's bound on its time, (service + two latencies) / the
    /// per-try timeout (at most 1) — its service mean multiplied by a `slow` fault's factor while
    /// it lasts, the latency raised by a spike's — and with twice the share of messages lost.
    ///
    /// Deliberately an upper-end figure: a failed server is taken to fail every try it gets for
    /// the whole failure (passive health would soon stop picking it), and a pause or hang to fail
    /// each try at once. A deployment's restarts are not counted (a wave restarts a few servers).
    static func expectedTries(of scenario: Scenario, balancer: Scenario.Balancer) -> Double {
        let configuration = balancer.configuration
        let servers = scenario.servers
        let horizon = scenario.limits.duration ?? scenario.limits.timeLimit
        guard !servers.isEmpty, horizon > .zero else { return expectedTries(of: configuration, servers: servers) }
        let cap = Double(min(configuration.retries, servers.count - 1) + 1)
        let conditions = configuration.retryOn
        let timesOut = conditions.matches(.failed(.timeout)), refused = conditions.matches(.failed(.refused))
        let erring = conditions.matches(.answered(status: 500))
        let count = Double(servers.count)
        let baseErrors = erring ? servers.reduce(0.0) { $0 + $1.configuration.errorRate } / count : 0
        let ids = Set(servers.map(\.id))
        // Markov's bound on a try outlasting the per-try timeout: its expected time over the timeout.
        let perTry = max(configuration.forwardTimeout.seconds, 1e-9)
        // The longest latency (``longestLatency(in:)``): a slower path times out more tries.
        let latency = Self.longestLatency(in: scenario)
        let service = Dictionary(servers.map { ($0.id, $0.configuration.serviceTime.mean ?? 0) }, uniquingKeysWith: { first, _ in first })
        let slowShare = timesOut ? servers.reduce(0.0) { $0 + min(1, ((service[$1.id] ?? 0) + 2 * latency) / perTry) } / count : 0
        let lostShare = timesOut ? min(1, 2 * scenario.defaultLink.dropRate) : 0

        // Each failure a change of the failing share at its start and its end.
        var changes: [(at: VirtualInstant, order: Int, share: Double, cut: Int?)] = []
        func fail(_ share: Double, from start: VirtualInstant, to end: VirtualInstant?) {
            guard share > 0 else { return }
            changes.append((start, changes.count, share / count, nil))
            if let end { changes.append((end, changes.count, -share / count, nil)) }
        }
        let entries = scenario.faults.entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        // The instant each node's next restart is booted, and its next `errors … rate 0`, after each entry.
        let (nextBoot, nextErrorsEnd, nextUndo) = scheduledEnds(of: entries)
        for (index, entry) in entries.enumerated() {
            switch entry.fault {
            case .crash(let node) where ids.contains(node):
                fail(timesOut ? 1 : 0, from: entry.at, to: nextBoot[index])
            case .restart(let node, let boot) where ids.contains(node):
                fail(refused ? 1 : 0, from: entry.at, to: entry.at.advanced(by: boot))
            case .pause(let node, let length) where ids.contains(node):
                fail(timesOut ? 1 : 0, from: entry.at, to: entry.at.advanced(by: length))
            case .hang(let node, let length) where ids.contains(node):
                fail(timesOut ? 1 : 0, from: entry.at, to: length.map { entry.at.advanced(by: $0) } ?? nextBoot[index])
            case .errors(let node, let rate) where ids.contains(node) && rate > 0:
                fail(erring ? rate : 0, from: entry.at, to: nextErrorsEnd[index])
            case .partition(let groups, let mode):
                let cutsOff = mode == .drop ? timesOut : refused
                changes.append((entry.at, changes.count, 0, cutsOff ? Self.serversCutOff(from: balancer.id, by: groups, servers: ids) : 0))
            case .heal:
                changes.append((entry.at, changes.count, 0, 0))
            case .slow(let node, let factor) where ids.contains(node) && factor > 1 && timesOut:
                fail(min(1, (factor - 1) * (service[node] ?? 0) / perTry), from: entry.at, to: nextUndo[index])
            case .latencySpike(let extra) where extra > .zero && timesOut:
                fail(count * min(1, 2 * extra.seconds / perTry), from: entry.at, to: nextUndo[index])
            case .dropRate(let rate) where rate > 0 && timesOut:
                fail(count * min(1, 2 * rate), from: entry.at, to: nextUndo[index])
            default:
                break
            }
        }
        // The chaos' crashes and pauses: each chaos server down for its expected share of the time.
        var chaosShare = 0.0
        if let chaos = scenario.faults.chaos, timesOut {
            let down = (chaos.crashesPerHour * (chaos.downtime.mean ?? 0) + chaos.pausesPerHour * (chaos.pauseLength.mean ?? 0)) / 3_600
            chaosShare = Double(Set(chaos.nodes).intersection(ids).count) * min(1, down) / count
        }

        // Sweep the run: the failing share between changes, and the tries it makes.
        changes.sort { ($0.at, $0.order) < ($1.at, $1.order) }
        func tries(_ failing: Double) -> Double {
            let share = min(1, max(0, failing))
            let any = share + (1 - share) * baseErrors
            return any >= 1 ? cap : (1 - pow(any, cap)) / (1 - any)
        }
        let end = VirtualInstant.zero.advanced(by: horizon)
        var total = 0.0, failing = chaosShare + slowShare + lostShare, cut = 0, last = VirtualInstant.zero
        for change in changes {
            let at = min(change.at, end)
            if at > last { total += last.duration(to: at).seconds * tries(failing + Double(cut) / count) }
            last = max(last, at)
            failing += change.share
            if let now = change.cut { cut = now }
        }
        if end > last { total += last.duration(to: end).seconds * tries(failing + Double(cut) / count) }
        return total / horizon.seconds
    }

    /// How many of `servers` a partition into `groups` cuts off from `balancer`: the servers not in
    /// its group, the nodes no group names forming one group of their own (``Network/canReach(_:_:)``).
    /// Counted from the names the partition lists, so a partition costs what it names.
    static func serversCutOff(from balancer: NodeID, by groups: [[NodeID]], servers: Set<NodeID>) -> Int {
        let named = groups.reduce(0) { $0 + $1.filter(servers.contains).count }
        guard let own = groups.first(where: { $0.contains(balancer) }) else {
            // The balancer is with every node no group names: the named servers are cut off.
            return named
        }
        return servers.count - own.filter(servers.contains).count
    }
}

extension ResourceBudget {
    /// How long, at most, an open-loop request is held outside the servers' queues (which
    /// ``ResourceBudget`` counts by their room): its client's timeout, or the balancer's tries if
    /// longer (each up to the per-try timeout, within `retries.timeout`), when the file lets a
    /// server or the network swallow a request — a crash, pause or hang, a dropping partition,
    /// lost messages, the chaos; otherwise its crossings of the network there and back, a latency
    /// spike's extra included. A refusal — a rejecting partition, a restart's boot, a 500 — is
    /// answered at once, and a slow server's requests wait in its queue.
    static func secondsHeld(in scenario: Scenario, workload: Workload) -> Double {
        let swallows = scenario.faults.chaos != nil || scenario.defaultLink.dropRate > 0 || scenario.faults.entries.contains { entry in
            switch entry.fault {
            case .crash, .pause, .hang: true
            case .dropRate(let rate): rate > 0
            case .partition(_, let mode): mode == .drop
            case .restart, .errors, .heal, .slow, .latencySpike: false
            }
        }
        var held = workload.timeout.seconds
        if let balancer = scenario.balancer?.configuration {
            let tries = Double(min(balancer.retries, max(scenario.servers.count - 1, 0)) + 1)
            var forwarding = balancer.forwardTimeout.seconds * tries
            if let budget = balancer.retryTimeout { forwarding = min(forwarding, budget.seconds + balancer.forwardTimeout.seconds) }
            held = max(held, forwarding)
        }
        guard !swallows else { return held }
        let spike = scenario.faults.entries.reduce(0.0) { longest, entry in
            if case .latencySpike(let extra) = entry.fault { max(longest, extra.seconds) } else { longest }
        }
        let crossings = scenario.balancer == nil ? 2.0 : 4.0
        return min(held, crossings * ((scenario.defaultLink.latency.mean ?? 0) + spike))
    }
}
