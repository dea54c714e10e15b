/// The horizontal numeric axis under a plot: vertical gridlines, tick labels and the axis title.
///
/// When the labels would collide (long numbers, many ticks) only every second, third, … label
/// is printed; every gridline is still drawn.
struct NumericAxis {
    /// Tick positions in data units, ascending.
    let values: [Double]
    /// The tick labels, in the same order.
    let labels: [String]
    /// The axis title with its unit, e.g. "virtual time (s)".
    let title: String

    /// An axis with nice ticks.
    init(ticks: NiceTicks, title: String) {
        values = ticks.values
        labels = ticks.values.map(ticks.label)
        self.title = title
    }

    /// An axis with ticks chosen by the caller, e.g. N = 2, 3, 4, 5, 6; labelled with as many
    /// decimals as the values need.
    init(values: [Double], title: String) {
        let decimals = NumberFormat.decimalsNeeded(for: values)
        self.values = values
        labels = values.map { NumberFormat.fixed($0, decimals: decimals, grouping: true) }
        self.title = title
    }

    /// The distance from the chart's bottom edge to the plot that labels and title need.
    static let height = ChartDecoration.bottomTitleHeight + ChartTheme.tickLabelSize + 12

    /// The margin the last tick label needs right of the plot, since it is centred on its tick.
    var rightOverhang: Double {
        (labels.last.map { TextMetrics.width(of: $0, fontSize: ChartTheme.tickLabelSize) } ?? 0) / 2
    }

    /// Draws gridlines and thinned tick labels using `scale` for positions.
    func draw(into document: inout SVGDocument, plot: PlotArea, scale: LinearScale) {
        let positions = values.map { scale($0) }
        let widest = labels.map { TextMetrics.width(of: $0, fontSize: ChartTheme.tickLabelSize) }.max() ?? 0
        let spacing = positions.count > 1 ? abs(positions[1] - positions[0]) : .infinity
        let every = spacing > 0 ? max(1, Int(((widest + 8) / spacing).rounded(.up))) : 1
        for (index, x) in positions.enumerated() {
            document.line(x1: x, y1: plot.top, x2: x, y2: plot.bottom, stroke: ChartTheme.gridColor)
            guard index % every == 0 else { continue }
            document.line(x1: x, y1: plot.bottom, x2: x, y2: plot.bottom + 4, stroke: ChartTheme.axisColor)
            document.text(
                labels[index], x: x, y: plot.bottom + 8 + ChartTheme.tickLabelSize * 0.8,
                size: ChartTheme.tickLabelSize, anchor: .middle, fill: ChartTheme.mutedTextColor
            )
        }
        ChartDecoration.drawBottomTitle(title, plot: plot, into: &document)
    }
}
