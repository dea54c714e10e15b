import Reports
import Simulator

/// The sentences of the keepalive report whose claim depends on the figures: each states what the
/// runs show, and says something else (or nothing) when its condition does not hold.
extension KeepaliveComparison {
    /// The share of time a run's servers were busy, averaged over them (0 without servers).
    static func busyShare(_ variant: Variant) -> Double {
        let servers = variant.result.servers
        return servers.isEmpty ? 0 : servers.map(\.utilisation).reduce(0, +) / Double(servers.count)
    }

    /// At or above this busy share the report calls a cluster saturated.
    static let saturatedShare = 0.8

    /// A mean think time as prose: `500.000 ms` below a second, `70.000 s` from a second on.
    static func thinkTimeText(_ seconds: Double) -> String {
        DurationFormat.readable(seconds, grouping: false)
    }

    /// The file's traffic: `10 users` + `noThinkTime` (", no think time" in a heading, " with no
    /// think time" in a sentence), `1 user thinking 70.000 s on average`, or the open loop's rate.
    func trafficText(withNoThinkTime noThinkTime: String) -> String {
        switch base.workload?.arrivals {
        case .closedLoop(let users, _)?:
            let think = base.meanThinkTime
            return NumberFormat.counted(users, "user") + (think > 0 ? " thinking \(Self.thinkTimeText(think)) on average" : noThinkTime)
        case .openLoop(let rate)?:
            return "open-loop arrivals at \(NumberFormat.trimmed(rate, maxDecimals: 1)) requests/s"
        case nil:
            return "no workload"
        }
    }

    /// Why the file's pool saved what it did against no pooling: nothing when every forward set
    /// up a connection anyway; the saturation argument only when the servers were busy at least
    /// ``saturatedShare`` of the time and the saving is below a setup (its throughput clause only
    /// when the pool did answer more); otherwise how busy the servers were beside the saving.
    func savingSentence(none: Variant, file: Variant) -> String {
        guard let pool = file.connections, let bare = none.connections else { return "" }
        let perSetup = bare.meanSetupSeconds
        let saved = self.saved(file) ?? 0
        let busy = Self.busyShare(none)
        if pool.forwards > 0 && pool.setups >= pool.forwards {
            var reasons: [String] = []
            let expired = pool.closes(.idleTimeout), evicted = pool.closes(.evicted), retired = pool.closes(.requestLimit)
            if expired > 0 {
                let think = base.meanThinkTime
                reasons.append("\(NumberFormat.counted(expired, "connection")) expired, idle longer than `keepalive_timeout` (\(DurationFormat.seconds(pool.idleTimeout)))"
                               + (think > pool.idleTimeout ? " while \(base.users == 1 ? "the user thinks" : "the users think") \(Self.thinkTimeText(think)) on average" : ""))
            }
            if evicted > 0 { reasons.append("\(NumberFormat.counted(evicted, "connection")) were evicted from the full cache") }
            if retired > 0 { reasons.append("\(NumberFormat.counted(retired, "connection")) were retired after `keepalive_requests`") }
            return "The pool saved nothing: every forward set up a connection of its own" + (reasons.isEmpty ? "." : " — " + reasons.joined(separator: "; ") + ".")
        }
        if busy >= Self.saturatedShare && saved < perSetup {
            var text = "The saving is smaller than a setup because \(trafficText(withNoThinkTime: " with no think time")) keep the \(NumberFormat.counted(base.servers.count, "server")) saturated: a request mostly waits in a server's queue, and a setup overlaps that wait"
            if file.result.throughput > none.result.throughput {
                text += "; what a setup costs a saturated cluster shows as throughput instead — \(NumberFormat.fixed(none.result.throughput, decimals: 1, grouping: true)) answers/s without a pool against \(NumberFormat.fixed(file.result.throughput, decimals: 1, grouping: true)) with it, since a server sits idle while a new connection's handshake is under way"
            }
            return text + "."
        }
        if busy < Self.saturatedShare {
            return "The servers were busy only \(NumberFormat.boundedPercent(busy, decimals: 0)) of the time without a pool, so a request seldom waited in a queue that a setup could overlap: the pool saved \(DurationFormat.readable(saved)) a request against a setup of \(DurationFormat.readable(perSetup))."
        }
        return "The servers were busy \(NumberFormat.boundedPercent(busy, decimals: 0)) of the time without a pool; the pool saved \(DurationFormat.readable(saved)) a request against a setup of \(DurationFormat.readable(perSetup))."
    }

