import Reports

extension SweepReport {
    /// `report.json`: the same figures as the Markdown, every failing seed included. A variant's
    /// metrics are over its worlds that ran to their end (`stoppedEarly` counts those left out),
    /// and `comparisons` pair the seeds where both ran to their end. A metric no
    /// world of a variant measured is there with `n` 0 and its figures null; one measured once
    /// has a null `standardDeviation`, `interval` and `method` (a spread of one sample is
    /// undefined, and no method computed an interval). An
    /// expectation's `trials` are the worlds that checked it, `notChecked` those that stopped
    /// early; with none checked its `interval` is null.
    func json() -> String {
        struct Interval: Encodable { var low: Double; var high: Double }
        struct Metric: Encodable {
            var name: String, unit: String, n: Int, mean: Nullable<Double>, standardDeviation: Nullable<Double>, interval: Nullable<Interval>
            /// How the interval was computed; null with no interval.
            var method: Nullable<String>
            /// Whether the interval was cut at the metric's possible values.
            var clipped: Bool
            var minimum: Nullable<Double>, median: Nullable<Double>, maximum: Nullable<Double>
        }
        struct Rate: Encodable { var expectation: String; var held: Int; var trials: Int; var notChecked: Int; var interval: Nullable<Interval> }
        struct Failure: Encodable { var seed: UInt64; var reasons: [String]; var replay: String }
        struct Variant: Encodable {
            var label: String, overrides: [String], worlds: Int, passed: Int, passRate: Interval, stoppedEarly: Int
            var metrics: [Metric], expectations: [Rate], failures: [Failure]
        }
        struct Comparison: Encodable { var metric: String; var variant: Int; var against: Int; var pairs: Int; var meanDifference: Double; var p: Double; var verdict: String }
        struct Document: Encodable {
            var sweep: String, file: String, seeds: String, worlds: Int, confidence: Double
            var variants: [Variant], comparisons: [Comparison]
        }
        let document = Document(
            sweep: manifest.name, file: manifest.file, seeds: manifest.seeds, worlds: manifest.worlds, confidence: SampleSummary.confidence,
            variants: variants.enumerated().map { index, variant in
                Variant(label: variant.label, overrides: manifest.variants[index].overrides, worlds: variant.worlds, passed: variant.passRate.successes,
                        passRate: Interval(low: variant.passRate.range.lowerBound, high: variant.passRate.range.upperBound),
                        stoppedEarly: variant.stoppedEarly,
                        metrics: variant.metrics.map { metric in
                            let summary = metric.summary
                            return Metric(name: metric.metric.name, unit: metric.metric.unit, n: summary?.count ?? 0, mean: Nullable(summary?.mean),
                                          standardDeviation: Nullable(summary?.standardDeviation),
                                          interval: Nullable(summary?.interval.map { Interval(low: $0.lowerBound, high: $0.upperBound) }),
                                          method: Nullable(summary?.interval == nil ? nil : summary?.method.rawValue),
                                          clipped: summary?.isClipped ?? false, minimum: Nullable(summary?.minimum), median: Nullable(summary?.median),
                                          maximum: Nullable(summary?.maximum))
                        },
                        expectations: variant.expectations.map {
                            Rate(expectation: $0.text, held: $0.held, trials: $0.trials, notChecked: $0.notChecked,
                                 interval: Nullable($0.rate.map { Interval(low: $0.range.lowerBound, high: $0.range.upperBound) }))
                        },
                        failures: variant.failures.map { Failure(seed: $0.seed, reasons: $0.reasons, replay: $0.replay) })
            },
            comparisons: comparisons.map {
                Comparison(metric: $0.metric.name, variant: $0.first + 1, against: $0.second + 1, pairs: $0.pairs,
                           meanDifference: $0.result.meanDifference, p: $0.result.pValue, verdict: $0.result.verdict.rawValue)
            })
        return JSONReport.encode(document)
    }

