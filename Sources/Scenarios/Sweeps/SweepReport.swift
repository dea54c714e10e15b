import Reports

/// What a sweep's worlds say together: per variant and metric the mean, spread and 95 %
/// confidence interval; per expectation its pass rate with a Wilson interval; the failing seeds
/// with their replay commands; and, between variants, which differences are more than noise.
/// Computed from the manifest and the records alone, so a merged sweep reports exactly what the
/// unsharded one does.
public struct SweepReport: Sendable {
    /// One metric of one variant.
    public struct MetricSummary: Sendable {
        public var metric: SweepManifest.MetricEntry
        /// Over the seeds whose world ran to its end and measured it; nil when none did. A world
        /// that stopped early is left out: its figures stop at the stop (a `completed` of 2,996
        /// of 3,000), and made differences between variants that only the stop made.
        public var summary: SampleSummary?
    }

    /// One expectation of one variant. A world that stopped early did not check its
    /// expectations (its run says "not checked"): it is no trial of them, and is counted apart.
    public struct ExpectationRate: Sendable {
        public var text: String
        /// Over the worlds that checked it (those that ran to their end); nil when none did.
        public var rate: WilsonInterval?
        /// The worlds that stopped early, so did not check it.
        public var notChecked: Int
        /// How many worlds it held in.
        public var held: Int { rate?.successes ?? 0 }
        /// How many worlds checked it.
        public var trials: Int { rate?.trials ?? 0 }
    }

    /// One failing world.
    public struct Failure: Sendable {
        public var seed: UInt64
        public var reasons: [String]
        public var replay: String
    }

    /// One variant's worlds.
    public struct VariantSummary: Sendable {
        public var label: String
        /// The values it sets, for chart labels (`least_conn`); `as written` without overrides.
        public var shortLabel: String
        public var worlds: Int
        public var passRate: WilsonInterval
        public var stoppedEarly: Int
        public var metrics: [MetricSummary]
        public var expectations: [ExpectationRate]
        public var failures: [Failure]
    }

    /// Two variants compared on one metric over the seeds both measured.
    public struct Comparison: Sendable {
        public var metric: SweepManifest.MetricEntry
        public var first: Int
        public var second: Int
        public var pairs: Int
        public var result: PairedComparison
    }

    public let manifest: SweepManifest
    public let variants: [VariantSummary]
    /// For every metric some world measured, every pair of variants (with more than
    /// ``maximumAllPairs`` variants, every variant against the first), over the seeds where both
    /// variants' worlds ran to their end and measured it. A metric the same in every world is
    /// compared too (`identical`), so that every file names it.
    public let comparisons: [Comparison]
    /// The comparisons that could not be made: fewer than two seeds where both variants' worlds
    /// ran to their end and measured the metric (a sweep of one seed makes none). A metric of
    /// ``sameInEveryWorld`` adds none: it is named as the same everywhere instead.
    public let unpaired: Int
    /// The metrics (by index) that every world that ran to its end measured alike, in two
    /// variants or more: report.md names them once, not in every pair's list — in a sweep of one
    /// seed too, where no pair can be compared but the worlds still say the variants do not
    /// differ (it was counted among the comparisons that could not be made).
    public let sameInEveryWorld: [Int]

    /// Beyond this many variants only comparisons with the first are made (all pairs of 1,000
    /// variants are 499,500 per metric); report.md and README say so.
    static let maximumAllPairs = 10

    /// Whether only comparisons with the first variant are made.
    var comparesWithFirstOnly: Bool { variants.count > Self.maximumAllPairs }

    /// Whether a metric's interval is bootstrapped: the tail percentiles and maxima, whose
    /// per-seed values are skewed.
    static func isTail(_ metric: SweepManifest.MetricEntry) -> Bool {
        let name = metric.name.split(separator: ".").last.map(String.init) ?? metric.name
        return name == "max_latency" || (name.hasPrefix("p9") && name.dropFirst().allSatisfy(\.isNumber))
    }

