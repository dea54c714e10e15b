/// The one way reports write durations: seconds with three decimals (`12.345 s`) or milliseconds
/// with three (`4.500 ms`), locale-free, `—` when there is no value.
///
/// A duration that happened but is shorter than the last decimal shows — at least the clock's
/// nanosecond, under half a thousandth of the unit — is written `< 0.001 s` or `< 0.001 ms`, not
/// `0.000`: a world of 1 ns links and services ran for 3 ns and its header read
/// "virtual time: 0.000 s". Below half a nanosecond a value is no time at all to the clock
/// (a sum's rounding) and reads `0.000`.
public enum DurationFormat {
    /// `12.345 s` (`1,234.500 s` with grouping), `< 0.001 s`, or `—`; `decimals` (at least 3)
    /// gives more digits where three would hide a difference (`0.9999996 s`).
    public static func seconds(_ value: Double?, grouping: Bool = false, decimals: Int = 3) -> String {
        guard let value else { return "—" }
        if let below = belowLastDecimal(value, unit: 1, decimals: decimals) { return below + " s" }
        return NumberFormat.fixed(value, decimals: decimals, grouping: grouping) + " s"
    }

    /// `4.500 ms`, or `< 0.001 ms`; `decimals` as in ``seconds(_:grouping:decimals:)``.
    public static func milliseconds(_ seconds: Double, decimals: Int = 3) -> String {
        if let below = belowLastDecimal(seconds, unit: 1e-3, decimals: decimals) { return below + " ms" }
        return NumberFormat.fixed(seconds * 1000, decimals: decimals, grouping: true) + " ms"
    }

    /// A figure in a table: in milliseconds when it reads under a second, in seconds otherwise
    /// (`93.311 ms`, `18.000 s`). The unit is chosen on the figure as printed, not before
    /// rounding: 0.9999996 s read `1,000.000 ms`, and now reads `1.000 s`.
    public static func readable(_ seconds: Double, grouping: Bool = true) -> String {
        readsUnderASecond(seconds) ? milliseconds(seconds) : self.seconds(seconds, grouping: grouping)
    }

    /// Whether `seconds` reads under a second in milliseconds with three decimals: its
    /// milliseconds rounded to three decimals, as ``milliseconds(_:decimals:)`` rounds them, are
    /// under 1,000.
    public static func readsUnderASecond(_ seconds: Double) -> Bool {
        guard seconds.isFinite else { return false }
        return NumberFormat.roundedHalfAway(abs(seconds * 1000) * 1000) < 1_000_000
    }

    /// `< 0.001` (with as many decimals as asked) when `seconds` is at least half a nanosecond (a
    /// time the clock can have) but would read 0.000 in `unit` (seconds per unit); nil otherwise.
    private static func belowLastDecimal(_ seconds: Double, unit: Double, decimals: Int) -> String? {
        let decimals = min(max(decimals, 0), 9)
        let half = 0.5 / NumberFormat.powerOfTen(decimals)
        guard seconds >= 0.5e-9 && seconds < half * unit else { return nil }
        return "< " + NumberFormat.fixed(1 / NumberFormat.powerOfTen(decimals), decimals: decimals)
    }
}
