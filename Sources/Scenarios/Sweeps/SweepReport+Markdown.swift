import Foundation
import Reports

extension SweepReport {
    /// At most this many failing seeds are listed per variant in the Markdown (all are in
    /// `failures.csv` and `report.json`).
    static let listedFailures = 20

    /// `report.md`.
    func markdown() -> String {
        var out = "# Sweep: \(MarkdownTable.literal(manifest.name.reportText))\n\n"
        if !manifest.description.isEmpty { out += "\(MarkdownTable.literal(manifest.description.reportText, opensBlock: true))\n\n" }
        out += "\(manifest.file.reportText.markdownCode), seeds \(manifest.seeds) (\(NumberFormat.integer(manifest.seedCount))), "
        out += "\(NumberFormat.counted(manifest.variants.count, "variant")), \(NumberFormat.counted(manifest.worlds, "world")). "
        out += "Intervals are 95 %: Student's t for means, a percentile bootstrap (\(NumberFormat.integer(SampleSummary.bootstrapResamples)) resamples) "
        out += "for tail percentiles and maxima, Wilson for pass rates. Variants share their seeds, so differences are tested pairwise by seed "
        out += "(paired t-test, 5 % level). An interval is cut at the values its metric can take (marked *clipped*): durations, counts "
        out += "and rates at 0, shares and booleans at 0 and 1.\n\n"
        out += variantsSection()
        out += differencesSection()
        for (index, variant) in variants.enumerated() {
            out += "## \(variants.count == 1 ? "Metrics" : "Variant \(index + 1): \(MarkdownTable.literal(variant.label.reportText))")\n\n"
            out += metricsTable(variant)
            if !variant.expectations.isEmpty { out += expectationsTable(variant) }
            out += failuresList(variant)
        }
        return out
    }

    private func variantsSection() -> String {
        var table = MarkdownTable(columns: [.numeric("#"), .text("variant"), .numeric("worlds"), .numeric("passed"),
                                            .text("pass rate [95 % CI]"), .numeric("stopped early")])
        for (index, variant) in variants.enumerated() {
            table.append(cells: [.markdown("\(index + 1)"), .text(variant.label.reportText), .markdown(NumberFormat.integer(variant.worlds)),
                                 .markdown(NumberFormat.integer(variant.passRate.successes)),
                                 .markdown("\(NumberFormat.percent(variant.passRate.proportion)) [\(variant.passRate.percentRange)]"),
                                 .markdown(NumberFormat.integer(variant.stoppedEarly))])
        }
        return "## Variants\n\n" + table.rendered() + "\n"
    }

    private func differencesSection() -> String {
        guard variants.count > 1 else { return "" }
        var out = "## Differences between variants\n\n" + comparedPairsParagraph()
        let significant = comparisons.filter { $0.result.verdict == .lower || $0.result.verdict == .higher }
        if comparisons.isEmpty && (unpaired > 0 || !sameInEveryWorld.isEmpty) {
            // Not "no metric differs": nothing was compared. A metric the same in every world is
            // still named below (a sweep of one seed).
            if unpaired > 0 {
                out += "No comparison could be made: a paired comparison needs two or more seeds that measured the metric in both variants, "
                out += "and no two variants have them (the sweep ran \(NumberFormat.counted(manifest.seedCount, "seed"))).\n\n"
            }
        } else if significant.isEmpty {
            out += "No metric differs between any two variants by more than seed-to-seed noise.\n\n"
        } else {
            var table = MarkdownTable(columns: [.userText("metric"), .text("variant"), .text("than variant"), .numeric("mean difference"),
                                                .numeric("p"), .text("verdict")])
            for comparison in significant {
                let unit = MetricUnit(name: comparison.metric.unit) ?? .ratio
                table.append([comparison.metric.name.reportText, "\(comparison.first + 1)", "\(comparison.second + 1)",
                              Self.signed(comparison.result.meanDifference, unit), PairedComparison.pValueText(comparison.result.pValue),
                              comparison.result.verdict.rawValue])
            }
            out += table.rendered() + "\n"
        }
        var lines: [String] = []
        if !sameInEveryWorld.isEmpty {
            let named = sameInEveryWorld.map { index in
                let metric = manifest.metrics[index]
                let value = variants.lazy.compactMap { $0.metrics[index].summary?.minimum }.first ?? 0
                return "`\(metric.name.reportText)` (\(Self.exact(MetricUnit(name: metric.unit) ?? .ratio, value)))"
            }
            lines.append("- Every world that ran to its end measured the same value of \(named.joined(separator: ", ")): no variant differs from another in \(named.count == 1 ? "it" : "them").")
        }
        // Named once above, not in every pair's list.
        let alike = Set(sameInEveryWorld.map { manifest.metrics[$0].name })
        for (first, second) in Set(comparisons.map { [$0.first, $0.second] }).sorted(by: { $0.lexicographicallyPrecedes($1) }).map({ ($0[0], $0[1]) }) {
            let pair = comparisons.filter { $0.first == first && $0.second == second }
            let identical = pair.filter { $0.result.verdict == .identical && !alike.contains($0.metric.name) }
            if !identical.isEmpty {
                lines.append("- Variants \(first + 1) and \(second + 1) are identical in every seed both measured in \(Self.names(identical)).")
            }
            let same = pair.filter { $0.result.verdict == .indistinguishable }
            if !same.isEmpty {
                lines.append("- Variants \(first + 1) and \(second + 1) are indistinguishable in \(Self.names(same)).")
            }
        }
        if unpaired > 0 && !comparisons.isEmpty {
            lines.append("- \(NumberFormat.counted(unpaired, "comparison")) could not be made: fewer than two seeds measured the metric in both variants.")
        }
        return out + lines.map { $0 + "\n" }.joined() + (lines.isEmpty ? "" : "\n")
    }

