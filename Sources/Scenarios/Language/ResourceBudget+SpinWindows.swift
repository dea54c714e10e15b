import Foundation
import Simulator

/// How long a closed loop's users may spin: the seconds of the run during which the world may
/// answer a request at once, without a server serving it (``SpinningUsers``). Counted for the
/// whole run, seed 003 at a 1 µs latency — three servers that never all fail, retried on three of
/// them — was estimated at 1.4 × 10¹⁰ events and ran 450,486: a tester setting a small latency
/// got a false refusal.
///
/// A request comes back at once only when every try it gets fails at once — refused while its
/// server boots (a restart, a deployment without drain), unreachable across a rejecting partition
/// — or when the balancer has no server left to try: every one drained or taken out by its health
/// (passive health, checks, outlier detection), which a crash, pause, hang, slowdown, error burst,
/// dropping partition, lost message or latency spike may bring about, and which lasts, after the
/// failure, until the health lets the server back (``readmission(of:servers:over:)``). A crashed or paused
/// server's tries wait for their timeout, and without health the balancer keeps trying it: no
/// spin. So the users spin only while at least as many servers fail at once as a request's tries
/// reach (one without a balancer, or where refusals are not retried), or while every server may be
/// out of rotation; the chaos' servers count as out for their expected share of the time, each
/// independently. Deliberately an upper bound: every failure at its longest, every ejection to its
/// end, a deployment's waves anywhere in their span; a balancer with a rate limit, a circuit
/// breaker or connection limits — which answer at once with every server up — is counted as
/// spinning for the whole run, as before; so are servers that answer 500s of their own under
/// health that ejects for them (``serversEjectedForErrors(_:servers:)``).
extension ResourceBudget {
    /// What may fail a request at once, or leave it no server, over one span of the run.
    struct SpinWindow {
        enum Servers {
            /// The server at this position of the world's servers.
            case one(Int)
            /// Every server.
            case every
            /// This many servers, not known which (a rolling deployment's waves).
            case some(Int)
        }

        var start: Double
        var end: Double
        var servers: Servers
        /// Whether its tries fail at once (refused, unreachable); else it is only out of rotation.
        var fast: Bool
    }

    /// The seconds of the first `horizon` seconds of `scenario` during which its closed loop's
    /// users may be answered at once (``SpinWindow``).
    static func spinningSeconds(in scenario: Scenario, over horizon: Double) -> Double {
        spinningSpan(in: scenario, over: horizon).seconds
    }

