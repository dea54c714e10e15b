import Reports

/// One `expect:` assertion of a scenario over a namespaced metric, such as `balancer.p99 < 200ms`,
/// `mapreduce.output_exact == true` or `backup.restores_exact == true`.
public struct Expectation: Sendable, Equatable {
    /// How a figure is compared with the threshold.
    public enum Comparison: String, Sendable, CaseIterable {
        case lessThan = "<", lessOrEqual = "<=", greaterThan = ">", greaterOrEqual = ">=", equal = "=="

        func holds(_ value: Double, _ threshold: Double) -> Bool {
            switch self {
            case .lessThan: return value < threshold
            case .lessOrEqual: return value <= threshold
            case .greaterThan: return value > threshold
            case .greaterOrEqual: return value >= threshold
            case .equal: return value == threshold
            }
        }
    }

    /// The figure compared.
    public var metric: Metric
    /// How it is compared.
    public var comparison: Comparison
    /// The threshold: seconds for durations, 1 or 0 for booleans.
    public var threshold: Double
    /// The assertion as written in the file.
    public var text: String
    /// Where it is written.
    public var line: Int
    public var column: Int

    /// Creates an expectation.
    public init(metric: Metric, comparison: Comparison, threshold: Double, text: String, line: Int = 0, column: Int = 0) {
        self.metric = metric
        self.comparison = comparison
        self.threshold = threshold
        self.text = text
        self.line = line
        self.column = column
    }

    /// Whether `value` satisfies the assertion; a figure the run could not measure (a job that
    /// never finished) satisfies nothing.
    public func holds(for value: Double?) -> Bool {
        value.map { comparison.holds($0, threshold) } ?? false
    }
}

/// One `expect:` assertion and what the run measured. The one place that words a check: its
/// measured figure, its verdict in a report's table and on the terminal, and the Expectations
/// table every report writes (the balancer's, a MapReduce job's and a world's).
public struct ExpectationCheck: Sendable, Equatable {
    /// The assertion.
    public var expectation: Expectation
    /// The figure measured; nil when the run could not measure it.
    public var measured: Double?
    /// Whether it held (false for a check not made).
    public var holds: Bool
    /// Whether the check was made: a run that stopped early checks none of its expectations,
    /// whether or not its figure so far meets the threshold (`completed >= 150` with 63 measured
    /// read "**fails**" while one whose figure met it read "not checked": two stories of one
    /// stop). Such a run fails for the stop alone; report.json's `checked` tells its checks from
    /// real failures.
    public var checked: Bool

    /// Creates the check of `expectation` against `measured` in a run that `stoppedEarly` or not:
    /// a run that stopped early makes no check (it neither holds nor fails).
    public init(expectation: Expectation, measured: Double?, runStoppedEarly stoppedEarly: Bool) {
        self.init(expectation: expectation, measured: measured, holds: !stoppedEarly && expectation.holds(for: measured),
                  checked: !stoppedEarly)
    }

    /// Creates a check as made (`checked`), or not; a caller that does not say (the balancer's
    /// own run) reads one whose figure meets its threshold and does not hold as not made.
    public init(expectation: Expectation, measured: Double?, holds: Bool, checked: Bool? = nil) {
        self.expectation = expectation
        self.measured = measured
        self.holds = holds
        self.checked = checked ?? (holds || !expectation.holds(for: measured))
    }

    /// Whether the check was not made (``checked``).
    public var notChecked: Bool { !checked }

    /// The measured figure as every report and the terminal write it: in the threshold's unit (a
    /// duration against `5ms` in milliseconds, against `2s` in seconds; `12.3 ms`, `true`,
    /// `1,234`, `0.9921`, `998.5/s`), with as many more decimals as it takes to read differently
    /// from the threshold written the same way, when it differs from it (0.99999 against
    /// `success_ratio == 1` read `1`, 5.002 ms against `mean_latency <= 5ms` read `0.005 s`);
    /// `not measured` for a figure the run could not measure. A duration that reads a second or
    /// more against a threshold in milliseconds reads in seconds (1.2 s against `p99 < 200ms` read
    /// `1,200.000 ms`; it reads `1.200 s`), as a table's figures do (``DurationFormat/readable(_:grouping:)``).
    public var measuredText: String {
        guard let measured else { return "not measured" }
        let unit = expectation.metric.unit
        let thresholdInMilliseconds = expectation.thresholdInMilliseconds
        let inMilliseconds = thresholdInMilliseconds && (!measured.isFinite || DurationFormat.readsUnderASecond(measured))
        // At least the decimals the threshold is written with (in the unit the figure reads in: a
        // millisecond's decimal is a second's fourth): 0.99999 against `success_ratio >= 0.99999` read `1`.
        let shift = thresholdInMilliseconds && !inMilliseconds ? 3 : 0
        let written = min(max(expectation.writtenDecimals + shift - unit.baseDecimals, 0), unit.mostExtraDecimals)
        guard measured != expectation.threshold, measured.isFinite else {
            return unit.text(measured, extraDecimals: written, inMilliseconds: inMilliseconds)
        }
        for extra in written...unit.mostExtraDecimals {
            let text = unit.text(measured, extraDecimals: extra, inMilliseconds: inMilliseconds)
            if text != unit.text(expectation.threshold, extraDecimals: extra, inMilliseconds: inMilliseconds) { return text }
        }
        // Nine decimals did not tell them apart: every digit the figure has.
        return unit.fullPrecision(measured, inMilliseconds: inMilliseconds)
    }

    /// The result column of a report's table: `holds`, `**fails**`, or, for a check a run that
    /// stopped early did not make, `not checked (the run stopped early)` (it read "**fails**"
    /// beside a figure that met its threshold, where the terminal said "not checked").
    public var resultText: String {
        holds ? "holds" : notChecked ? "not checked (the run stopped early)" : "**fails**"
    }

