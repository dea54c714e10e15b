import Reports

/// Every strategy in every situation again over ``SeedStudy/seedCount`` seeds, so that the report can say
/// which differences in p99 are real and which are seed-to-seed noise: per cell the mean p99 with
/// a 95 % bootstrap interval, and per situation, by paired t-tests over the shared seeds, which
/// strategies are indistinguishable from the best and from each other.
public struct StrategySeedStudy: Sendable {
    /// The seeds, the experiment's own first.
    public var seeds: [UInt64]
    /// `p99[s][k][i]`: situation `s`, strategy `k`, seed `i`, in seconds.
    public var p99: [[[Double]]]

    /// One situation's verdicts.
    public struct Verdicts: Sendable, Equatable {
        /// The strategy with the lowest mean p99.
        public var best: Int
        /// The others whose p99 does not differ significantly from the best's.
        public var likeBest: [Int]
        /// Other pairs (neither the best) that do not differ significantly.
        public var indistinguishablePairs: [(Int, Int)]

        public static func == (a: Verdicts, b: Verdicts) -> Bool {
            a.best == b.best && a.likeBest == b.likeBest && a.indistinguishablePairs.map { [$0.0, $0.1] } == b.indistinguishablePairs.map { [$0.0, $0.1] }
        }
    }

    /// The verdicts for one situation's samples, one list per strategy, paired by seed.
    public static func verdicts(_ samples: [[Double]]) -> Verdicts {
        let means = samples.map { SampleSummary($0).mean }
        let best = means.indices.min { means[$0] < means[$1] } ?? 0
        func same(_ a: Int, _ b: Int) -> Bool {
            let verdict = PairedComparison(samples[a], samples[b]).verdict
            return verdict == .identical || verdict == .indistinguishable
        }
        let likeBest = samples.indices.filter { $0 != best && same($0, best) }
        var pairs: [(Int, Int)] = []
        for a in samples.indices where a != best {
            for b in samples.indices where b > a && b != best && same(a, b) { pairs.append((a, b)) }
        }
        return Verdicts(best: best, likeBest: likeBest, indistinguishablePairs: pairs)
    }
}

extension StrategyComparison {
    /// The report's section on the seed study.
    func seedStudyMarkdown() -> String {
        let study = seedStudy
        let names = StrategyComparison.strategies.map(\.name)
        var out = "## p99 across \(study.seeds.count) seeds\n\n"
        out += "Every cell again with seeds \(study.seeds.first ?? 0) … \(study.seeds.last ?? 0): the mean p99 and its 95 % interval "
        out += "(percentile bootstrap, \(NumberFormat.integer(SampleSummary.bootstrapResamples)) resamples). Strategies are compared by a paired "
        out += "t-test on the per-seed p99 (5 % level): every strategy sees the same arrivals for a given seed.\n\n"
        var table = MarkdownTable(columns: [.text("strategy")] + situations.map { MarkdownTable.Column($0.name, alignment: .right, titleHoldsUserText: true) })
        let columns = study.p99.map(Self.seedStudyColumn)
        for index in names.indices { table.append([names[index]] + columns.map { $0[index] }) }
        out += table.rendered() + "\n![p99 across seeds](p99_seeds.svg)\n\n"
        for (situation, samples) in zip(situations, study.p99) {
            let verdicts = StrategySeedStudy.verdicts(samples)
            out += "- **\(situation.name)**: lowest mean p99 `\(names[verdicts.best])`; "
            out += verdicts.likeBest.isEmpty
                ? "every other strategy is significantly slower. "
                : "indistinguishable from it: \(verdicts.likeBest.map { "`\(names[$0])`" }.joined(separator: ", ")). "
            if !verdicts.indistinguishablePairs.isEmpty {
                out += "Also indistinguishable from each other: \(verdicts.indistinguishablePairs.map { "`\(names[$0.0])` and `\(names[$0.1])`" }.joined(separator: ", ")). "
            }
            out += "Every other difference is significant.\n"
        }
        return out + "\n"
    }

    /// One situation's cells, a strategy each: the mean p99 and its interval, all in the one unit
    /// of a latency column (``LatencyColumn``) chosen from the largest figure the column prints —
    /// milliseconds under ten seconds, seconds from there, so a cell never reads
    /// `12,345.678 ms` and a column's figures stay comparable down it.
    static func seedStudyColumn(_ samples: [[Double]]) -> [String] {
        let summaries = samples.map { SampleSummary($0, bootstrap: true) }
        let unit = seedStudyUnit(summaries)
        return summaries.map { summary in
            unit.text(summary.mean) + (summary.interval.map { " (\(unit.text($0.lowerBound)) … \(unit.text($0.upperBound)))" } ?? "")
        }
    }

    /// The one unit of a situation's column (``LatencyColumn``): chosen from the largest figure
    /// it prints, a mean or an interval's bound — the table's column and the chart's axis alike.
    static func seedStudyUnit(_ summaries: [SampleSummary]) -> LatencyColumn.Unit {
        LatencyColumn.unit(largest: summaries.flatMap { [$0.mean] + ($0.interval.map { [$0.lowerBound, $0.upperBound] } ?? []) }.max())
    }

    /// `p99_seeds.svg`: per situation, each strategy's mean p99 with its interval, in the unit of
    /// that situation's column of the table beside it (``seedStudyUnit(_:)``).
    func seedStudyChart() -> ChartGrid {
        let charts = zip(situations, seedStudy.p99).map { situation, row in
            let summaries = row.map { SampleSummary($0, bootstrap: true) }
            let unit = Self.seedStudyUnit(summaries)
            let scale = unit == .milliseconds ? 1000.0 : 1, symbol = unit == .milliseconds ? "ms" : "s"
            return BarChart(title: situation.name, categories: StrategyComparison.strategies.map(\.name),
                            series: [.init("p99 (\(symbol))", values: summaries.map { $0.mean * scale },
                                           errorBars: summaries.map { $0.interval.map { ($0.lowerBound * scale)...($0.upperBound * scale) } })],
                            xAxisLabel: "strategy", yAxisLabel: "mean p99 (\(symbol))", showsValueLabels: false, size: .init(width: 560, height: 400))
        }
        return ChartGrid(title: "Strategies compared: mean p99 over \(seedStudy.seeds.count) seeds with 95 % intervals", charts: charts, columns: 2)
    }

    /// `p99_seeds.csv`: every seed's p99 for every cell.
    func seedStudyCSV() -> String {
        var table = CSVTable(header: ["situation", "strategy", "seed", "p99_seconds"])
        for (situation, row) in zip(situations, seedStudy.p99) {
            for (index, samples) in row.enumerated() {
                for (seed, value) in zip(seedStudy.seeds, samples) {
                    table.append([situation.name, StrategyComparison.strategies[index].name, "\(seed)", NumberFormat.fixed(value, decimals: 6)])
                }
            }
        }
        return table.rendered()
    }
}
