/// The one way reports write durations: seconds with three decimals (`12.345 s`) or milliseconds
/// with three (`4.500 ms`), locale-free, `—` when there is no value.
///
/// A duration that happened but is shorter than the last decimal shows — at least the clock's
/// nanosecond, under half a thousandth of the unit — is written `< 0.001 s` or `< 0.001 ms`, not
/// `0.000`: a world of 1 ns links and services ran for 3 ns and its header read
/// "virtual time: 0.000 s". Below half a nanosecond a value is no time at all to the clock
/// (a sum's rounding) and reads `0.000`.
public enum DurationFormat {
    /// `12.345 s` (`1,234.500 s` with grouping), `< 0.001 s`, or `—`.
    public static func seconds(_ value: Double?, grouping: Bool = false) -> String {
        guard let value else { return "—" }
        if belowLastDecimal(value, unit: 1) { return "< 0.001 s" }
        return NumberFormat.fixed(value, decimals: 3, grouping: grouping) + " s"
    }

    /// `4.500 ms`, or `< 0.001 ms`.
    public static func milliseconds(_ seconds: Double) -> String {
        if belowLastDecimal(seconds, unit: 1e-3) { return "< 0.001 ms" }
        return NumberFormat.fixed(seconds * 1000, decimals: 3, grouping: true) + " ms"
    }

    /// Whether `seconds` is at least half a nanosecond (a time the clock can have) but would read
    /// 0.000 in `unit` (seconds per unit).
    private static func belowLastDecimal(_ seconds: Double, unit: Double) -> Bool {
        seconds >= 0.5e-9 && seconds < 0.0005 * unit
    }
}