    /// A figure in a CSV file: through ``NumberFormat``, no exponent, nine significant digits
    /// (at most nine decimals), trailing zeros dropped — `0.003399`, not Swift's
    /// `0.0033989999999999997`; `-0.000001`, not `-9.999999999999159e-07`.
    ///
    /// A figure that form cannot hold is written as it is, the shortest text that reads back as
    /// the same `Double` (`3.2e-12`, `-1e-10`, `1.2345678901234568e+18`): a non-zero one below
    /// 1e-9, which nine decimals wrote 0 or 0.000000001 (a mean difference of 1 ns over 300
    /// seeds, a tiny p-value), and one of 10¹⁵ or more, which ``NumberFormat`` writes with four significant
    /// digits (`1.235e18`, the digits past the fourth lost). Python's `float()` and a
    /// spreadsheet read both forms as numbers.
    static func csvNumber(_ value: Double) -> String {
        let fixed = NumberFormat.trimmed(value, maxDecimals: significantDecimals(value, digits: 9))
        guard value.isFinite, value != 0, abs(value) < 1e-9 || fixed.utf8.contains(UInt8(ascii: "e")) else { return fixed }
        return "\(value)"
    }

    /// A p-value in `comparisons.csv`, as ``csvNumber(_:)`` writes every figure: a tiny one is
    /// computed on the tail itself and written as it is (`1.1e-31`); 0 is kept for a difference
    /// that is the same on every seed.
    static func csvPValue(_ p: Double) -> String {
        csvNumber(p)
    }

    /// The decimals (0 … 9) that show `digits` significant digits of `value`.
    static func significantDecimals(_ value: Double, digits: Int) -> Int {
        var scaled = abs(value)
        guard scaled.isFinite, scaled > 0 else { return 0 }
        var threshold = 1.0
        for _ in 1..<max(digits, 1) { threshold *= 10 }
        var decimals = 0
        while scaled < threshold && decimals < 9 {
            scaled *= 10
            decimals += 1
        }
        return decimals
    }

    /// `metrics.csv`: one row per variant and metric; `clipped` says whether the interval was cut
    /// at the metric's possible values. A metric no world of the variant measured has `n` 0 and
    /// empty figures; one measured once an empty `std_dev` and interval. Either has an empty
    /// `method`: no interval was computed (a row of one seed read `t` beside empty bounds).
    func metricsCSV() -> String {
        var table = CSVTable(header: ["variant", "label", "metric", "unit", "n", "mean", "std_dev", "ci_low", "ci_high", "method", "min", "median", "max", "clipped"])
        for (index, variant) in variants.enumerated() {
            for metric in variant.metrics {
                let row = ["\(index + 1)", variant.label.reportText, metric.metric.name.reportText, metric.metric.unit.reportText]
                guard let summary = metric.summary else {
                    table.append(row + ["0", "", "", "", "", "", "", "", "", "false"])
                    continue
                }
                table.append(row + ["\(summary.count)", Self.csvNumber(summary.mean),
                                    summary.standardDeviation.map(Self.csvNumber) ?? "", summary.interval.map { Self.csvNumber($0.lowerBound) } ?? "",
                                    summary.interval.map { Self.csvNumber($0.upperBound) } ?? "",
                                    summary.interval == nil ? "" : summary.method.rawValue, Self.csvNumber(summary.minimum), Self.csvNumber(summary.median), Self.csvNumber(summary.maximum),
                                    "\(summary.isClipped)"])
            }
        }
        return table.rendered()
    }

    /// `expectations.csv`: one row per variant and expectation. `trials` are the worlds that
    /// checked it, `not_checked` those that stopped early; with none checked, `rate` and the
    /// Wilson bounds are empty.
    func expectationsCSV() -> String {
        var table = CSVTable(header: ["variant", "label", "expectation", "held", "trials", "not_checked", "rate", "wilson_low", "wilson_high"])
        for (index, variant) in variants.enumerated() {
            for expectation in variant.expectations {
                table.append(["\(index + 1)", variant.label.reportText, expectation.text.reportText, "\(expectation.held)", "\(expectation.trials)",
                              "\(expectation.notChecked)", expectation.rate.map { Self.csvNumber($0.proportion) } ?? "",
                              expectation.rate.map { Self.csvNumber($0.range.lowerBound) } ?? "", expectation.rate.map { Self.csvNumber($0.range.upperBound) } ?? ""])
            }
        }
        return table.rendered()
    }

