import Reports
import Simulator

/// The prose under the identical, one-slow and crash-and-back tables: every claim is tested on
/// the row's figures and the file's balancer and keys, and a claim whose condition does not hold
/// is replaced by what does hold or left out.
extension StrategyComparison {
    /// The strategies that weigh a server by the requests it has in flight: least_conn,
    /// least_request (two choices by connections), health_based (latency × (active + 1)) and hash
    /// with bounded loads.
    static func countsConnections(_ kind: BalancingStrategyKind) -> Bool {
        switch kind {
        case .leastConnections, .leastRequest, .healthBased: true
        case .consistentHash(_, let factor): factor != nil
        case .roundRobin, .weightedRoundRobin, .random, .ipHash: false
        }
    }

    /// `proxy_next_upstream`'s words for `conditions`, as the file writes them: `error and timeout`.
    static func retryConditionsText(_ conditions: RetryConditions) -> String {
        var words: [String] = []
        if conditions.contains(.error) { words.append("error") }
        if conditions.contains(.timeout) { words.append("timeout") }
        if conditions.contains(.http5xx) {
            words.append("http_5xx")
        } else {
            for (condition, word) in [(RetryConditions.http500, "http_500"), (.http502, "http_502"), (.http503, "http_503"), (.http504, "http_504")]
            where conditions.contains(condition) { words.append(word) }
        }
        if conditions.contains(.http404) { words.append("http_404") }
        guard let last = words.popLast() else { return "nothing" }
        return words.isEmpty ? last : words.joined(separator: ", ") + " and " + last
    }

    func names(_ cells: [Cell]) -> String { cells.map { "`\($0.strategy.name)`" }.joined(separator: ", ") }

    func shares(_ cells: [Cell], _ server: String) -> String {
        cells.map { "`\($0.strategy.name)` \(NumberFormat.percent($0.share(of: server), decimals: 1))" }.joined(separator: ", ")
    }

    /// `a–b` of `values`, each as ``DurationFormat/readable(_:grouping:)`` writes it (a p99 of
    /// 1.010 s read "1,010.175 ms"), or the one value when they are all equal.
    static func durationRange(_ values: [Double]) -> String {
        let low = values.min() ?? 0, high = values.max() ?? 0
        return low == high ? DurationFormat.readable(low) : "\(DurationFormat.readable(low))–\(DurationFormat.readable(high))"
    }

    private func countRange(_ values: [Int]) -> String {
        let low = values.min() ?? 0, high = values.max() ?? 0
        return low == high ? NumberFormat.integer(low) : "\(NumberFormat.integer(low))–\(NumberFormat.integer(high))"
    }

    private var configuration: LoadBalancer.Configuration? { base.balancer?.configuration }
    private var timeoutText: String { configuration.map { DurationFormat.seconds($0.forwardTimeout.seconds) } ?? "the per-try timeout" }
    private static func retried(_ cell: Cell) -> Int { cell.result.balancer?.retried ?? 0 }

    /// Identical servers: how evenly each strategy spread the load, and why the most uneven one
    /// was, from the keys the file draws.
    func identicalText(_ row: [Cell]) -> String {
        var out = ""
        let plain = row.filter { [.roundRobin, .weightedRoundRobin, .leastConnections, .leastRequest].contains($0.strategy) }
        let plainP99 = plain.map { $0.result.value(of: .p99) }
        if let low = plainP99.min(), let high = plainP99.max(), low > 0, high <= low * 1.1 {
            out += "With identical servers the strategies that count connections or rotate differ little. "
        }
        guard let peak = row.map(\.peakToAverage).max() else { return out }
        let skewed = row.filter { $0.peakToAverage == peak }
        let hash = row.first { $0.strategy == .consistentHash(key: .request, balanceFactor: nil) }
        let bounded = row.first { $0.strategy == .consistentHash(key: .request, balanceFactor: 1.25) }
        let zipf: Bool = if case .zipf = base.workload?.keys { true } else { false }
        if zipf, let hash, let bounded, skewed.count == 1, skewed[0].strategy == hash.strategy {
            out += "Hashing on the Zipf-distributed keys is the exception: the hottest keys always land on the same server, so `hash` leaves its busiest server \(NumberFormat.fixed(hash.peakToAverage, decimals: 2))× the mean load (utilisation \(NumberFormat.percent(hash.maximumUtilisation, decimals: 0)))"
            out += bounded.peakToAverage < hash.peakToAverage
                ? "; bounded loads cap that at \(NumberFormat.fixed(bounded.peakToAverage, decimals: 2))× while keeping most keys on their server."
                : "; bounded loads leave it at \(NumberFormat.fixed(bounded.peakToAverage, decimals: 2))×."
            return out
        }
        let one = skewed.count == 1
        out += "The most uneven: \(names(skewed)) \(one ? "leaves its" : "leave their") busiest server \(NumberFormat.fixed(peak, decimals: 2))× the mean load (utilisation up to \(NumberFormat.percent(skewed.map(\.maximumUtilisation).max() ?? 0, decimals: 0)))"
        if let hash, let bounded, !skewed.contains(where: { $0.strategy == hash.strategy }) {
            out += "; `hash` \(NumberFormat.fixed(hash.peakToAverage, decimals: 2))×, `hash_bounded` \(NumberFormat.fixed(bounded.peakToAverage, decimals: 2))×"
        }
        out += "."
        return out
    }

