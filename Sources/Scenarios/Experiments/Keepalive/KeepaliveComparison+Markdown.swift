import Reports
import Simulator

extension KeepaliveComparison {
    func markdown() -> String {
        var out = "# Keepalive connection pools between seed 003's balancer and its servers\n\n"
        out += "- replay: \(ExperimentReport.replay(name: KeepaliveExperiment.name, reading: [base.file]))\n"
        out += "- seed: \(base.seed); every run's digest and the command that replays it alone are in `variants.csv`\n\n"
        out += base.fileLine + "\n\n"
        let roundTrip = 2 * (base.defaultLink.latency.mean ?? 0)
        out += "Every forward needs a connection to its server: an idle one from the worker's cache (nginx's `keepalive`), or a new one whose TCP handshake costs one round trip on the balancer→server link — \(DurationFormat.milliseconds(roundTrip)) here, against a mean service time of \(DurationFormat.milliseconds(base.meanServiceTime)) — and a TLS handshake two more. "
        out += "The cache holds at most `keepalive` **idle** connections per worker, closing the least recently used when a freed connection finds it full; connections in use are not limited. `keepalive_requests` closes a connection after that many requests, `keepalive_timeout` after that long idle.\n\n"
        for group in Group.allCases {
            out += "## \(heading(group))\n\n" + table(group)
        }
        out += "*setups/request*: connection setups per forward (1 without a cache; at best 1/`keepalive_requests`, plus the connections a cold pool opens). *saved*: mean latency against the same traffic without a pool. *evicted*: idle connections closed because the cache was full; *retired*: closed after `keepalive_requests`; *expired*: closed by `keepalive_timeout`.\n\n"
        out += "![connection setups per request](setups.svg)\n\n![latency by pool](latency.svg)\n\n![seed 004's pool as users grow](users.svg)\n\n"
        out += "## What it shows\n\n" + explanations().joined(separator: "\n\n") + "\n\n"
        out += "## Seed 004's settings\n\n" + verdict() + "\n"
        return out
    }

    private func heading(_ group: Group) -> String {
        switch group {
        case .closedLoop: return "The file's traffic: \(trafficText(withNoThinkTime: ", no think time"))"
        case .bursty: return burstyHeading()
        case .users: return "Seed 004's pool as concurrent users grow (think time \(DurationFormat.milliseconds(KeepaliveComparison.sweepThinkTime.seconds)), \(KeepaliveComparison.sweepSlots) slots a server, \(DurationFormat.seconds(KeepaliveComparison.sweepDuration.seconds)) each)"
        }
    }

    /// The bursty section's heading, from the bursts its runs had: the rate, then how many times
    /// it, how long, and when — "every 10 s" only when they came at one spacing, "at 5 s" for a
    /// single burst, and no burst at all when the run ended before the first.
    func burstyHeading() -> String {
        let workload = variants(in: .bursty).first?.scenario.workload
        let rate: Double
        if case .openLoop(let perSecond)? = workload?.arrivals { rate = perSecond } else { rate = 0 }
        let traffic = "open-loop traffic: \(NumberFormat.integer(Int(rate))) requests/s"
        let bursts = workload?.bursts ?? []
        func seconds(_ duration: Duration) -> String { NumberFormat.trimmed(duration.seconds, maxDecimals: 3) + " s" }
        guard let first = bursts.first else {
            let duration = variants(in: .bursty).first?.scenario.limits.duration
            return "Steady \(traffic), no burst" + (duration.map { " in the run's \(seconds($0))" } ?? "")
        }
        let multipliers = Set(bursts.map(\.multiplier)), lengths = Set(bursts.map(\.duration))
        let shape = multipliers.count == 1 && lengths.count == 1
            ? "\(NumberFormat.trimmed(first.multiplier, maxDecimals: 1))× for \(seconds(first.duration))"
            : "bursts of \(bursts.map { "\(NumberFormat.trimmed($0.multiplier, maxDecimals: 1))× for \(seconds($0.duration))" }.joined(separator: ", "))"
        let gaps = Set(zip(bursts.dropFirst(), bursts).map { $0.at - $1.at })
        let when: String
        if bursts.count == 1 {
            when = "at \(seconds(first.at))"
        } else if gaps.count == 1, let gap = gaps.first {
            when = "every \(seconds(gap))"
        } else {
            when = "at " + bursts.map { seconds($0.at) }.joined(separator: ", ")
        }
        return "Bursty \(traffic), \(shape) \(when)"
    }