    /// The report of the worlds in `records`: exactly the sweep's worlds, in position order.
    public init(manifest: SweepManifest, records: [WorldRecord]) {
        self.manifest = manifest
        var byVariant = [[WorldRecord]](repeating: [], count: manifest.variants.count)
        for record in records { byVariant[record.variant].append(record) }
        variants = manifest.variants.indices.map { index in
            Self.summarise(variant: index, records: byVariant[index], manifest: manifest)
        }
        var comparisons: [Comparison] = []
        var unpaired = 0
        var sameInEveryWorld: [Int] = []
        let pairs: [(Int, Int)] = manifest.variants.count <= Self.maximumAllPairs
            ? manifest.variants.indices.flatMap { first in manifest.variants.indices.filter { $0 > first }.map { (first, $0) } }
            : manifest.variants.indices.dropFirst().map { (0, $0) }
        for (index, metric) in manifest.metrics.enumerated() {
            let measuring = records.filter { $0.ranToItsEnd && $0.value(index) != nil }
            guard let firstValue = measuring.first?.value(index) else { continue }
            let alike = measuring.allSatisfy { $0.value(index) == firstValue }
            var notMade = 0
            for (first, second) in pairs {
                let a = byVariant[first], b = byVariant[second]
                var x: [Double] = [], y: [Double] = []
                for (left, right) in zip(a, b) where left.ranToItsEnd && right.ranToItsEnd {
                    if let u = left.value(index), let v = right.value(index) { x.append(u); y.append(v) }
                }
                guard x.count >= 2 else {
                    notMade += 1
                    continue
                }
                comparisons.append(Comparison(metric: metric, first: first, second: second, pairs: x.count, result: PairedComparison(x, y)))
            }
            if alike && Set(measuring.map(\.variant)).count >= 2 {
                sameInEveryWorld.append(index)
            } else {
                unpaired += notMade
            }
        }
        self.comparisons = comparisons
        self.unpaired = unpaired
        self.sameInEveryWorld = sameInEveryWorld
    }

    private static func summarise(variant index: Int, records: [WorldRecord], manifest: SweepManifest) -> VariantSummary {
        let variant = manifest.variants[index]
        let metrics = manifest.metrics.enumerated().map { metricIndex, metric in
            let values = records.filter(\.ranToItsEnd).compactMap { $0.value(metricIndex) }
            return MetricSummary(metric: metric, summary: values.isEmpty ? nil : SampleSummary(values, bootstrap: isTail(metric), within: metric.possibleValues))
        }
        let checked = records.filter(\.ranToItsEnd)
        let expectations = variant.expectations.enumerated().map { expectationIndex, text in
            ExpectationRate(
                text: text,
                rate: checked.isEmpty ? nil : WilsonInterval(
                    successes: checked.filter { expectationIndex < $0.expectations.count && $0.expectations[expectationIndex] }.count,
                    trials: checked.count),
                notChecked: records.count - checked.count)
        }
        let failures = records.filter { !$0.passed }.map { record in
            var reasons: [String] = []
            if let stopped = record.stoppedEarly { reasons.append("stopped early: \(stopped)") }
            reasons += record.problems
            // A world that stopped early checked none of its expectations (the table counts them
            // "not checked"): it fails for the stop, and its expectations give no reason.
            for (expectationIndex, holds) in record.expectations.enumerated()
            where record.stoppedEarly == nil && !holds && expectationIndex < variant.expectations.count {
                reasons.append("expectation '\(variant.expectations[expectationIndex])' failed")
            }
            return Failure(seed: record.seed, reasons: reasons, replay: manifest.replayCommand(variant: index, seed: record.seed))
        }
        let shortLabel = variant.overrides.isEmpty ? "as written"
            : variant.overrides.map { String($0.drop(while: { $0 != "=" }).dropFirst()) }.joined(separator: ", ")
        return VariantSummary(
            label: variant.label, shortLabel: shortLabel, worlds: records.count,
            passRate: WilsonInterval(successes: records.filter(\.passed).count, trials: max(records.count, 1)),
            stoppedEarly: records.filter { $0.stoppedEarly != nil }.count,
            metrics: metrics, expectations: expectations, failures: failures)
    }

    /// The names of ``bundle()``'s files, known before the sweep runs (its output paths are
    /// checked then).
    public static let fileNames = ["report.md", "report.json", "metrics.csv", "expectations.csv", "failures.csv", "comparisons.csv", "intervals.svg"]

    /// The report files, relative to the sweep's directory, named as in ``fileNames``.
    public func bundle() -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("report.md", markdown())
        bundle.add("report.json", json())
        bundle.add("metrics.csv", metricsCSV())
        bundle.add("expectations.csv", expectationsCSV())
        bundle.add("failures.csv", failuresCSV())
        bundle.add("comparisons.csv", comparisonsCSV())
        bundle.add("intervals.svg", chart().svg())
        return bundle
    }
}

extension WorldRecord {
    /// Whether the world ran to its end, not stopped early: only then did it check its
    /// expectations, and are its figures the whole run's.
    var ranToItsEnd: Bool { stoppedEarly == nil }
}
