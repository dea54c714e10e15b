/// Drawing steps shared by the charts that have a plot area.
enum ChartDecoration {
    /// Vertical space a horizontal axis title needs at the bottom of the chart.
    static let bottomTitleHeight = ChartTheme.margin + ChartTheme.axisLabelSize + 6

    /// Horizontal space a rotated vertical axis title needs at the left of the chart.
    static let leftTitleWidth = ChartTheme.margin + ChartTheme.axisLabelSize + 8

    /// Draws the horizontal axis title centred under the plot, at the chart's bottom edge.
    static func drawBottomTitle(_ title: String, plot: PlotArea, into document: inout SVGDocument) {
        guard !title.isEmpty else { return }
        let text = TextMetrics.truncate(
            title, fontSize: ChartTheme.axisLabelSize, maxWidth: document.size.width - 2 * ChartTheme.margin
        )
        // Centred under the plot, but shifted if a long title would otherwise cross the chart's edge.
        let halfWidth = TextMetrics.width(of: text, fontSize: ChartTheme.axisLabelSize) / 2
        let x = min(max(plot.centerX, ChartTheme.margin + halfWidth), document.size.width - ChartTheme.margin - halfWidth)
        document.text(
            text, x: x, y: document.size.height - ChartTheme.margin - 3,
            size: ChartTheme.axisLabelSize, anchor: .middle, tooltip: text == title ? nil : title
        )
    }

    /// Draws a remark right-aligned in the chart's bottom right corner, on the horizontal axis
    /// title's line (which is centred under the plot), muted and cut to a third of the width.
    static func drawNote(_ note: String, into document: inout SVGDocument) {
        let text = TextMetrics.truncate(note, fontSize: ChartTheme.tickLabelSize, maxWidth: document.size.width / 3)
        document.text(
            text, x: document.size.width - ChartTheme.margin, y: document.size.height - ChartTheme.margin - 3,
            size: ChartTheme.tickLabelSize, anchor: .end, fill: ChartTheme.mutedTextColor, tooltip: text == note ? nil : note
        )
    }

    /// Draws the vertical axis title rotated along the left edge, centred on the plot.
    static func drawLeftTitle(_ title: String, plot: PlotArea, into document: inout SVGDocument) {
        guard !title.isEmpty else { return }
        let text = TextMetrics.truncate(title, fontSize: ChartTheme.axisLabelSize, maxWidth: plot.height + 40)
        let x = ChartTheme.margin + ChartTheme.axisLabelSize * 0.8
        document.text(
            text, x: x, y: plot.centerY, size: ChartTheme.axisLabelSize, anchor: .middle,
            rotation: -90, tooltip: text == title ? nil : title
        )
    }

    /// Writes "no data" in the middle of an empty plot, so that an empty chart reads as
    /// deliberate rather than broken.
    static func drawNoData(plot: PlotArea, into document: inout SVGDocument) {
        document.text(
            "no data", x: plot.centerX, y: plot.centerY, size: ChartTheme.axisLabelSize,
            anchor: .middle, fill: ChartTheme.mutedTextColor
        )
    }
}
