import Reports

/// An experiment's seed-dependent runs repeated over consecutive seeds, so that its report can
/// give each figure with a 95 % interval and say whether a claim holds beyond seed-to-seed noise.
///
/// ```swift
/// let figure = SeedStudy.Figure(name: "recovery", unit: .duration, seeds: seeds, samples: recoveries, claimed: 5...15)
/// figure.withinClaim   // WilsonInterval: in how many seeds the figure fell in 5 … 15 s
/// ```
public enum SeedStudy {
    /// Seeds per study: the experiment's own seed and the next ones.
    public static let seedCount = 30

    /// The seeds of a study starting at `seed` (wrapping past `UInt64.max`).
    public static func seeds(from seed: UInt64) -> [UInt64] {
        (0..<UInt64(seedCount)).map { seed &+ $0 }
    }

    /// One figure measured once per seed.
    public struct Figure: Sendable {
        /// What was measured, as the report names it.
        public var name: String
        /// How its values read.
        public var unit: MetricUnit
        /// The seeds it was measured in (a run that did not yield the figure leaves its seed out).
        public var seeds: [UInt64]
        /// One value per seed of ``seeds``.
        public var samples: [Double]
        /// The range a claim puts it in, if a claim does.
        public var claimed: ClosedRange<Double>?
        /// Whether ``claimed`` is a time a detection or recovery is promised to take ("3-5
        /// seconds", ``ClaimedTimeRange``): kept by anything up to its upper end, so a seed
        /// faster than its lower end counts as holding, as the claims' own verdicts count it —
        /// 14 of 30 MapReduce seeds rescheduled in 3.3 s were counted outside 5–15 s.
        public var claimIsTimeRange = false
        /// Mean, spread and interval (a bootstrap interval for tail percentiles).
        public let summary: SampleSummary

        /// A figure of `samples` (at least one, one per seed of `seeds`), with a bootstrap interval
        /// when `bootstrap`, and its mean's interval cut at the values the figure can take
        /// (`possible`: a duration or a count cannot be negative).
        public init(name: String, unit: MetricUnit, seeds: [UInt64], samples: [Double], bootstrap: Bool = false,
                    within possible: ClosedRange<Double>? = nil, claimed: ClosedRange<Double>? = nil) {
            precondition(seeds.count == samples.count, "one sample per seed")
            self.name = name
            self.unit = unit
            self.seeds = seeds
            self.samples = samples
            self.claimed = claimed
            summary = SampleSummary(samples, bootstrap: bootstrap, within: possible)
        }

        /// In how many seeds the figure fell in the claimed range, with its Wilson interval.
        public var withinClaim: WilsonInterval? {
            claimed.map { range in WilsonInterval(successes: samples.filter { holds($0, range) }.count, trials: samples.count) }
        }

        /// Whether one sample keeps the claim: in the range, or up to its upper end for a
        /// ``claimIsTimeRange``.
        private func holds(_ sample: Double, _ range: ClosedRange<Double>) -> Bool {
            claimIsTimeRange ? ClaimedTimeRange(range).isKept(by: sample) : range.contains(sample)
        }

        /// The seeds faster than a ``claimIsTimeRange``'s lower end, which keep it all the same.
        public var fasterThanClaim: Int {
            guard claimIsTimeRange, let claimed else { return 0 }
            return samples.filter { ClaimedTimeRange(claimed).isFaster($0) }.count
        }

        /// The claimed range as a reader writes it: `3 s … 5 s`, `≤ 100 ms`, `≥ 100.0/s`, `= 0`.
        /// A duration reads as the claim states it (``ClaimCheck/stated(_:)``), not to the
        /// measured figures' three decimals: `15.000 s … 30.000 s` claimed a precision the seed
        /// never did.
        public var claimText: String? {
            guard let claimed else { return nil }
            if claimed.lowerBound == claimed.upperBound { return "= \(stated(claimed.lowerBound))" }
            if claimed.upperBound == .infinity { return "≥ \(stated(claimed.lowerBound))" }
            if claimed.lowerBound <= 0 { return "≤ \(stated(claimed.upperBound))" }
            return "\(stated(claimed.lowerBound)) … \(stated(claimed.upperBound))"
        }

        /// A bound of the claimed range: a duration as a claim states it, anything else as the
        /// figure reads.
        private func stated(_ value: Double) -> String {
            unit == .duration ? ClaimCheck.stated(value) : unit.readable(value)
        }

        /// Whether every seed gave the same value: nothing in the runs behind it draws from the seed.
        public var isSeedIndependent: Bool { summary.minimum == summary.maximum }

