import Reports
import Simulator

extension YAMLCursor {
    /// Units a duration may carry, longest suffix first so `ms` is not read as `m` + `s`. The
    /// micro sign `µs` (U+00B5) and the Greek `μs` (U+03BC) alike: many keyboards type the
    /// Greek letter, and Unicode's NFKC folds µ into it, so `μs` was refused as no duration.
    static let durationUnits: [(suffix: String, seconds: Double)] = [
        ("ns", 1e-9), ("us", 1e-6), ("µs", 1e-6), ("μs", 1e-6), ("ms", 1e-3), ("min", 60), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400),
    ]

    /// The units shorter than a second, which a setting nginx reads in seconds refuses.
    static let subsecondUnits = durationUnits.filter { $0.seconds < 1 }.map(\.suffix)

    /// The longest duration a scenario may name: 100 years of virtual time (of 365.25 days,
    /// 3,155,760,000 s), so that every instant and every sum of a few durations stays far inside
    /// `Int64` nanoseconds.
    static let maximumSeconds = 100 * 365.25 * 86_400.0

    /// ``maximumSeconds`` in attoseconds, what a duration's exact digits are compared with.
    static let maximumAttoseconds = Int128(3_155_760_000) * 1_000_000_000_000_000_000

    /// The error for a duration longer than ``maximumSeconds``: the limit written out exactly
    /// (`3.15e9 s` suggested that `3.152e9s` was too long; it loads).
    func tooLong(_ raw: String) -> ScenarioError {
        error(.invalidValue("a duration is at most 100 years of virtual time (\(NumberFormat.integer(Int(Self.maximumSeconds))) s), got \(raw.excerpt)"))
    }

    /// A duration's text, read and range-checked: the text as written, its value in seconds as a
    /// `Double`, the attoseconds in its unit, and its exact value in attoseconds — read once, where
    /// whole nanoseconds read the number a second time.
    struct DurationParts {
        let raw: String
        let seconds: Double
        let attoseconds: Int128
        let exact: ExactDecimal.Scaled
    }

    /// The node's duration text split into its number and unit, refused when it is no duration,
    /// negative or longer than 100 years — judged on the digits as written (``ExactDecimal``),
    /// not on a `Double`: `1e400ns` and `1e999999999s` are too long, not "no duration" (a
    /// `Double` read them as infinite), and `-1e-400s` is negative, not zero.
    func durationParts() throws(ScenarioError) -> DurationParts {
        guard let raw = text?.trimmingSpaces, !raw.isEmpty else {
            throw error(.wrongType(expected: "a duration such as 250ms or 2s", found: kindDescription))
        }
        if let plain = Self.plainDurationParts(raw) { return plain }
        return try durationParts(readingGenerally: raw)
    }

    /// ``durationParts()`` of `raw` (trimmed, not empty) in any form a duration may be written —
    /// a sign, `_`, spaces, any number of digits — and every refusal: the reader of last resort
    /// behind ``plainDurationParts(_:)``, and what that one is proven against.
    func durationParts(readingGenerally raw: String) throws(ScenarioError) -> DurationParts {
        var number = raw
        var scale = 1.0
        var attoseconds = YAMLCursor.durationAttoseconds["s"]!
        for unit in YAMLCursor.durationUnits where raw.hasSuffix(unit.suffix) {
            number = String(raw.dropLast(unit.suffix.count)).trimmingSpaces
            scale = unit.seconds
            attoseconds = YAMLCursor.durationAttoseconds[unit.suffix]!
            break
        }
        // `017s` is text to every YAML reader; a bare `017` seconds is not.
        if number == raw { try refuseLeadingZero(raw) }
        guard let exact = ExactDecimal.scaledDigitByDigit(number[...], by: attoseconds) else {
            throw error(.wrongType(expected: "a duration such as 250ms or 2s", found: kindDescription))
        }
        let isZero = exact == .whole(0)
        guard isZero || number.first != "-" else { throw error(.invalidValue("a duration cannot be negative, got \(raw.excerpt)")) }
        switch exact {
        case .whole(let value) where value > Self.maximumAttoseconds: throw tooLong(raw)
        case .fraction(let below) where below >= Self.maximumAttoseconds: throw tooLong(raw)
        case .tooLarge: throw tooLong(raw)
        default: break
        }
        // Within 100 years, so finite; `-0` is 0.
        let value = isZero ? 0 : Double(String(number.filter { $0 != "_" })) ?? 0
        return DurationParts(raw: raw, seconds: value * scale, attoseconds: attoseconds, exact: exact)
    }

    /// The node as a duration in seconds: `250ms`, `1.5s`, `2m`, `1h`, `3d`, `100us`, `10ns`, or
    /// a bare number of seconds. Negative durations are errors, and so is one that is not a whole
    /// number of nanoseconds (`1.5ns`, `0.0000000001s`), the virtual clock's unit: whole-ness is
    /// decided on the digits as written (``ExactDecimal``), so `0.3s` and `1.5e3us` are whole.
    func seconds() throws(ScenarioError) -> Double {
        let parts = try durationParts()
        _ = try wholeNanoseconds(parts, allowingZero: true)
        return parts.seconds
    }

    /// The node as a ``Duration``: a whole number of nanoseconds, exactly as written.
    func duration() throws(ScenarioError) -> Duration {
        .nanoseconds(try wholeNanoseconds())
    }

    /// The node as a duration a cost model multiplies by a count of bytes (`map_per_byte`,
    /// `spill_per_byte`): kept exactly, to the attosecond, so `0.4ns` a byte over 1,000,000 bytes
    /// is 0.4 ms. Only the total a task takes is rounded to the clock's nanosecond.
    func perByteDuration() throws(ScenarioError) -> Duration {
        try exactDuration()
    }

    /// The node as a strictly positive ``Duration`` (a whole number of nanoseconds).
    func positiveDuration() throws(ScenarioError) -> Duration {
        let nanoseconds = try wholeNanoseconds(try durationParts(), allowingZero: false)
        guard nanoseconds > 0 else { throw error(.invalidValue("must be longer than zero, got \(text ?? "")")) }
        return .nanoseconds(nanoseconds)
    }

    /// The node as a duration of at least `minimum`: a period or a timeout that a shorter one
    /// would turn into a flood of events (a health check every nanosecond, a client that gives up
    /// before its request can leave the host).
    func duration(atLeast minimum: Duration) throws(ScenarioError) -> Duration {
        let duration = try positiveDuration()
        guard duration >= minimum else {
            throw error(.invalidValue("must be at least \(NumberText.plain(minimum.seconds * 1_000))ms, got \(text?.excerpt ?? "")"))
        }
        return duration
    }

    /// The shortest period or timeout of a balancer's health checks, a client's requests, A-3's
    /// heartbeats and a MapReduce coordinator's heartbeats and monitor.
    static let shortestPeriod = Duration.milliseconds(1)

    /// The widest log-normal a file may give: `sigma` 0 … 10. Wider ones only saturate — at 10 a
    /// draw two standard deviations out is already e²⁰ times the median — and 1e308 was accepted.
    static let maximumSigma = 10.0

    /// The node as a distribution of durations (in seconds): a bare duration is a constant;
    /// otherwise a mapping with one key naming the family:
    /// `exponential: 10ms` (mean), `uniform: {min:, max:}`, `normal: {mean:, sd:}`,
    /// `lognormal: {median:, sigma:}` (sigma 0 … ``maximumSigma``), `pareto: {scale:, shape:}`
    /// (shape a factor: above 0, at most 10⁶), `empirical: [1ms, 3ms]`, `constant: 5ms`.
    func durationDistribution() throws(ScenarioError) -> Distribution {
        if text != nil { return .constant(try seconds()) }
        let families = ScenarioSchema.distributionFamilies.keys
        let mapping = try mapping(ScenarioSchema.distributionFamilies)
        guard mapping.entries.count == 1, let entry = mapping.entries.first else {
            throw error(.invalidValue("a distribution names exactly one of: \(families.joined(separator: ", "))"))
        }
        let value = entry.value
        switch entry.key {
        case "constant":
            return .constant(try value.seconds())
        case "exponential":
            if value.text != nil { return .exponential(mean: try value.positiveParameterSeconds()) }
            return .exponential(mean: try value.mapping(ScenarioSchema.exponentialMean).required("mean").positiveParameterSeconds())
        case "uniform":
            let fields = try value.mapping(ScenarioSchema.durationRange)
            let low = try fields.required("min").parameterSeconds()
            let highCursor = try fields.required("max")
            let high = try highCursor.parameterSeconds()
            guard high >= low else { throw highCursor.error(.invalidValue("max must not be below min")) }
            return .uniform(min: low, max: high)
        case "normal":
            let fields = try value.mapping(ScenarioSchema.normalParameters)
            return .normal(mean: try fields.required("mean").parameterSeconds(), standardDeviation: try fields.required("sd").parameterSeconds())
        case "lognormal":
            let fields = try value.mapping(ScenarioSchema.lognormalParameters)
            return .lognormal(median: try fields.required("median").positiveParameterSeconds(), sigma: try fields.required("sigma").double(in: 0...Self.maximumSigma))
        case "pareto":
            let fields = try value.mapping(ScenarioSchema.paretoParameters)
            return .pareto(scale: try fields.required("scale").positiveParameterSeconds(), shape: try fields.required("shape").positiveFactor())
        default:
            let items = try value.list(atMost: ScenarioSchema.maximumEmpiricalValues, of: "values")
            guard !items.isEmpty else { throw value.error(.invalidValue("an empirical distribution needs at least one value")) }
            var values: [Double] = []
            for item in items { values.append(try item.parameterSeconds()) }
            return .empirical(values)
        }
    }

    /// A distribution's parameter or an empirical value, in seconds: a real number, which may hold
    /// a fraction of a nanosecond (`normal: {mean: 0.0012345678}`, measured latencies pasted into
    /// `empirical:`), since a distribution is drawn from and each draw rounded to the clock's
    /// nanosecond — unlike a constant duration, a clock value, which must be whole.
    func parameterSeconds() throws(ScenarioError) -> Double {
        try durationParts().seconds
    }

    /// ``parameterSeconds()`` that must be greater than zero, judged on the digits as written:
    /// `1e-400s` is longer than zero, but no `Double` holds it (it reads as 0).
    func positiveParameterSeconds() throws(ScenarioError) -> Double {
        let parts = try durationParts()
        guard parts.seconds > 0 else {
            guard parts.exact == .whole(0) else {
                throw error(.invalidValue("'\(parts.raw.excerpt)' is longer than zero but shorter than the shortest duration a parameter holds (about 5 × 10⁻³²⁴ s)"))
            }
            throw error(.invalidValue("must be longer than zero, got \(text ?? "")"))
        }
        return parts.seconds
    }
}

