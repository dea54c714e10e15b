import Simulator
import Yams

extension ObservationOptions {
    /// A duration typed on the command line (`250ms`, `10s`, `2h`), read by the scenario
    /// language's own rules; the error says what is wrong. A bare number of seconds with a
    /// leading zero (`--metrics-interval 017`, `--trace-window 010..20s`) is refused, as the
    /// language refuses it, but in the command line's words, as every other number typed there
    /// (``PlainDecimal/leadingZeroProblem(_:)``: shell arithmetic reads `017` as 15), not the
    /// language's, which speak of the YAML readers a file is read by.
    ///
    /// A leading zero after a sign or with `_` (`+017`, `0_17`), which the language also refuses,
    /// is refused here too in the command line's words (``writtenLeadingZeroProblem(_:option:)``):
    /// it was refused in the YAML readers' ("YAML 1.1 readers (PyYAML, for one) read it as octal 15").
    public static func duration(parsing text: String, option: String) throws(ObservationArgumentError) -> Duration {
        if let leadingZero = PlainDecimal.leadingZeroProblem(text) { throw ObservationArgumentError("\(option): \(leadingZero)") }
        if let leadingZero = writtenLeadingZeroProblem(text, option: option) { throw ObservationArgumentError("\(option): \(leadingZero)") }
        let cursor = YAMLCursor(node: .scalar(Node.Scalar(text)), file: option, path: "")
        do { return try cursor.duration() } catch { throw ObservationArgumentError("\(option): \(error.message)") }
    }

    /// Why `text`, a bare number of seconds with a leading zero written with a sign or `_`
    /// (`+017`, `0_17`, which plain digits' ``PlainDecimal/leadingZeroProblem(_:)`` does not read),
    /// is refused, or nil: what it is, and what `option` takes instead.
    static func writtenLeadingZeroProblem(_ text: String, option: String) -> String? {
        let trimmed = text.trimmingSpaces
        guard YAMLCursor.leadingZeroProblem(trimmed) != nil else { return nil }
        let significant = trimmed.filter { $0.isASCII && $0.isNumber }.drop { $0 == "0" }
        let seconds = (trimmed.first == "-" && !significant.isEmpty ? "-" : "") + (significant.isEmpty ? "0" : String(significant))
        return "'\(text.excerpt)' is a number of seconds written with a leading zero, which marks an octal number in shell arithmetic and C; "
            + "\(option) takes a duration with its unit (250ms, 10s, 2h) or seconds in the digits 0-9 alone: type \(seconds)s or \(seconds)"
    }

    /// `FROM..TO`, two durations from the start of the run, FROM below TO.
    ///
    /// Three dots or more in a row are refused: `0s...1s` split as `0s` and `.1s` (a duration may
    /// start with `.`), a window of 0.1 s where 1 s was likely meant.
    public static func window(parsing text: String) throws(ObservationArgumentError) -> ClosedRange<VirtualInstant> {
        guard !text.contains("...") else {
            throw ObservationArgumentError("--trace-window takes FROM..TO with two dots between them, e.g. 10s..20s; '\(text.excerpt)' has three in a row, which could split two ways")
        }
        let parts = text.split(separator: "..", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ObservationArgumentError("--trace-window takes FROM..TO, e.g. 10s..20s (got '\(text.excerpt)')") }
        let from = try duration(parsing: String(parts[0]), option: "--trace-window")
        let to = try duration(parsing: String(parts[1]), option: "--trace-window")
        guard from < to else { throw ObservationArgumentError("--trace-window: FROM must be before TO (got '\(text.excerpt)')") }
        return VirtualInstant.after(from)...VirtualInstant.after(to)
    }
}

