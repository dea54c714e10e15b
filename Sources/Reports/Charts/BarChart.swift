/// A grouped bar chart: categories along the horizontal axis, one bar per series in each.
///
/// Used for "requests handled by each server". Each bar is labelled with its value; an optional
/// dashed reference line marks an expected value such as the uniform split. Layout adapts to up
/// to about twelve categories and six series: long category names are rotated, value labels
/// turn vertical on narrow bars and are left out only when they could not be read at all.
///
/// ```swift
/// let chart = BarChart(
///     title: "A-1: requests handled per server (N = 3, 10,000 requests)",
///     categories: ["Server 1", "Server 2", "Server 3"],
///     series: [.init("requests", values: [3412, 3101, 3487])],
///     xAxisLabel: "server",
///     yAxisLabel: "requests",
///     referenceLine: .init(value: 10_000.0 / 3, label: "uniform split 3,333")
/// )
/// let svg = chart.svg()
/// ```
public struct BarChart: Chart {
    /// One series: a name for the legend and one value per category.
    public struct Series: Sendable, Equatable {
        /// The legend name.
        public var name: String
        /// One value per category, in category order; missing or non-finite values draw no bar.
        public var values: [Double]
        /// An optional error bar per category (a confidence interval), drawn as a whisker over
        /// its bar; empty or nil entries draw none.
        public var errorBars: [ClosedRange<Double>?]

        /// A series named `name` with the given values and, optionally, error bars.
        public init(_ name: String, values: [Double], errorBars: [ClosedRange<Double>?] = []) {
            self.name = name
            self.values = values
            self.errorBars = errorBars
        }
    }

    /// A horizontal dashed line across the plot, with a label, marking an expected value.
    public struct ReferenceLine: Sendable, Equatable {
        /// Where the line is drawn, in value-axis units.
        public var value: Double
        /// Text drawn at the line's right end, e.g. "uniform split 3,333".
        public var label: String

        /// A reference line at `value` labelled `label`.
        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// The chart's heading.
    public var title: String
    /// The category names, left to right.
    public var categories: [String]
    /// The series; with more than one, bars are grouped per category and a legend is drawn.
    public var series: [Series]
    /// Title of the category axis, e.g. "server".
    public var xAxisLabel: String
    /// Title of the value axis with its unit, e.g. "requests".
    public var yAxisLabel: String
    /// An optional expected value drawn across the plot.
    public var referenceLine: ReferenceLine?
    /// Digits after the point in the value labels on the bars.
    public var valueDecimals: Int
    /// Whether bars carry their values as labels.
    public var showsValueLabels: Bool
    /// A range the value axis covers at least. Give charts shown side by side the same range so
    /// that equal heights mean equal values.
    public var valueRange: ClosedRange<Double>?
    /// The drawing's size.
    public var size: ChartSize

    /// Creates a bar chart; see the properties for the meaning of each argument.
    public init(
        title: String,
        categories: [String],
        series: [Series],
        xAxisLabel: String,
        yAxisLabel: String,
        referenceLine: ReferenceLine? = nil,
        valueDecimals: Int = 0,
        showsValueLabels: Bool = true,
        valueRange: ClosedRange<Double>? = nil,
        size: ChartSize = .standard
    ) {
        self.title = title
        self.categories = categories
        self.series = series
        self.xAxisLabel = xAxisLabel
        self.yAxisLabel = yAxisLabel
        self.referenceLine = referenceLine
        self.valueDecimals = valueDecimals
        self.showsValueLabels = showsValueLabels
        self.valueRange = valueRange
        self.size = size
    }

    /// Draws the chart.
    public func render() -> SVGDocument {
        var document = SVGDocument(size: size, title: title)
        var legendEntries = series.count > 1
            ? series.indices.map { ChartLegend.Entry(name: series[$0].name, color: .series($0), symbol: .swatch) }
            : []
        var header = ChartHeader(title: title, legendEntries: legendEntries, width: size.width, height: size.height)
        var layout = BarLayout(chart: self, headerHeight: header.height)
        let reference = referenceLine.flatMap { $0.value.isFinite ? $0 : nil }
        let referencePlacement = reference.flatMap { referenceLabelPlacement($0, layout: layout) }
        if let reference, referencePlacement == nil {
            // Bars crowd the line everywhere, so its label moves to the legend, which shortens
            // the plot; the layout is redone for the shorter plot.
            legendEntries.append(.init(name: reference.label, color: Self.referenceColor, symbol: .line(dash: ChartTheme.dash, marker: nil)))
            header = ChartHeader(title: title, legendEntries: legendEntries, width: size.width, height: size.height)
            layout = BarLayout(chart: self, headerHeight: header.height)
        }
        header.draw(into: &document)
        layout.axis.draw(into: &document, plot: layout.plot)
        let scale = layout.axis.scale(for: layout.plot)

        if bars.isEmpty {
            ChartDecoration.drawNoData(plot: layout.plot, into: &document)
        }
        let wholeValues = bars.allSatisfy { $0.value == $0.value.rounded() }
        for bar in bars {
            drawBar(bar, layout: layout, scale: scale, wholeValues: wholeValues, into: &document)
        }
        for bar in bars {
            drawErrorBar(bar, layout: layout, scale: scale, into: &document)
        }
        let zero = scale(0)
        document.line(x1: layout.plot.left, y1: zero, x2: layout.plot.right, y2: zero, stroke: ChartTheme.axisColor)
        // The reference line goes under the value labels, whose white halo keeps them legible
        // where the dashes cross them; its own label comes last, placed clear of both.
        if let reference {
            drawReferenceLine(reference, layout: layout, scale: scale, into: &document)
        }
        if layout.valueLabels != .hidden {
            for bar in bars {
                drawValueLabel(bar, layout: layout, scale: scale, into: &document)
            }
        }
        if let reference, let referencePlacement {
            drawReferenceLabel(reference, at: referencePlacement, into: &document)
        }
        layout.categoryLabels.draw(into: &document, plot: layout.plot, groupWidth: layout.groupWidth)
        ChartDecoration.drawBottomTitle(xAxisLabel, plot: layout.plot, into: &document)
        return document
    }