    /// What was compared with what, when not every pair of variants on every seed: with more
    /// than ``maximumAllPairs`` variants each against variant 1 only; with worlds that stopped
    /// early, the seeds where both ran to their end.
    private func comparedPairsParagraph() -> String {
        var sentences: [String] = []
        if comparesWithFirstOnly {
            let allPairs = variants.count * (variants.count - 1) / 2
            sentences.append("\(NumberFormat.integer(variants.count)) variants: each is compared with variant 1 only (\(NumberFormat.counted(variants.count - 1, "pair"))); "
                             + "every pair is compared only up to \(Self.maximumAllPairs) variants (all pairs here would be \(NumberFormat.integer(allPairs))).")
        }
        let stopped = variants.reduce(0) { $0 + $1.stoppedEarly }
        if stopped > 0 {
            sentences.append("\(NumberFormat.counted(stopped, "world")) that stopped early \(stopped == 1 ? "is" : "are") left out: two variants are compared "
                             + "on the seeds where both worlds ran to their end.")
        }
        return sentences.isEmpty ? "" : sentences.joined(separator: " ") + "\n\n"
    }

    /// The metrics of `comparisons`, as code: `` `a`, `b` ``.
    private static func names(_ comparisons: [Comparison]) -> String {
        comparisons.map { "`\($0.metric.name.reportText)`" }.joined(separator: ", ")
    }

    private func metricsTable(_ variant: VariantSummary) -> String {
        var table = MarkdownTable(columns: [.userText("metric"), .numeric("n"), .numeric("mean"), .numeric("std dev"), .text("95 % CI"),
                                            .numeric("min"), .numeric("median"), .numeric("max")])
        for metric in variant.metrics {
            guard let summary = metric.summary else {
                // Measured by no world of the variant: there, with nothing to show.
                table.append([metric.metric.name.reportText, "0", "—", "—", "—", "—", "—", "—"])
                continue
            }
            let unit = MetricUnit(name: metric.metric.unit) ?? .ratio
            let notes = [summary.method == .bootstrap ? "bootstrap" : nil, summary.isClipped ? "*clipped*" : nil].compactMap { $0 }
            let interval = summary.interval.map { "\(Self.acrossSeeds(unit, $0.lowerBound)) … \(Self.acrossSeeds(unit, $0.upperBound))\(notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")" } ?? "—"
            table.append([metric.metric.name.reportText, NumberFormat.integer(summary.count), Self.acrossSeeds(unit, summary.mean),
                          summary.standardDeviation.map { Self.acrossSeeds(unit, $0) } ?? "—",
                          interval, Self.format(unit, summary.minimum), Self.acrossSeeds(unit, summary.median), Self.format(unit, summary.maximum)])
        }
        var out = table.rendered() + "\n"
        if variant.stoppedEarly > 0 {
            out += "Left out of these figures: \(NumberFormat.counted(variant.stoppedEarly, "world")) that stopped early, whose figures cover only the run before the stop.\n\n"
        }
        return out
    }

    /// Whether any world of the sweep stopped early, so left its expectations unchecked: the
    /// expectation tables then say how many.
    private var anyNotChecked: Bool {
        variants.contains { $0.expectations.contains { $0.notChecked > 0 } }
    }

