import Reports
import Simulator

/// A run's time series in the OpenMetrics text format, the input of
/// `promtool tsdb create-blocks-from openmetrics`: every family with its type, unit and help,
/// every series sampled at a fixed interval of virtual time, and `# EOF`.
///
/// Virtual time is mapped onto wall-clock time from a fixed epoch, ``epochUnixSeconds``
/// (2026-01-01T00:00:00Z, the object store's own): virtual instant t is Unix time epoch + t.
enum OpenMetricsText {
    /// Unix time of virtual instant zero.
    static let epochUnixSeconds = ObjectStoreState.defaultEpochUnixSeconds
    /// The quantiles of the latency summary.
    static let quantiles: [Double] = [0.5, 0.9, 0.99]

    /// The interval that gives at most ``MetricsRecorder/targetSamples`` samples over `length`:
    /// the smallest of 1 s, 2 s, 5 s, 10 s, 15 s, 30 s, 1 min, 2 min, 5 min, 10 min, 15 min,
    /// 30 min, 1 h, … that does.
    static func interval(for length: Duration) -> Duration {
        let seconds: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 21_600, 43_200, 86_400]
        let needed = Int64(length.nanoseconds) / Int64(MetricsRecorder.targetSamples)
        for candidate in seconds where candidate * 1_000_000_000 >= needed { return .seconds(candidate) }
        return .seconds((needed / 86_400_000_000_000 + 1) * 86_400)
    }

    /// The samples of the client latency summary at each instant beside the recorder's series:
    /// its three quantiles, its sum and its count.
    static let summarySamples = 5

    /// The most samples the text may hold in all, every series together (about 60 bytes each):
    /// 100 servers sampled every millisecond for 100 s asked for 2.7 GB at once and aborted.
    static let maximumSamples = 5_000_000

    /// The sampling instants of a run that ended at `end`: every `interval` (or the default for
    /// its length) from zero, and the end, each rounded up to the millisecond.
    ///
    /// Timestamps have millisecond resolution and OpenMetrics gives a point's value as of its
    /// timestamp, so a series is sampled at the very instant its timestamp names. Rounding down
    /// instead stamped the last sample before the last requests it counted had ended; rounding
    /// up is exact, since nothing happens after the end. Intervals of at least 1 ms (what
    /// `--metrics-interval` accepts) keep the rounded instants strictly rising.
    static func instants(end: VirtualInstant, interval: Duration?) -> [Int64] {
        let step = Int64((interval ?? Self.interval(for: .nanoseconds(end.nanoseconds))).nanoseconds)
        var instants = stride(from: Int64(0), through: end.nanoseconds, by: Int(step)).map(millisecondCeiling)
        let last = millisecondCeiling(end.nanoseconds)
        if instants.last != last { instants.append(last) }
        return instants
    }

    /// `nanoseconds` rounded up to a whole millisecond.
    static func millisecondCeiling(_ nanoseconds: Int64) -> Int64 {
        let remainder = nanoseconds % 1_000_000
        return remainder == 0 ? nanoseconds : nanoseconds - remainder + 1_000_000
    }

    /// Why the text for `recorder` cannot be made at `interval`, or nil: more than
    /// ``maximumSamples`` samples (series, the latency summary's five, times instants).
    static func problem(_ recorder: MetricsRecorder, end: VirtualInstant, interval: Duration?) -> String? {
        let instantCount = Double(end.nanoseconds) / Double((interval ?? Self.interval(for: .nanoseconds(end.nanoseconds))).nanoseconds) + 2
        let samples = Double(recorder.changes.count + summarySamples) * instantCount
        guard samples > Double(maximumSamples) else { return nil }
        let shortest = Double(recorder.changes.count + summarySamples) * end.seconds / Double(maximumSamples)
        let figures = NumberText.figures(samples, against: Double(maximumSamples))
        return "--metrics: \(NumberFormat.integer(recorder.changes.count)) series sampled \(NumberText.figure(instantCount)) times would be about \(figures.value) samples, more than the \(figures.limit) a metrics file may hold; use a --metrics-interval of at least \(NumberText.plain((shortest * 1_000).rounded(.up)))ms (nothing was written)"
    }

    /// The text for everything `recorder` saw in a run that ended at `end`.
    static func render(_ recorder: MetricsRecorder, end: VirtualInstant, interval: Duration?) -> String {
        let instants = instants(end: end, interval: interval)
        var out = ""
        let series = recorder.changes.keys.sorted()
        for name in recorder.families.keys.sorted() {
            let family = recorder.families[name]!
            out += "# TYPE \(name) \(family.kind.rawValue)\n"
            if !family.unit.isEmpty { out += "# UNIT \(name) \(family.unit)\n" }
            out += "# HELP \(name) \(escapeHelp(family.help))\n"
            if family.kind == .summary {
                out += summary(name, recorder.latencies, instants: instants)
                continue
            }
            let sampleName = family.kind == .counter ? name + "_total" : name
            for key in series where key.family == name {
                let changes = recorder.changes[key]!
                let labels = labelText(key.labels)
                var next = 0
                var value = 0.0
                for instant in instants {
                    while next < changes.count, changes[next].time <= instant {
                        value = changes[next].value
                        next += 1
                    }
                    // A gauge has no value before it was first set, nor while its series is
                    // ended (NaN: a consumer's lag for a partition it no longer owns); a counter
                    // starts at zero.
                    if family.kind == .gauge && (next == 0 || value.isNaN) { continue }
                    out += "\(sampleName)\(labels) \(number(value)) \(millisecondText(instant))\n"
                }
            }
        }
        return out + "# EOF\n"
    }

    private static func summary(_ name: String, _ latencies: [(time: Int64, seconds: Double)], instants: [Int64]) -> String {
        var out = ""
        var next = 0
        var (sum, count) = (0.0, 0)
        for instant in instants {
            var window: [Double] = []
            while next < latencies.count, latencies[next].time <= instant {
                window.append(latencies[next].seconds)
                sum += latencies[next].seconds
                count += 1
                next += 1
            }
            let timestamp = millisecondText(instant)
            if !window.isEmpty {
                window.sort()
                for quantile in quantiles {
                    let rank = max(1, Int((quantile * Double(window.count)).rounded(.up)))
                    out += "\(name){quantile=\"\(number(quantile))\"} \(number(window[rank - 1])) \(timestamp)\n"
                }
            }
            out += "\(name)_sum \(number(sum)) \(timestamp)\n"
            out += "\(name)_count \(count) \(timestamp)\n"
        }
        return out
    }

    /// `{a="x",b="y"}`, or nothing without labels.
    static func labelText(_ labels: [MetricsRecorder.Label]) -> String {
        guard !labels.isEmpty else { return "" }
        return "{" + labels.map { "\($0.name)=\"\(escapeLabel($0.value))\"" }.joined(separator: ",") + "}"
    }

    /// Unix seconds with milliseconds of virtual instant `nanoseconds`, e.g. `1767225601.250`;
    /// exact for the instants ``instants(end:interval:)`` gives, which are whole milliseconds.
    static func millisecondText(_ nanoseconds: Int64) -> String {
        let milliseconds = nanoseconds / 1_000_000
        let fraction = String(milliseconds % 1_000)
        return "\(epochUnixSeconds + milliseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count) + fraction)"
    }

    /// A sample value: a finite one as ``NumberText/plain(_:)`` writes it (`3`, `0.25`,
    /// `1e+16` are OpenMetrics numbers as written); the others in OpenMetrics' own spelling,
    /// `NaN`, `+Inf` and `-Inf`, where Swift writes `nan`, `inf` and `-inf`, which a scraper
    /// refuses. This is why OpenMetrics keeps a function of its own.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value > 0 ? "+Inf" : "-Inf" }
        return NumberText.plain(value)
    }

    static func escapeLabel(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    static func escapeHelp(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}
