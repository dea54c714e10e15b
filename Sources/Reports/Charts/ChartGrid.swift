/// Several charts side by side in one SVG under a common title, for comparisons such as the
/// default hash functions next to MurmurHash3.
///
/// Charts are placed left to right, top to bottom, in `columns` columns; each keeps its own size
/// and is nested as its own `<svg>` element, so a chart looks exactly as it does alone. For a
/// fair comparison give the charts the same `valueRange`, so their value axes match.
///
/// ```swift
/// let grid = ChartGrid(
///     title: "A-4: requests per server, default H and Φ vs MurmurHash3",
///     charts: [defaultHashChart, murmurChart]
/// )
/// let svg = grid.svg()
/// ```
public struct ChartGrid: Chart {
    /// The common heading above all charts.
    public var title: String
    /// The charts, in reading order; intended for two to four.
    public var charts: [any Chart]
    /// Charts per row.
    public var columns: Int

    /// Space between neighbouring charts.
    private static let gap = 16.0

    /// Places `charts` under `title`.
    /// - Parameter columns: charts per row; by default all in one row for up to three charts,
    ///   and two per row for four or more.
    public init(title: String, charts: [any Chart], columns: Int? = nil) {
        self.title = title
        self.charts = charts
        self.columns = max(1, columns ?? (charts.count <= 3 ? charts.count : 2))
    }

    /// The width of each column: its widest chart.
    private var columnWidths: [Double] {
        (0..<columns).map { column in
            stride(from: column, to: charts.count, by: columns).map { charts[$0].size.width }.max() ?? 0
        }
    }

    /// The height of each row: its tallest chart.
    private var rowHeights: [Double] {
        stride(from: 0, to: charts.count, by: columns).map { first in
            charts[first..<min(first + columns, charts.count)].map(\.size.height).max() ?? 0
        }
    }

    /// The grid's width for laying out the title, before the title's height is known.
    private var contentWidth: Double {
        let widths = columnWidths.filter { $0 > 0 }
        return widths.reduce(0, +) + Self.gap * Double(max(widths.count - 1, 0)) + 2 * ChartTheme.margin
    }

    /// The common title, wrapped to the grid's width.
    private var header: ChartHeader {
        ChartHeader(title: title, legendEntries: [], width: max(contentWidth, ChartSize.standard.width))
    }

    /// The size of the whole grid: the charts plus the common title above them.
    public var size: ChartSize {
        let heights = rowHeights
        let chartsHeight = heights.reduce(0, +) + Self.gap * Double(max(heights.count - 1, 0))
        return ChartSize(
            width: max(contentWidth, ChartSize.standard.width),
            height: header.height + max(chartsHeight, 40) + ChartTheme.margin
        )
    }

    /// Draws the title and nests each chart in its cell, centred horizontally within the cell.
    public func render() -> SVGDocument {
        let size = size
        let header = header
        var document = SVGDocument(size: size, title: title)
        header.draw(into: &document)
        if charts.isEmpty {
            document.text(
                "no charts", x: size.width / 2, y: header.height + 24, size: ChartTheme.axisLabelSize,
                anchor: .middle, fill: ChartTheme.mutedTextColor
            )
        }
        let widths = columnWidths
        let heights = rowHeights
        let indent = (size.width - contentWidth) / 2
        for (index, chart) in charts.enumerated() {
            let column = index % columns
            let row = index / columns
            let cellLeft = indent + ChartTheme.margin + widths[..<column].reduce(0, +) + Self.gap * Double(column)
            let cellTop = header.height + heights[..<row].reduce(0, +) + Self.gap * Double(row)
            let chartSize = chart.size
            // Separate the charts with a hairline frame, so their titles are not read as one.
            document.rect(
                x: cellLeft - 0.5, y: cellTop - 0.5, width: widths[column] + 1, height: heights[row] + 1,
                fill: "none", stroke: "#CCCCCC"
            )
            document.embed(chart.render(), x: cellLeft + (widths[column] - chartSize.width) / 2, y: cellTop)
        }
        return document
    }
}