    /// The paragraph on the pools of ``smallPools``: "smaller than the users" only when they all
    /// are; "a smaller one evicts" only when one did; the swing-not-users moral only when the
    /// idle connections needed were fewer than the users.
    func smallPoolsParagraph(_ small: [Variant], parts: [String]) -> String {
        let sizes = small.map { $0.connections?.idleConnections ?? 0 }
        let users = base.users
        let head = users > 0 && sizes.allSatisfy({ $0 < users })
            ? "**A pool smaller than the \(NumberFormat.counted(users, "user"))** — "
            : "**Pools of \(sizes.map { NumberFormat.integer($0) }.joined(separator: " and ")) idle connections**" + (users > 0 ? ", against \(NumberFormat.counted(users, "user"))" : "") + " — "
        var text = head + parts.joined(separator: "; ") + ". `keepalive` bounds the *idle* connections, not the open ones."
        // The cache this traffic needs is the most idle at once in any pool that never evicted:
        // pools that retire connections after `keepalive_requests` hold fewer idle ones, so the
        // largest pool's peak (11, seed 004's) can be below another's (12, the file's keepalive 32).
        let pooled = variants(in: .closedLoop).filter { ($0.connections?.idleConnections ?? 0) > 0 }
        func peakAndSize(_ variant: Variant) -> (Int, Int) { (variant.connections?.peakIdle ?? 0, variant.connections?.idleConnections ?? 0) }
        let covering = pooled.filter(Self.covers).max { peakAndSize($0) < peakAndSize($1) }
        guard let largest = covering ?? pooled.max(by: { ($0.connections?.idleConnections ?? 0) < ($1.connections?.idleConnections ?? 0) }) else { return text }
        let needed = largest.connections?.peakIdle ?? 0
        if Self.covers(largest) {
            text += " With a pool large enough never to evict (\(largest.name)), never more than \(NumberFormat.counted(needed, "connection")) \(needed == 1 ? "was" : "were") idle at once (the end of the run included, when every user has stopped), so a cache of \(NumberFormat.integer(needed)) covers this traffic"
            let evicting = small.filter { !Self.covers($0) }
            if evicting.isEmpty {
                text += "; " + (small.count == 1 ? "\(small[0].name) covers it too: it evicted none." : "\(small.map(\.name).joined(separator: " and ")) cover it too: none evicted.")
            } else {
                text += "; a smaller one closes a connection whenever more answers than that have come back before the next requests take their connections, so the next requests set up new ones."
            }
            if needed != users { text += " The concurrency a pool must cover is the swing in connections in use, not the number of users." }
        } else {
            text += " Even the largest pool tried (\(largest.name)) evicted \(NumberFormat.counted(largest.connections?.closes(.evicted) ?? 0, "connection")), with \(NumberFormat.integer(needed)) idle at the peak: none of these pools covers this traffic."
        }
        return text
    }

    /// Whether seed 004's `keepalive_timeout` closed any connection, and why, from the figures.
    func expirySentence(_ closed: Variant) -> String {
        guard let connections = closed.connections else { return "" }
        let expired = connections.closes(.idleTimeout)
        let timeout = "`keepalive_timeout \(NumberFormat.trimmed(connections.idleTimeout, maxDecimals: 3))s`"
        if expired == 0 {
            let span = closed.scenario.limits.duration?.seconds ?? closed.result.virtualSeconds
            let gap = closed.result.completed > 0 ? span / Double(closed.result.completed) : .infinity
            if gap < 0.01 { return "0 connections expired: with traffic every few milliseconds, \(timeout) never bites." }
            return "No connection expired: none stayed idle for \(timeout)."
        }
        let think = closed.scenario.meanThinkTime
        return "\(NumberFormat.counted(expired, "connection")) expired, idle longer than \(timeout)" + (think > connections.idleTimeout ? ": \(closed.scenario.users == 1 ? "the user thinks" : "the users think") \(Self.thinkTimeText(think)) on average between requests." : ".")
    }

    /// How the latency saved at the sweep's reference compares with a setup.
    func wholeSetupClause(reference: Variant, pooled: Variant) -> String {
        let setup = reference.connections?.meanSetupSeconds ?? 0
        let saved = self.saved(pooled) ?? 0
        let busy = Self.busyShare(reference)
        if saved >= 0.9 * setup && busy < Self.saturatedShare { return " — with idle servers a setup adds its whole round trip" }
        return " — the servers were busy \(NumberFormat.boundedPercent(busy, decimals: 0)) of the time without a pool"
    }