    /// What the terminal says of a check that did not hold, after the expectation:
    /// `failed: measured 0.99999`, `failed: not measured`, or `not checked, the run stopped early
    /// (measured 1 so far)`.
    public var failureText: String {
        notChecked ? "not checked, the run stopped early (" + (measured == nil ? "not measured" : "measured \(measuredText)") + " so far)"
            : measured == nil ? "failed: not measured" : "failed: measured \(measuredText)"
    }

    /// The Expectations section of a report under `heading` (`##`, `#`): a row per check with
    /// the expectation as written, ``measuredText`` and ``resultText``; empty without checks.
    public static func markdownSection(_ checks: [ExpectationCheck], heading: String) -> String {
        guard !checks.isEmpty else { return "" }
        var table = MarkdownTable(columns: [.text("expectation"), .numeric("measured"), .text("result")])
        for check in checks { table.append([check.expectation.text.markdownCode, check.measuredText, check.resultText]) }
        return "\(heading) Expectations\n\n" + table.rendered() + "\n"
    }
}

extension Expectation {
    /// The threshold as written after the comparison: `200ms`, `0.99`, `true`.
    var thresholdText: String {
        guard let range = text.range(of: comparison.rawValue) else { return "" }
        return String(text[range.upperBound...]).trimmingSpaces
    }

    /// The decimals of the threshold's value as written (`0.99999` has 5, `5.0004ms` 4, `200ms`
    /// none), its exponent applied (`5.0004e-3s` has 7, `5e-3` 3, `1.5e2` none). A duration's in
    /// the unit its figures read in, milliseconds for one written in `ns` or `us`, whose digits
    /// all count: `500.5us` has 4, `5000400ns` 6 (it reads 5.000400 ms; with none the figure read
    /// `5.000 ms`, the threshold's own text, beside "failed").
    var writtenDecimals: Int {
        let written = thresholdText
        var rest = Substring(written)
        rest = rest.drop { $0 == "+" || $0 == "-" }
        let mantissa = rest.prefix { $0.isNumber || $0 == "." || $0 == "_" }
        rest = rest.dropFirst(mantissa.count)
        var exponent = 0
        if let first = rest.first, first == "e" || first == "E" {
            let afterE = rest.dropFirst()
            let sign = afterE.first == "-" ? -1 : 1
            let digits = afterE.drop { $0 == "+" || $0 == "-" }.prefix { $0.isNumber }
            // An exponent too long to be a sane one (the loader reads it) counts as its value capped.
            exponent = sign * (Int(digits.suffix(4)).map { digits.dropLast(4).allSatisfy { $0 == "0" } ? $0 : 9_999 } ?? 0)
        }
        let fraction = mantissa.firstIndex(of: ".").map { mantissa[mantissa.index(after: $0)...].filter(\.isNumber).count } ?? 0
        let unitShift = metric.unit != .duration ? 0
            : written.hasSuffix("ns") ? 6 : ["us", "µs", "μs"].contains(where: written.hasSuffix) ? 3 : 0
        return max(fraction - exponent + unitShift, 0)
    }

    /// Whether the figures of a duration threshold read in milliseconds: it is written in a unit
    /// shorter than a second (`200ms`, `500us`); one written without a unit (made in code) reads
    /// as a table reads it (``DurationFormat/readsUnderASecond(_:)``).
    var thresholdInMilliseconds: Bool {
        let written = thresholdText
        if let last = written.last, last.isLetter,
           let unit = YAMLCursor.durationUnits.first(where: { written.hasSuffix($0.suffix) }) {
            return unit.seconds < 1
        }
        return DurationFormat.readsUnderASecond(threshold)
    }
}

extension MetricUnit {
    /// `value` as ``format(_:)`` writes it with `extra` more decimals, a duration in
    /// milliseconds or in seconds as asked.
    func text(_ value: Double, extraDecimals extra: Int, inMilliseconds: Bool) -> String {
        switch self {
        case .duration:
            return inMilliseconds ? DurationFormat.milliseconds(value, decimals: 3 + extra)
                : DurationFormat.seconds(value, grouping: true, decimals: 3 + extra)
        case .count: return extra == 0 ? format(value) : NumberFormat.trimmed(value, maxDecimals: 3 + extra, grouping: true)
        case .ratio: return NumberFormat.trimmed(value, maxDecimals: 4 + extra)
        case .rate: return NumberFormat.fixed(value, decimals: 1 + extra, grouping: true) + "/s"
        case .boolean: return format(value)
        }
    }

    /// The decimals ``text(_:extraDecimals:inMilliseconds:)`` writes with no extra ones (at most,
    /// for the trimmed figures).
    var baseDecimals: Int {
        switch self {
        case .duration, .count: 3
        case .ratio: 4
        case .rate: 1
        case .boolean: 0
        }
    }

    /// The most decimals ``text(_:extraDecimals:inMilliseconds:)`` adds: up to the nine
    /// ``NumberFormat`` writes (none to a boolean).
    var mostExtraDecimals: Int { self == .boolean ? 0 : 9 - baseDecimals }

    /// `value` with every digit its `Double` has, in the unit ``text(_:extraDecimals:inMilliseconds:)`` uses.
    func fullPrecision(_ value: Double, inMilliseconds: Bool) -> String {
        switch self {
        case .duration: return inMilliseconds ? NumberText.plain(value * 1000) + " ms" : NumberText.plain(value) + " s"
        case .rate: return NumberText.plain(value) + "/s"
        case .count, .ratio, .boolean: return NumberText.plain(value)
        }
    }
}
