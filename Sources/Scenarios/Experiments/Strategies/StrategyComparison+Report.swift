import Reports
import Simulator

extension StrategyComparison {
    /// `results/strategies/`: the report, a CSV of every cell, and the charts.
    public func bundle() -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("strategies/report.md", markdown())
        bundle.add("strategies/report.json", json())
        bundle.add("strategies/results.csv", resultsCSV())
        bundle.add("strategies/p99.svg", grid(title: "p99 response time by strategy (ms)", unit: "p99 (ms)", decimals: 1) { $0.result.value(of: .p99) * 1000 }.svg())
        bundle.add("strategies/utilisation.svg", grid(title: "busiest server's utilisation by strategy (%)", unit: "utilisation (%)", decimals: 0) { $0.maximumUtilisation * 100 }.svg())
        bundle.add("strategies/errors_retries.svg", errorsChart().svg())
        bundle.add("strategies/p99_seeds.svg", seedStudyChart().svg())
        bundle.add("strategies/p99_seeds.csv", seedStudyCSV())
        return bundle
    }

    func markdown() -> String {
        var out = "# Balancing strategies compared\n\n"
        out += "- seed: `\(base.seed)`\n- replay: \(ExperimentReport.replay(name: StrategiesExperiment.name, reading: [base.file]))\n"
        out += "- traffic: \(trafficLine)\n"
        if !base.summary.isEmpty { out += "- the file's description: “\(MarkdownTable.literal(base.summary))”\n" }
        if let balancer = base.balancer {
            let configuration = balancer.configuration
            out += "- balancer: per-try timeout \(DurationFormat.seconds(configuration.forwardTimeout.seconds)), \(NumberFormat.counted(configuration.retries + 1, "try", plural: "tries"))"
            if configuration.retries > 0 { out += " on \(Self.retryConditionsText(configuration.retryOn))" }
            if let passive = configuration.passiveHealth { out += ", max_fails=\(passive.maxFails) fail_timeout=\(DurationFormat.seconds(passive.failTimeout.seconds))" }
            out += "; the same for every strategy\n"
        }
        if let slowStartLine { out += "- \(slowStartLine)\n" }
        out += "\nEvery cell is one simulation of \(base.limits.duration.map { DurationFormat.seconds($0.seconds) } ?? "?") of traffic with seed \(base.seed); the digests and the commands that replay each cell alone are in `results.csv`. "
        out += "The section after the first table runs every cell with \(seedStudy.seeds.count) seeds and says which differences are noise.\n\n"
        out += "## p99 by strategy and situation\n\n"
        var summary = MarkdownTable(columns: [.text("strategy")] + situations.map { MarkdownTable.Column($0.name, alignment: .right, titleHoldsUserText: true) })
        for (index, strategy) in StrategyComparison.strategies.enumerated() {
            summary.append([strategy.name] + cells.map { DurationFormat.milliseconds($0[index].result.value(of: .p99)) })
        }
        out += summary.rendered() + "\n![p99 by strategy](p99.svg)\n\n![busiest server's utilisation](utilisation.svg)\n\n![errors and retries](errors_retries.svg)\n\n"
        out += seedStudyMarkdown()
        for (situation, row) in zip(situations, cells) {
            out += "## \(MarkdownTable.literal(situation.name)): \(MarkdownTable.literal(situation.summary))\n\n"
            var columns: [MarkdownTable.Column] = [.text("strategy"), .numeric("p50"), .numeric("p99"), .numeric("p99.9"), .numeric("errors"),
                                                   .numeric("retries"), .numeric("peak / mean served"), .numeric("busiest utilisation")]
            if let affected = situation.affected { columns.append(MarkdownTable.Column("share on \(affected)", alignment: .right, titleHoldsUserText: true)) }
            var table = MarkdownTable(columns: columns)
            for cell in row {
                var line = [cell.strategy.name, DurationFormat.milliseconds(cell.result.value(of: .p50)), DurationFormat.milliseconds(cell.result.value(of: .p99)),
                            DurationFormat.milliseconds(cell.result.value(of: .p999)), NumberFormat.integer(cell.errors),
                            NumberFormat.integer(cell.result.balancer?.retried ?? 0), NumberFormat.fixed(cell.peakToAverage, decimals: 2),
                            NumberFormat.percent(cell.maximumUtilisation, decimals: 1)]
                if let affected = situation.affected { line.append(NumberFormat.percent(cell.share(of: affected), decimals: 1)) }
                table.append(line)
            }
            out += table.rendered() + "\n" + commentary(situation, row) + "\n\n"
        }
        out += "## Reading the table\n\n" + conclusion() + "\n"
        return out
    }

    /// "slow_start (10.000 s) applies to the strategies that use weights; round_robin, ip_hash and
    /// hash ran without it", from the runs' own balancers, when the file sets `slow_start`; nil
    /// otherwise. The strategies that read no slow-start weight run without it
    /// (``Situation/world(strategy:)``), as a world file with both is refused.
    var slowStartLine: String? {
        guard let window = base.balancer?.configuration.slowStart?.window, let situation = situations.first else { return nil }
        let without = StrategyComparison.strategies.filter { situation.world(strategy: $0).balancer?.configuration.slowStart == nil }.map(\.name)
        guard !without.isEmpty else { return nil }
        let listed = without.count == 1 ? without[0] : without.dropLast().joined(separator: ", ") + " and " + (without.last ?? "")
        return "slow_start (\(DurationFormat.seconds(window.seconds))) applies to the strategies that use weights; \(listed) ran without it"
    }

    /// The traffic as the runs had it — "Poisson arrivals at 300 requests/s to 3 servers" — from
    /// the file's workload and servers: the header printed the file's description as the traffic,
    /// and a copy cut to 300 requests/s and 3 servers still read "1,000 requests/s … 4 servers".
    var trafficLine: String {
        let servers = "to \(NumberFormat.counted(base.servers.count, "server"))"
        switch base.workload?.arrivals {
        case .openLoop(let rate)?: return "Poisson arrivals at \(NumberFormat.trimmed(rate, maxDecimals: 3, grouping: true)) requests/s \(servers)"
        case .closedLoop(let users, _)?: return "a closed loop of \(NumberFormat.counted(users, "user")) \(servers)"
        case nil: return servers
        }
    }

    /// What one situation's table shows, from its numbers.
    func commentary(_ situation: Situation, _ row: [Cell]) -> String {
        let byP99 = row.sorted { $0.result.value(of: .p99) < $1.result.value(of: .p99) }
        guard let best = byP99.first, let worst = byP99.last else { return "" }
        func names(_ cells: [Cell]) -> String { cells.map { "`\($0.strategy.name)`" }.joined(separator: ", ") }
        // Percentiles are histogram buckets, so strategies often tie: every one at the extreme is named.
        let lowest = byP99.filter { $0.result.value(of: .p99) == best.result.value(of: .p99) }
        let highest = byP99.filter { $0.result.value(of: .p99) == worst.result.value(of: .p99) }
        var out = "Lowest p99: \(names(lowest)) (\(DurationFormat.milliseconds(best.result.value(of: .p99)))); highest: \(names(highest)) (\(DurationFormat.milliseconds(worst.result.value(of: .p99)))). "
        func shares(_ cells: [Cell], _ server: String) -> String {
            cells.map { "`\($0.strategy.name)` \(NumberFormat.percent($0.share(of: server), decimals: 1))" }.joined(separator: ", ")
        }
        switch situation.name {
        case "identical":
            out += identicalText(row)
        case "heterogeneous":
            guard let affected = situation.affected, let server = situation.scenario.servers.first(where: { $0.id.name == affected }) else { break }
            let capacities = situation.scenario.servers.map { Double($0.configuration.slots) * $0.configuration.speed }
            let fair = Double(server.configuration.slots) * server.configuration.speed / capacities.reduce(0, +)
            let over = row.filter { $0.share(of: affected) > fair * 1.2 }
            let within = row.filter { $0.share(of: affected) <= fair * 1.2 }
            out += Self.extremesSentence(situation.scenario)
            if !over.isEmpty {
                let one = over.count == 1
                out += "\(names(over)) \(one ? "ignores" : "ignore") its weight (\(shares(over, affected))), so it runs hottest (up to \(NumberFormat.percent(over.map(\.maximumUtilisation).max() ?? 0, decimals: 0)) utilisation) and sets \(one ? "its" : "their") p99. "
            }
            if !within.isEmpty {
                var reasons: [String] = []
                for cell in within where !reasons.contains(Self.heterogeneousMechanism(of: cell.strategy)) {
                    reasons.append(Self.heterogeneousMechanism(of: cell.strategy))
                }
                let ways = reasons.map { reason in "\(names(within.filter { Self.heterogeneousMechanism(of: $0.strategy) == reason })) \(reason)" }
                out += "\(over.isEmpty ? "Every strategy keeps" : "The others keep") it within its share (\(shares(within, affected))): \(ways.joined(separator: "; "))."
            }
        case "one slow":
            guard let affected = situation.affected else { break }
            out += oneSlowText(row, affected: affected)
        default:
            guard let affected = situation.affected else { break }
            out += crashText(row, affected: affected)
        }
        return out
    }

    private func conclusion() -> String {
        var wins: [String: Int] = [:]
        for row in cells {
            guard let best = row.map({ $0.result.value(of: .p99) }).min() else { continue }
            // A tie for the lowest p99 is a win for each strategy in it.
            for cell in row where cell.result.value(of: .p99) == best { wins[cell.strategy.name, default: 0] += 1 }
        }
        let worstRank = StrategyComparison.strategies.indices.map { index in
            (StrategyComparison.strategies[index].name, cells.map { row in
                row.sorted { $0.result.value(of: .p99) < $1.result.value(of: .p99) }.firstIndex { $0.strategy == StrategyComparison.strategies[index] } ?? 0
            }.max() ?? 0)
        }
        let robust = worstRank.filter { $0.1 <= 2 }.map { "`\($0.0)`" }
        let tied = wins.values.reduce(0, +) > cells.count
        var out = "Best p99 per situation\(tied ? " (a tie is a win for each strategy in it)" : ""): " + wins.sorted { $0.key < $1.key }.map { "`\($0.key)` in \($0.value)" }.joined(separator: ", ") + ". "
        out += robust.isEmpty ? "No strategy is among the three best in every situation. " : "Among the three best in every situation: \(robust.joined(separator: ", ")). "
        out += lessonsSentence()
        return out
    }

    /// The conclusion's last sentence, each clause tested on the figures: that the strategies
    /// looking at load kept p99 at or below the median of every situation with unequal, slow or
    /// failing servers; that weights in proportion kept the weakest server within its share; that
    /// hashing on skewed keys was the most uneven on identical servers, and bounded loads less so.
    /// A clause that does not hold says what the figures show instead.
    func lessonsSentence() -> String {
        let loadLooking: [BalancingStrategyKind] = [.leastConnections, .leastRequest, .healthBased]
        var lagging: [String] = []
        for (situation, row) in zip(situations, cells) where situation.name != "identical" {
            let p99s = row.map { $0.result.value(of: .p99) }
            guard !p99s.isEmpty else { continue }
            // The statistics' one median (the mean of the middle two for an even count).
            let median = SampleSummary(p99s).median
            for cell in row where loadLooking.contains(cell.strategy) && cell.result.value(of: .p99) > median {
                lagging.append("`\(cell.strategy.name)` in \(MarkdownTable.literal(situation.name)) (p99 \(DurationFormat.milliseconds(cell.result.value(of: .p99))), the median \(DurationFormat.milliseconds(median)))")
            }
        }
        var clauses: [String] = []
        clauses.append(lagging.isEmpty
            ? "Strategies that look at load (connections, latency) adapt to heterogeneous, slow and failing servers without configuration"
            : "Strategies that look at load (connections, latency) did not all adapt here: above the median p99 were \(ClaimCheck.list(lagging))")
        if let index = situations.firstIndex(where: { $0.name == "heterogeneous" }), let weakest = situations[index].affected,
           let server = situations[index].scenario.servers.first(where: { $0.id.name == weakest }),
           let weighted = cells[index].first(where: { $0.strategy == .weightedRoundRobin }) {
            let total = situations[index].scenario.servers.reduce(0.0) { $0 + Double($1.configuration.slots) * $1.configuration.speed }
            let fair = total > 0 ? Double(server.configuration.slots) * server.configuration.speed / total : 0
            clauses.append(weighted.share(of: weakest) <= fair * 1.2
                ? "weighted strategies need weights that match capacity"
                : "weights in proportion to speed did not keep `\(weakest)` within its \(NumberFormat.percent(fair, decimals: 1)) of the capacity under `weighted_round_robin` (\(NumberFormat.percent(weighted.share(of: weakest), decimals: 1)))")
        }
        if let identical = cells.first, let hash = identical.first(where: { $0.strategy == .consistentHash(key: .request, balanceFactor: nil) }),
           let bounded = identical.first(where: { $0.strategy == .consistentHash(key: .request, balanceFactor: 1.25) }) {
            let zipf: Bool = if case .zipf = base.workload?.keys { true } else { false }
            let others = identical.filter { $0.strategy != hash.strategy }.map(\.peakToAverage).max() ?? 0
            let affinity = "hashing strategies buy affinity (a key or a client keeps its server)"
            let ratio = { (cell: Cell) in NumberFormat.fixed(cell.peakToAverage, decimals: 2) + "×" }
            if zipf && hash.peakToAverage > others {
                clauses.append(bounded.peakToAverage < hash.peakToAverage
                    ? "\(affinity) at the price of imbalance under skewed keys, which bounded loads limits"
                    : "\(affinity) at the price of imbalance under skewed keys, which bounded loads did not limit here (`hash` \(ratio(hash)), `hash_bounded` \(ratio(bounded)))")
            } else {
                clauses.append("\(affinity); on \(zipf ? "these skewed" : "these evenly drawn") keys `hash` was not the most uneven on identical servers (`hash` \(ratio(hash)) the mean load at its busiest server, up to \(NumberFormat.fixed(others, decimals: 2))× for the others)")
            }
        }
        return clauses.joined(separator: "; ") + "."
    }

    /// A grid of one bar chart per situation, each strategy a bar.
    private func grid(title: String, unit: String, decimals: Int, value: (Cell) -> Double) -> ChartGrid {
        let charts = zip(situations, cells).map { situation, row in
            BarChart(title: situation.name, categories: row.map(\.strategy.name), series: [.init(unit, values: row.map(value))],
                     xAxisLabel: "strategy", yAxisLabel: unit, valueDecimals: decimals, size: .init(width: 560, height: 400))
        }
        return ChartGrid(title: "Strategies compared: \(title)", charts: charts, columns: 2)
    }

    private func errorsChart() -> ChartGrid {
        let charts = zip(situations, cells).map { situation, row in
            BarChart(title: situation.name, categories: row.map(\.strategy.name),
                     series: [.init("errors", values: row.map { Double($0.errors) }), .init("retries", values: row.map { Double($0.result.balancer?.retried ?? 0) })],
                     xAxisLabel: "strategy", yAxisLabel: "requests", size: .init(width: 560, height: 400))
        }
        return ChartGrid(title: "Strategies compared: failed requests and retries", charts: charts, columns: 2)
    }

    func resultsCSV() -> String {
        var table = CSVTable(header: ["situation", "strategy", "digest", "p50_seconds", "p99_seconds", "p999_seconds", "errors", "retries", "peak_to_average", "max_utilisation",
                                             "affected_server", "share_on_affected", "replay"])
        for (situation, row) in zip(situations, cells) {
            for cell in row {
                table.append([situation.name, cell.strategy.name, cell.result.digest, NumberFormat.fixed(cell.result.value(of: .p50), decimals: 6),
                              NumberFormat.fixed(cell.result.value(of: .p99), decimals: 6), NumberFormat.fixed(cell.result.value(of: .p999), decimals: 6),
                              String(cell.errors), String(cell.result.balancer?.retried ?? 0), NumberFormat.fixed(cell.peakToAverage, decimals: 4),
                              NumberFormat.fixed(cell.maximumUtilisation, decimals: 4), situation.affected ?? "",
                              situation.affected.map { NumberFormat.fixed(cell.share(of: $0), decimals: 4) } ?? "",
                              RunReplay.command(file: base.file, world: situation.world(strategy: cell.strategy), seed: cell.result.seed) ?? ""])
            }
        }
        return table.rendered()
    }

    /// "`s1`, the strongest (speed 2), has 44.4% of the capacity; `s4`, the weakest (speed 0.5),
    /// 11.1%. ": the heterogeneous situation's servers with the least and the most capacity
    /// (slots × speed), named from its speeds — tied servers together, with their share each.
    static func extremesSentence(_ scenario: Scenario) -> String {
        let (weakest, strongest) = capacityExtremes(scenario)
        let total = scenario.servers.reduce(0.0) { $0 + Double($1.configuration.slots) * $1.configuration.speed }
        func describe(_ servers: [Scenario.Server], _ word: String) -> (names: String, share: String) {
            let names = ClaimCheck.list(servers.map { $0.id.name.markdownCode })
            let speeds = Set(servers.map(\.configuration.speed))
            let speed = speeds.count == 1 ? "speed \(NumberFormat.trimmed(servers[0].configuration.speed, maxDecimals: 2))" : "speeds " + servers.map { NumberFormat.trimmed($0.configuration.speed, maxDecimals: 2) }.joined(separator: ", ")
            let one = servers.first.map { Double($0.configuration.slots) * $0.configuration.speed } ?? 0
            let share = NumberFormat.percent(total > 0 ? one / total : 0, decimals: 1)
            return ("\(names), the \(word) (\(speed))", share)
        }
        guard !weakest.isEmpty, !strongest.isEmpty else { return "" }
        let weak = describe(weakest, "weakest"), strong = describe(strongest, "strongest")
        return "\(strong.names), \(strongest.count == 1 ? "has" : "have") \(strong.share) of the capacity\(strongest.count > 1 ? " each" : ""); \(weak.names), \(weak.share)\(weakest.count > 1 ? " each" : ""). "
    }

    /// How `kind` keeps a weaker server within its share of the load, for the heterogeneous
    /// situation's prose (the strategies named come from the figures; only the reasons are text).
    static func heterogeneousMechanism(of kind: BalancingStrategyKind) -> String {
        switch kind {
        case .weightedRoundRobin, .random, .ipHash: "by its weight"
        case .consistentHash: "by its weight, which gives it its share of the ring's points"
        case .leastConnections, .leastRequest: "by its connections, which last longer on a slow server"
        case .healthBased: "by its latency"
        case .roundRobin: "by chance: a plain rotation ignores weights"
        }
    }
}