    private func table(_ group: Group) -> String {
        var table = MarkdownTable(columns: [.text("pool"), .numeric("forwards"), .numeric("setups"), .numeric("setups/request"), .numeric("mean"),
                                            .numeric("p50"), .numeric("p99"), .numeric("saved"), .numeric("peak open"), .numeric("peak idle"),
                                            .numeric("evicted"), .numeric("retired"), .numeric("expired"), .numeric("failed")])
        let shown = variants(in: group).filter { $0.connections != nil }
        // Each latency column in one unit (``LatencyColumn``); `—` where no request succeeded
        // (it read 0.000 ms) or nothing was saved.
        let latencies = LatencyColumn.rows(shown.map { [$0.measured($0.mean), $0.measured($0.p50), $0.measured($0.p99), saved($0)] })
        for (variant, cells) in zip(shown, latencies) {
            guard let connections = variant.connections else { continue }
            table.append([variant.users.map { users in variant.group == .users ? variant.name.replacingOccurrences(of: "\(users) users", with: "\(NumberFormat.integer(users)) users") : variant.name } ?? variant.name,
                          NumberFormat.integer(connections.forwards), NumberFormat.integer(connections.setups),
                          Self.perRequestCell(variant.measuredSetupsPerRequest)] + cells + [
                          NumberFormat.integer(connections.peakOpen), NumberFormat.integer(connections.peakIdle),
                          NumberFormat.integer(connections.closes(.evicted)), NumberFormat.integer(connections.closes(.requestLimit)),
                          NumberFormat.integer(connections.closes(.idleTimeout)), NumberFormat.integer(variant.result.completed - variant.result.succeeded)])
        }
        return table.rendered() + "\n"
    }

    /// A setups-per-request cell: "—" where nothing was forwarded (it read 0.0000).
    static func perRequestCell(_ value: Double?) -> String {
        value.map { NumberFormat.fixed($0, decimals: 4) } ?? "—"
    }

    /// One paragraph per finding, every figure read from the runs.
    func explanations() -> [String] {
        var paragraphs: [String] = []
        if let nothing = nothingForwarded(in: .closedLoop) {
            paragraphs.append("**The file's traffic** gave the pools nothing to measure: \(nothing).")
        } else {
            paragraphs += closedLoopExplanations()
        }
        let bursty = variants(in: .bursty)
        if let nothing = nothingForwarded(in: .bursty) {
            paragraphs.append("**Open-loop traffic** gave the pools nothing to measure: \(nothing).")
        } else if let none = unpooled(.bursty), !bursty.isEmpty {
            let parts = bursty.filter { $0.connections?.idleConnections != 0 }.map { variant in
                "\(variant.name.replacingOccurrences(of: "bursty: ", with: "")): " + (variant.measuredSetupsPerRequest == nil ? "no request forwarded"
                    : "\(Self.perRequestCell(variant.measuredSetupsPerRequest)) setups per request (\(NumberFormat.integer(variant.connections?.closes(.evicted) ?? 0)) evicted, peak open \(NumberFormat.integer(variant.connections?.peakOpen ?? 0))), mean \(Self.latencyProse(variant.measured(variant.mean)))")
            }
            let burst = none.scenario.workload?.bursts.isEmpty == false
            paragraphs.append(!burst ? "**Open-loop traffic** without a burst (the run ended before the first): the pools differ only in the connections the steady arrivals need. Without a pool: mean \(Self.latencyProse(none.measured(none.mean))). " + parts.joined(separator: "; ") + "." : "**Bursts** are where the cache size matters: a burst above the cluster's capacity piles requests up in flight, each on its own connection; as the backlog drains, connections come back faster than new requests take them and every one beyond the cache is closed — and the next burst sets them up again. Without a pool: mean \(Self.latencyProse(none.measured(none.mean))). " + parts.joined(separator: "; ") + ".")
        }
        return paragraphs
    }

