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
        out += "- traffic: \(base.summary)\n"
        if let balancer = base.balancer {
            let configuration = balancer.configuration
            out += "- balancer: per-try timeout \(configuration.forwardTimeout.formattedSeconds), \(NumberFormat.counted(configuration.retries + 1, "try", plural: "tries"))"
            if configuration.retries > 0 { out += " on \(Self.retryConditionsText(configuration.retryOn))" }
            if let passive = configuration.passiveHealth { out += ", max_fails=\(passive.maxFails) fail_timeout=\(passive.failTimeout.formattedSeconds)" }
            out += "; the same for every strategy\n"
        }
        out += "\nEvery cell is one simulation of \(base.limits.duration?.formattedSeconds ?? "?") of traffic with seed \(base.seed); the digests are in `results.csv`. "
        out += "The section after the first table runs every cell with \(seedStudy.seeds.count) seeds and says which differences are noise.\n\n"
        out += "## p99 by strategy and situation\n\n"
        var summary = MarkdownTable(columns: [.text("strategy")] + situations.map { .numeric($0.name) })
        for (index, strategy) in StrategyComparison.strategies.enumerated() {
            summary.append([strategy.name] + cells.map { DurationFormat.milliseconds($0[index].result.value(of: .p99)) })
        }
        out += summary.rendered() + "\n![p99 by strategy](p99.svg)\n\n![busiest server's utilisation](utilisation.svg)\n\n![errors and retries](errors_retries.svg)\n\n"
        out += seedStudyMarkdown()
        for (situation, row) in zip(situations, cells) {
            out += "## \(situation.name): \(situation.summary)\n\n"
            var columns: [MarkdownTable.Column] = [.text("strategy"), .numeric("p50"), .numeric("p99"), .numeric("p99.9"), .numeric("errors"),
                                                   .numeric("retries"), .numeric("peak / mean served"), .numeric("busiest utilisation")]
            if let affected = situation.affected { columns.append(.numeric("share on \(affected)")) }
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
            out += "`\(affected)` has \(NumberFormat.percent(fair, decimals: 1)) of the capacity. "
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
        out += "Strategies that look at load (connections, latency) adapt to heterogeneous, slow and failing servers without configuration; weighted strategies need weights that match capacity; hashing strategies buy affinity (a key or a client keeps its server) at the price of imbalance under skewed keys, which bounded loads limits."
        return out
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
                                             "affected_server", "share_on_affected"])
        for (situation, row) in zip(situations, cells) {
            for cell in row {
                table.append([situation.name, cell.strategy.name, cell.result.digest, NumberFormat.fixed(cell.result.value(of: .p50), decimals: 6),
                              NumberFormat.fixed(cell.result.value(of: .p99), decimals: 6), NumberFormat.fixed(cell.result.value(of: .p999), decimals: 6),
                              String(cell.errors), String(cell.result.balancer?.retried ?? 0), NumberFormat.fixed(cell.peakToAverage, decimals: 4),
                              NumberFormat.fixed(cell.maximumUtilisation, decimals: 4), situation.affected ?? "",
                              situation.affected.map { NumberFormat.fixed(cell.share(of: $0), decimals: 4) } ?? ""])
            }
        }
        return table.rendered()
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