    /// One slow server: which strategies' p99 the per-try timeout set and which stayed under it,
    /// each with what its figures show.
    func oneSlowText(_ row: [Cell], affected: String) -> String {
        var out = ""
        let timeout = configuration?.forwardTimeout.seconds ?? .infinity
        let retries = configuration?.retries ?? 0
        let timedOut = row.filter { $0.result.value(of: .p99) >= timeout }
        let under = row.filter { $0.result.value(of: .p99) < timeout }
        if !timedOut.isEmpty {
            out += "\(names(timedOut)) \(timedOut.count == 1 ? "keeps" : "keep") sending \(affected.markdownCode) its share until its queue is longer than the \(timeoutText) per-try timeout: "
            out += retries > 0
                ? "forwards time out and are retried (\(countRange(timedOut.map(Self.retried))) retries), "
                : "forwards time out and, with one try, fail (\(countRange(timedOut.map(\.errors))) errors), "
            if let passive = configuration?.passiveHealth {
                out += "passive health takes it out for fail_timeout after \(NumberFormat.cardinal(passive.maxFails)), and it comes back to fail again. "
            } else {
                out += "and without passive health it stays in rotation. "
            }
            out += "It ends up serving little (\(shares(timedOut, affected)))"
            out += retries > 0 ? ", yet p99 is the per-try timeout plus a retry. " : ". "
        }
        let adapting = under.filter { Self.countsConnections($0.strategy) }
        let blind = under.filter { !Self.countsConnections($0.strategy) }
        if !adapting.isEmpty {
            let retried = adapting.map(Self.retried)
            out += "\(names(adapting)) \(adapting.count == 1 ? "sends" : "send") it fewer requests as its connections pile up or its latency average rises (\(shares(adapting, affected))), so "
            var join = " and"
            if retries == 0, adapting.contains(where: { $0.errors > 0 }) {
                // With one try a timed-out forward is a failed request, never a retry: "nothing
                // times out" was read from retries that one try never makes.
                out += "only \(countRange(adapting.map(\.errors))) requests fail, each on the \(timeoutText) per-try timeout with one try\(takenOutClause(adapting, affected))"
                join = ";"
            } else {
                out += retried.allSatisfy { $0 == 0 }
                    ? "nothing times out"
                    : "only \(countRange(retried)) retries follow the per-try timeout"
            }
            out += "\(join) p99 stays at \(Self.durationRange(adapting.map { $0.result.value(of: .p99) })). "
        }
        if !blind.isEmpty {
            let retried = blind.map(Self.retried)
            if retries == 0, blind.contains(where: { $0.errors > 0 }) {
                out += "\(names(blind)) \(blind.count == 1 ? "keeps" : "keep") sending it its share until forwards to it outlast the \(timeoutText) per-try timeout: with one try each of them fails its request (\(countRange(blind.map(\.errors))) requests failed)\(takenOutClause(blind, affected)), "
                out += "so it ends up serving little (\(shares(blind, affected))), and p99 stays at \(Self.durationRange(blind.map { $0.result.value(of: .p99) })). "
            } else {
                out += "\(names(blind)) \(blind.count == 1 ? "keeps" : "keep") sending it its share (\(shares(blind, affected))), "
                out += retried.allSatisfy { $0 == 0 }
                    ? "but its queue stays short of the \(timeoutText) per-try timeout, so nothing times out"
                    : "but only \(countRange(retried)) retries follow the \(timeoutText) per-try timeout"
                out += ", and p99 stays at \(Self.durationRange(blind.map { $0.result.value(of: .p99) })). "
            }
        }
        out += "A health check does not notice a slow server; only the strategy, or a timeout, can."
        return out
    }