    private func expectationsTable(_ variant: VariantSummary) -> String {
        let notChecked = anyNotChecked
        var table = MarkdownTable(columns: [.text("expectation"), .numeric("held")] + (notChecked ? [.numeric("not checked")] : []) + [.text("rate [95 % CI]")])
        for expectation in variant.expectations {
            let rate = expectation.rate.map { "\(NumberFormat.percent($0.proportion)) [\($0.percentRange)]" } ?? "—"
            table.append([expectation.text.reportText.markdownCode, "\(NumberFormat.integer(expectation.held))/\(NumberFormat.integer(expectation.trials))"]
                         + (notChecked ? [NumberFormat.integer(expectation.notChecked)] : []) + [rate])
        }
        var out = table.rendered() + "\n"
        if variant.expectations.contains(where: { $0.notChecked > 0 }) {
            out += "A world that stopped early did not check its expectations: it is counted under *not checked*, not as a trial.\n\n"
        }
        return out
    }

    private func failuresList(_ variant: VariantSummary) -> String {
        guard !variant.failures.isEmpty else { return "" }
        var out = "Failing seeds (\(NumberFormat.integer(variant.failures.count))):\n\n"
        for failure in variant.failures.prefix(Self.listedFailures) {
            out += "- seed \(failure.seed): \(failure.reasons.map(\.reportText).joined(separator: "; ")) — \(ShellQuoting.markdown(failure.replay))\n"
        }
        if variant.failures.count > Self.listedFailures {
            out += "- … \(NumberFormat.integer(variant.failures.count - Self.listedFailures)) more in `failures.csv`\n"
        }
        return out + "\n"
    }

    /// A value in the report's tables: durations under a second in milliseconds, so that
    /// latencies keep their digits.
    static func format(_ unit: MetricUnit, _ value: Double) -> String {
        unit.readable(value)
    }

    /// A value every world measured, as ``format(_:_:)`` writes it, but an exact zero without
    /// the decimals that say it was rounded: `0 ms`, `0/s` (every world measured 0, where
    /// `0.000 ms` reads as a figure under half a microsecond).
    static func exact(_ unit: MetricUnit, _ value: Double) -> String {
        guard value == 0 else { return format(unit, value) }
        switch unit {
        case .duration: return "0 ms"
        case .rate: return "0/s"
        case .count, .ratio, .boolean: return format(unit, value)
        }
    }

    /// A difference with its sign, never reading as zero when it is not: `+0.0/s` for a
    /// difference of 0.004/s is `+0.004/s`, with three significant digits.
    static func signed(_ value: Double, _ unit: MetricUnit) -> String {
        (value > 0 ? "+" : value < 0 ? "−" : "") + magnitude(abs(value), unit)
    }

    /// A non-negative difference as ``acrossSeeds(_:_:)`` shows it, or, when that shows no
    /// non-zero digit of a non-zero one (or only that it is below the last decimal), with
    /// ``significantDigits`` significant digits: in decimals down to 10⁻⁷ (`0.000000123 ms`),
    /// below that as a power of ten (`3.2 × 10⁻⁹ ms`, a mean difference of 1 ns over 300
    /// seeds), which nine decimals wrote `+0 ms`.
    private static func magnitude(_ value: Double, _ unit: MetricUnit) -> String {
        let shown = acrossSeeds(unit, value)
        guard value != 0, shown.hasPrefix("<") || !shown.contains(where: { ("1"..."9").contains($0) }) else { return shown }
        func significant(_ number: Double) -> String {
            guard number >= 1e-7 else { return NumberFormat.powerOfTen(number, significant: significantDigits) }
            return NumberFormat.trimmed(number, maxDecimals: significantDecimals(number, digits: significantDigits), grouping: true)
        }
        switch unit {
        case .duration: return significant(value * 1000) + " ms"
        case .rate: return significant(value) + "/s"
        case .count, .ratio, .boolean: return significant(value)
        }
    }

    /// Significant digits of a difference too small for its unit's usual decimals.
    static let significantDigits = 3

    /// A figure of many seeds' values — a mean, an interval's end, a spread, a median, a
    /// difference of means: a boolean's reads as the share of seeds where it held (0.8, not
    /// "false"), where one seed's value (a minimum, a maximum) reads `true` or `false`.
    static func acrossSeeds(_ unit: MetricUnit, _ value: Double) -> String {
        unit == .boolean ? NumberFormat.trimmed(value, maxDecimals: 4) : format(unit, value)
    }
}