    /// The closed loop's paragraphs: no pooling against the file's pool (or why the two cannot
    /// be compared), TLS, and the smaller pools.
    private func closedLoopExplanations() -> [String] {
        var paragraphs: [String] = []
        if let none = unpooled(.closedLoop), let file = variants(in: .closedLoop).first(where: { $0.name.hasSuffix("(the file)") }) {
            if let reasons = Self.unmeasured([none, file]) {
                paragraphs.append("**No pooling** and **the file's pool** (\(file.name)) cannot be compared: \(reasons).")
            } else {
                let perSetup = none.connections?.meanSetupSeconds ?? 0
                paragraphs.append("**No pooling** sets up a connection for each of its \(NumberFormat.integer(none.connections?.forwards ?? 0)) forwards, \(DurationFormat.milliseconds(perSetup)) each: mean latency \(DurationFormat.milliseconds(none.mean)), p99 \(DurationFormat.milliseconds(none.p99)). **The file's pool** (\(file.name)) needed \(NumberFormat.integer(file.connections?.setups ?? 0)) setups in all — \(NumberFormat.fixed(file.setupsPerRequest, decimals: 4)) per request — and saved \(DurationFormat.milliseconds(saved(file) ?? 0)) of mean latency (p50 \(DurationFormat.milliseconds(none.p50)) → \(DurationFormat.milliseconds(file.p50))). \(base.users > 0 ? "With \(NumberFormat.counted(base.users, "user"))" : "Under this traffic") the balancer never had more than \(NumberFormat.counted(file.connections?.peakOpen ?? 0, "connection")) open. " + savingSentence(none: none, file: file))
            }
            if let tls = unpooled(.closedLoop, tls: true), let pooledTLS = variant("seed 004, TLS") {
                if let reasons = Self.unmeasured([none, tls, pooledTLS]) {
                    paragraphs.append("**TLS** cannot be set against plain TCP: \(reasons).")
                } else {
                    paragraphs.append("**TLS** triples the setup (\(DurationFormat.milliseconds(tls.connections?.meanSetupSeconds ?? 0)) a handshake): without a pool the mean latency is \(DurationFormat.milliseconds(tls.mean)), \(DurationFormat.milliseconds(tls.mean - none.mean)) more than plain TCP; with seed 004's pool it is \(DurationFormat.milliseconds(pooledTLS.mean)), so pooling saves \(DurationFormat.milliseconds(tls.mean - pooledTLS.mean)) a request once TLS is on.")
                }
            }
        }
        let small = KeepaliveComparison.smallPools.compactMap { variant("keepalive \($0)") }
        if !small.isEmpty {
            let parts = small.map { variant in
                "keepalive \(variant.connections?.idleConnections ?? 0): " + (variant.measuredSetupsPerRequest == nil ? "no request forwarded"
                    : "\(Self.perRequestCell(variant.measuredSetupsPerRequest)) setups per request, \(NumberFormat.counted(variant.connections?.closes(.evicted) ?? 0, "eviction")), peak idle \(NumberFormat.integer(variant.connections?.peakIdle ?? 0))")
            }
            paragraphs.append(smallPoolsParagraph(small, parts: parts))
        }
        return paragraphs
    }

    /// Whether a run's pool covered its traffic: no idle connection was closed for lack of room.
    static func covers(_ variant: Variant) -> Bool {
        (variant.connections?.closes(.evicted) ?? 1) == 0
    }

