/// The title (wrapped to at most three lines) and, below it, the legend.
struct ChartHeader {
    /// The title's lines after wrapping.
    let titleLines: [String]
    /// The legend, or nil when the chart has only one series.
    let legend: ChartLegend?

    /// Lays out `title` and, if `legendEntries` is non-empty, a legend, for a chart `width` wide
    /// and `height` tall (the legend takes at most ``ChartLegend/maxRows(chartHeight:)`` rows).
    init(title: String, legendEntries: [ChartLegend.Entry], width: Double, height: Double = .infinity) {
        titleLines = TextMetrics.wrap(
            title, fontSize: ChartTheme.titleSize, bold: true,
            maxWidth: width - 2 * ChartTheme.margin, maxLines: 3
        )
        legend = legendEntries.isEmpty
            ? nil : ChartLegend(entries: legendEntries, width: width, maxRows: ChartLegend.maxRows(chartHeight: height))
    }

    /// The distance from the chart's top to the header's bottom edge.
    var height: Double {
        var height = ChartTheme.margin + Double(titleLines.count) * ChartTheme.titleLineHeight
        if let legend { height += 6 + legend.height }
        return height + 8
    }

    /// Draws the title, centred, and the legend below it.
    func draw(into document: inout SVGDocument) {
        let centerX = document.size.width / 2
        for (index, line) in titleLines.enumerated() {
            document.text(
                line, x: centerX, y: ChartTheme.margin + 15 + Double(index) * ChartTheme.titleLineHeight,
                size: ChartTheme.titleSize, anchor: .middle, bold: true
            )
        }
        legend?.draw(
            into: &document,
            top: ChartTheme.margin + Double(titleLines.count) * ChartTheme.titleLineHeight + 6
        )
    }
}