    // MARK: Bars

    /// One bar to draw: which category and series, and its value.
    struct Bar {
        var category: Int
        var series: Int
        var value: Double
    }

    /// Every bar with a finite value, category by category, series by series.
    var bars: [Bar] {
        categories.indices.flatMap { category in
            series.indices.compactMap { index in
                let values = series[index].values
                guard category < values.count, values[category].isFinite else { return nil }
                return Bar(category: category, series: index, value: values[category])
            }
        }
    }

    /// The value as printed on its bar and in its tooltip.
    func valueText(_ value: Double) -> String {
        NumberFormat.fixed(value, decimals: valueDecimals, grouping: true)
    }

    /// The value in its bar's tooltip: as the label writes it when every bar is a whole number
    /// (`wholeValues`: counts), otherwise with at least three decimals and three significant digits, in the
    /// axis unit (``NumberFormat/precise(_:minimumDecimals:significantDigits:)``): a mean of
    /// 31.562 ms on an axis of seconds read "0", a p99 of 39.142 ms on one of milliseconds "39".
    func tooltipText(_ value: Double, wholeValues: Bool) -> String {
        wholeValues ? valueText(value) : NumberFormat.precise(value, minimumDecimals: max(valueDecimals, 3))
    }

    /// Draws one bar from zero to its value, with a tooltip naming series, category and value.
    private func drawBar(_ bar: Bar, layout: BarLayout, scale: LinearScale, wholeValues: Bool, into document: inout SVGDocument) {
        let x = layout.barLeft(bar)
        let top = min(scale(0), scale(bar.value))
        let bottom = max(scale(0), scale(bar.value))
        // A hairline gap keeps neighbouring bars of a group apart when they are similar colours.
        let gap = layout.barWidth > 6 ? 1.0 : 0
        let name = series.count > 1 ? "\(series[bar.series].name), \(categories[bar.category])" : categories[bar.category]
        document.rect(
            x: x + gap / 2, y: top, width: layout.barWidth - gap, height: bottom - top,
            fill: ChartColor.series(bar.series).hex, tooltip: "\(name): \(tooltipText(bar.value, wholeValues: wholeValues))"
        )
    }

    /// Writes the value above a positive bar's top (below a negative bar's end).
    private func drawValueLabel(_ bar: Bar, layout: BarLayout, scale: LinearScale, into document: inout SVGDocument) {
        let center = layout.barLeft(bar) + layout.barWidth / 2
        let end = scale(bar.value)
        let positive = bar.value >= 0
        let font = layout.valueFontSize
        switch layout.valueLabels {
        case .horizontal:
            document.text(
                valueText(bar.value), x: center, y: positive ? end - 4 : end + 4 + font * 0.8,
                size: font, anchor: .middle, halo: true
            )
        case .vertical:
            // Rotated text grows upwards from its anchor and its glyphs sit left of the baseline,
            // so the baseline is shifted right by about a third of the font size to centre it.
            document.text(
                valueText(bar.value), x: center + font * 0.35, y: positive ? end - 3 : end + 3,
                size: font, anchor: positive ? .start : .end, rotation: -90, halo: true
            )
        case .hidden:
            break
        }
    }

    /// The area a bar's value label covers, matching ``drawValueLabel(_:layout:scale:into:)``.
    func valueLabelBox(_ bar: Bar, layout: BarLayout, scale: LinearScale) -> ChartRect? {
        let center = layout.barLeft(bar) + layout.barWidth / 2
        let end = scale(bar.value)
        let font = layout.valueFontSize
        let width = TextMetrics.width(of: valueText(bar.value), fontSize: font)
        switch layout.valueLabels {
        case .horizontal:
            let top = bar.value >= 0 ? end - 4 - font : end + 4
            return ChartRect(left: center - width / 2, top: top, right: center + width / 2, bottom: top + font)
        case .vertical:
            let top = bar.value >= 0 ? end - 3 - width : end + 3
            return ChartRect(left: center - font / 2, top: top, right: center + font / 2, bottom: top + width)
        case .hidden:
            return nil
        }
    }
}
