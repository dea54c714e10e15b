import Reports

extension PairedComparison {
    /// The decimals a p-value is shown with, unless they hide its side of ``level``.
    static let pValueDecimals = 4

    /// A p-value as a reader reads it beside its verdict — the one form every report prints:
    /// ``pValueDecimals`` decimals (`0.0213`), `< 0.0001` below them, and more decimals when those
    /// would read as the level itself, so that the side of 0.05 the verdict follows shows: p =
    /// 0.04997 (`higher`) is `0.04997`, not `0.0500`; p = 0.050003 (`indistinguishable`) is
    /// `0.050003`. Past nine decimals, the shortest text that reads back as p
    /// (`0.04999999997`). Exactly 0.05 stays `0.0500`: not below the level.
    public static func pValueText(_ p: Double) -> String {
        let smallest = 1 / 10_000.0
        guard p >= smallest else { return "< " + NumberFormat.fixed(smallest, decimals: pValueDecimals) }
        for decimals in pValueDecimals...9 {
            let text = NumberFormat.fixed(p, decimals: decimals)
            if p == level || text != NumberFormat.fixed(level, decimals: decimals) { return text }
        }
        return "\(p)"
    }
}
