import Reports

extension SweepReport {
    /// `report.json`: the same figures as the Markdown, every failing seed included.
    func json() -> String {
        struct Interval: Encodable { var low: Double; var high: Double }
        struct Metric: Encodable {
            var name: String, unit: String, n: Int, mean: Double, standardDeviation: Double, interval: Interval?, method: String
            /// Whether the interval was cut at the metric's possible values.
            var clipped: Bool
            var minimum: Double, median: Double, maximum: Double
        }
        struct Rate: Encodable { var expectation: String; var held: Int; var trials: Int; var interval: Interval }
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
                        metrics: variant.metrics.compactMap { metric in
                            metric.summary.map { summary in
                                Metric(name: metric.metric.name, unit: metric.metric.unit, n: summary.count, mean: summary.mean,
                                       standardDeviation: summary.standardDeviation,
                                       interval: summary.interval.map { Interval(low: $0.lowerBound, high: $0.upperBound) }, method: summary.method.rawValue,
                                       clipped: summary.isClipped, minimum: summary.minimum, median: summary.median, maximum: summary.maximum)
                            }
                        },
                        expectations: variant.expectations.map {
                            Rate(expectation: $0.text, held: $0.rate.successes, trials: $0.rate.trials,
                                 interval: Interval(low: $0.rate.range.lowerBound, high: $0.rate.range.upperBound))
                        },
                        failures: variant.failures.map { Failure(seed: $0.seed, reasons: $0.reasons, replay: $0.replay) })
            },
            comparisons: comparisons.map {
                Comparison(metric: $0.metric.name, variant: $0.first + 1, against: $0.second + 1, pairs: $0.pairs,
                           meanDifference: $0.result.meanDifference, p: $0.result.pValue, verdict: $0.result.verdict.rawValue)
            })
        return JSONReport.encode(document)
    }

    /// `metrics.csv`: one row per variant and metric measured; `clipped` says whether the interval
    /// was cut at the metric's possible values.
    func metricsCSV() -> String {
        var table = CSVTable(header: ["variant", "label", "metric", "unit", "n", "mean", "std_dev", "ci_low", "ci_high", "method", "min", "median", "max", "clipped"])
        for (index, variant) in variants.enumerated() {
            for metric in variant.metrics {
                guard let summary = metric.summary else { continue }
                table.append(["\(index + 1)", variant.label.reportText, metric.metric.name.reportText, metric.metric.unit.reportText, "\(summary.count)", "\(summary.mean)",
                              "\(summary.standardDeviation)", summary.interval.map { "\($0.lowerBound)" } ?? "", summary.interval.map { "\($0.upperBound)" } ?? "",
                              summary.method.rawValue, "\(summary.minimum)", "\(summary.median)", "\(summary.maximum)", "\(summary.isClipped)"])
            }
        }
        return table.rendered()
    }

    /// `expectations.csv`: one row per variant and expectation.
    func expectationsCSV() -> String {
        var table = CSVTable(header: ["variant", "label", "expectation", "held", "trials", "rate", "wilson_low", "wilson_high"])
        for (index, variant) in variants.enumerated() {
            for expectation in variant.expectations {
                table.append(["\(index + 1)", variant.label.reportText, expectation.text.reportText, "\(expectation.rate.successes)", "\(expectation.rate.trials)",
                              "\(expectation.rate.proportion)", "\(expectation.rate.range.lowerBound)", "\(expectation.rate.range.upperBound)"])
            }
        }
        return table.rendered()
    }

    /// `failures.csv`: every failing world with why and how to replay it. Like every CSV file and
    /// `report.md` of a sweep, user text in it is ``Swift/String/reportText``: no raw control
    /// character.
    func failuresCSV() -> String {
        var table = CSVTable(header: ["variant", "label", "seed", "reasons", "replay"])
        for (index, variant) in variants.enumerated() {
            for failure in variant.failures {
                table.append(["\(index + 1)", variant.label.reportText, "\(failure.seed)", failure.reasons.map(\.reportText).joined(separator: "; "), failure.replay.reportText])
            }
        }
        return table.rendered()
    }

    /// `comparisons.csv`: every paired comparison made.
    func comparisonsCSV() -> String {
        var table = CSVTable(header: ["metric", "variant", "against", "pairs", "mean_difference", "p", "verdict"])
        for comparison in comparisons {
            table.append([comparison.metric.name.reportText, "\(comparison.first + 1)", "\(comparison.second + 1)", "\(comparison.pairs)",
                          "\(comparison.result.meanDifference)", "\(comparison.result.pValue)", comparison.result.verdict.rawValue])
        }
        return table.rendered()
    }

    /// The metrics `intervals.svg` draws: those the expectations name, then the others that are
    /// not the same in every world, in the manifest's order, at most ``chartedMetrics``.
    var chartedMetricIndexes: [Int] {
        let texts = manifest.variants.flatMap(\.expectations)
        let named = manifest.metrics.indices.filter { index in texts.contains { $0.hasPrefix(manifest.metrics[index].name + " ") } }
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
        return ChartGrid(title: "\(manifest.name): means with 95 % intervals over \(NumberFormat.integer(manifest.seedCount)) seeds",
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