extension YAMLCursor {
    /// Refuses `text` when it is a whole number written with a leading zero (`017`, `-017`,
    /// `0_17`, `08`; not `0`, `0.5` or `017.5`), at this node. A YAML 1.1 reader (PyYAML, many
    /// editors' schema checks) reads `017` as the octal number 15 and `08` as text, where YAML
    /// 1.2 readers read 17 and 8: a file would mean two different numbers to two tools.
    /// (`scripts/check_schema.py` resolves numbers as decimals only, so the schema check sees
    /// such a value as text and refuses it too.) Every reader of a bare
    /// number calls this (integers, numbers, seeds, and durations, sizes and percentages without
    /// a unit), so a number the loader accepts is read the same by every YAML reader.
    func refuseLeadingZero(_ text: String) throws(ScenarioError) {
        if let message = Self.leadingZeroProblem(text.trimmingSpaces) { throw error(.invalidValue(message)) }
    }

    /// Why `text` may not be written so, or nil when it has no leading zero (or is no whole
    /// number, which the caller refuses in its own words).
    static func leadingZeroProblem(_ text: String) -> String? {
        var unsigned = Substring(text)
        let negative = unsigned.first == "-"
        if unsigned.first == "-" || unsigned.first == "+" { unsigned = unsigned.dropFirst() }
        // Digits with `_` between two of them, as ``DecimalText`` reads a whole number, however
        // long (the cheap test first: this runs on every number a file holds).
        guard unsigned.first == "0", unsigned.count > 1, DecimalText.isDecimal(unsigned),
              !unsigned.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
        let digits = unsigned.filter { $0 != "_" }
        let significant = digits.drop { $0 == "0" }
        let decimal = (negative && !significant.isEmpty ? "-" : "") + (significant.isEmpty ? "0" : String(significant))
        let shown = text.excerpt
        guard digits.allSatisfy({ ("0"..."7").contains($0) }) else {
            return "'\(shown)' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as text, YAML 1.2 readers as \(decimal); write \(decimal)"
        }
        let octal = UInt64(significant.isEmpty ? "0" : String(significant), radix: 8)
        let octalText = octal.map { (negative && $0 != 0 ? "-" : "") + String($0) }
        guard let octalText, octalText != decimal else {
            return "'\(shown)' has a leading zero, which YAML 1.1 readers (PyYAML, for one) take for octal; write \(decimal)"
        }
        return "'\(shown)' has a leading zero: YAML 1.1 readers (PyYAML, for one) read it as octal \(octalText), YAML 1.2 readers as \(decimal); write \(octalText) or \(decimal)"
    }
}

extension String {
    /// The string without leading and trailing spaces (Foundation-free).
    var trimmingSpaces: String {
        // The common case without a copy: a string that neither starts nor ends with the byte of
        // a space starts and ends with no space character.
        guard utf8.first == UInt8(ascii: " ") || utf8.last == UInt8(ascii: " ") else { return self }
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