    /// How many times `server` was taken out of rotation in each of `cells`' runs: ", and it was
    /// taken out of rotation 3–4 times" (passive health, after max_fails timed-out forwards), or
    /// ", and it was never taken out of rotation"; "" when every count is zero and nothing says
    /// it could have been (no passive health).
    func takenOutClause(_ cells: [Cell], _ server: String) -> String {
        let counts = cells.map { cell in cell.result.balancer?.outOfRotation.filter { $0.server == server }.count ?? 0 }
        let low = counts.min() ?? 0, high = counts.max() ?? 0
        guard high > 0 else { return configuration?.passiveHealth == nil ? "" : ", and it was never taken out of rotation" }
        let times = low == high ? (low == 1 ? "once" : "\(NumberFormat.integer(low)) times") : "\(countRange(counts)) times"
        // Named only when passive health is the one mechanism that could have done it.
        let by = configuration?.healthCheck != nil ? "" : configuration?.passiveHealth.map { " (passive health, after \(NumberFormat.cardinal($0.maxFails)) failed forward\($0.maxFails == 1 ? "" : "s"))" } ?? ""
        return ", and it was taken out of rotation \(times)\(by)"
    }

    /// A crash and a return: what failed, what was retried, and which strategies stopped choosing
    /// the dead server before the timeouts told them.
    func crashText(_ row: [Cell], affected: String) -> String {
        var out = ""
        let errors = row.map(\.errors)
        let retries = row.map(Self.retried)
        let tries = (configuration?.retries ?? 0) + 1
        let passive = configuration?.passiveHealth
        guard tries > 1 else { return oneTryCrashText(row, affected: affected) }
        if errors.allSatisfy({ $0 == 0 }) {
            if retries.allSatisfy({ $0 == 0 }) {
                out += "No request failed and none was retried: no forward was lost with \(affected.markdownCode). "
            } else {
                out += "No request failed: each forward lost with \(affected.markdownCode), or sent to it before it was marked down, timed out after \(timeoutText) and was retried on another server"
                let most = row.filter { Self.retried($0) > (retries.min() ?? 0) * 2 + 5 }
                let tails = most.map { $0.result.value(of: .p999) }
                let timeout = configuration?.forwardTimeout.seconds ?? .infinity
                if !most.isEmpty, let low = tails.min(), let high = tails.max(), low >= timeout {
                    out += high <= timeout * 1.1
                        ? ", which is why the p99.9 of the strategies that retried most is about the per-try timeout"
                        : ", which is why the p99.9 of the strategies that retried most is above the per-try timeout"
                }
                out += ". "
            }
        } else {
            out += "Between \(NumberFormat.integer(errors.min() ?? 0)) and \(NumberFormat.integer(errors.max() ?? 0)) requests failed: "
            out += "those whose retry failed too. "
        }
        out += "Retries range from \(NumberFormat.integer(retries.min() ?? 0)) to \(NumberFormat.integer(retries.max() ?? 0))"
        guard retries.contains(where: { $0 > 0 }) else { return out + "." }
        if let passive {
            out += ": \(NumberFormat.cardinal(passive.maxFails)) timed-out forward\(passive.maxFails == 1 ? " marks" : "s mark") the server down (passive health)"
        }
        let fewest = row.filter { Self.retried($0) <= (retries.min() ?? 0) * 2 + 5 }
        let counting = fewest.filter { Self.countsConnections($0.strategy) }
        if !counting.isEmpty, fewest.count < row.count {
            out += "\(passive == nil ? ":" : ", but") strategies that count connections — \(names(counting)) — stop choosing the dead server as soon as its unanswered connections pile up, so only a handful of requests ever wait for the timeout"
        }
        out += "."
        if passive != nil { out += " After it is back, its first request after fail_timeout returns it to rotation." }
        return out
    }

    /// A crash and a return when every strategy has one try: nothing is retried, so the paragraph
    /// says what the lost forwards did — each failed its request — whether passive health took
    /// the dead server out, and which strategies failed fewer by choosing it less (it read
    /// "Retries range from 0 to 0", of retries one try never makes).
    func oneTryCrashText(_ row: [Cell], affected: String) -> String {
        let errors = row.map(\.errors)
        guard let most = errors.max(), most > 0 else { return "No request failed: no forward was lost with \(affected.markdownCode)." }
        let least = errors.min() ?? 0
        let failed = least == most ? "\(NumberFormat.counted(most, "request")) failed" : "Between \(NumberFormat.integer(least)) and \(NumberFormat.integer(most)) requests failed"
        var out = "\(failed): with one try, each forward lost with \(affected.markdownCode) failed its request\(takenOutClause(row, affected))."
        let fewest = row.filter { $0.errors <= least * 2 + 5 }
        let counting = fewest.filter { Self.countsConnections($0.strategy) }
        if !counting.isEmpty, fewest.count < row.count {
            out += " Strategies that count connections — \(names(counting)) — stop choosing the dead server as soon as its unanswered connections pile up, so only \(countRange(counting.map(\.errors))) of their requests failed."
        }
        let takenOut = row.contains { cell in cell.result.balancer?.outOfRotation.contains { $0.server == affected } == true }
        if configuration?.passiveHealth != nil, takenOut { out += " After it is back, its first request after fail_timeout returns it to rotation." }
        return out
    }
}