    /// ``spinningSeconds(in:over:)``, and how many of them only because no server may be left in
    /// rotation (`atBalancer`): a request then never leaves the balancer, which answers it at
    /// once — ~5 events, not the ~27 of one forwarded and retried (``ResourceBudget/eventsAnsweredAtBalancer``).
    /// The rest are spent where tries reach servers that fail them at once (refused while booting,
    /// across a rejecting partition), or where the balancer's own limits answer (counted whole).
    static func spinningSpan(in scenario: Scenario, over horizon: Double) -> (seconds: Double, atBalancer: Double) {
        guard horizon > 0, !scenario.servers.isEmpty else { return (max(horizon, 0), 0) }
        let servers = scenario.servers
        let count = servers.count
        var tries = 1
        var health = false
        var readmission = 0.0
        if let balancer = scenario.balancer {
            var configuration = balancer.configuration
            // nginx's single server (one primary, no backup) has no passive health: never out.
            if count == 1 { configuration.passiveHealth = nil }
            guard configuration.rateLimit == nil, configuration.circuitBreaker == nil, configuration.maxConnections == nil,
                  !servers.contains(where: { $0.maxConnections != nil }) else { return (horizon, 0) }
            tries = fastTries(through: configuration, primaries: servers.filter { !$0.isBackup }.count, in: scenario)
            health = configuration.passiveHealth != nil || configuration.healthCheck != nil || configuration.outlierDetection != nil
            readmission = Self.readmission(of: configuration, servers: count, over: horizon)
        } else if scenario.deployment != nil || servers.contains(where: { $0.maxConnections != nil }) {
            return (horizon, 0)
        }
        var windows = spinWindows(in: scenario, over: horizon, health: health, readmission: readmission)
        // A server that answers 500s of its own (`error_rate`) under health that ejects for them
        // may be out for the whole run, with no fault (``serversEjectedForErrors(_:servers:)``).
        if health, let configuration = scenario.balancer?.configuration, let most = serversEjectedForErrors(configuration, servers: servers) {
            windows.append(SpinWindow(start: 0, end: horizon, servers: .some(most), fast: false))
        }
        // A backup serves only once the primaries are out: counted as out for the whole run.
        if health { windows += servers.indices.filter { servers[$0].isBackup }.map { SpinWindow(start: 0, end: horizon, servers: .one($0), fast: false) } }
        // The chaos' servers: each out for its expected share of the time, independently.
        var chaosServers = Set<Int>(), chaosShare = 0.0
        if health, let chaos = scenario.faults.chaos {
            let position = Dictionary(servers.indices.map { (servers[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
            chaosServers = Set(chaos.nodes.compactMap { position[$0] })
            let out = chaos.crashesPerHour * (max(chaos.downtime.mean ?? 0, 0) + readmission)
                + chaos.pausesPerHour * (max(chaos.pauseLength.mean ?? 0, 0) + readmission)
            chaosShare = min(1, out / 3_600)
        }
        return sweep(windows, servers: count, tries: tries, chaosServers: chaosServers, chaosShare: chaosShare, over: horizon)
    }

    /// The tries a request gets on servers that fail it at once: its balancer's retries (on
    /// servers not yet tried, among the primaries) where refusals are retried, as many as start
    /// within the retry budget when each takes a round trip of the network at its largest.
    static func fastTries(through configuration: LoadBalancer.Configuration, primaries: Int, in scenario: Scenario) -> Int {
        guard configuration.retryOn.matches(.failed(.refused)) else { return 1 }
        let cap = min(configuration.retries, max(primaries - 1, 0)) + 1
        guard let budget = configuration.retryTimeout else { return cap }
        let profiles = [scenario.defaultLink] + scenario.links.map(\.profile)
        let roundTrip = 2 * profiles.reduce(0.0) { max($0, QueueSection.largestLatency(of: $1.latency)) }
        guard roundTrip > 0 else { return cap }
        // The try after k fast ones starts only if k round trips are under the budget.
        return max(1, min(cap, Int(min((budget.seconds / roundTrip).rounded(.up), Double(cap)))))
    }

    /// The longest a server that is back may stay out of rotation: its passive health's
    /// `fail_timeout`, the checks' `rise` passes at their longest interval (spread, and the last
    /// one's timeout), or an outlier's longest ejection within `horizon` of `servers`
    /// (``longestEjection(_:servers:checked:over:)``) and the tick that ends it.
    static func readmission(of configuration: LoadBalancer.Configuration, servers: Int, over horizon: Double) -> Double {
        var longest = configuration.passiveHealth?.failTimeout.seconds ?? 0
        if let check = configuration.healthCheck { longest = max(longest, checksPass(check)) }
        if let outlier = configuration.outlierDetection {
            let ejection = longestEjection(outlier, servers: servers, checked: configuration.healthCheck != nil, over: horizon)
            longest = max(longest, ejection + outlier.interval.seconds)
        }
        return longest
    }

    /// The longest ejection outlier detection can give a server within `horizon` seconds: its
    /// k-th ejection lasts `base_ejection_time` × k (up to `max_ejection_time`, 300 s by default;
    /// its jitter on top) and, by consecutive errors, comes only after the server is back from
    /// the k − 1 before it — `base × k(k − 1)/2` seconds at least — so a 5 s run with 1 s
    /// ejections reaches the third (3 s), not the 300 s it was counted at (`h160`). Where the
    /// statistics can eject (at any tick, ejected or not) or a passed check ends an ejection
    /// early, the steps are not bounded so: the longest is counted.
    static func longestEjection(_ outlier: OutlierDetection, servers: Int, checked: Bool, over horizon: Double) -> Double {
        let base = outlier.baseEjectionTime.seconds
        let longest = max(outlier.baseEjectionTime, outlier.maximumEjectionTime).seconds
        let jitter = outlier.maximumEjectionTimeJitter.seconds
        guard base > 0, !outlier.statisticsCanEject(servers: servers), !(checked && outlier.unejectOnPassedHealthCheck) else { return longest + jitter }
        // The largest k with base × k(k − 1)/2 ≤ horizon.
        let steps = ((1 + (1 + 8 * max(horizon, 0) / base).squareRoot()) / 2).rounded(.down)
        return min(longest, base * max(steps, 1)) + jitter
    }

    /// The longest the checks take to pass a server that is up: `rise` passes at their longest
    /// interval, spread, and the last one's timeout.
    static func checksPass(_ check: ActiveHealthCheck) -> Double {
        let interval = [check.fastInterval, check.downInterval].compactMap { $0 }.reduce(check.interval, max).seconds
        let spread = interval * (1 + Double(check.spreadPercent) / 100) + (check.maxSpread?.seconds ?? 0)
        return Double(check.rise) * spread + check.timeout.seconds
    }

    /// The spans in which the file's faults and deployment fail tries at once or take servers out
    /// of rotation (the latter only where the balancer has `health` to take them out, for
    /// `readmission` more after the failure).
    static func spinWindows(in scenario: Scenario, over horizon: Double, health: Bool, readmission: Double) -> [SpinWindow] {
        let servers = scenario.servers
        let position = Dictionary(servers.indices.map { (servers[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        let balancer = scenario.balancer?.id
        var windows: [SpinWindow] = []
        func out(_ servers: SpinWindow.Servers, from start: Double, to end: Double?, fast: Bool = false) {
            let end = end ?? horizon
            if fast { windows.append(SpinWindow(start: start, end: end, servers: servers, fast: true)) }
            if health { windows.append(SpinWindow(start: start, end: end + readmission, servers: servers, fast: false)) }
        }
        // A server that holds its requests past the deadline that abandons them (a pause, a hang,
        // a slowdown) fills its room with abandoned requests, which it still serves, and refuses
        // every try at once until it has worked through them (``roomFilledAfter(in:holding:slowdown:deadline:)``):
        // a 50 ms slowdown ×1,000 under a 100 ms timeout spun 10 users for a second.
        let deadline = abandoningDeadline(in: scenario)
        func fillsRoom(_ server: Int, from start: Double, to end: Double?, holding: Double, slowdown: Double = 1) {
            guard let deadline, let after = roomFilledAfter(in: scenario, holding: holding, slowdown: slowdown, deadline: deadline) else { return }
            windows.append(SpinWindow(start: start, end: (end ?? horizon) + after, servers: .one(server), fast: true))
        }
        let entries = scenario.faults.entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        let ends = scheduledEnds(of: entries)
        let seconds = { (instant: VirtualInstant?) in instant.map { VirtualInstant.zero.duration(to: $0).seconds } }
        for (index, entry) in entries.enumerated() {
            let at = VirtualInstant.zero.duration(to: entry.at).seconds
            switch entry.fault {
            case .restart(let node, let boot) where node == balancer:
                windows.append(SpinWindow(start: at, end: at + boot.seconds, servers: .every, fast: true))
            case .crash(let node):
                if let server = position[node] { out(.one(server), from: at, to: seconds(ends.nextBoot[index])) }
            case .restart(let node, let boot):
                if let server = position[node] { out(.one(server), from: at, to: at + boot.seconds, fast: true) }
            case .pause(let node, let length):
                if let server = position[node] {
                    out(.one(server), from: at, to: at + length.seconds)
                    fillsRoom(server, from: at, to: at + length.seconds, holding: length.seconds)
                }
            case .hang(let node, let length):
                if let server = position[node] {
                    let end = length.map { at + $0.seconds } ?? seconds(ends.nextBoot[index])
                    out(.one(server), from: at, to: end)
                    fillsRoom(server, from: at, to: end, holding: end.map { $0 - at } ?? .infinity)
                }
            case .errors(let node, let rate) where rate > 0:
                if let server = position[node] { out(.one(server), from: at, to: seconds(ends.nextErrorsEnd[index])) }
            case .slow(let node, let factor) where factor > 1:
                if let server = position[node] {
                    out(.one(server), from: at, to: seconds(ends.nextUndo[index]))
                    fillsRoom(server, from: at, to: seconds(ends.nextUndo[index]), holding: 0, slowdown: factor)
                }
            case .latencySpike(let extra) where extra > .zero && spikeCanTimeOut(extra.seconds, in: scenario):
                // Only where the spike can time a try, a check or a request out
                // (``spikeCanTimeOut(_:in:)``): it fails nothing by itself.
                out(.every, from: at, to: seconds(ends.nextUndo[index]))
            case .dropRate(let rate) where rate > 0:
                out(.every, from: at, to: seconds(ends.nextUndo[index]))
            case .partition(let groups, let mode):
                // In force until the next partition or heal.
                let end = seconds(entries[(index + 1)...].first { if case .partition = $0.fault { true } else if case .heal = $0.fault { true } else { false } }?.at)
                let side = { (node: NodeID) in groups.firstIndex { $0.contains(node) } ?? -1 }
                // The clients (`client-…`, named in no group unless the file names them) on
                // another side than the balancer, or than a server they send to.
                let clientsNamed = groups.contains { $0.contains { $0.name.hasPrefix("client") } }
                if let balancer {
                    if mode == .reject, clientsNamed || side(balancer) != -1 {
                        windows.append(SpinWindow(start: at, end: end ?? horizon, servers: .every, fast: true))
                    }
                    for server in servers.indices where side(servers[server].id) != side(balancer) {
                        out(.one(server), from: at, to: end, fast: mode == .reject)
                    }
                } else {
                    for server in servers.indices where clientsNamed || side(servers[server].id) != -1 {
                        out(.one(server), from: at, to: end, fast: mode == .reject)
                    }
                }
            case .errors, .slow, .latencySpike, .dropRate, .heal:
                break
            }
        }
        // Messages a link loses make tries time out, which the health counts: for the whole run.
        if linkProfiles(of: scenario).contains(where: { $0.dropRate > 0 }) { out(.every, from: 0, to: horizon) }
        if let plan = scenario.deployment, let configuration = scenario.balancer?.configuration {
            windows += deploymentWindows(plan, in: scenario, configuration: configuration, over: horizon, health: health, readmission: readmission)
        }
        return windows
    }

    /// A deployment's waves: each server drained (out of rotation, at most the forward timeout or
    /// `drain_timeout`), restarted (refusing while it boots where it is not drained) and back once
    /// booted or passed by the checks (at most `health_deadline`); a second pass of them all where
    /// it may roll back (an error check, or checks that may miss the deadline, which leave a
    /// server out until the end). All at once: the servers together, from `at`. Rolling: one
    /// server at a time anywhere in the span the waves may take (two where one may be left out).
    static func deploymentWindows(_ plan: DeploymentPlan, in scenario: Scenario, configuration: LoadBalancer.Configuration,
                                  over horizon: Double, health: Bool, readmission: Double) -> [SpinWindow] {
        let servers = scenario.servers
        let targets = plan.servers.isEmpty ? Array(servers.indices) : servers.indices.filter { plan.servers.contains(servers[$0].id.name) }
        guard !targets.isEmpty else { return [] }
        var up = plan.bootTime.seconds
        var leftOut = false
        if let check = configuration.healthCheck {
            let passed = plan.bootTime.seconds + checksPass(check)
            leftOut = passed > plan.healthDeadline.seconds
            up = min(passed, plan.healthDeadline.seconds)
        }
        let passes = plan.maxErrorRatio != nil || leftOut ? 2.0 : 1.0
        let at = plan.at.seconds
        let waves = plan.strategy == .rolling ? Double(targets.count) : 1
        // Refused tries count against a server that is not drained: out for the readmission after.
        let stepAfterDrain = up + plan.pause.seconds + (plan.drain || !health ? 0 : readmission)
        let spanEnd = { (drain: Double) in at + passes * waves * (drain + stepAfterDrain) }
        let drain = plan.drain ? drainLength(plan, in: scenario, configuration: configuration, from: at, spanEnd: spanEnd) : 0
        let step = drain + stepAfterDrain
        let end = leftOut ? horizon : min(horizon, at + passes * waves * step)
        if plan.strategy == .allAtOnce {
            return targets.flatMap { server in
                [SpinWindow(start: at, end: end, servers: .one(server), fast: false)]
                    + (plan.drain ? [] : [SpinWindow(start: at, end: end, servers: .one(server), fast: true)])
            }
        }
        let overlapping = plan.drain || readmission == 0 ? 1 : 1 + Int(min((readmission / max(step, 1e-9)).rounded(.up), Double(targets.count)))
        let most = min(targets.count, overlapping + (leftOut ? 1 : 0))
        return [SpinWindow(start: at, end: end, servers: .some(most), fast: false)]
            + (plan.drain ? [] : [SpinWindow(start: at, end: end, servers: .some(1), fast: true)])
    }

    /// How long one drain of `plan` may last: its `drain_timeout`, or the forward timeout (and a
    /// connection's setup) that ends any forward in flight — or, shorter, the longest a drained
    /// server can still be finishing what it holds (``longestDrain(in:from:to:connectTimeout:)``)
    /// where no fault within the deployment's span may lengthen it. The span depends on the
    /// drain (`spanEnd`): a drain is taken as short only where the faults within the span that
    /// short drain gives leave it so.
    static func drainLength(_ plan: DeploymentPlan, in scenario: Scenario, configuration: LoadBalancer.Configuration,
                            from at: Double, spanEnd: (Double) -> Double) -> Double {
        let connect = configuration.keepalive?.connectTimeout.seconds ?? 0
        let longest = min(plan.drainTimeout.seconds, configuration.forwardTimeout.seconds + connect)
        var drain = longestDrain(in: scenario, from: at, to: at, connectTimeout: connect) ?? longest
        for _ in 0..<4 {
            guard drain < longest else { return longest }
            guard let within = longestDrain(in: scenario, from: at, to: spanEnd(drain), connectTimeout: connect) else { return longest }
            if within <= drain { return drain }
            drain = within
        }
        return longest
    }

    /// The seconds of `horizon` during which `windows` fail at once at least `tries` of the
    /// `servers`, or leave none in rotation — the chaos' servers out at `chaosShare`, each alone;
    /// and of them, those spent only with none in rotation (`atBalancer`: no try fails at once).
    static func sweep(_ windows: [SpinWindow], servers count: Int, tries: Int, chaosServers: Set<Int>, chaosShare: Double, over horizon: Double) -> (seconds: Double, atBalancer: Double) {
        var changes: [(at: Double, order: Int, window: Int, delta: Int)] = []
        for (index, window) in windows.enumerated() where window.end > window.start && window.start < horizon {
            changes.append((max(window.start, 0), 2 * index + 1, index, 1))
            changes.append((min(window.end, horizon), 2 * index, index, -1))
        }
        // Ends before starts at one instant: a span of no length spins for none.
        changes.sort { ($0.at, $0.delta, $0.order) < ($1.at, $1.delta, $1.order) }
        var outDepth = [Int](repeating: 0, count: count), fastDepth = [Int](repeating: 0, count: count)
        var outServers = 0, fastServers = 0, chaosOut = 0, everyOut = 0, everyFast = 0, someOut = 0, someFast = 0
        var spinning = 0.0, atBalancer = 0.0, last = 0.0
        // The share of the time spinning, and whether only for want of a server in rotation.
        func share() -> (Double, fast: Bool) {
            let fast = everyFast > 0 ? count : min(count, fastServers + someFast)
            if fast >= tries { return (1, true) }
            let out = everyOut > 0 ? count : min(count, outServers + someOut)
            let needed = count - out
            if needed == 0 { return (1, false) }
            // The rest must all be the chaos' and all out at once; unknown ones may be any.
            return (chaosShare > 0 && needed <= chaosServers.count - chaosOut ? pow(chaosShare, Double(needed)) : 0, false)
        }
        func tally(until instant: Double) {
            guard instant > last else { return }
            let (part, fast) = share()
            spinning += (instant - last) * part
            if !fast { atBalancer += (instant - last) * part }
        }
        for change in changes {
            tally(until: change.at)
            last = max(last, change.at)
            let window = windows[change.window]
            switch window.servers {
            case .every:
                if window.fast { everyFast += change.delta } else { everyOut += change.delta }
            case .some(let servers):
                if window.fast { someFast += change.delta * servers } else { someOut += change.delta * servers }
            case .one(let server):
                if window.fast {
                    fastDepth[server] += change.delta
                    if fastDepth[server] == (change.delta > 0 ? 1 : 0) { fastServers += change.delta }
                } else {
                    outDepth[server] += change.delta
                    if outDepth[server] == (change.delta > 0 ? 1 : 0) {
                        outServers += change.delta
                        if chaosServers.contains(server) { chaosOut += change.delta }
                    }
                }
            }
        }
        tally(until: horizon)
        return (min(spinning, horizon), min(atBalancer, horizon))
    }

    /// For each of `entries` (in time order), when what it starts ends: a crash's or hang's at
    /// its node's next restart, once booted; an error burst at the node's next `errors … rate 0`;
    /// a slowdown, latency spike or drop rate at the next that sets it back. Nil: never.
    static func scheduledEnds(of entries: [FaultSchedule.Entry]) -> (nextBoot: [VirtualInstant?], nextErrorsEnd: [VirtualInstant?], nextUndo: [VirtualInstant?]) {
        var nextBoot = [VirtualInstant?](repeating: nil, count: entries.count)
        var nextErrorsEnd = [VirtualInstant?](repeating: nil, count: entries.count)
        var nextUndo = [VirtualInstant?](repeating: nil, count: entries.count)
        var bootOf: [NodeID: VirtualInstant] = [:], errorsEndOf: [NodeID: VirtualInstant] = [:]
        var speedOf: [NodeID: VirtualInstant] = [:], spikeEnd: VirtualInstant?, dropEnd: VirtualInstant?
        for index in entries.indices.reversed() {
            switch entries[index].fault {
            case .crash(let node), .hang(let node, _): nextBoot[index] = bootOf[node]
            case .errors(let node, let rate) where rate > 0: nextErrorsEnd[index] = errorsEndOf[node]
            case .restart(let node, let boot): bootOf[node] = entries[index].at.advanced(by: boot)
            case .errors(let node, _): errorsEndOf[node] = entries[index].at
            case .slow(let node, let factor) where factor > 1: nextUndo[index] = speedOf[node]
            case .slow(let node, _): speedOf[node] = entries[index].at
            case .latencySpike(let extra) where extra > .zero: nextUndo[index] = spikeEnd
            case .latencySpike: spikeEnd = entries[index].at
            case .dropRate(let rate) where rate > 0: nextUndo[index] = dropEnd
            case .dropRate: dropEnd = entries[index].at
            default: break
            }
        }
        return (nextBoot, nextErrorsEnd, nextUndo)
    }
}
