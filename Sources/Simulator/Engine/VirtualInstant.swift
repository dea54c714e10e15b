/// A point in virtual time: nanoseconds since the start of a simulation.
///
/// Virtual time starts at zero for every run, so the same scenario and seed see the same instants.
public struct VirtualInstant: InstantProtocol, Hashable, Comparable, Sendable, CustomStringConvertible {
    public typealias Duration = Swift.Duration

    /// Nanoseconds since the start of the simulation.
    public var nanoseconds: Int64

    /// Creates the instant `nanoseconds` after the start of the simulation.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The start of every simulation.
    public static let zero = VirtualInstant(nanoseconds: 0)

    /// The instant `duration` after the start of the simulation.
    public static func after(_ duration: Duration) -> VirtualInstant {
        VirtualInstant(nanoseconds: duration.nanoseconds)
    }

    public func advanced(by duration: Duration) -> VirtualInstant {
        VirtualInstant(nanoseconds: Self.saturating(nanoseconds, plus: duration.nanoseconds))
    }

    /// `nanoseconds + span`, held at the ends of `Int64` instead of wrapping: a deadline past
    /// ~292 years is never reached (every run ends by its time limit, at most 100 years), where a
    /// wrapped one would be in the past and fire at once — a 200-year store latency drawn 92 years
    /// into a run answered in no time.
    @inlinable @inline(__always)
    public static func saturating(_ nanoseconds: Int64, plus span: Int64) -> Int64 {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(span)
        return overflow ? (span < 0 ? .min : .max) : sum
    }

    public func duration(to other: VirtualInstant) -> Duration {
        .nanoseconds(other.nanoseconds &- nanoseconds)
    }

    public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// Seconds since the start, with millisecond precision, e.g. `t=12.345s`.
    public var description: String { "t=\(Duration.nanoseconds(nanoseconds).formattedSeconds)" }

    /// Seconds since the start as a floating-point number (for reports and charts).
    public var seconds: Double { Double(nanoseconds) / 1e9 }
}

extension Duration {
    /// The duration in whole nanoseconds (truncating sub-nanosecond parts toward zero, saturating
    /// at Int64).
    ///
    /// One division of the attosecond count, where going through `components` divides it twice
    /// (seconds and remainder) and multiplies back: every `sleep(for:)` converts its duration.
    /// A count that fits 64 bits (under ~9.2 s either way: every latency, think time and timeout
    /// of the scenarios) is divided as an `Int64`, which the compiler does with a multiplication,
    /// where a 128-bit division is a call to a division routine.
    @inlinable
    public var nanoseconds: Int64 {
        let attoseconds = attoseconds
        if let small = Int64(exactly: attoseconds) { return small / 1_000_000_000 }
        let nanoseconds = attoseconds / 1_000_000_000
        if nanoseconds > Int128(Int64.max) { return .max }
        if nanoseconds < Int128(Int64.min) { return .min }
        return Int64(truncatingIfNeeded: nanoseconds)
    }

    /// The duration in seconds as a floating-point number.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// The longest span anything in a simulation waits: 200 years. Every sampled or scaled
    /// duration saturates here. An instant a run can reach (up to its time limit, at most 100
    /// years) plus such a span may pass `Int64` nanoseconds (~292 years): deadlines are added with
    /// ``VirtualInstant/saturating(_:plus:)``, so such a timer waits past every run's end.
    public static let longest = Duration.nanoseconds(longestNanoseconds)

    /// ``longest`` in nanoseconds.
    public static let longestNanoseconds: Int64 = 200 * 31_557_600 * 1_000_000_000

    /// A duration of `seconds` seconds, rounded to the nanosecond; negative values (and NaN)
    /// become zero, and values past ``longest`` saturate there.
    public static func seconds(double seconds: Double) -> Duration {
        saturating(nanoseconds: seconds * 1e9)
    }

    /// A duration of `nanoseconds` (rounded), clamped to 0 … ``longest``.
    public static func saturating(nanoseconds: Double) -> Duration {
        .nanoseconds(saturatingNanoseconds(nanoseconds))
    }

    /// ``saturating(nanoseconds:)`` as a count of nanoseconds. The hot paths (latencies, service
    /// and think times) stay in `Int64`: building a `Duration` and reading it back costs two
    /// 128-bit multiplications and a division.
    @inline(__always)
    public static func saturatingNanoseconds(_ nanoseconds: Double) -> Int64 {
        guard nanoseconds > 0 else { return 0 }
        return nanoseconds >= Double(longestNanoseconds) ? longestNanoseconds : Int64(nanoseconds.rounded())
    }

    /// Seconds with exactly three decimals, locale-free, rounded half away from zero: `12.345s`
    /// (1.9999999 s is `2.000s`; it read `1.999s`, the milliseconds truncated). For messages;
    /// reports write durations through `DurationFormat` (`2.000 s`).
    public var formattedSeconds: String {
        let ns = nanoseconds
        let negative = ns < 0
        let magnitude = negative ? (ns == .min ? Int64.max : -ns) : ns
        let millis = magnitude / 1_000_000 + (magnitude % 1_000_000 >= 500_000 ? 1 : 0)
        let fraction = String(millis % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        return (negative && millis != 0 ? "-" : "") + "\(millis / 1000).\(padded)s"
    }
}
