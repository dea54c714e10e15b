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

        // Each failure a change of the failing share at its start and its end.
        var changes: [(at: VirtualInstant, order: Int, share: Double, cut: Int?)] = []
        func fail(_ share: Double, from start: VirtualInstant, to end: VirtualInstant?) {
            guard share > 0 else { return }
            changes.append((start, changes.count, share / count, nil))
            if let end { changes.append((end, changes.count, -share / count, nil)) }
        }
        let entries = scenario.faults.entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        // The instant each node's next restart is booted, and its next `errors … rate 0`, after each entry.
        var nextBoot = [VirtualInstant?](repeating: nil, count: entries.count)
        var nextErrorsEnd = [VirtualInstant?](repeating: nil, count: entries.count)
        var bootOf: [NodeID: VirtualInstant] = [:], errorsEndOf: [NodeID: VirtualInstant] = [:]
        for index in entries.indices.reversed() {
            switch entries[index].fault {
            case .crash(let node), .hang(let node, _): nextBoot[index] = bootOf[node]
            case .errors(let node, let rate) where rate > 0: nextErrorsEnd[index] = errorsEndOf[node]
            case .restart(let node, let boot): bootOf[node] = entries[index].at.advanced(by: boot)
            case .errors(let node, _): errorsEndOf[node] = entries[index].at
            default: break
            }
        }
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
        var total = 0.0, failing = chaosShare, cut = 0, last = VirtualInstant.zero
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
