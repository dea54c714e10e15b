/// The vertical value axis on the left of a plot: horizontal gridlines, tick labels and the
/// rotated axis title (which carries the unit, e.g. "requests").
struct ValueAxis {
    /// Where the ticks go; the first and last are the axis's ends.
    let ticks: NiceTicks
    /// The axis title with its unit.
    let title: String
    /// The tick labels, formatted once so that layout and drawing agree.
    private let labels: [String]
    /// Width of the widest tick label.
    private let labelWidth: Double

    /// An axis with the given ticks and title.
    init(ticks: NiceTicks, title: String) {
        self.ticks = ticks
        self.title = title
        labels = ticks.values.map(ticks.label)
        labelWidth = labels.map { TextMetrics.width(of: $0, fontSize: ChartTheme.tickLabelSize) }.max() ?? 0
    }

    /// Nice ticks for `lower…upper` on a plot about `plotHeight` tall: at most eight, and fewer
    /// on short plots so that labels stay at least about 30 units apart.
    static func ticks(covering lower: Double, _ upper: Double, plotHeight: Double) -> NiceTicks {
        NiceTicks(covering: lower, upper, maxCount: min(8, max(3, Int(plotHeight / 30) + 1)))
    }

    /// The distance from the chart's left edge to the plot that the title and labels need.
    var width: Double { ChartDecoration.leftTitleWidth + labelWidth + 10 }

    /// Maps values to y coordinates: the lowest tick at the plot's bottom, the highest at its top.
    func scale(for plot: PlotArea) -> LinearScale {
        LinearScale(domainStart: ticks.lower, domainEnd: ticks.upper, start: plot.bottom, end: plot.top)
    }

    /// Draws gridlines, tick labels and the axis title.
    func draw(into document: inout SVGDocument, plot: PlotArea) {
        let scale = scale(for: plot)
        for (value, label) in zip(ticks.values, labels) {
            let y = scale(value)
            document.line(x1: plot.left, y1: y, x2: plot.right, y2: y, stroke: ChartTheme.gridColor)
            document.text(
                label, x: plot.left - 8, y: y + 4, size: ChartTheme.tickLabelSize,
                anchor: .end, fill: ChartTheme.mutedTextColor
            )
        }
        ChartDecoration.drawLeftTitle(title, plot: plot, into: &document)
    }
}
