/// Where everything in a ``BarChart`` goes: plot area, value axis, bar widths, and how category
/// and value labels are drawn so that they neither overlap nor leave the chart.
struct BarLayout {
    /// How the numbers on the bars are drawn.
    enum ValueLabels: Equatable {
        /// Level text above each bar; used when it fits within the bar's width.
        case horizontal
        /// Text rotated to run up from each bar; used for narrow bars.
        case vertical
        /// No labels: the bars are too narrow for legible text.
        case hidden
    }

    /// Value labels below this size are unreadable, so they are hidden instead.
    private static let smallestValueFont = 7.0
    /// Bars wider than this look like blocks rather than bars.
    private static let widestBar = 100.0
    /// The share of each category's width that its bars fill; the rest separates categories.
    private static let groupFill = 0.8

    /// Where the bars go.
    let plot: PlotArea
    /// The value axis, including the room left for value labels.
    let axis: ValueAxis
    /// The category names under the plot.
    let categoryLabels: CategoryLabels
    /// Width of one category's slot.
    let groupWidth: Double
    /// Width of one bar.
    let barWidth: Double
    /// How the values on the bars are drawn.
    let valueLabels: ValueLabels
    /// Font size of the values on the bars.
    let valueFontSize: Double
    /// Bars per category slot.
    private let seriesCount: Int

    /// Lays out `chart` below a header `headerHeight` tall.
    ///
    /// The value axis is computed twice: once from the data, then again with room added above
    /// the tallest bar (below the lowest) for its label, which depends on the plot's height.
    init(chart: BarChart, headerHeight: Double) {
        let values = chart.bars.map(\.value)
        var low = min(0, values.min() ?? 0)
        var high = max(0, values.max() ?? 0)
        if let reference = chart.referenceLine?.value, reference.isFinite {
            low = min(low, reference)
            high = max(high, reference)
        }
        for bar in chart.bars {
            guard let whisker = chart.errorBar(of: bar) else { continue }
            low = min(low, whisker.lowerBound)
            high = max(high, whisker.upperBound)
        }
        if let range = chart.valueRange {
            low = min(low, range.lowerBound)
            high = max(high, range.upperBound)
        }
        let seriesCount = max(chart.series.count, 1)
        // The plot's height is only known after the first pass; the estimate leaves room for
        // level category labels and is refined below.
        let estimatedHeight = chart.size.height - headerHeight - NumericAxis.height
        var layout = Self.fit(
            chart, ticks: ValueAxis.ticks(covering: low, high, plotHeight: estimatedHeight),
            seriesCount: seriesCount, headerHeight: headerHeight
        )
        if layout.valueLabels != .hidden, !values.isEmpty {
            let widest = values.map { TextMetrics.width(of: chart.valueText($0), fontSize: layout.valueFontSize) }.max() ?? 0
            let room = (layout.valueLabels == .horizontal ? layout.valueFontSize : widest) + 6
            let height = layout.plot.height
            if room < height / 2 {
                // Solve (upper − high) / (upper − low) · height ≥ room for the axis's upper end,
                // and the mirror image for negative bars.
                let upper = high > 0 ? (high * height - low * room) / (height - room) : high
                let lower = low < 0 ? (low * height - high * room) / (height - room) : low
                layout = Self.fit(
                    chart, ticks: ValueAxis.ticks(covering: lower, upper, plotHeight: height),
                    seriesCount: seriesCount, headerHeight: headerHeight
                )
            }
        }
        self = layout
    }

    private init(
        plot: PlotArea, axis: ValueAxis, categoryLabels: CategoryLabels, groupWidth: Double,
        barWidth: Double, valueLabels: ValueLabels, valueFontSize: Double, seriesCount: Int
    ) {
        self.plot = plot
        self.axis = axis
        self.categoryLabels = categoryLabels
        self.groupWidth = groupWidth
        self.barWidth = barWidth
        self.valueLabels = valueLabels
        self.valueFontSize = valueFontSize
        self.seriesCount = seriesCount
    }

    /// The left edge of `bar`.
    func barLeft(_ bar: BarChart.Bar) -> Double {
        let inset = (groupWidth - barWidth * Double(seriesCount)) / 2
        return plot.left + Double(bar.category) * groupWidth + inset + Double(bar.series) * barWidth
    }

    /// One layout pass for a given value axis.
    private static func fit(_ chart: BarChart, ticks: NiceTicks, seriesCount: Int, headerHeight: Double) -> BarLayout {
        let size = chart.size
        let axis = ValueAxis(ticks: ticks, title: chart.yAxisLabel)
        let rightMargin = ChartTheme.margin + 4
        let categoryCount = Double(max(chart.categories.count, 1))
        let provisionalGroup = (size.width - axis.width - rightMargin) / categoryCount
        let labels = CategoryLabels(names: chart.categories, groupWidth: provisionalGroup, chartHeight: size.height)
        // A rotated first label hangs left of its category; widen the left margin if it would
        // cross the chart's edge.
        let left = max(axis.width, ChartTheme.margin + labels.leftOverhang - provisionalGroup / 2 + 4)
        let plot = PlotArea(
            size: size, left: left, top: headerHeight, right: rightMargin,
            bottom: ChartDecoration.bottomTitleHeight + labels.height + 12
        )
        let groupWidth = plot.width / categoryCount
        let barWidth = min(groupWidth * groupFill / Double(seriesCount), widestBar)

        var valueLabels = ValueLabels.hidden
        var font = ChartTheme.annotationSize
        if chart.showsValueLabels {
            // Widths in ems, so that each candidate font size can be tried.
            let widest = chart.bars.map { TextMetrics.width(of: chart.valueText($0.value), fontSize: 1) }.max() ?? 0
            if widest * ChartTheme.tickLabelSize <= barWidth + 2 {
                valueLabels = .horizontal
                font = ChartTheme.tickLabelSize
            } else if widest * font <= barWidth + 2 {
                valueLabels = .horizontal
            } else if barWidth - 1 >= smallestValueFont {
                valueLabels = .vertical
                font = min(font, barWidth - 1)
            }
        }
        return BarLayout(
            plot: plot, axis: axis, categoryLabels: labels, groupWidth: groupWidth, barWidth: barWidth,
            valueLabels: valueLabels, valueFontSize: font, seriesCount: seriesCount
        )
    }
}