    /// Seed 004's pool under the bursts: "no longer covers" only when it evicted.
    func burstsBullet(_ burst: Variant, floor: Double) -> String {
        let pool = Self.seed004().idleConnections
        let evicted = burst.connections?.closes(.evicted) ?? 0
        let bursts = burst.scenario.workload?.bursts.isEmpty == false
        if burst.measuredSetupsPerRequest == nil {
            return "- **Under open-loop traffic** the same pool had nothing to measure: \(nothingForwarded(in: .bursty) ?? "it forwarded no request").\n"
        }
        var out = (bursts ? "- **Under bursts**" : "- **Under open-loop traffic** (the run ended before the first burst)") + " the same pool needed \(NumberFormat.fixed(burst.setupsPerRequest, decimals: 4)) setups per request (\(NumberFormat.fixed(burst.setupsPerRequest / floor, decimals: 1))× the floor), with \(NumberFormat.integer(burst.connections?.peakOpen ?? 0)) connections open at the peak and \(NumberFormat.integer(evicted)) evicted"
        out += evicted > 0 ? ": when the connections in use swing by more than \(pool), the cache no longer covers them.\n" : ": the swing in connections in use stayed within \(pool) idle ones.\n"
        return out
    }

    /// The sweep's largest run: the pool's outcome, and — when requests failed — the failures
    /// and, when the users asked for more than the servers can complete, that the cluster was
    /// overloaded before the pool mattered.
    func topUsersBullet(_ top: Variant, floor: Double) -> String {
        guard let connections = top.connections else { return "" }
        let pool = Self.seed004().idleConnections
        let inFlight = top.result.throughput * top.mean
        let outcome = "the pool of \(pool) idle connections " + (Self.covers(top)
            ? "covered them: no eviction, \(Self.perRequestCell(top.measuredSetupsPerRequest)) setups per request"
            : "did not cover them: \(NumberFormat.integer(connections.closes(.evicted))) evictions and \(NumberFormat.fixed(top.setupsPerRequest, decimals: 4)) setups per request, \(NumberFormat.fixed(top.setupsPerRequest / floor, decimals: 1))× the floor")
        let users = top.users ?? 0
        let think = Self.thinkTimeText(Self.sweepThinkTime.seconds)
        let failed = top.result.completed - top.result.succeeded
        var out = "- **Seed 004's \(NumberFormat.integer(users)) concurrent users.** "
        if failed == 0 {
            out += "\(NumberFormat.integer(users)) users thinking \(think) on average sent \(NumberFormat.fixed(top.result.throughput, decimals: 0, grouping: true)) requests/s, about \(NumberFormat.fixed(inFlight, decimals: 0, grouping: true)) in flight at a time (throughput × mean latency), with \(NumberFormat.integer(connections.peakOpen)) connections open at the peak; \(outcome). `keepalive \(pool)` bounds idle connections per worker, so what decides is how far the number of connections in use swings between busy and quiet moments, not how many users there are.\n"
            return out
        }
        out += "\(NumberFormat.integer(users)) users thinking \(think) on average got \(NumberFormat.fixed(top.result.throughput, decimals: 0, grouping: true)) successful answers a second, with \(NumberFormat.integer(connections.peakOpen)) connections open at the peak, but \(NumberFormat.integer(failed)) of their \(NumberFormat.counted(top.result.completed, "request")) failed (\(top.result.failureParts.joined(separator: ", ")))" + (top.latencyMeasured ? " and the mean latency of the rest was \(DurationFormat.readable(top.mean))" : "")
        let servers = top.scenario.servers
        let service = top.scenario.meanServiceTime
        let slots = servers.map(\.configuration.slots).reduce(0, +)
        let capacity = service > 0 ? Double(slots) / service : .infinity
        let demand = Double(users) / Self.sweepThinkTime.seconds
        if demand > capacity {
            out += ": the \(NumberFormat.counted(servers.count, "server")) with \(NumberFormat.counted(slots, "slot")) in all and a mean service time of \(DurationFormat.readable(service)) complete\(servers.count == 1 ? "s" : "") at most \(NumberFormat.fixed(capacity, decimals: 0, grouping: true)) requests/s, and these users ask for up to \(NumberFormat.fixed(demand, decimals: 0, grouping: true)) — the servers were overloaded before the pool mattered"
        }
        out += ". T" + outcome.dropFirst() + ".\n"
        return out
    }
}