extension ObservationOptions {
    /// The unit of a `--metrics-interval` as typed (`ms` of `8652ms`, `s` of `8.652s` or of a bare
    /// `9`), in which its refusal writes both the interval and the shortest one that would do: the
    /// refusal wrote the interval in seconds and its hint in milliseconds (`--metrics-interval
    /// 8.652s …: use an interval of at least 8653ms`), two units where the user had typed one.
    public struct IntervalUnit: Sendable, Equatable {
        /// The suffix as typed (`ms`, `µs`, `min`); `s` for a bare number of seconds.
        public let suffix: String
        /// Nanoseconds in one unit.
        let nanoseconds: Int128

        /// Milliseconds, for a hint that has no typed interval to follow.
        static let milliseconds = IntervalUnit(suffix: "ms", nanoseconds: 1_000_000)
        /// Seconds.
        static let seconds = IntervalUnit(suffix: "s", nanoseconds: 1_000_000_000)

        private init(suffix: String, nanoseconds: Int128) {
            self.suffix = suffix
            self.nanoseconds = nanoseconds
        }

        /// The unit `text` (a duration the scenario language reads) is written in, as the
        /// language reads its suffix (``YAMLCursor/durationUnits``); seconds when it has none.
        public init(typed text: String) {
            let trimmed = text.trimmingSpaces
            guard let unit = YAMLCursor.durationUnits.first(where: { trimmed.hasSuffix($0.suffix) }) else { self = .seconds; return }
            self.init(suffix: unit.suffix, nanoseconds: Int128((unit.seconds * 1e9).rounded()))
        }

        /// The unit an interval given in code (not typed) reads in: seconds when it is whole
        /// seconds, milliseconds otherwise.
        static func natural(for interval: Duration) -> IntervalUnit {
            interval.nanoseconds % 1_000_000_000 == 0 ? .seconds : .milliseconds
        }

        /// `interval` in this unit, exactly (`8652ms`, `8.652s`, `1.5m`): an interval is typed as a
        /// decimal in its unit, so its digits end.
        func written(_ interval: Duration) -> String {
            Self.decimal(Int128(interval.nanoseconds), over: nanoseconds, roundingUpAfter: 9) + suffix
        }

        /// The shortest interval of at least `milliseconds` (whole) in this unit: exact where its
        /// digits end within nine decimals (every unit up to the second), otherwise rounded up to
        /// four significant digits (`0.1443m` for 8,653 ms), which still passes.
        func atLeast(milliseconds: Double) -> String {
            Self.decimal(Int128(milliseconds) * 1_000_000, over: nanoseconds, roundingUpAfter: 4) + suffix
        }

        /// `numerator / denominator` as decimal digits: exact when they end within nine decimals,
        /// else rounded up once `significant` digits are written.
        private static func decimal(_ numerator: Int128, over denominator: Int128, roundingUpAfter significant: Int) -> String {
            let exact = (0...9).first(where: { (numerator * pow10($0)) % denominator == 0 })
            let enough = (0...9).first(where: { (numerator * pow10($0)) / denominator >= pow10(significant - 1) })
            let decimals: Int = exact ?? enough ?? 9
            let scale = pow10(decimals)
            let scaled = (numerator * scale + denominator - 1) / denominator
            let digits = String(scaled)
            guard decimals > 0 else { return digits }
            let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
            let whole = padded.dropLast(decimals)
            let fraction = padded.suffix(decimals).reversed().drop { $0 == "0" }.reversed()
            return fraction.isEmpty ? String(whole) : "\(whole).\(String(fraction))"
        }

        private static func pow10(_ exponent: Int) -> Int128 {
            (0..<max(0, exponent)).reduce(Int128(1)) { value, _ in value * 10 }
        }
    }

    /// The unit a refusal writes `interval` in: the typed one, or the interval's own.
    func intervalUnit(_ interval: Duration) -> IntervalUnit {
        metricsIntervalUnit ?? .natural(for: interval)
    }
}

/// What is wrong with an observation option typed on the command line.
public struct ObservationArgumentError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) { self.description = description }
}
