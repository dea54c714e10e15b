/// The one way reports write durations: seconds with three decimals (`12.345 s`) or milliseconds
/// with three (`4.500 ms`), locale-free, `—` when there is no value.
public enum DurationFormat {
    /// `12.345 s` (`1,234.500 s` with grouping), or `—`.
    public static func seconds(_ value: Double?, grouping: Bool = false) -> String {
        value.map { NumberFormat.fixed($0, decimals: 3, grouping: grouping) + " s" } ?? "—"
    }

    /// `4.500 ms`.
    public static func milliseconds(_ seconds: Double) -> String {
        NumberFormat.fixed(seconds * 1000, decimals: 3, grouping: true) + " ms"
    }
}