        /// What the seeds say of the claim: it holds in every seed, in none, or in some — and
        /// whether the mean's interval lies inside the claimed range, outside it, or across a bound.
        public var claimVerdict: String? {
            guard let claimed, let within = withinClaim else { return nil }
            let faster = fasterThanClaim
            let fasterText = faster == 0 ? "" : ", \(within.successes == faster ? "all" : NumberFormat.integer(faster)) faster than its lower end"
            let share = "in \(within.successes) of \(within.trials) seeds"
            guard let interval = summary.interval, !isSeedIndependent else {
                return (within.successes == within.trials ? "holds in every seed" : within.successes == 0 ? "holds in no seed" : "holds \(share)") + fasterText
            }
            let mean: String
            // A time range is kept up to its upper end: the mean is inside it below that end.
            let low = claimIsTimeRange ? -Double.infinity : claimed.lowerBound
            if interval.lowerBound >= low && interval.upperBound <= claimed.upperBound {
                mean = claimIsTimeRange ? "the mean is within its upper end beyond noise" : "the mean is inside the claimed range beyond noise"
            } else if interval.upperBound < low || interval.lowerBound > claimed.upperBound {
                mean = "the mean is outside it beyond noise"
            } else {
                mean = "the mean's interval crosses a bound of the range: noise cannot tell"
            }
            return "holds \(share) (\(within.percentRange) of seeds, 95 %)\(fasterText); \(mean)"
        }
    }

    /// The study as a Markdown table: a row per figure with its mean, interval, spread and, where
    /// a claim names a range, in how many seeds it held.
    public static func table(_ figures: [Figure]) -> MarkdownTable {
        let claims = figures.contains { $0.claimed != nil }
        var table = MarkdownTable(columns: [.text("figure"), .numeric("mean"), .text("95 % CI"), .numeric("std dev"), .numeric("min"),
                                            .numeric("median"), .numeric("max")] + (claims ? [.text("claimed"), .text("over the seeds")] : []))
        for figure in figures {
            let summary = figure.summary
            let unit = figure.unit
            let interval = figure.isSeedIndependent ? "— (same in every seed)"
                : summary.interval.map { "\(unit.readable($0.lowerBound)) … \(unit.readable($0.upperBound))\(summary.method == .bootstrap ? " (bootstrap)" : "")" } ?? "—"
            var row = [figure.name, unit.readable(summary.mean), interval, summary.standardDeviation.map(unit.readable) ?? "—", unit.readable(summary.minimum),
                       unit.readable(summary.median), unit.readable(summary.maximum)]
            if claims {
                row += [figure.claimText ?? "", figure.claimVerdict ?? ""]
            }
            table.append(row)
        }
        return table
    }

    /// The study's samples as CSV: a row per figure and seed, each value as report.json writes it
    /// (``NumberText/plain(_:)``, the shortest text that reads back to the same `Double`): six
    /// fixed decimals wrote a 0.5 ms detection as `0.000500` and cut every figure the JSON beside
    /// it gives in full.
    ///
    /// `replay`, when given, adds a `replay` column: the command that replays a figure's seed alone
    /// (empty where it gives none).
    public static func csv(_ figures: [Figure], replay: ((Figure, UInt64) -> String?)? = nil) -> String {
        var table = CSVTable(header: ["figure", "seed", "value"] + (replay == nil ? [] : ["replay"]))
        for figure in figures {
            for (seed, value) in zip(figure.seeds, figure.samples) {
                let row = [figure.name, "\(seed)", NumberText.plain(value)]
                table.append(replay.map { row + [$0(figure, seed) ?? ""] } ?? row)
            }
        }
        return table.rendered()
    }
}

/// A figure of a seed study as JSON: its summary and, under a claim, the share of seeds it held in.
struct SeedStudyFigureDocument: Encodable {
    var name: String
    var mean: Double, standardDeviation: Double?, minimum: Double, median: Double, maximum: Double
    var intervalLow: Double?, intervalHigh: Double?, intervalMethod: String
    var claimedLow: Double?, claimedHigh: Double?, seedsWithinClaim: Int?, seeds: [UInt64], samples: [Double]
    /// Whether `seedsWithinClaim` counts every seed up to `claimedHigh` (a claimed time range,
    /// ``SeedStudy/Figure/claimIsTimeRange``) rather than those between the bounds; absent
    /// without a claim.
    var claimKeptUpToHigh: Bool?
    /// Per seed, the command that replays its run alone (as the study's CSV gives it); absent where
    /// the study has none.
    var replays: [String]?

    /// `replay`: a seed's replay command, when the study has them.
    init(_ figure: SeedStudy.Figure, replay: ((UInt64) -> String?)? = nil) {
        let summary = figure.summary
        name = figure.name
        mean = summary.mean
        standardDeviation = summary.standardDeviation
        minimum = summary.minimum
        median = summary.median
        maximum = summary.maximum
        intervalLow = summary.interval?.lowerBound
        intervalHigh = summary.interval?.upperBound
        intervalMethod = summary.method.rawValue
        claimedLow = figure.claimed?.lowerBound
        claimedHigh = figure.claimed.flatMap { $0.upperBound.isFinite ? $0.upperBound : nil }
        seedsWithinClaim = figure.withinClaim?.successes
        claimKeptUpToHigh = figure.claimed == nil ? nil : figure.claimIsTimeRange
        seeds = figure.seeds
        samples = figure.samples
        replays = replay.map { command in figure.seeds.map { command($0) ?? "" } }
    }
}
