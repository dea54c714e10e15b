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
        /// No key: a remark such as "+288 more series", in the muted colour.
        case note
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

    /// The most rows a legend takes in a chart `chartHeight` tall: a third of its height, so that
    /// the plot keeps its room (300 servers' legend pushed a 450 px chart's plot below its edge).
    static func maxRows(chartHeight: Double) -> Int {
        chartHeight.isFinite ? max(1, Int(chartHeight / 3 / rowHeight)) : Int.max
    }

    /// Lays out `entries` in rows no wider than `width` minus the margins, each row centred; past
    /// `maxRows` rows the last row ends with "+N more series" instead of the entries that did not
    /// fit (their lines are still drawn, unlabelled).
    init(entries: [Entry], width: Double, maxRows: Int = .max) {
        let available = width - 2 * ChartTheme.margin
        let maxNameWidth = available - Self.symbolWidth - Self.symbolGap
        var rows: [[(entry: Entry, width: Double)]] = [[]]
        var rowWidth = 0.0
        for original in entries {
            var entry = original
            entry.name = TextMetrics.truncate(entry.name, fontSize: ChartTheme.legendSize, maxWidth: maxNameWidth)
            let entryWidth = Self.width(of: entry)
            let needed = rows[rows.count - 1].isEmpty ? entryWidth : rowWidth + Self.entryGap + entryWidth
            if needed > available, !rows[rows.count - 1].isEmpty {
                rows.append([(entry, entryWidth)])
                rowWidth = entryWidth
            } else {
                rows[rows.count - 1].append((entry, entryWidth))
                rowWidth = needed
            }
        }
        if rows.count > max(maxRows, 1) {
            rows = Self.bounded(rows, to: max(maxRows, 1), of: entries.count, available: available)
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

    /// An entry's width: its key, the gap and its name; a note is its text alone.
    private static func width(of entry: Entry) -> Double {
        let text = TextMetrics.width(of: entry.name, fontSize: ChartTheme.legendSize)
        if case .note = entry.symbol { return text }
        return symbolWidth + symbolGap + text
    }

    /// The first `maxRows` of `rows`, the last ending with a note counting the entries left out
    /// (of `total`): entries leave that row from its end until the note fits.
    private static func bounded(_ rows: [[(entry: Entry, width: Double)]], to maxRows: Int, of total: Int,
                                available: Double) -> [[(entry: Entry, width: Double)]] {
        var kept = Array(rows.prefix(maxRows))
        var shown = kept.reduce(0) { $0 + $1.count }
        while true {
            let note = Entry(name: "+\(NumberFormat.counted(total - shown, "more series", plural: "more series"))",
                             color: .series(0), symbol: .note)
            let noteWidth = width(of: note)
            let last = kept[kept.count - 1]
            let lastWidth = last.reduce(0) { $0 + $1.width } + entryGap * Double(last.count)
            if last.isEmpty || lastWidth + noteWidth <= available {
                kept[kept.count - 1].append((note, noteWidth))
                return kept
            }
            kept[kept.count - 1].removeLast()
            shown -= 1
        }
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
            case .note:
                document.text(item.entry.name, x: x, y: centerY + 4, size: ChartTheme.legendSize, fill: ChartTheme.mutedTextColor)
                continue
            }
            document.text(
                item.entry.name, x: x + Self.symbolWidth + Self.symbolGap, y: centerY + 4,
                size: ChartTheme.legendSize
            )
        }
    }
}
