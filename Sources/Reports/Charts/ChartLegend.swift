/// A legend: one entry per series or category, laid out in centred rows that wrap to the
/// chart's width, so that six long series names never run off the side.
struct ChartLegend {
    /// What an entry's key looks like.
    enum Symbol {
        /// A filled square, for bars.
        case swatch
        /// A short line, optionally dashed and with a marker, for line series.
        case line(dash: String?, marker: MarkerShape?)
        /// A translucent block, for a spread band.
        case band
        /// An error bar with caps.
        case whisker
    }

    /// One legend entry.
    struct Entry {
        var name: String
        var color: ChartColor
        var symbol: Symbol
    }

    /// An entry with its place: left edge within the chart and row number.
    private struct Placed {
        var entry: Entry
        var x: Double
        var row: Int
    }

    /// Height of one legend row.
    static let rowHeight = 18.0
    /// Width of an entry's key.
    private static let symbolWidth = 22.0
    /// Space between the key and the name.
    private static let symbolGap = 6.0
    /// Space between entries in a row.
    private static let entryGap = 18.0

    private let placed: [Placed]
    private let rowCount: Int

    /// The legend's height: its rows stacked.
    var height: Double { Double(rowCount) * Self.rowHeight }

    /// Lays out `entries` in rows no wider than `width` minus the margins, each row centred.
    init(entries: [Entry], width: Double) {
        let available = width - 2 * ChartTheme.margin
        let maxNameWidth = available - Self.symbolWidth - Self.symbolGap
        var rows: [[(entry: Entry, width: Double)]] = [[]]
        var rowWidth = 0.0
        for original in entries {
            var entry = original
            entry.name = TextMetrics.truncate(entry.name, fontSize: ChartTheme.legendSize, maxWidth: maxNameWidth)
            let entryWidth = Self.symbolWidth + Self.symbolGap
                + TextMetrics.width(of: entry.name, fontSize: ChartTheme.legendSize)
            let needed = rows[rows.count - 1].isEmpty ? entryWidth : rowWidth + Self.entryGap + entryWidth
            if needed > available, !rows[rows.count - 1].isEmpty {
                rows.append([(entry, entryWidth)])
                rowWidth = entryWidth
            } else {
                rows[rows.count - 1].append((entry, entryWidth))
                rowWidth = needed
            }
        }
        var placed: [Placed] = []
        for (rowIndex, row) in rows.enumerated() {
            let total = row.reduce(0) { $0 + $1.width } + Self.entryGap * Double(max(row.count - 1, 0))
            var x = (width - total) / 2
            for item in row {
                placed.append(Placed(entry: item.entry, x: x, row: rowIndex))
                x += item.width + Self.entryGap
            }
        }
        self.placed = placed
        self.rowCount = entries.isEmpty ? 0 : rows.count
    }

    /// Draws the legend with its first row's top at `top`.
    func draw(into document: inout SVGDocument, top: Double) {
        for item in placed {
            let centerY = top + (Double(item.row) + 0.5) * Self.rowHeight
            let color = item.entry.color.hex
            let x = item.x
            switch item.entry.symbol {
            case .swatch:
                document.rect(x: x + 5, y: centerY - 6, width: 12, height: 12, fill: color)
            case let .line(dash, marker):
                document.line(x1: x, y1: centerY, x2: x + Self.symbolWidth, y2: centerY, stroke: color, width: 2.5, dash: dash)
                if let marker {
                    document.path(marker.pathData(x: x + Self.symbolWidth / 2, y: centerY, radius: 4.5), fill: color)
                }
            case .band:
                document.rect(x: x, y: centerY - 6, width: Self.symbolWidth, height: 12, fill: color, opacity: 0.2)
            case .whisker:
                let middle = x + Self.symbolWidth / 2
                document.line(x1: middle, y1: centerY - 7, x2: middle, y2: centerY + 7, stroke: color, width: 1.5)
                document.line(x1: middle - 4, y1: centerY - 7, x2: middle + 4, y2: centerY - 7, stroke: color, width: 1.5)
                document.line(x1: middle - 4, y1: centerY + 7, x2: middle + 4, y2: centerY + 7, stroke: color, width: 1.5)
            }
            document.text(
                item.entry.name, x: x + Self.symbolWidth + Self.symbolGap, y: centerY + 4,
                size: ChartTheme.legendSize
            )
        }
    }
}