    /// What seed 004's `keepalive 64; keepalive_requests 100; keepalive_timeout 60s;` achieves.
    func verdict() -> String {
        let floor = 1.0 / Double(KeepaliveComparison.seed004().requestsPerConnection)
        let pool = KeepaliveComparison.seed004().idleConnections
        var out = ""
        if let closed = variant(KeepaliveComparison.seed004Variant), closed.measuredSetupsPerRequest == nil {
            out += "- **Setups per request.** On the file's \(NumberFormat.counted(base.users, "user")) seed 004's pool had nothing to measure: \(nothingForwarded(in: .closedLoop) ?? "it forwarded no request").\n"
        } else if let closed = variant(KeepaliveComparison.seed004Variant), saved(closed) == nil, let none = unpooled(.closedLoop), let reasons = Self.unmeasured([none, closed]) {
            out += "- **Setups per request.** On the file's \(NumberFormat.counted(base.users, "user")) seed 004's pool needed \(NumberFormat.fixed(closed.setupsPerRequest, decimals: 4)) setups per request; its latency cannot be set against no pooling's: \(reasons).\n"
        } else if let closed = variant(KeepaliveComparison.seed004Variant) {
            out += "- **Setups per request.** On the file's \(NumberFormat.counted(base.users, "user")) seed 004's pool needed \(NumberFormat.fixed(closed.setupsPerRequest, decimals: 4)) setups per request; the floor `keepalive_requests \(KeepaliveComparison.seed004().requestsPerConnection)` sets is \(NumberFormat.fixed(floor, decimals: 4)) (each connection is closed after \(NumberFormat.counted(KeepaliveComparison.seed004().requestsPerConnection, "request")) and replaced). It saved \(DurationFormat.milliseconds(saved(closed) ?? 0)) of mean latency against no pooling. " + expirySentence(closed) + "\n"
        }
        let sweep = self.sweep
        if let reference = unpooled(.users), let pooled = sweep.first(where: { $0.users == reference.users }), let reasons = Self.unmeasured([reference, pooled]) {
            out += "- **Latency saved.** At \(NumberFormat.integer(reference.users ?? 0)) users thinking between requests, seed 004's pool cannot be set against no pooling: \(reasons).\n"
        } else if let reference = unpooled(.users), let pooled = sweep.first(where: { $0.users == reference.users }) {
            out += "- **Latency saved \(KeepaliveComparison.busyShare(reference) < KeepaliveComparison.saturatedShare ? "where the servers are not saturated" : "with users who think between requests").** At \(NumberFormat.integer(reference.users ?? 0)) users thinking between requests, no pooling gave a mean of \(DurationFormat.milliseconds(reference.mean)) (p99 \(DurationFormat.milliseconds(reference.p99))) and seed 004's pool \(DurationFormat.milliseconds(pooled.mean)) (p99 \(DurationFormat.milliseconds(pooled.p99))): \(DurationFormat.milliseconds(saved(pooled) ?? 0)) saved a request, against a setup of \(DurationFormat.milliseconds(reference.connections?.meanSetupSeconds ?? 0))" + wholeSetupClause(reference: reference, pooled: pooled) + ".\n"
        }
        if !sweep.isEmpty {
            let rows = sweep.map { "\($0.users.map { NumberFormat.integer($0) } ?? "?") users: " + ($0.measuredSetupsPerRequest == nil ? "no request forwarded" : "\(NumberFormat.fixed($0.setupsPerRequest, decimals: 4)) (peak open \(NumberFormat.integer($0.connections?.peakOpen ?? 0)), \(NumberFormat.integer($0.connections?.closes(.evicted) ?? 0)) evicted)") }
            out += "- **As users grow** (setups per request): " + rows.joined(separator: "; ") + ".\n"
            if let first = sweep.first(where: { !KeepaliveComparison.covers($0) }) {
                let last = sweep.last { KeepaliveComparison.covers($0) && ($0.users ?? 0) < (first.users ?? 0) }
                out += "- **Where the pool stops covering.** The pool of \(pool) covered \(last.map { "up to \(NumberFormat.integer($0.users ?? 0)) users (peak \(NumberFormat.integer($0.connections?.peakOpen ?? 0)) connections open)" } ?? "none of the runs"); at \(NumberFormat.integer(first.users ?? 0)) users (peak \(NumberFormat.integer(first.connections?.peakOpen ?? 0)) open) the swings in connections in use exceeded \(pool) idle ones and \(NumberFormat.integer(first.connections?.closes(.evicted) ?? 0)) were evicted, pushing setups per request to \(NumberFormat.fixed(first.setupsPerRequest, decimals: 4)), \(NumberFormat.fixed(first.setupsPerRequest / floor, decimals: 1))× the floor.\n"
            } else if let top = sweep.last {
                out += "- **Where the pool stops covering.** It covered every run here, up to \(NumberFormat.integer(top.users ?? 0)) users with \(NumberFormat.integer(top.connections?.peakOpen ?? 0)) connections open at the peak: steady traffic keeps the swing in connections in use below \(pool) even then.\n"
            }
        }
        if let burst = variant("bursty: seed 004") {
            out += burstsBullet(burst, floor: floor)
        }
        if let top = sweep.last {
            out += topUsersBullet(top, floor: floor)
        }
        return out
    }
}
