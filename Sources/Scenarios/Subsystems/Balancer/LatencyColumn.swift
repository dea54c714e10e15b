import Reports

/// How a run report's latency tables write a column: in one unit, chosen from its largest value.
///
/// Every cell was in milliseconds, so a 14-day latency read `1,234,567,891.235 ms`. A column now
/// stays in milliseconds while its largest value reads under ten seconds — every committed
/// report's tables, seed 000's 5,043.676 ms maximum among them, read as before — and is in
/// seconds from there (`1,234,567.891 s`). One unit a column keeps its figures comparable down
/// the column; each cell still carries its unit, as the report's other tables' cells do.
enum LatencyColumn {
    /// The unit a column is written in.
    enum Unit: Equatable {
        case milliseconds, seconds

        /// `seconds` in this unit: `93.311 ms`, `1,234,567.891 s`.
        func text(_ seconds: Double) -> String {
            switch self {
            case .milliseconds: DurationFormat.milliseconds(seconds)
            case .seconds: DurationFormat.seconds(seconds, grouping: true)
            }
        }
    }

    /// Milliseconds up to this many seconds (exclusive), as the largest value prints.
    static let secondsFrom = 10.0

    /// The unit of a column whose largest value is `largest` (nil: the column has none):
    /// milliseconds while it reads under ``secondsFrom`` in milliseconds with three decimals —
    /// the figure as printed, as ``DurationFormat/readable(_:grouping:)`` chooses its unit.
    static func unit(largest: Double?) -> Unit {
        guard let largest else { return .milliseconds }
        guard largest.isFinite else { return .seconds }
        let printed = Double(NumberFormat.fixed(abs(largest) * 1000, decimals: 3)) ?? .infinity
        return printed < secondsFrom * 1000 ? .milliseconds : .seconds
    }

    /// One column's cells: each value in the column's unit, `—` where there is none.
    static func cells(_ values: [Double?]) -> [String] {
        let unit = unit(largest: values.compactMap { $0 }.max())
        return values.map { $0.map(unit.text) ?? "—" }
    }

    /// A table's latency cells, row by row (`rows[r][c]`, nil for `—`), each column in its own
    /// unit. Every row has the same number of cells.
    static func rows(_ rows: [[Double?]]) -> [[String]] {
        guard let width = rows.first?.count else { return [] }
        let columns = (0..<width).map { column in cells(rows.map { $0[column] }) }
        return rows.indices.map { row in columns.map { $0[row] } }
    }
}
