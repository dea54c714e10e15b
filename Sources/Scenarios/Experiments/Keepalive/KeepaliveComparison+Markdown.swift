import Reports
import Simulator

extension KeepaliveComparison {
    func markdown() -> String {
        var out = "# Keepalive connection pools between seed 003's balancer and its servers\n\n"
        out += "- replay: `orrery experiment keepalive` (reads `scenarios/\(KeepaliveExperiment.files[0])`)\n"
        out += "- seed: \(base.seed); every run's digest is in `variants.csv`\n\n"
        out += "Scenario `\(base.file)`: \(base.summary).\n\n"
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
        case .closedLoop: return "The file's traffic: \(base.users) users, no think time"
        case .bursty:
            let rate = variants(in: .bursty).first.flatMap { variant -> Double? in
                if case .openLoop(let rate) = variant.scenario.workload?.arrivals { return rate }
                return nil
            } ?? 0
            return "Bursty open-loop traffic: \(NumberFormat.integer(Int(rate))) requests/s, \(NumberFormat.trimmed(KeepaliveComparison.burstMultiplier, maxDecimals: 1))× for 2 s every 10 s"
        case .users: return "Seed 004's pool as concurrent users grow (think time \(DurationFormat.milliseconds(KeepaliveComparison.sweepThinkTime.seconds)), \(KeepaliveComparison.sweepSlots) slots a server, \(DurationFormat.seconds(KeepaliveComparison.sweepDuration.seconds)) each)"
        }
    }

    private func table(_ group: Group) -> String {
        var table = MarkdownTable(columns: [.text("pool"), .numeric("forwards"), .numeric("setups"), .numeric("setups/request"), .numeric("mean"),
                                            .numeric("p50"), .numeric("p99"), .numeric("saved"), .numeric("peak open"), .numeric("peak idle"),
                                            .numeric("evicted"), .numeric("retired"), .numeric("expired"), .numeric("failed")])
        for variant in variants(in: group) {
            guard let connections = variant.connections else { continue }
            table.append([variant.name, NumberFormat.integer(connections.forwards), NumberFormat.integer(connections.setups),
                          NumberFormat.fixed(variant.setupsPerRequest, decimals: 4), DurationFormat.milliseconds(variant.mean),
                          DurationFormat.milliseconds(variant.p50), DurationFormat.milliseconds(variant.p99),
                          saved(variant).map { DurationFormat.milliseconds($0) } ?? "—",
                          NumberFormat.integer(connections.peakOpen), NumberFormat.integer(connections.peakIdle),
                          NumberFormat.integer(connections.closes(.evicted)), NumberFormat.integer(connections.closes(.requestLimit)),
                          NumberFormat.integer(connections.closes(.idleTimeout)), NumberFormat.integer(variant.result.completed - variant.result.succeeded)])
        }
        return table.rendered() + "\n"
    }

    /// One paragraph per finding, every figure read from the runs.
    func explanations() -> [String] {
        var paragraphs: [String] = []
        if let none = unpooled(.closedLoop), let file = variants(in: .closedLoop).first(where: { $0.name.hasSuffix("(the file)") }) {
            let perSetup = none.connections?.meanSetupSeconds ?? 0
            paragraphs.append("**No pooling** sets up a connection for each of its \(NumberFormat.integer(none.connections?.forwards ?? 0)) forwards, \(DurationFormat.milliseconds(perSetup)) each: mean latency \(DurationFormat.milliseconds(none.mean)), p99 \(DurationFormat.milliseconds(none.p99)). **The file's pool** (\(file.name)) needed \(NumberFormat.integer(file.connections?.setups ?? 0)) setups in all — \(NumberFormat.fixed(file.setupsPerRequest, decimals: 4)) per request — and saved \(DurationFormat.milliseconds(saved(file) ?? 0)) of mean latency (p50 \(DurationFormat.milliseconds(none.p50)) → \(DurationFormat.milliseconds(file.p50))). With \(base.users) users the balancer never had more than \(NumberFormat.integer(file.connections?.peakOpen ?? 0)) connections open. The saving is smaller than a setup because \(base.users) users with no think time keep the \(base.servers.count) servers saturated: a request mostly waits in a server's queue, and a setup overlaps that wait; what a setup costs a saturated cluster shows as throughput instead — \(NumberFormat.fixed(none.result.throughput, decimals: 1, grouping: true)) answers/s without a pool against \(NumberFormat.fixed(file.result.throughput, decimals: 1, grouping: true)) with it, since a server sits idle while a new connection's handshake is under way.")
            if let tls = unpooled(.closedLoop, tls: true), let pooledTLS = variant("seed 004, TLS") {
                paragraphs.append("**TLS** triples the setup (\(DurationFormat.milliseconds(tls.connections?.meanSetupSeconds ?? 0)) a handshake): without a pool the mean latency is \(DurationFormat.milliseconds(tls.mean)), \(DurationFormat.milliseconds(tls.mean - none.mean)) more than plain TCP; with seed 004's pool it is \(DurationFormat.milliseconds(pooledTLS.mean)), so pooling saves \(DurationFormat.milliseconds(tls.mean - pooledTLS.mean)) a request once TLS is on.")
            }
        }
        let small = KeepaliveComparison.smallPools.compactMap { variant("keepalive \($0)") }
        if !small.isEmpty {
            let parts = small.map { variant in
                "keepalive \(variant.connections?.idleConnections ?? 0): \(NumberFormat.fixed(variant.setupsPerRequest, decimals: 4)) setups per request, \(NumberFormat.integer(variant.connections?.closes(.evicted) ?? 0)) evictions, peak idle \(NumberFormat.integer(variant.connections?.peakIdle ?? 0))"
            }
            let largest = variants(in: .closedLoop).filter { ($0.connections?.idleConnections ?? 0) > 0 }.max { ($0.connections?.idleConnections ?? 0) < ($1.connections?.idleConnections ?? 0) }
            let needed = largest?.connections?.peakIdle ?? 0
            paragraphs.append("**A pool smaller than the \(base.users) users** — " + parts.joined(separator: "; ") + ". `keepalive` bounds the *idle* connections, not the open ones. With a pool large enough never to evict (\(largest?.name ?? "—")), never more than \(NumberFormat.integer(needed)) connections were idle at once (the end of the run included, when every user has stopped), so a cache of \(NumberFormat.integer(needed)) covers this traffic; a smaller one closes a connection whenever more answers than that have come back before the next requests take their connections, so the next requests set up new ones. The concurrency a pool must cover is the swing in connections in use, not the number of users.")
        }
        let bursty = variants(in: .bursty)
        if let none = unpooled(.bursty), !bursty.isEmpty {
            let parts = bursty.filter { $0.connections?.idleConnections != 0 }.map { variant in
                "\(variant.name.replacingOccurrences(of: "bursty: ", with: "")): \(NumberFormat.fixed(variant.setupsPerRequest, decimals: 4)) setups per request (\(NumberFormat.integer(variant.connections?.closes(.evicted) ?? 0)) evicted, peak open \(NumberFormat.integer(variant.connections?.peakOpen ?? 0))), mean \(DurationFormat.milliseconds(variant.mean))"
            }
            paragraphs.append("**Bursts** are where the cache size matters: a burst above the cluster's capacity piles requests up in flight, each on its own connection; as the backlog drains, connections come back faster than new requests take them and every one beyond the cache is closed — and the next burst sets them up again. Without a pool: mean \(DurationFormat.milliseconds(none.mean)). " + parts.joined(separator: "; ") + ".")
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
        var out = ""
        if let closed = variant("seed 004: 64/100/60s") {
            out += "- **Setups per request.** On the file's \(base.users) users seed 004's pool needed \(NumberFormat.fixed(closed.setupsPerRequest, decimals: 4)) setups per request; the floor `keepalive_requests 100` sets is \(NumberFormat.fixed(floor, decimals: 4)) (each connection is closed after 100 requests and replaced). It saved \(DurationFormat.milliseconds(saved(closed) ?? 0)) of mean latency against no pooling. \(NumberFormat.integer(closed.connections?.closes(.idleTimeout) ?? 0)) connections expired: with traffic every few milliseconds, `keepalive_timeout 60s` never bites.\n"
        }
        let sweep = self.sweep
        if let reference = unpooled(.users), let pooled = sweep.first(where: { $0.users == reference.users }) {
            out += "- **Latency saved where the servers are not saturated.** At \(NumberFormat.integer(reference.users ?? 0)) users thinking between requests, no pooling gave a mean of \(DurationFormat.milliseconds(reference.mean)) (p99 \(DurationFormat.milliseconds(reference.p99))) and seed 004's pool \(DurationFormat.milliseconds(pooled.mean)) (p99 \(DurationFormat.milliseconds(pooled.p99))): \(DurationFormat.milliseconds(saved(pooled) ?? 0)) saved a request, against a setup of \(DurationFormat.milliseconds(reference.connections?.meanSetupSeconds ?? 0)) — with idle servers a setup adds its whole round trip.\n"
        }
        if !sweep.isEmpty {
            let rows = sweep.map { "\($0.users.map { NumberFormat.integer($0) } ?? "?") users: \(NumberFormat.fixed($0.setupsPerRequest, decimals: 4)) (peak open \(NumberFormat.integer($0.connections?.peakOpen ?? 0)), \(NumberFormat.integer($0.connections?.closes(.evicted) ?? 0)) evicted)" }
            out += "- **As users grow** (setups per request): " + rows.joined(separator: "; ") + ".\n"
            if let first = sweep.first(where: { !KeepaliveComparison.covers($0) }) {
                let last = sweep.last { KeepaliveComparison.covers($0) && ($0.users ?? 0) < (first.users ?? 0) }
                out += "- **Where the pool stops covering.** The pool of 64 covered \(last.map { "up to \(NumberFormat.integer($0.users ?? 0)) users (peak \(NumberFormat.integer($0.connections?.peakOpen ?? 0)) connections open)" } ?? "none of the runs"); at \(NumberFormat.integer(first.users ?? 0)) users (peak \(NumberFormat.integer(first.connections?.peakOpen ?? 0)) open) the swings in connections in use exceeded 64 idle ones and \(NumberFormat.integer(first.connections?.closes(.evicted) ?? 0)) were evicted, pushing setups per request to \(NumberFormat.fixed(first.setupsPerRequest, decimals: 4)), \(NumberFormat.fixed(first.setupsPerRequest / floor, decimals: 1))× the floor.\n"
            } else if let top = sweep.last {
                out += "- **Where the pool stops covering.** It covered every run here, up to \(NumberFormat.integer(top.users ?? 0)) users with \(NumberFormat.integer(top.connections?.peakOpen ?? 0)) connections open at the peak: steady traffic keeps the swing in connections in use below 64 even then.\n"
            }
        }
        if let burst = variant("bursty: seed 004") {
            out += "- **Under bursts** the same pool needed \(NumberFormat.fixed(burst.setupsPerRequest, decimals: 4)) setups per request (\(NumberFormat.fixed(burst.setupsPerRequest / floor, decimals: 1))× the floor), with \(NumberFormat.integer(burst.connections?.peakOpen ?? 0)) connections open at the peak and \(NumberFormat.integer(burst.connections?.closes(.evicted) ?? 0)) evicted: when the connections in use swing by more than 64, the cache no longer covers them.\n"
        }
        if let top = sweep.last, let connections = top.connections {
            let inFlight = top.result.throughput * top.mean
            let outcome = KeepaliveComparison.covers(top)
                ? "the pool of 64 idle connections covered them: no eviction, \(NumberFormat.fixed(top.setupsPerRequest, decimals: 4)) setups per request"
                : "the pool of 64 idle connections did not cover them: \(NumberFormat.integer(connections.closes(.evicted))) evictions and \(NumberFormat.fixed(top.setupsPerRequest, decimals: 4)) setups per request, \(NumberFormat.fixed(top.setupsPerRequest / floor, decimals: 1))× the floor"
            out += "- **Seed 004's 10,000 concurrent users.** \(NumberFormat.integer(top.users ?? 0)) users thinking \(DurationFormat.milliseconds(KeepaliveComparison.sweepThinkTime.seconds)) on average sent \(NumberFormat.fixed(top.result.throughput, decimals: 0, grouping: true)) requests/s, about \(NumberFormat.fixed(inFlight, decimals: 0, grouping: true)) in flight at a time (throughput × mean latency), with \(NumberFormat.integer(connections.peakOpen)) connections open at the peak; \(outcome). `keepalive 64` bounds idle connections per worker, so what decides is how far the number of connections in use swings between busy and quiet moments, not how many users there are.\n"
        }
        return out
    }
}