    /// `failures.csv`: every failing world with why and how to replay it. Like every CSV file and
    /// `report.md` of a sweep, user text in it is ``Swift/String/reportText``: no raw control
    /// character; the replay is the command for any shell (``ShellQuoting/posixQuote(_:)``), whose
    /// one raw control character is a path's line break inside its quotes (and the cell's).
    func failuresCSV() -> String {
        var table = CSVTable(header: ["variant", "label", "seed", "reasons", "replay"])
        for (index, variant) in variants.enumerated() {
            for failure in variant.failures {
                table.append(["\(index + 1)", variant.label.reportText, "\(failure.seed)", failure.reasons.map(\.reportText).joined(separator: "; "), failure.replay])
            }
        }
        return table.rendered()
    }

    /// `comparisons.csv`: every paired comparison made.
    func comparisonsCSV() -> String {
        var table = CSVTable(header: ["metric", "variant", "against", "pairs", "mean_difference", "p", "verdict"])
        for comparison in comparisons {
            table.append([comparison.metric.name.reportText, "\(comparison.first + 1)", "\(comparison.second + 1)", "\(comparison.pairs)",
                          Self.csvNumber(comparison.result.meanDifference), Self.csvPValue(comparison.result.pValue), comparison.result.verdict.rawValue])
        }
        return table.rendered()
    }

    /// The metrics `intervals.svg` draws: those the expectations name, then the others that are
    /// not the same in every world, in the manifest's order, at most ``chartedMetrics``. An
    /// expectation names a metric as the expectation reader resolves it
    /// (``ScenarioLoader/resolveMetric(_:subsystems:at:)``): `balancer.success_ratio`, or bare
    /// (`success_ratio >= 0.999`, as files usually write it) the one metric of that name; a bare
    /// name was never matched, and the chart fell back to the varying metrics or "no charts".
    var chartedMetricIndexes: [Int] {
        let written = manifest.variants.flatMap(\.expectations).map { String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) }
        let bare = manifest.metrics.map { metric in metric.name.split(separator: ".", maxSplits: 1).last.map(String.init) ?? metric.name }
        let named = manifest.metrics.indices.filter { index in
            written.contains { $0 == manifest.metrics[index].name || ($0 == bare[index] && bare.filter { $0 == bare[index] }.count == 1) }
        }
        let varying = manifest.metrics.indices.filter { index in
            let values = variants.compactMap { $0.metrics[index].summary }
            return values.contains { $0.minimum != $0.maximum } || Set(values.map(\.mean)).count > 1
        }
        return Array((named + varying.filter { !named.contains($0) }).prefix(Self.chartedMetrics))
    }

    /// The most metrics `intervals.svg` draws.
    static let chartedMetrics = 9

    /// `intervals.svg`: one bar chart per charted metric, a bar per variant at its mean with its
    /// 95 % interval as an error bar.
    func chart() -> ChartGrid {
        let charts: [any Chart] = chartedMetricIndexes.map { index in
            let metric = manifest.metrics[index]
            let summaries = variants.map { $0.metrics[index].summary }
            return BarChart(
                title: metric.name, categories: variants.map(\.shortLabel),
                series: [.init("mean", values: summaries.map { $0?.mean ?? .nan }, errorBars: summaries.map { $0?.interval })],
                xAxisLabel: variants.count == 1 ? "all seeds" : "variant", yAxisLabel: Self.axisLabel(metric.unit),
                showsValueLabels: false, size: ChartSize(width: 420, height: 300))
        }
        return ChartGrid(title: "\(manifest.name): means with 95 % intervals over \(NumberFormat.counted(manifest.seedCount, "seed"))",
                         charts: charts, columns: min(3, max(charts.count, 1)))
    }

    private static func axisLabel(_ unit: String) -> String {
        switch unit {
        case "duration": return "seconds"
        case "rate": return "per second"
        case "boolean": return "share true"
        default: return unit
        }
    }
}
